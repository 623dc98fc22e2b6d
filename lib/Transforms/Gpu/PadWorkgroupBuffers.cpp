//===- PadWorkgroupBuffers.cpp - Row padding of shared-memory buffers -----===//
//
// Padding each row of a 2-D shared-memory buffer by a few elements shifts
// consecutive rows across the 32 banks, so that threads reading one column
// do not all hit the same bank (seed 000 v2; the `smem` rung's K-major tile
// of A). As a transformation of an existing launch: the workgroup
// attribution gets the padded type and its uses a subview of the logical
// extent, whose strided layout carries the padding into every index
// computation when the IR is lowered.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Gpu/GpuTransforms.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMPADWORKGROUPBUFFERS
#include "gemm-opt/Transforms/Gpu/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

/// Whether `use` takes any memref of its operand's element type and rank
/// (so a strided view is as good as the buffer itself).
static bool acceptsStridedView(OpOperand &use) {
  Operation *user = use.getOwner();
  if (isa<memref::LoadOp, memref::StoreOp, memref::SubViewOp,
          memref::CopyOp, memref::CastOp>(user))
    return true;
  // Vector, nvgpu and gpu ops on memrefs index through the memref's layout
  // when they are lowered; those whose verifiers need a unit innermost
  // stride still have one. Calls, returns and yields need the exact type.
  StringRef dialect = user->getDialect() ? user->getDialect()->getNamespace()
                                         : StringRef();
  return dialect == "vector" || dialect == "nvgpu";
}

LogicalResult mlir::gemm_opt::padWorkgroupBuffer(RewriterBase &rewriter,
                                                 gpu::LaunchOp launch,
                                                 BlockArgument buffer,
                                                 int64_t pad) {
  if (pad < 1)
    return launch.emitError("row padding must be at least 1 element, got ")
           << pad;
  auto type = dyn_cast<MemRefType>(buffer.getType());
  if (!type || type.getRank() != 2 || !type.hasStaticShape() ||
      !type.getLayout().isIdentity())
    return launch.emitError("row padding needs a static 2-D workgroup "
                            "buffer with the identity layout, got ")
           << buffer.getType();
  for (OpOperand &use : buffer.getUses())
    if (!acceptsStridedView(use))
      return use.getOwner()->emitError("row padding of a workgroup buffer: "
                                       "this use needs the buffer's exact "
                                       "type");

  ArrayRef<int64_t> shape = type.getShape();
  auto padded = MemRefType::get({shape[0], shape[1] + pad},
                                type.getElementType(), AffineMap(),
                                type.getMemorySpace());
  rewriter.modifyOpInPlace(launch, [&] { buffer.setType(padded); });
  Block &body = launch.getBody().front();
  rewriter.setInsertionPointToStart(&body);
  SmallVector<OpFoldResult> offsets(2, rewriter.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes = {rewriter.getIndexAttr(shape[0]),
                                     rewriter.getIndexAttr(shape[1])};
  SmallVector<OpFoldResult> strides(2, rewriter.getIndexAttr(1));
  auto view = memref::SubViewOp::create(rewriter, launch.getLoc(), buffer,
                                        offsets, sizes, strides);
  rewriter.replaceAllUsesExcept(buffer, view.getResult(), view);
  return success();
}

namespace {
struct GemmPadWorkgroupBuffersPass
    : public mlir::gemm_opt::impl::GemmPadWorkgroupBuffersBase<
          GemmPadWorkgroupBuffersPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    WalkResult result = getOperation()->walk([&](gpu::LaunchOp launch) {
      for (BlockArgument buffer : launch.getWorkgroupAttributions()) {
        auto type = dyn_cast<MemRefType>(buffer.getType());
        if (!type || type.getRank() != 2)
          continue; // Only 2-D buffers have rows to pad.
        if (failed(padWorkgroupBuffer(rewriter, launch, buffer, pad)))
          return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
