//===- SpecializeContractions.h - Matmul-like ops as named matmuls -*- C++ -*-===//
//
// Frontends write a matmul in several forms: linalg.matmul (with or without
// transposing indexing maps), linalg.contract, or the linalg.generic that
// `--linalg-generalize-named-ops` or torch-mlir produce, batched or not.
// The rungs work on linalg.matmul and linalg.batch_matmul; this turns the
// other two forms into them when they compute one. (Upstream's
// `--linalg-specialize-generic-ops` in MLIR 22 drops the indexing maps of a
// transposed operand and builds an invalid op.)
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_LINALG_SPECIALIZECONTRACTIONS_H
#define GEMM_OPT_TRANSFORMS_LINALG_SPECIALIZECONTRACTIONS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::gemm_opt {

/// Why `op` (a linalg.generic or linalg.contract) is not a matmul that
/// linalg.matmul or linalg.batch_matmul can express, or "" when it is: one
/// loop each of m, n (parallel) and k (reduction), after at most one batch
/// loop; A indexed (m, k) or (k, m), B (k, n) or (n, k), C (m, n) or (n, m)
/// (C^T = B^T A^T: the matmul of B and A), each after the batch when
/// batched (B may leave it out, one B for every entry, where C is (m, n));
/// for a generic, a body that extends the inputs to C's element type (or
/// not), multiplies them and adds the product to C.
std::string whyNotMatmulContraction(linalg::LinalgOp op);

/// Creates a linalg.batch_matmul (`batched`) or linalg.matmul with the given
/// indexing maps; the named op's builder writes its body (extending the
/// inputs to the output's element type).
linalg::LinalgOp createNamedMatmul(OpBuilder &b, Location loc, bool batched,
                                   TypeRange resultTypes, ValueRange inputs,
                                   ValueRange inits, ArrayAttr indexingMaps);

/// The named op that computes a contraction, and what replaced the
/// contraction's results (the named op's, or their expand_shape where the
/// batch was folded into the rows).
struct SpecializedMatmul {
  linalg::LinalgOp named;
  SmallVector<Value> results;
};

/// Replaces `op` with the equivalent linalg.matmul or linalg.batch_matmul
/// (transposing indexing maps where an operand is stored transposed; B and
/// A as its inputs where C is indexed (n, m)). A batched op whose B is
/// shared by every entry and stored N x K (x W^T of a 3-D activation),
/// which linalg.batch_matmul cannot express, becomes one linalg.matmul of
/// A's and C's rows (collapsed, the result expanded back).
/// Fails, changing nothing, when whyNotMatmulContraction(op) is not empty.
FailureOr<SpecializedMatmul> specializeToMatmul(RewriterBase &rewriter,
                                                linalg::LinalgOp op);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_LINALG_SPECIALIZECONTRACTIONS_H
