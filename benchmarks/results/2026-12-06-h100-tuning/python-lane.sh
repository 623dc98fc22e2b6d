#!/usr/bin/env bash
# Session 28's fifth device call (carry .bundle-main: the static bundle of
# main with gemm_opt_device_name in libgemm_opt_runtime.so and the tuner's
# stop on a lost context): the Python lane (every pytest test of python/,
# whose functions now pass the tensors' GPU to the compiler), then one
# tuner sweep of a small shape, whose entry must name this GPU.
source benchmarks/device-steps.sh .bundle-main
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
step py-lane 150 bash benchmarks/run-python-gpu.sh $B $O/py
step tune-small 25 $B/gemm-run --tune --stages wgmma --layout nt --dtype bf16 --out-dtype bf16 --shape 2048x3328x4096 --tune-max 2 --tune-confirm 0 --repeat 5 --tuning-db $O/tune-small.jsonl
cat $O/tune-small.jsonl 2>/dev/null | head -3
cat $O/gpu.txt
tail -n3 $O/py/pytest.log 2>/dev/null
finish
