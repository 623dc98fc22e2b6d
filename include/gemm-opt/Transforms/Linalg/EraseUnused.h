//===- EraseUnused.h - Erase the copies a fold left unread ------*- C++ -*-===//
//
// The rewrites that read a matmul's operands before a copy (a transpose,
// an extension) leave the copy unread when nothing else used it; on
// memrefs, also its scratch buffer.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_LINALG_ERASEUNUSED_H
#define GEMM_OPT_TRANSFORMS_LINALG_ERASEUNUSED_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::gemm_opt {

/// Erases `op` (a linalg op on tensors) when none of its results is used,
/// and then the tensor.empty ops of its inits that nothing else uses.
inline void eraseIfUnused(RewriterBase &rewriter, linalg::LinalgOp op) {
  if (!op->use_empty())
    return;
  SmallVector<Value> inits = op.getDpsInits();
  rewriter.eraseOp(op);
  for (Value init : inits)
    if (auto empty = init.getDefiningOp<tensor::EmptyOp>();
        empty && empty->use_empty())
      rewriter.eraseOp(empty);
}

/// Erases `buffer` (a memref.alloc) and its deallocs when nothing else uses
/// it any more.
inline void eraseBufferIfUnused(RewriterBase &rewriter, Value buffer) {
  if (!buffer.getDefiningOp<memref::AllocOp>() ||
      llvm::any_of(buffer.getUsers(), [](Operation *user) {
        return !isa<memref::DeallocOp>(user);
      }))
    return;
  for (Operation *user : llvm::make_early_inc_range(buffer.getUsers()))
    rewriter.eraseOp(user);
  rewriter.eraseOp(buffer.getDefiningOp());
}

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_LINALG_ERASEUNUSED_H
