//===- CoalesceThreadMapping.cpp - threadIdx.x walks columns --------------===//
//
// Ladder rung 'coalesced' (seed 000 v1). Row-major C and B are contiguous
// along columns, so when consecutive lanes take consecutive columns a warp's
// 32 loads of B (and stores of C) fall into one or two 128-byte lines, and
// its loads of A become one broadcast. The rewrite swaps the x and y roles of
// the launch: sizes and indices alike.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Passes.h"
#include "gemm-opt/Transforms/Analysis/ChipInfo.h"
#include "gemm-opt/Transforms/Emit/KernelBuilder.h"
#include "gemm-opt/Transforms/Analysis/RungApplicability.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMCOALESCE
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {

/// Exchanges every use of `x` with `y` and vice versa.
static void swapUses(Value x, Value y) {
  SmallVector<OpOperand *> usesOfX, usesOfY;
  for (OpOperand &use : x.getUses())
    usesOfX.push_back(&use);
  for (OpOperand &use : y.getUses())
    usesOfY.push_back(&use);
  for (OpOperand *use : usesOfX)
    use->set(y);
  for (OpOperand *use : usesOfY)
    use->set(x);
}

static void swapXY(gpu::LaunchOp launch) {
  Value gridX = launch.getGridSizeX(), gridY = launch.getGridSizeY();
  launch.getGridSizeXMutable().set(gridY);
  launch.getGridSizeYMutable().set(gridX);
  Value blockX = launch.getBlockSizeX(), blockY = launch.getBlockSizeY();
  launch.getBlockSizeXMutable().set(blockY);
  launch.getBlockSizeYMutable().set(blockX);
  swapUses(launch.getBlockIds().x, launch.getBlockIds().y);
  swapUses(launch.getThreadIds().x, launch.getThreadIds().y);
  swapUses(launch.getGridSize().x, launch.getGridSize().y);
  swapUses(launch.getBlockSize().x, launch.getBlockSize().y);
}

struct GemmCoalescePass : public mlir::gemm_opt::impl::GemmCoalesceBase<GemmCoalescePass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (failed(getChipInfo(func, chip)))
      return signalPassFailure();
    static constexpr llvm::StringLiteral needs =
        "the thread-per-output matmul kernel built by gemm-naive "
        "(gemm_opt.mapping = \"x-rows\")";
    SmallVector<gpu::LaunchOp> kernels = findKernels(func, "matmul");
    if (kernels.empty() &&
        failed(checkNothingLeftFor(func, "gemm-coalesce", needs)))
      return signalPassFailure();
    for (gpu::LaunchOp launch : kernels) {
      auto mapping = launch->getAttrOfType<StringAttr>(kMappingAttr);
      if (mapping && mapping.getValue() == "x-cols")
        continue; // Already coalesced.
      if (!mapping || mapping.getValue() != "x-rows") {
        // A tiled kernel chose its own mapping.
        (void)emitRungNotApplicable(launch, "gemm-coalesce", needs);
        return signalPassFailure();
      }
      swapXY(launch);
      launch->setAttr(kMappingAttr,
                      StringAttr::get(launch.getContext(), "x-cols"));
    }
  }
};

} // namespace
