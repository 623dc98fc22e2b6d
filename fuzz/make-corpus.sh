#!/usr/bin/env bash
# Regenerates the seed corpora in fuzz/corpus from the test inputs (run from
# anywhere; the committed corpus is its output plus regression inputs named
# regression-* and hand-written seeds named hand-*, which it leaves alone).
#   pipeline/: a test input with a first line "// stage=... chip=..." for each
#              stage (comment lines of the inputs dropped: smaller seeds).
#   manifest/: the test manifests, some followed by "//--PTX--" and their PTX.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=$repo/fuzz/corpus
mkdir -p "$out/pipeline" "$out/manifest"
find "$out" -type f ! -name 'regression-*' ! -name 'hand-*' -delete

seed() { # seed NAME INPUT HEADER
  { echo "// $3"; grep -v '^ *//' "$2"; } > "$out/pipeline/$1"
}
in=$repo/test/Inputs gin=$repo/test/GPU/Inputs
for s in naive coalesced smem reg1d reg2d vector swizzle multibuffer warptile mma wgmma; do
  seed "matmul-17x33x65-$s" "$in/matmul-17x33x65.mlir" "stage=$s chip=sm_90"
done
seed matmul-f16-17x33x65-mma "$in/matmul-f16-17x33x65.mlir" "stage=mma chip=sm_80"
seed matmul-bf16-17x33x65-wgmma "$in/matmul-bf16-17x33x65.mlir" "stage=wgmma chip=sm_90"
seed matmul-f16-1000x999x777-wgmma "$in/matmul-f16-1000x999x777.mlir" "stage=wgmma chip=sm_90"
seed matmul-4097-vector "$in/matmul-4097x4097x4097.mlir" "stage=vector chip=sm_90"
seed matmul-17x33x65-wgmma-tf32 "$in/matmul-17x33x65.mlir" "stage=wgmma chip=sm_90 tf32=1"
seed matmul-1x1x1-warptile "$in/matmul-1x1x1.mlir" "stage=warptile chip=sm_90"
seed matmul-invalid-i32 "$in/matmul-invalid-i32.mlir" "stage=naive chip=sm_90"
seed matmul-17x33x65-swizzle-sm75 "$in/matmul-17x33x65.mlir" "stage=swizzle chip=sm_75"
seed batch-tn-3x130x67x259-warptile "$in/batch-matmul-tn-3x130x67x259.mlir" "stage=warptile chip=sm_90"
seed batch-bf16-nt-3x130x64x256-wgmma "$in/batch-matmul-bf16-nt-3x130x64x256.mlir" "stage=wgmma chip=sm_90"
# Functions of several ops (version-2 manifests), an N-D softmax among them.
seed attention-f16-130x67x259-mma "$in/attention-f16-130x67x259.mlir" "stage=mma chip=sm_90"
seed two-matmuls-softmax-bf16-rows "$in/two-matmuls-softmax-bf16-memref.mlir" "stage=softmax-rows chip=sm_90"
seed attention-batch-f16-3x130x67x259-naive "$in/attention-batch-f16-3x130x67x259.mlir" "stage=naive chip=sm_90"
for s in softmax-3pass softmax-fused softmax-online softmax-vector softmax-rows; do
  seed "softmax-3x5-f16-$s" "$gin/softmax-3x5-f16.mlir" "stage=$s chip=sm_90"
done
seed softmax-7x1000-bf16-rows "$gin/softmax-7x1000-bf16.mlir" "stage=softmax-rows chip=sm_90"
seed softmax-8x256-tensor-rows "$gin/softmax-8x256-tensor-f16.mlir" "stage=softmax-rows chip=sm_80"
seed softmax-7x1000-f32-rows-sm70 "$gin/softmax-7x1000-f32.mlir" "stage=softmax-rows chip=sm_70"
sed -e 's/1000x4097/1024x131072/g' "$gin/softmax-1000x4097-f32.mlir" > "$out/pipeline/.tmp"
seed softmax-1024x131072-rows-cluster "$out/pipeline/.tmp" "stage=softmax-rows chip=sm_90"
rm "$out/pipeline/.tmp"

for f in "$repo"/test/Runtime/Inputs/*.json; do
  cp "$f" "$out/manifest/$(basename "$f")"
done
pair() { # pair MANIFEST PTX
  { cat "$1"; printf '\n//--PTX--\n'; cat "$2"; } > "$out/manifest/$(basename "$1" .json)-with-ptx"
}
pair "$repo/test/Runtime/Inputs/tma_matmul_f16_f32_cluster.json" "$repo/test/Runtime/Inputs/tma_matmul.ptx"
pair "$repo/test/Runtime/Inputs/matmul_f16_f32.json" "$repo/test/Runtime/Inputs/reference_kernels.ptx"
pair "$repo/test/Runtime/Inputs/function_f32.json" "$repo/test/Runtime/Inputs/reference_kernels.ptx"
pair "$repo/test/Runtime/Inputs/matmul_dyn_f32.json" "$repo/test/Runtime/Inputs/reference_kernels.ptx"
pair "$gin/softmax-cluster-1x1-f32.json" "$gin/softmax-cluster-1x1-f32.ptx"
pair "$gin/wgmma-staging-64x77x64-f16.json" "$gin/wgmma-staging-64x77x64-f16.ptx"
pair "$gin/softmax-pipeline-3x5-f16.json" "$gin/softmax-pipeline-3x5-f16.ptx"
echo "fuzz corpus: $(ls "$out/pipeline" | wc -l) pipeline seeds, $(ls "$out/manifest" | wc -l) manifest seeds"
