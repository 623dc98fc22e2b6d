benchmarks/concurrency-check.sh /tmp/bin 3 --stages=reg1d --shape 1000x999x777 --dtype bf16 --repeat 3 test/Inputs/result-transpose-bf16-1000x999x777.mlir --stages=warptile,mma,wgmma --repeat 3
