//===- LaunchBlockIds.cpp - Remapped block ids of a gpu.launch ------------===//

#include "LaunchBlockIds.h"

using namespace mlir;
using namespace mlir::gemm_opt;

void mlir::gemm_opt::replaceLaunchBlockIds(RewriterBase &rewriter,
                                           gpu::LaunchOp launch,
                                           Block::iterator prologueEnd,
                                           ArrayRef<Value> ids) {
  Block &body = launch.getBody().front();
  SmallPtrSet<Operation *, 8> prologue;
  for (Operation &op : llvm::make_range(body.begin(), prologueEnd))
    prologue.insert(&op);
  gpu::KernelDim3 old = launch.getBlockIds();
  Value oldIds[3] = {old.x, old.y, old.z};
  for (auto [from, to] : llvm::zip(oldIds, ids))
    if (to)
      rewriter.replaceUsesWithIf(from, to, [&](OpOperand &use) {
        return !prologue.contains(use.getOwner());
      });
}
