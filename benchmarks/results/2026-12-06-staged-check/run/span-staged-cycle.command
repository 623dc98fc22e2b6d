/tmp/bin/gemm-run --batch 8 --layout nt --epilogue mask-cycle=2,relu --out-dtype f16 --stages=wgmma --shape 2000x1992x128 --dtype f16 --repeat 3 --json /root/out/r/span-staged-cycle.json
