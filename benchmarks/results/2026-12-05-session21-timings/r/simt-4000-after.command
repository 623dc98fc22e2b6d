/tmp/bin/gemm-run --stages=warptile --shape 4000x4096x4096 --dtype f32 --json /root/out/r/simt-4000-after.json
