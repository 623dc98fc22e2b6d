#!/usr/bin/env bash
# Session 22's first device call, from the repository root on the H200
# (carry .bundle: the static bundle of this tree; .sweep/reg1d-variants:
# benchmarks/results/2026-12-05-reg1d-cap/make-variants.sh's output):
# 1. reg1d's register cap at ragged shapes, capped at 64 ("h") against
#    uncapped ("r0"), ahead of time, each against cuBLAS;
# 2. the decode layers of the suite (M = 1, 8, 32) re-tuned with the
#    small-M kernels' variants among the candidates (TuneCandidates.cpp),
#    4 tiles each beside them, 20 timed runs per candidate.
source benchmarks/device-steps.sh .bundle
step reg1d-cap 60 benchmarks/run-variants-dir.sh "$B" .sweep/reg1d-variants "$O/reg1d-cap"
step tune-decode 120 env BUDGET=$(( $(seconds_left) - 30 )) REPEAT=20 M_LIST="1 8 32" \
  bash benchmarks/run-tune.sh "$B" "$O/tune-db" benchmarks/suites/llm-layers.txt 4
grep -h "winner" "$O"/tune-db/*.log | head -40
finish
