#!/usr/bin/env bash
# Ahead-of-time inputs of the concurrency checks (issue 14; no GPU needed):
#   benchmarks/concurrency-inputs.sh [BUILDDIR] [OUTDIR]
# OUTDIR (default .sweep/concurrency, git-ignored) gets, for each tensor-core
# configuration below, the wgmma stage as this gemm-opt compiles it
# (<name>.ptx, <name>.json) and <name>-overlap.ptx: the same PTX with the
# dynamic shared memory symbol demoted into each kernel again, declared
# before its mbarriers, as the compiler emitted it before
# gemm-extern-dynamic-shared-memory (the ring's first slot then covers the
# mbarriers; docs/architecture.md, "Dynamic shared memory").
#   bf16-4097, f16-4097   A and B through padded staging, register epilogue
#   tf32-4097             A staged, B transposed, register epilogue
#   tf32-4096             B transposed, TMA-store epilogue
#   f16-4096              aligned, TMA-store epilogue
#   bf16-1000x999x777     staged, one output tile per block
#   f16-4096x4097x4096    B staged, register epilogue
#   bf16-nt-4096          B stored N x K read K-major as stored, TMA-store epilogue
#   f16-tt-4097           A's transposed copy, B (N x K) staged, register epilogue
#   bf16-nt-1x8192x28672  the weight-streaming kernel (no shared memory, no
#                         mbarriers: no -overlap variant)
#   bf16-nt-8x28672x8192  the swap-AB kernel, B stored N x K (shared-memory
#                         sum over the warps, no mbarriers)
#   f16-nn-16x28672x1024  the swap-AB kernel, B stored K x N
#   bf16-nt-b32-2048x2048x128  a batched wgmma kernel (attention's Q * K^T)
#   bf16-nt-37x4096x4104  the few-wave 64x128 plan with a producer warpgroup
#   bf16-nt-130x6144x4096 the few-wave cooperative 128x128 plan
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build} out=${2:-$root/.sweep/concurrency}
mkdir -p "$out"
emit() {
  local name=$1; shift
  local tmp; tmp=$(mktemp -d)
  "$build/bin/gemm-run" --stages=wgmma "$@" --compile-only --emit-dir "$tmp" > /dev/null
  cp "$tmp/wgmma.ptx" "$out/$name.ptx"
  cp "$tmp/wgmma.json" "$out/$name.json"
  rm -rf "$tmp"
  grep -q '__mbarrier' "$out/$name.ptx" || return 0
  grep -q '^\.extern \.shared \.align 16 \.b8 __dynamic_shmem__0\[\];' "$out/$name.ptx"
  sed -e '/^\.extern \.shared \.align 16 \.b8 __dynamic_shmem__0\[\];/d' \
      -e 's/^\(\s*\)\.shared \.align 8 \.b8 __mbarrier\[/\1.shared .align 16 .b8 __dynamic_shmem__0;\n\1.shared .align 8 .b8 __mbarrier[/' \
      "$out/$name.ptx" > "$out/$name-overlap.ptx"
}
emit bf16-4097 --shape 4097x4097x4097 --dtype bf16
emit f16-4097 --shape 4097x4097x4097 --dtype f16
emit tf32-4097 --shape 4097x4097x4097 --dtype f32 --tf32
emit tf32-4096 --shape 4096x4096x4096 --dtype f32 --tf32
emit f16-4096 --shape 4096x4096x4096 --dtype f16
emit bf16-1000x999x777 --shape 1000x999x777 --dtype bf16
emit f16-4096x4097x4096 --shape 4096x4097x4096 --dtype f16
emit bf16-nt-4096 --shape 4096x4096x4096 --dtype bf16 --layout nt
emit f16-tt-4097 --shape 4097x4097x4097 --dtype f16 --layout tt
emit bf16-nt-1x8192x28672 --shape 1x8192x28672 --dtype bf16 --layout nt
emit bf16-nt-8x28672x8192 --shape 8x28672x8192 --dtype bf16 --layout nt
emit f16-nn-16x28672x1024 --shape 16x28672x1024 --dtype f16
emit bf16-nt-37x4096x4104 --shape 37x4096x4104 --dtype bf16 --layout nt
emit bf16-nt-130x6144x4096 --shape 130x6144x4096 --dtype bf16 --layout nt
emit bf16-nt-b32-2048x2048x128 --batch 32 --shape 2048x2048x128 --dtype bf16 --layout nt
ls "$out"
