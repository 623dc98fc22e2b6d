gemm-run --batch 16 --layout nt --dtype f16 --out-dtype f16 --shape 4096x4096x64 --stages wgmma --repeat 50 --json /root/out/r/b16-k64-f16.json
