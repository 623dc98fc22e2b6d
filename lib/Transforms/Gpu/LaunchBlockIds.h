//===- LaunchBlockIds.h - Remapped block ids of a gpu.launch ----*- C++ -*-===//
//
// The transformations that give a launch's body other block ids
// (groupLaunchBlockOrder, linearizeLaunchGrid) compute them in a prologue
// at the start of the body, from the original ids, and then make every
// other use read them.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_OPT_LIB_TRANSFORMS_GPU_LAUNCHBLOCKIDS_H
#define GEMM_OPT_LIB_TRANSFORMS_GPU_LAUNCHBLOCKIDS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::gemm_opt {

/// Replaces the uses of `launch`'s block id x, y and z by `ids` (a null
/// entry keeps that id), except in the prologue: the ops from the start of
/// the body up to `prologueEnd`, which compute `ids`.
void replaceLaunchBlockIds(RewriterBase &rewriter, gpu::LaunchOp launch,
                           Block::iterator prologueEnd, ArrayRef<Value> ids);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_LIB_TRANSFORMS_GPU_LAUNCHBLOCKIDS_H
