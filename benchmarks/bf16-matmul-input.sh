#!/usr/bin/env bash
# Writes a bf16 linalg.matmul (C = A * B, beta = 0) of the plan sweeps
# (small-m-variants.sh, mid-m-variants.sh) to OUT; layout nt stores B as
# N x K (nn.Linear's weight), nn as K x N.
#   benchmarks/bf16-matmul-input.sh LAYOUT MxNxK OUT
set -euo pipefail
layout=$1 out=$3
IFS=x read -r m n k <<< "$2"
bshape="${k}x${n}" bmap="(k, n)"
[ "$layout" = nt ] && bshape="${n}x${k}" bmap="(n, k)"
cat > "$out" <<MLIR
func.func @matmul(%A: memref<${m}x${k}xbf16>, %B: memref<${bshape}xbf16>, %C: memref<${m}x${n}xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%C : memref<${m}x${n}xbf16>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> $bmap>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<${m}x${k}xbf16>, memref<${bshape}xbf16>) outs(%C : memref<${m}x${n}xbf16>)
  return
}
MLIR
