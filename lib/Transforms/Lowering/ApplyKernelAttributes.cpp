//===- ApplyKernelAttributes.cpp - Kernel-function attributes -------------===//
//
// Outlining a gpu.launch drops its attributes; the SIMT matmul builder
// therefore parks what the kernel function needs (register cap, read-only
// inputs) on an op of the launch body, and this pass moves it onto the
// outlined gpu.func. It also marks, for the manifest, the gpu.launch_func
// of every kernel that waits for its predecessor (griddepcontrol.wait) as
// a programmatic dependent launch, and of every kernel that walks its work
// over the clusters it was launched with (%nclusterid.x) as a resident
// grid.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Passes.h"
#include "gemm-opt/Transforms/Gemm/Simt/SimtGemm.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMAPPLYKERNELATTRIBUTES
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

/// Whether every use of `arg` only reads from it (through views too: a
/// batched kernel reads its entry's subview, BatchedLaunches.h).
static bool isOnlyRead(Value arg) {
  for (OpOperand &use : arg.getUses()) {
    Operation *user = use.getOwner();
    if (isa<memref::LoadOp, vector::LoadOp>(user))
      continue;
    if (isa<memref::SubViewOp, memref::CastOp>(user) &&
        isOnlyRead(user->getResult(0)))
      continue;
    if (auto copy = dyn_cast<nvgpu::DeviceAsyncCopyOp>(user))
      if (copy.getSrc() == arg && copy.getDst() != arg)
        continue;
    return false;
  }
  return true;
}

namespace {
struct GemmApplyKernelAttributesPass
    : public mlir::gemm_opt::impl::GemmApplyKernelAttributesBase<
          GemmApplyKernelAttributesPass> {
  void runOnOperation() override {
    getOperation().walk([&](gpu::LaunchFuncOp launch) {
      auto kernel = SymbolTable::lookupNearestSymbolFrom<gpu::GPUFuncOp>(
          launch, launch.getKernel());
      if (!kernel)
        return;
      bool waits = kernel
                       .walk([](NVVM::GriddepcontrolOp op) {
                         return op.getKind() == NVVM::GridDepActionKind::wait
                                    ? WalkResult::interrupt()
                                    : WalkResult::advance();
                       })
                       .wasInterrupted();
      if (waits)
        launch->setAttr(kProgrammaticDependentAttr,
                        UnitAttr::get(&getContext()));
      bool countsClusters =
          kernel
              .walk([](NVVM::ClusterDimXOp) { return WalkResult::interrupt(); })
              .wasInterrupted();
      if (countsClusters)
        launch->setAttr(kResidentGridAttr, UnitAttr::get(&getContext()));
    });
    getOperation().walk([&](gpu::GPUFuncOp func) {
      SmallVector<DictionaryAttr> parked;
      func.walk([&](Operation *op) {
        if (auto dict = op->getAttrOfType<DictionaryAttr>(kKernelFnAttrs)) {
          parked.push_back(dict);
          op->removeAttr(kKernelFnAttrs);
        }
      });
      for (DictionaryAttr dict : parked) {
        for (NamedAttribute attr : dict) {
          if (attr.getName().getValue().starts_with("nvvm."))
            func->setAttr(attr.getName(), attr.getValue());
          if (attr.getName().getValue() != kReadOnlyInputs)
            continue;
          Builder b(&getContext());
          // The entry block also holds the workgroup and private
          // attributions after the kernel's parameters: only parameters
          // get argument attributes.
          unsigned params = func.getFunctionType().getNumInputs();
          for (BlockArgument arg : func.getArguments().take_front(params)) {
            if (!isa<MemRefType>(arg.getType()))
              continue;
            func.setArgAttr(arg.getArgNumber(), "llvm.noalias",
                            b.getUnitAttr());
            if (isOnlyRead(arg))
              func.setArgAttr(arg.getArgNumber(), "llvm.readonly",
                              b.getUnitAttr());
          }
        }
      }
    });
  }
};
} // namespace
