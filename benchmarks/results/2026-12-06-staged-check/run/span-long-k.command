/tmp/bin/gemm-run --batch 4 --layout nt --epilogue mask-group=2,mask-cycle=2 --out-dtype bf16 --stages=wgmma --shape 1024x1024x4096 --dtype bf16 --repeat 3 --json /root/out/r/span-long-k.json
