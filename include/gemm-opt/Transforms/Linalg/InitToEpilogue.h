//===- InitToEpilogue.h - A computed initial C as an epilogue ---*- C++ -*-===//
//
// Some frontends write nn.Linear's bias as the matmul's initial C: the bias
// broadcast into C's shape, then C += A * B. The kernels start from zero
// (or accumulate into a C they are given), so such a matmul is rewritten
// to start from zero and add the value in its epilogue, which
// gemm-fuse-epilogue-chains then fuses like a bias written after the
// matmul.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_LINALG_INITTOEPILOGUE_H
#define GEMM_OPT_TRANSFORMS_LINALG_INITTOEPILOGUE_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::gemm_opt {

/// When `op` (a linalg.matmul or linalg.batch_matmul on tensors) starts from
/// a C computed by a linalg.broadcast, an elementwise linalg op or a fill
/// of a non-zero constant, makes it start from a zero fill and adds that C to
/// its result with a linalg.add, which takes the place of the result in every
/// use. Returns the linalg.add; fails, changing nothing, otherwise.
FailureOr<linalg::AddOp> moveInitToEpilogue(RewriterBase &rewriter,
                                            linalg::LinalgOp op);

/// When `op` (a linalg.matmul or linalg.batch_matmul on tensors) starts from
/// a constant splat tensor (`arith.constant dense<v>`, what StableHLO's
/// lowering writes for a zero initial C), makes it start from a linalg.fill
/// of v instead (a zero fill is the kernels' start, another value
/// moveInitToEpilogue's add). Returns the fill; fails, changing nothing,
/// otherwise.
FailureOr<linalg::FillOp> splatInitToFill(RewriterBase &rewriter,
                                          linalg::LinalgOp op);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_LINALG_INITTOEPILOGUE_H
