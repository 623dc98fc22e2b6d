//===- VectorProducts.h - Matrix-vector products as matmuls -----*- C++ -*-===//
//
// torch-mlir writes torch.mv and torch.matmul with a 1-D operand as
// linalg.matvec / linalg.vecmat (batched: linalg.batch_matvec /
// linalg.batch_vecmat). Each is a matmul of one row: y^T = x^T * A^T for
// matvec (A read as N x K, the nn.Linear layout), y = x * A for vecmat,
// with the vector viewed as a 1 x K matrix and the result as 1 x N. That
// is the decode shape the small-M kernels stream the matrix for.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_LINALG_VECTORPRODUCTS_H
#define GEMM_OPT_TRANSFORMS_LINALG_VECTORPRODUCTS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::gemm_opt {

/// Whether `op` is a linalg.matvec, linalg.vecmat, linalg.batch_matvec or
/// linalg.batch_vecmat.
bool isMatrixVectorProduct(Operation *op);

/// Replaces `op` (a linalg.matvec, linalg.vecmat, linalg.batch_matvec or
/// linalg.batch_vecmat with static shapes, on tensors or memrefs) with the
/// linalg.matmul or linalg.batch_matmul of one row it computes, reading
/// the vector and writing the result through expand_shape reshapes (a
/// zero fill of the result moves onto the reshaped result, where the
/// kernel folds it). Returns the matmul; fails, changing nothing, for
/// other ops.
FailureOr<linalg::LinalgOp> vectorProductAsMatmul(RewriterBase &rewriter,
                                                  linalg::LinalgOp op);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_LINALG_VECTORPRODUCTS_H
