#!/usr/bin/env bash
# Session 37, device call 5 (the machine of call 4, still warm; run as one
# command line): the whole GPU lane on main with the resident cluster grid,
# the heuristics' clusters and the erfc form of GELU.
source benchmarks/device-steps.sh .bundle-new; BUDGET=380; step gpu-lane 300 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B; grep -E "^(FAIL|UNRESOLVED)|Passed|Failed|Unsupported" $O/gpu-lane.txt | tail -8; nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt; finish
