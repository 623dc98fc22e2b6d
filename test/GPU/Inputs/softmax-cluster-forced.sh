#!/usr/bin/env bash
# Regenerates the ahead-of-time inputs of test/GPU/softmax-cluster.test
# (the GPU machine has gemm-run but no gemm-opt): softmax-rows with the
# thread-block cluster forced by its option on rows far too short to need
# one, so that most blocks of each cluster hold only padding:
#   softmax-cluster-1x1-f32   one row of length 1, 2 blocks per row
#   softmax-cluster-3x5-f16   3 rows of 5, 8 blocks per row
#   softmax-cluster-3x5-bf16  3 rows of 5, 8 blocks per row
# Usage: test/GPU/Inputs/softmax-cluster-forced.sh [GEMM-OPT [OUTDIR]]
# (defaults: /tmp/build-softmax/bin/gemm-opt, this directory).
# test/Pipelines/softmax-cluster-forced-inputs.test checks that the
# committed files are what this script makes.
set -euo pipefail
here=${2:-$(cd "$(dirname "$0")" && pwd)}
gemm_opt=${1:-/tmp/build-softmax/bin/gemm-opt}
gen() { # gen NAME ROWS COLS DTYPE CLUSTER
  local name=$1 t="memref<$2x$3x$4>"
  printf 'func.func @softmax(%%x: %s, %%y: %s) {\n  linalg.softmax dimension(1) ins(%%x : %s) outs(%%y : %s)\n  return\n}\n' \
    "$t" "$t" "$t" "$t" |
    "$gemm_opt" --pass-pipeline="builtin.module(gemm-verify-input,func.func(gemm-softmax-three-pass,gemm-softmax-fused,gemm-softmax-online,gemm-softmax-vector,gemm-softmax-rows{cluster-size=$5}),gemm-lower-to-ptx{chip=sm_90},gemm-emit-kernels{ptx-file=$here/$name.ptx manifest-file=$here/$name.json stage=softmax-cluster-forced chip=sm_90})" \
      -o /dev/null
}
gen softmax-cluster-1x1-f32 1 1 f32 2
gen softmax-cluster-3x5-f16 3 5 f16 8
gen softmax-cluster-3x5-bf16 3 5 bf16 8
