//===- AttachTarget.cpp - The module's target on every gpu.module ---------===//
//
// Upstream's nvvm-attach-target builds an #nvvm.target from its options and
// appends it to each gpu.module. A module that names its own target
// (gemm_opt.target, ModuleTarget.h) must be compiled for that attribute as
// written, and one kernel module must carry one target (the manifest
// describes one PTX), so this pass sets the targets instead of appending.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Analysis/ChipInfo.h"
#include "gemm-opt/Transforms/Analysis/ModuleTarget.h"
#include "gemm-opt/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMATTACHTARGET
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {
struct GemmAttachTargetPass
    : public mlir::gemm_opt::impl::GemmAttachTargetBase<GemmAttachTargetPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<NVVM::NVVMTargetAttr> named = getModuleTarget(module);
    if (failed(named))
      return signalPassFailure();
    FailureOr<const ChipInfo *> chip = getChipInfo(module, this->chip);
    if (failed(chip))
      return signalPassFailure();
    NVVM::NVVMTargetAttr target =
        *named ? *named : buildDefaultTarget(&getContext(), (*chip)->name);
    ArrayAttr targets = ArrayAttr::get(&getContext(), {target});
    module.walk([&](gpu::GPUModuleOp gpuModule) {
      gpuModule.setTargetsAttr(targets);
    });
  }
};
} // namespace
