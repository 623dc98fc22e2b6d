//===- HeadsTranspose.h - Attention's output transpose as C's layout -*- C++
//-*-===//
//
// Attention's output `(P @ V).transpose(1, 2)`: a batch matmul over b * h
// entries, its result expanded to [b, h, q, d] and permuted to [b, q, h,
// d]. No kernel copies it: entry z = (z / h, z % h) writes its q x d
// result into the [b, q, h, d] buffer at (z / h, 0, z % h, 0), rows h * d
// elements apart (#gemm_opt.matmul's `c_heads`). This recognises the
// permuting copy, on tensors (gemm-verify-input, gemm-fold-result-
// transposes) and on memrefs (the first rung and the outlining, which fold
// it as they fold an epilogue consumer).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_ANALYSIS_HEADSTRANSPOSE_H
#define GEMM_OPT_TRANSFORMS_ANALYSIS_HEADSTRANSPOSE_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace mlir::gemm_opt {

/// A permuting copy of [b, h, q, d], the expand_shape of a 3-D [b * h, q,
/// d] value (`source`), into [b, q, h, d] (`output`).
struct HeadsTranspose {
  linalg::LinalgOp copy;
  Operation *expand = nullptr;
  Value source, output;
  int64_t heads = 0;
};

/// `copy` as such a transpose (tensor or memref form, static shapes), or
/// failure.
FailureOr<HeadsTranspose> matchHeadsTranspose(linalg::LinalgOp copy);

/// On memrefs: the heads transpose that is the only reader of `temp`, a
/// static row-major 3-D allocation that `writer` (a matmul or its fused
/// epilogue consumer) writes, after `writer` in its block, with h > 1 and
/// an output that a runner binds (getViewedRootBuffer); failure otherwise.
/// Its other users may only be writers and deallocations.
FailureOr<HeadsTranspose> findHeadsTranspose(Value temp, Operation *writer);

/// Erases the copy, the expand_shape and the temporary it read (with its
/// deallocations and any other op still writing it).
void eraseHeadsTranspose(const HeadsTranspose &t);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_ANALYSIS_HEADSTRANSPOSE_H
