gemm-run --check-only --stages wgmma --dtype bf16 --out-dtype bf16 --layout nt --shape 128x5120x13824 --json /root/out/r/check-nt.json
