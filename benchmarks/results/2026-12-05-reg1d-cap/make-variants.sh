#!/usr/bin/env bash
# Here (no GPU): the reg1d kernel of ragged shapes with its register cap as
# the heuristics now choose it ("h": 64 where tiles stick out) and uncapped
# ("r0": what 176887a left, 68 registers), ahead-of-time PTX + manifests
# for benchmarks/run-variants-dir.sh on the H200.
#   bash benchmarks/results/2026-12-05-reg1d-cap/make-variants.sh GEMM_OPT GEMM_RUN OUTDIR
set -euo pipefail
opt=$1 run=$2 out=$3
tmp=$(mktemp -d)
for item in bf16:bf16:1000x999x777 f16:f16:1000x999x777 f32:f32:1000x999x777 \
            bf16:bf16:999x1001x2049 f16:f32:999x1001x2049 f32:f32:999x1001x2049 \
            f16:f16:1000x1024x64 f32:f32:1000x1024x16; do
  IFS=: read -r dt ot shape <<< "$item"
  dir=$out/$dt-$ot-$shape
  mkdir -p "$dir"
  "$run" --print-input --layout nn --dtype "$dt" --out-dtype "$ot" --shape "$shape" > "$tmp/in.mlir"
  for v in h:-1 r0:0; do
    name=${v%%:*} regs=${v#*:}
    "$opt" "$tmp/in.mlir" --gemm-specialize-contractions --gemm-verify-input \
      --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --gemm-naive --gemm-coalesce \
      "--gemm-shared-memory-tiling=emit=false" "--gemm-register-tiling-1d=emit=false max-registers=$regs" \
      --gemm-emit-planned-kernels --gemm-lower-to-ptx=chip=sm_90a \
      "--gemm-emit-kernels=ptx-file=$dir/$name.ptx manifest-file=$dir/$name.json stage=reg1d-$name chip=sm_90a" \
      -o /dev/null
  done
done
rm -rf "$tmp"
