#!/usr/bin/env bash
# Generates the ahead-of-time inputs of the concurrency experiments on the
# wgmma stage (results/2026-11-30-tf32-concurrency; no GPU needed):
#   benchmarks/tf32-concurrency-inputs.sh [BUILDDIR] [OUTDIR]
# BUILDDIR defaults to build/, OUTDIR to .sweep/tf32-concurrency
# (git-ignored). For each problem (TF32 4097^3, TF32 4096^3, f16 4097^3)
# OUTDIR/<name>.ptx with three manifests: <name>-full.json (the stage as
# compiled), <name>-main-only.json (only its last kernel, the wgmma one:
# its output is wrong when staging kernels are left out, but a crash or a
# hang still shows) and <name>-staging-only.json (the others). On the GPU
# machine, e.g.:
#   a="--ptx DIR/tf32-4097.ptx --manifest DIR/tf32-4097-main-only.json --tf32 --repeat 3"
#   PER_RUN_TIMEOUT=20 benchmarks/concurrency-check.sh /tmp/bin 20 "$a" "$a"
# (rc 1, a wrong result, is expected for main-only and staging-only; rc 4
# or a timeout is the failure under study).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build} out=${2:-$root/.sweep/tf32-concurrency}
mkdir -p "$out"
emit() {
  local name=$1; shift
  local tmp; tmp=$(mktemp -d)
  "$build/bin/gemm-run" --stages=wgmma "$@" --compile-only --emit-dir "$tmp" > /dev/null
  cp "$tmp/wgmma.ptx" "$out/$name.ptx"
  python3 - "$tmp/wgmma.json" "$out/$name" <<'PY'
import json, sys
manifest, base = json.load(open(sys.argv[1])), sys.argv[2]
kernels = manifest["kernels"]
for suffix, keep in (("full", kernels), ("main-only", kernels[-1:]),
                     ("staging-only", kernels[:-1])):
    if not keep:
        continue
    m = dict(manifest, kernels=keep, stage="wgmma-" + suffix)
    json.dump(m, open(f"{base}-{suffix}.json", "w"), indent=1)
PY
  rm -rf "$tmp"
}
emit tf32-4097 --shape 4097x4097x4097 --dtype f32 --tf32
emit tf32-4096 --shape 4096x4096x4096 --dtype f32 --tf32
emit f16-4097 --shape 4097x4097x4097 --dtype f16
ls "$out"
