//===- MergeGpuModules.cpp - One gpu.module per compiled function ---------===//
//
// Outlining gives each launch its own gpu.module; a runner wants one PTX
// module per compiled function (softmax-3pass has three kernels), so the
// kernels are moved into the first module and the launches retargeted.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Passes.h"

#include "mlir/IR/SymbolTable.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMMERGEGPUMODULES
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;

namespace {

struct GemmMergeGpuModulesPass
    : public mlir::gemm_opt::impl::GemmMergeGpuModulesBase<
          GemmMergeGpuModulesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<gpu::GPUModuleOp> gpuModules(
        module.getOps<gpu::GPUModuleOp>());
    if (gpuModules.size() < 2)
      return;
    gpu::GPUModuleOp target = gpuModules.front();
    SymbolTable targetSymbols(target);
    // A symbol that clashes with one in the target is first renamed inside
    // its own module, which also updates the calls there; launches from the
    // host are retargeted below with the names remembered here.
    DenseMap<std::pair<StringAttr, StringAttr>, StringAttr> renamed;
    for (gpu::GPUModuleOp source : llvm::drop_begin(gpuModules)) {
      SymbolTable sourceSymbols(source);
      for (Operation &op : source.getBody()->without_terminator()) {
        auto symbol = dyn_cast<SymbolOpInterface>(op);
        if (!symbol)
          continue;
        StringAttr oldName = symbol.getNameAttr();
        StringAttr newName = oldName;
        for (unsigned i = 0; targetSymbols.lookup(newName) ||
                             (newName != oldName && sourceSymbols.lookup(newName));
             ++i)
          newName = StringAttr::get(&getContext(),
                                    oldName.getValue() + "_" + Twine(i));
        if (newName != oldName && failed(sourceSymbols.rename(&op, newName))) {
          op.emitError("cannot rename symbol while merging GPU modules");
          return signalPassFailure();
        }
        renamed[{source.getNameAttr(), oldName}] = newName;
      }
      for (Operation &op :
           llvm::make_early_inc_range(source.getBody()->without_terminator())) {
        op.moveBefore(target.getBody(), target.getBody()->end());
        if (isa<SymbolOpInterface>(op))
          targetSymbols.insert(&op);
      }
    }
    module.walk([&](gpu::LaunchFuncOp launch) {
      auto key = std::make_pair(launch.getKernelModuleName(),
                                launch.getKernelName());
      auto it = renamed.find(key);
      if (it == renamed.end())
        return;
      launch.setKernelAttr(SymbolRefAttr::get(
          target.getNameAttr(), {FlatSymbolRefAttr::get(it->second)}));
    });
    for (gpu::GPUModuleOp source : llvm::drop_begin(gpuModules))
      source.erase();
  }
};

} // namespace
