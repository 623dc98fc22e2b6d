//===- SwizzleWorkgroupBuffers.cpp - XOR swizzle of launch buffers --------===//
//
// Upstream's shared-memory swizzle (nvgpu::optimizeSharedMemoryReadsAndWrites)
// rewrites every read and write of one shared memref, but its pass only
// visits `memref.alloc`s. Kernels written as a `gpu.launch` keep their
// shared buffers as workgroup attributions; this applies the same upstream
// function to those.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Gpu/GpuTransforms.h"

#include "mlir/Dialect/NVGPU/Transforms/Transforms.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMSWIZZLEWORKGROUPBUFFERS
#include "gemm-opt/Transforms/Gpu/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

LogicalResult mlir::gemm_opt::swizzleWorkgroupBuffer(gpu::LaunchOp launch,
                                                     BlockArgument buffer) {
  auto type = dyn_cast<MemRefType>(buffer.getType());
  if (!type || type.getRank() != 2)
    return launch.emitError("the swizzle needs a 2-D workgroup buffer, got ")
           << buffer.getType();
  if (failed(nvgpu::optimizeSharedMemoryReadsAndWrites(launch, buffer)))
    return launch.emitError("the swizzle cannot rewrite the uses of the "
                            "workgroup buffer ")
           << type
           << " (upstream's nvgpu shared-memory optimization takes loads, "
              "stores, vector transfers, ldmatrix and async copies with "
              "indices only)";
  return success();
}

namespace {
struct GemmSwizzleWorkgroupBuffersPass
    : public mlir::gemm_opt::impl::GemmSwizzleWorkgroupBuffersBase<
          GemmSwizzleWorkgroupBuffersPass> {
  using Base::Base;

  void runOnOperation() override {
    WalkResult result = getOperation()->walk([&](gpu::LaunchOp launch) {
      for (BlockArgument buffer : launch.getWorkgroupAttributions()) {
        auto type = dyn_cast<MemRefType>(buffer.getType());
        if (!type || type.getRank() != 2)
          continue;
        if (failed(swizzleWorkgroupBuffer(launch, buffer)))
          return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
