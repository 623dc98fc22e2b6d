gemm-run --suite /root/out/r/suite-m24.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json /root/out/r/suite-m24-bf16-nt.json
