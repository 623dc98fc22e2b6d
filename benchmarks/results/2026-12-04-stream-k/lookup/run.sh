#!/usr/bin/env bash
# Stream-K, the lookup that no longer lends whole-tile plans to an M whose last
# 128-row tile is mostly padding: the unseen-M suite, bf16 and f16.
source benchmarks/device-steps.sh
step unseen 200 env UNSEEN_DTYPES="bf16 f16" bash benchmarks/run-unseen-m.sh $B $O/unseen
finish
