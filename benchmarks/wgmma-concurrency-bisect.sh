#!/usr/bin/env bash
# Ahead-of-time inputs that bisect the wgmma failure under concurrent
# processes (issue 14) by kernel structure, for sm_90a (no GPU needed):
#   benchmarks/wgmma-concurrency-bisect.sh [BUILDDIR] [OUTDIR]
# OUTDIR (default .sweep/wgmma-bisect, git-ignored) gets VARIANT__SHAPE.{ptx,json}:
#   ws-persistent   the default plan (warp-specialized, persistent grid)
#   ws-tiles        warp-specialized, one output tile per block (persistent=0)
#   one-warpgroup   no producer warpgroup: thread 0 of the consumer issues TMA
#   regs-epilogue   (f16 4096^3 only) the default kernel with the register
#                   epilogue instead of TMA stores (tma-store=0)
# On the GPU machine, pairs of each through benchmarks/concurrency-check.sh.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=sweep-common.sh
source "$root/benchmarks/sweep-common.sh"
start_sweep "${1:-$root/build}" "${2:-$root/.sweep/wgmma-bisect}"
gemm_input tf32-4097 4097 4097 4097 f32
gemm_input f16-4096 4096 4096 4096 f16
gen_wgmma ws-persistent tf32-4097 ""
gen_wgmma ws-tiles tf32-4097 "persistent=0"
gen_wgmma one-warpgroup tf32-4097 "warp-specialized=0 persistent=0 block-m=128 block-n=256 warpgroups=2"
gen_wgmma ws-persistent f16-4096 ""
gen_wgmma regs-epilogue f16-4096 "tma-store=0"
cat "$out/ptxas.txt"
ls "$out"
