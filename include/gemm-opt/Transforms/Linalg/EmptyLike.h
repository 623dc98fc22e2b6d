//===- EmptyLike.h - A fresh tensor of a value's type -----------*- C++ -*-===//
//
// The rewrites that add an elementwise op after a matmul (its initial C
// added, an operand's scale applied) write it into a fresh tensor of the
// result's type.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_LINALG_EMPTYLIKE_H
#define GEMM_OPT_TRANSFORMS_LINALG_EMPTYLIKE_H

#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace mlir::gemm_opt {

/// A tensor.empty of `like`'s type and sizes (dynamic ones read from it).
inline Value emptyLike(OpBuilder &b, Location loc, Value like) {
  auto type = cast<RankedTensorType>(like.getType());
  return tensor::EmptyOp::create(b, loc, tensor::getMixedSizes(b, loc, like),
                                 type.getElementType());
}

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_LINALG_EMPTYLIKE_H
