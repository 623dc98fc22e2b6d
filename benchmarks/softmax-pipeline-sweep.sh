#!/usr/bin/env bash
# Generates PTX + manifest pairs of softmax-rows' pipelined cluster plan
# (issue 5) next to the current default (no GPU needed):
#   benchmarks/softmax-pipeline-sweep.sh [BUILDDIR] [SWEEPDIR]
# BUILDDIR defaults to build/, SWEEPDIR to .sweep/softmax-pipeline
# (git-ignored). Variants (names: cluster size c, threads per block t, rows
# pipelined per cluster r; "noftz": exp without ftz):
#   rows               the default plan (today: cluster of 4 x 1024 threads
#                      per f32 row of 131072, 2 x 1024 packed per f16 row;
#                      a block per row for 4096x32768)
#   c4ftz / c2ftz      that cluster plan with ex2.approx.ftz only
#   pipe-cC-tT-rR      pipeline-rows=R: each cluster of C blocks of T threads
#                      processes R rows, loading the next row's slice while
#                      the current one is reduced, exchanged and written
#                      (r1: one row per cluster, the plain plan at that size)
# on 1024x131072 in f32 and f16 (the shapes of issue 5), bf16 (correctness of
# the unpacked 16-bit path, one variant), and 4096x32768 f32/f16 (the
# default must not regress; one pipelined variant each for reference).
# 24 variants; a variant is kept only when `ptxas -arch=sm_90 -v` reports
# 0 spill bytes (SWEEPDIR/ptxas.txt lists registers and spills of every one).
# Run them on the GPU with benchmarks/run-sweep.sh BINDIR SWEEPDIR OUTDIR;
# every line shows PASS/FAIL against the f64 reference, GB/s and % of the
# same-run device copy.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/benchmarks/sweep-common.sh"
start_sweep "${1:-$root/build}" "${2:-$root/.sweep/softmax-pipeline}"

# pipe SHAPE DTYPE C T R [EXTRA-OPTIONS NAME-SUFFIX]
pipe() {
  gen_softmax "pipe-c$3-t$4-r$5${7-}" "$1" "$2" \
    "{cluster-size=$3 cluster-threads=$4 pipeline-rows=$5${6-}}"
}

L=1024x131072
# f32: 8 blocks of 1024 threads hold 16 floats per thread and row (two rows:
# 32 registers of data); 512 threads: 32 floats (up to 128 registers).
gen_softmax rows $L f32 ""
gen_softmax c4ftz $L f32 "{cluster-size=4 exp-ftz=1}"
pipe $L f32 8 1024 1                  # 8 blocks, not pipelined: the cluster size alone
pipe $L f32 8 1024 4
pipe $L f32 8 1024 8
pipe $L f32 8 1024 16
pipe $L f32 8 1024 64                 # 16 clusters: one wave if all fit
pipe $L f32 8 1024 8 " exp-ftz=0" -noftz
pipe $L f32 8 512 8
# f16: 4 x 1024 threads, 32 halves per thread and row (packed: 16
# registers); 8 x 1024: 16 halves (unpacked, one exp per element);
# 8 x 512: 32 halves packed, 64 registers: two blocks per SM.
gen_softmax rows $L f16 ""
gen_softmax c2ftz $L f16 "{cluster-size=2 exp-ftz=1}"
pipe $L f16 4 1024 4
pipe $L f16 4 1024 8
pipe $L f16 4 1024 16
pipe $L f16 4 1024 32                 # 32 clusters: one wave if all fit
pipe $L f16 4 1024 8 " exp-ftz=0" -noftz
pipe $L f16 8 1024 8
pipe $L f16 8 512 8
# bf16 (never packed): 8 x 1024, 16 values per thread and row.
gen_softmax rows $L bf16 ""
pipe $L bf16 8 1024 8
# No regression where a block holds a row.
for dtype in f32 f16; do
  gen_softmax rows 4096x32768 $dtype ""
  pipe 4096x32768 $dtype 2 1024 8
done

n=$(ls "$out"/*.ptx 2>/dev/null | wc -l)
echo "$n variants in $out (ptxas summary: $out/ptxas.txt)"
