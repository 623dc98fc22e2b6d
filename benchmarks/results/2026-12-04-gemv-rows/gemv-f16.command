/tmp/bin/gemm-run --suite .sweep/small-m.txt --stages=wgmma --dtype f16 --out-dtype f16 --layout nt --json /root/out/r/gemv-f16.json
