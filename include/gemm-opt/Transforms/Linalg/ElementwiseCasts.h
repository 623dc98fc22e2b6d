//===- ElementwiseCasts.h - A linalg.generic that only casts ----*- C++ -*-===//
//
// torch-mlir writes `x.float()`, `y.half()` as an elementwise generic whose
// body is one arith.extf / arith.truncf of its input: the folds that read
// or write through such a cast (a matmul's operands, a softmax's input and
// result) recognise it alike.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_LINALG_ELEMENTWISECASTS_H
#define GEMM_OPT_TRANSFORMS_LINALG_ELEMENTWISECASTS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace mlir::gemm_opt {

/// `generic` when it only casts its one input into its one init with
/// `CastOp` (all loops parallel, identity maps, body yield(cast(in))),
/// else null.
template <typename CastOp>
linalg::GenericOp matchElementwiseCast(linalg::GenericOp generic) {
  if (!generic || generic.getNumDpsInputs() != 1 ||
      generic.getNumDpsInits() != 1 ||
      generic.getNumParallelLoops() != generic.getNumLoops() ||
      !llvm::all_of(generic.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isIdentity(); }))
    return {};
  Block *body = generic.getBlock();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  auto op = yield.getNumOperands() == 1
                ? yield.getOperand(0).getDefiningOp<CastOp>()
                : CastOp();
  if (!op || op->getOperand(0) != body->getArgument(0) ||
      body->getOperations().size() != 2)
    return {};
  return generic;
}

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_LINALG_ELEMENTWISECASTS_H
