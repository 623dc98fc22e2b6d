#!/usr/bin/env bash
# Generates PTX + manifest pairs of wgmma (Hopper, sm_90a) matmul variants
# (no GPU needed):
#   benchmarks/wgmma-sweep.sh [BUILDDIR] [SWEEPDIR]
# BUILDDIR defaults to build/, SWEEPDIR to .sweep-wgmma
# (git-ignored). Files are SWEEPDIR/<variant>__<shape>.{ptx,json}; the
# manifest's stage is the variant. A variant is kept only when
# `ptxas -arch=sm_90a -v` reports 0 spill bytes and neither C7508 nor C7520;
# SWEEPDIR/ptxas.txt lists registers and spills of every variant.
# Shapes tf32-* are f32 matmuls with allow-tf32 (TF32 wgmma after the kernel
# that transposes B); no-transpose-FAILS__tf32-* drops that first kernel to
# time the wgmma kernel alone (its check fails by construction).
# Run the pairs on the GPU with benchmarks/run-sweep.sh BINDIR SWEEPDIR OUTDIR.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/benchmarks/sweep-common.sh"
start_sweep "${1:-$root/build}" "${2:-$root/.sweep-wgmma}"

# f32 inputs (TF32 variants): the f16 inputs with every element type f32.
for s in 4096 8192 2048; do
  sed -e "s/4096/$s/g" -e 's/xf16>/xf32>/g' \
    "$root/test/Inputs/matmul-f16-4096x4096x4096.mlir" \
    > "$out/inputs/matmul-tf32-${s}x${s}x${s}.mlir"
done
for t in f16 bf16; do
  for s in 4096 8192 2048; do
    scaled_input $t- $s
  done
done

ONE="warp-specialized=0 persistent=0 block-m=128 block-n=128 warpgroups=1 max-registers=0 group-m=8"
# TF32 (f32 inputs, --tf32 on the GPU) runs the same plans with BK = 32 (a
# stage holds the same bytes); the transposing kernel of B comes first in
# every TF32 variant. run-sweep.sh runs tf32-* pairs with --tf32.
for sh in {f16,bf16,tf32}-{4096x4096x4096,8192x8192x8192,2048x2048x2048}; do
  # The stage's default plan for the shape (4096^3, 8192^3: warp-
  # specialized + persistent 128x256, 4 stages; 2048^3: one warpgroup
  # 128x128, 3 stages).
  gen_wgmma default $sh ""
  # M1: one warpgroup computes and thread 0 loads (128x128).
  gen_wgmma one-wg-s3 $sh "$ONE stages=3"
  gen_wgmma one-wg-s4 $sh "$ONE stages=4"
  # M2 without the persistent grid, and with other stage counts.
  gen_wgmma ws-nopersist $sh "warp-specialized=1 persistent=0 block-m=128 block-n=256 warpgroups=2 stages=4 max-registers=168"
  gen_wgmma ws-s3 $sh "warp-specialized=1 persistent=1 block-m=128 block-n=256 warpgroups=2 stages=3 max-registers=168"
  gen_wgmma ws-128x128-s6 $sh "warp-specialized=1 persistent=1 block-m=128 block-n=128 warpgroups=2 stages=6 max-registers=168"
  case $sh in
    tf32-*) ;;
    # Two computing warpgroups without a producer (128x256, 4 stages).
    *) gen_wgmma two-wg $sh "warp-specialized=0 persistent=0 block-m=128 block-n=256 warpgroups=2 stages=4 max-registers=0"; continue ;;
  esac
  # TF32: the default without its first kernel (B transposed into scratch):
  # only to time the wgmma kernel alone, i.e. what the transposing kernel
  # costs. Its check FAILs (B^T is never written): read its ms, not its
  # status.
  [ -f "$out/default__$sh.json" ] || continue
  cp "$out/default__$sh.ptx" "$out/no-transpose-FAILS__$sh.ptx"
  python3 - "$out/default__$sh.json" "$out/no-transpose-FAILS__$sh.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
assert m["kernels"][0]["block"] == [256, 1, 1] and m["kernels"][0].get("dynamic_shared_memory", 0) == 0, "expected the transposing kernel first"
m["kernels"] = m["kernels"][1:]
m["stage"] = "no-transpose-FAILS"
json.dump(m, open(sys.argv[2], "w"), indent=2)
PY
done
ls "$out"/*.ptx 2>/dev/null | wc -l | xargs echo "variants kept:"
