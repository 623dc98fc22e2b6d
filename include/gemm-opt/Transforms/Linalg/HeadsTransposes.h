//===- HeadsTransposes.h - Attention's output transpose on tensors -*- C++
//-*-===//
//
// Attention's `(P @ V).transpose(1, 2)` (HeadsTranspose.h) stays a
// linalg.transpose on tensors; the first rung writes the batch matmul's
// entries into its output in place. Before that, gemm-fold-result-
// transposes brings it where the rung finds it: right after the matmul's
// (or its fused epilogue's) expanded result.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_LINALG_HEADSTRANSPOSES_H
#define GEMM_OPT_TRANSFORMS_LINALG_HEADSTRANSPOSES_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::gemm_opt {

/// For `copy`, a heads transpose on tensors (matchHeadsTranspose): of one
/// head, the reshape it is ([b * 1, q, d] expanded to [b, q, 1, d]);
/// otherwise the elementwise linalg.generic ops after it (a bias over the
/// head dimension, a cast to bf16: each the only use of its carried input,
/// read through an identity map, every other input a broadcast or a
/// scalar) move above it, computing [b, h, q, d] and reading their
/// broadcasts through the permutation, so that the copy is last. Returns
/// whether anything changed.
bool sinkHeadsTranspose(RewriterBase &rewriter, linalg::LinalgOp copy);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_LINALG_HEADSTRANSPOSES_H
