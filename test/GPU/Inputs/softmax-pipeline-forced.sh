#!/usr/bin/env bash
# Regenerates the ahead-of-time inputs of test/GPU/softmax-pipeline.test
# (the GPU machine has gemm-run but no gemm-opt): softmax-rows' pipelined
# cluster plan (pipeline-rows = R: a cluster of C blocks processes R rows,
# loading the next row's slice while the current one is reduced, exchanged
# and written), forced by the options since no shape gets it by default:
#   softmax-pipeline-1024x131072-f32   8 x 1024 threads, 8 rows per cluster
#   softmax-pipeline-1024x131072-f16   4 x 1024 threads, packed, 8 rows
#   softmax-pipeline-1024x131072-bf16  8 x 1024 threads, 8 rows
#   softmax-pipeline-64x262144-f16     8 x 512 threads, packed, 4 rows (16
#                                      clusters; f32 and bf16 rows of 262144
#                                      do not fit twice in 8 blocks)
#   softmax-pipeline-3x100000-f32      8 blocks, 2 rows: ragged slices (the
#                                      last block's partial) and a last
#                                      cluster with a row past the end
#   softmax-pipeline-3x200000-f16      the same in f16, packed (200000 f32
#                                      do not fit twice in 8 blocks)
#   softmax-pipeline-1x1-f32           2 blocks, 4 rows: 3 rows past the end
#   softmax-pipeline-3x5-f16           8 blocks, 2 rows
#   softmax-pipeline-7x1000-bf16       2 blocks, 4 rows (7 = 4 + 3)
# Usage: test/GPU/Inputs/softmax-pipeline-forced.sh [GEMM-OPT [OUTDIR]]
# (defaults: /tmp/build-softmax2/bin/gemm-opt, this directory).
# test/Pipelines/softmax-pipeline-forced-inputs.test checks that the
# committed files are what this script makes.
set -euo pipefail
here=${2:-$(cd "$(dirname "$0")" && pwd)}
gemm_opt=${1:-/tmp/build-softmax2/bin/gemm-opt}
gen() { # gen ROWS COLS DTYPE OPTIONS
  local name=softmax-pipeline-$1x$2-$3 t="memref<$1x$2x$3>"
  printf 'func.func @softmax(%%x: %s, %%y: %s) {\n  linalg.softmax dimension(1) ins(%%x : %s) outs(%%y : %s)\n  return\n}\n' \
    "$t" "$t" "$t" "$t" |
    "$gemm_opt" --pass-pipeline="builtin.module(gemm-verify-input,func.func(gemm-softmax-three-pass,gemm-softmax-fused,gemm-softmax-online,gemm-softmax-vector,gemm-softmax-rows{$4}),gemm-lower-to-ptx{chip=sm_90},gemm-emit-kernels{ptx-file=$here/$name.ptx manifest-file=$here/$name.json stage=softmax-pipeline chip=sm_90})" \
      -o /dev/null
}
gen 1024 131072 f32 "cluster-size=8 cluster-threads=1024 pipeline-rows=8"
gen 1024 131072 f16 "cluster-size=4 cluster-threads=1024 pipeline-rows=8"
gen 1024 131072 bf16 "cluster-size=8 cluster-threads=1024 pipeline-rows=8"
gen 64 262144 f16 "cluster-size=8 cluster-threads=512 pipeline-rows=4"
gen 3 100000 f32 "cluster-size=8 pipeline-rows=2"
gen 3 200000 f16 "cluster-size=8 pipeline-rows=2"
gen 1 1 f32 "cluster-size=2 pipeline-rows=4"
gen 3 5 f16 "cluster-size=8 pipeline-rows=2"
gen 7 1000 bf16 "cluster-size=2 pipeline-rows=4"
