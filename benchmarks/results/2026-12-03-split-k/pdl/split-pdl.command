gemm-run --suite /root/out/r/suite-split.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json /root/out/r/split-pdl.json
