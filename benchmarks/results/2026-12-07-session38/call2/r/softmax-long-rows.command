gemm-run --op softmax --shape 2x16777216 --dtype f32 --stages softmax-3pass,softmax-online --repeat 3 --json /root/out/r/softmax-long-rows.json
