#!/usr/bin/env bash
# On the GPU machine: the ladder behind the README tables, every matmul type
# and the softmax rungs, one JSON per problem in OUTDIR.
#   benchmarks/run-full-ladder.sh BINDIR OUTDIR [PART...]
# f32: every rung on the four issue-4 shapes; f16/bf16: every rung at 4096^3,
# the tensor-core rungs (mma, wgmma) on the issue-6/7 shapes; TF32: warptile,
# mma and wgmma; softmax: every rung on the issue-5 shapes in f32 and f16.
# PARTs (default: all of them) split the run, e.g. over two device calls:
# f32, f16-bf16, tf32, softmax. Each gemm-run is limited to LIMIT seconds
# (default 240) so a hung kernel cannot eat the machine's time.
set -uo pipefail
bin=$1 out=$2
here=$(cd "$(dirname "$0")" && pwd)
limit=${LIMIT:-240}
status=0
ladder() { timeout "$limit" bash "$here/run-ladder.sh" "$bin" "$out" "$@" || status=$?; }
parts=${*:3}
for part in ${parts:-f32 f16-bf16 tf32 softmax}; do
  case $part in
    f32) MATMUL_DTYPES=f32 ladder matmul all ;;
    f16-bf16)
      MATMUL_DTYPES="f16 bf16" MATMUL_SHAPES=4096x4096x4096 ladder matmul all
      MATMUL_DTYPES="f16 bf16" MATMUL_SHAPES="8192x8192x8192 2048x2048x2048 1000x999x777 4097x4097x4097 512x6144x4096 16x4096x4096" ladder matmul mma,wgmma ;;
    tf32) MATMUL_DTYPES=tf32 ladder matmul warptile,mma,wgmma ;;
    softmax) ladder softmax all ;;
    *) echo "unknown part '$part' (f32, f16-bf16, tf32, softmax)" >&2; status=2 ;;
  esac
done
exit $status
