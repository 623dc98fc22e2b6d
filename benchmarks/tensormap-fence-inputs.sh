#!/usr/bin/env bash
# Generates the ahead-of-time inputs of the tensor-map fence experiment
# (issue 14; no GPU needed):
#   benchmarks/tensormap-fence-inputs.sh [BUILDDIR] [OUTDIR]
# BUILDDIR defaults to build/, OUTDIR to .sweep/tensormap-fence (git-ignored).
# For each problem, the wgmma stage as this gemm-opt compiles it
# (<name>-fence.ptx: every thread that reads a tensor map through the TMA
# unit first executes fence.proxy.tensormap::generic.acquire.sys on it) and
# the same PTX with those fences removed and `.version 8.0` again
# (<name>-nofence.ptx: the kernels of the compiler before the fix), with the
# stage's manifest <name>.json. On the GPU machine, e.g.:
#   a="--ptx DIR/bf16-4097-nofence.ptx --manifest DIR/bf16-4097.json --repeat 3"
#   PER_RUN_TIMEOUT=20 benchmarks/concurrency-check.sh /tmp/bin 10 "$a" "$a"
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build} out=${2:-$root/.sweep/tensormap-fence}
mkdir -p "$out"
emit() {
  local name=$1; shift
  local tmp; tmp=$(mktemp -d)
  "$build/bin/gemm-run" --stages=wgmma "$@" --compile-only --emit-dir "$tmp" > /dev/null
  cp "$tmp/wgmma.ptx" "$out/$name-fence.ptx"
  cp "$tmp/wgmma.json" "$out/$name.json"
  grep -q 'fence.proxy.tensormap::generic.acquire.sys' "$out/$name-fence.ptx"
  sed -e '/fence\.proxy\.tensormap::generic\.acquire\.sys/d' \
      -e 's/^\.version 8\.3$/.version 8.0/' "$out/$name-fence.ptx" > "$out/$name-nofence.ptx"
  rm -rf "$tmp"
}
emit bf16-4097 --shape 4097x4097x4097 --dtype bf16
emit f16-4097 --shape 4097x4097x4097 --dtype f16
emit tf32-4097 --shape 4097x4097x4097 --dtype f32 --tf32
emit tf32-4096 --shape 4096x4096x4096 --dtype f32 --tf32
emit f16-4096 --shape 4096x4096x4096 --dtype f16
emit bf16-1000x999x777 --shape 1000x999x777 --dtype bf16
ls "$out"
