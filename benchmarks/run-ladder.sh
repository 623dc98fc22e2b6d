#!/usr/bin/env bash
# On the GPU machine: runs the ladder with gemm-run and writes one JSON per
# problem into OUTDIR (the committed results come from this script).
#   benchmarks/run-ladder.sh BINDIR OUTDIR [matmul|softmax|all] [stages]
# MATMUL_SHAPES / SOFTMAX_SHAPES override the shapes (space-separated);
# MATMUL_DTYPES picks the matmul types (default f32; tf32 = f32 with --tf32),
# SOFTMAX_DTYPES the softmax types (default f32 f16).
set -uo pipefail
bin=$1 out=$2 what=${3:-all} stages=${4:-all}
mkdir -p "$out"
status=0
run() {
  local name=$1; shift
  echo "== gemm-run $* --stages=$stages"
  "$bin/gemm-run" "$@" --stages="$stages" --json "$out/$name.json" || status=$?
}
if [ "$what" = matmul ] || [ "$what" = all ]; then
  for dtype in ${MATMUL_DTYPES:-f32}; do
    for shape in ${MATMUL_SHAPES:-4096x4096x4096 8192x8192x8192 1000x999x777 4097x4097x4097}; do
      if [ "$dtype" = tf32 ]; then
        run "matmul-tf32-$shape" --shape "$shape" --dtype f32 --tf32
      else
        run "matmul-$dtype-$shape" --shape "$shape" --dtype "$dtype"
      fi
    done
  done
fi
if [ "$what" = softmax ] || [ "$what" = all ]; then
  for dtype in ${SOFTMAX_DTYPES:-f32 f16}; do
    for shape in ${SOFTMAX_SHAPES:-65536x1024 16384x4096 4096x32768 1024x131072}; do
      run "softmax-$dtype-$shape" --op softmax --shape "$shape" --dtype "$dtype"
    done
  done
fi
exit $status
