// Why gemm-fold-softmax-casts runs before gemm-fuse-epilogue-chains (as the
// stage pipelines order them), on Hugging Face's attention with its softmax
// in f32 (test/Inputs/attention-hf-casts-f16-2x3x130x67x72.mlir).
// RUN: gemm-opt %inputs/attention-hf-casts-f16-2x3x130x67x72.mlir --gemm-fold-softmax-casts --gemm-fuse-epilogue-chains | FileCheck %s --check-prefix=FOLD-FIRST
// RUN: gemm-opt %inputs/attention-hf-casts-f16-2x3x130x67x72.mlir --gemm-fuse-epilogue-chains --gemm-fold-softmax-casts | FileCheck %s --check-prefix=FUSE-FIRST

// Folded first: the scale and mask epilogue writes the f16 scores, which
// the softmax reads; P is written f16, no f32 tensor is left.
// FOLD-FIRST-NOT: xf32>
// FOLD-FIRST:     %[[S:.+]] = linalg.generic
// FOLD-FIRST:     } -> tensor<6x130x67xf16>
// FOLD-FIRST:     %[[SE:.+]] = tensor.expand_shape %[[S]]
// FOLD-FIRST:     linalg.softmax dimension(3) ins(%[[SE]] : tensor<2x3x130x67xf16>) outs(%{{.+}} : tensor<2x3x130x67xf16>)
// FOLD-FIRST-NOT: xf32>

// Fused first: the extension becomes the epilogue's last step, the scores
// are an f32 tensor (twice the bytes in memory), and the softmax reads f32.
// FUSE-FIRST:     arith.extf
// FUSE-FIRST:     -> tensor<6x130x67xf32>
// FUSE-FIRST:     gemm_opt.softmax dimension(3) ins(%{{.+}} : tensor<2x3x130x67xf32>) outs(%{{.+}} : tensor<2x3x130x67xf16>)
