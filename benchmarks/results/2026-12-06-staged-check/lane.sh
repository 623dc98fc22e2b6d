#!/usr/bin/env bash
# Session 27's second device call, after run.sh (carry
# .bundle-full: the static bundle of main; .whl: lit 22's package): the GPU
# lane (test/GPU and the AOT reference tests, with the new lines for the
# group / cycle masks, x @ x.T and the key-padding mask per sequence), then
# the Python lane (every pytest test of python/, the GPU ones against torch,
# the timing check, the ladder from Python).
rm -rf /tmp/bin  # run.sh's unpacked .bundle-main has no FileCheck
source benchmarks/device-steps.sh .bundle-full
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu-lane.txt
step gpu-lit 150 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B
step py-lane 120 bash benchmarks/run-python-gpu.sh $B $O/py
cat $O/gpu-lane.txt
tail -n5 $O/gpu-lit.txt 2>/dev/null
grep -h "FAIL" $O/gpu-lit.txt 2>/dev/null | head
tail -n3 $O/py/pytest.log 2>/dev/null
finish
