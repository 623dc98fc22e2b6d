//===- StageUnalignedOperands.cpp - Padded copies of a launch's inputs ----===//
//
// The padded staging route (Emit/PaddedStaging.h: a copy kernel writes an
// operand into a scratch buffer with rows padded to 16-byte chunks) as a
// transformation of an existing launch: the operands it only reads are
// staged, and its body reads the copies through strided views, whose row
// stride lowers into every address computation.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Emit/PaddedStaging.h"
#include "gemm-opt/Transforms/Gpu/GpuTransforms.h"

#include "mlir/Transforms/RegionUtils.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMSTAGEUNALIGNEDOPERANDS
#include "gemm-opt/Transforms/Gpu/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

/// A read of `use`'s value that works the same on a strided view of it.
static bool isStridedRead(OpOperand &use) {
  Operation *user = use.getOwner();
  if (isa<memref::LoadOp, vector::LoadOp, vector::TransferReadOp>(user))
    return true;
  if (auto copy = dyn_cast<nvgpu::DeviceAsyncCopyOp>(user))
    return use.get() == copy.getSrc();
  return false;
}

bool mlir::gemm_opt::launchOnlyReads(gpu::LaunchOp launch, Value operand) {
  bool used = false;
  for (OpOperand &use : operand.getUses()) {
    if (!launch->isProperAncestor(use.getOwner()))
      continue;
    used = true;
    if (!isStridedRead(use))
      return false;
  }
  return used;
}

static bool isStageable(Value operand) {
  auto type = dyn_cast<MemRefType>(operand.getType());
  if (!type || type.getRank() != 2 || !type.hasStaticShape() ||
      !type.getLayout().isIdentity() || !type.getElementType().isIntOrFloat())
    return false;
  int64_t bits = type.getElementTypeBitWidth();
  return bits == 16 || bits == 32;
}

LogicalResult mlir::gemm_opt::stageLaunchOperands(RewriterBase &rewriter,
                                                  gpu::LaunchOp launch,
                                                  ArrayRef<Value> operands) {
  for (Value operand : operands) {
    if (!isStageable(operand))
      return launch.emitError("padded staging needs static 2-D row-major "
                              "memrefs of 2- or 4-byte elements, got ")
             << operand.getType();
    if (launch->isAncestor(operand.getParentRegion()->getParentOp()))
      return launch.emitError("padded staging copies values defined above "
                              "the launch");
    if (!launchOnlyReads(launch, operand))
      return launch.emitError("padded staging of an operand the launch "
                              "does more than read (a copy would lose its "
                              "writes)");
  }
  if (operands.empty())
    return success();
  KernelBuilder b(launch.getLoc(), launch);
  SmallVector<Value> views = buildPaddedStagingCopies(b, operands);
  for (auto [operand, view] : llvm::zip_equal(operands, views)) {
    rewriter.replaceUsesWithIf(operand, view, [&](OpOperand &use) {
      return launch->isProperAncestor(use.getOwner());
    });
  }
  // The copies live as long as the launch reads them.
  rewriter.setInsertionPointAfter(launch);
  for (Value view : views)
    memref::DeallocOp::create(rewriter, launch.getLoc(),
                              view.getDefiningOp<memref::SubViewOp>()
                                  .getSource());
  return success();
}

namespace {
struct GemmStageUnalignedOperandsPass
    : public mlir::gemm_opt::impl::GemmStageUnalignedOperandsBase<
          GemmStageUnalignedOperandsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    SmallVector<gpu::LaunchOp> launches;
    getOperation()->walk([&](gpu::LaunchOp l) { launches.push_back(l); });
    for (gpu::LaunchOp launch : launches) {
      // The operands the body reads, in order of first use.
      SetVector<Value> captured;
      getUsedValuesDefinedAbove(launch.getBody(), captured);
      SmallVector<Value> unaligned;
      for (Value v : captured) {
        if (!isStageable(v) || !launchOnlyReads(launch, v))
          continue;
        auto type = cast<MemRefType>(v.getType());
        int64_t rowBytes = type.getDimSize(1) * type.getElementTypeBitWidth() / 8;
        if (rowBytes % 16 != 0)
          unaligned.push_back(v);
      }
      if (failed(stageLaunchOperands(rewriter, launch, unaligned)))
        return signalPassFailure();
    }
  }
};
} // namespace
