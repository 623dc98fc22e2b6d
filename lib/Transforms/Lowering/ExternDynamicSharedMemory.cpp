//===- ExternDynamicSharedMemory.cpp - Dynamic shared memory after statics -===//
//
// A kernel's dynamic shared memory must start after its static shared
// variables. MLIR 22 lowers gpu.dynamic_shared_memory to a zero-length
// internal global in address space 3; the NVPTX back end demotes it into the
// kernel as a one-byte static `.shared` variable, and ptxas lays static
// variables out in declaration order. In the wgmma kernels it was declared
// before the mbarriers, so the ring rounded up from its address began at the
// same 1024-byte boundary and its first slot covered the mbarriers: the TMA
// data of slot 0 overwrote their backing words. That held while the kernel
// stayed resident and broke when a context switch saved and restored shared
// memory (two processes time-sliced on one GPU; docs/architecture.md,
// "Dynamic shared memory"). An external zero-length global is emitted as
// `.extern .shared .b8 name[]`, the dynamic region itself.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMEXTERNDYNAMICSHAREDMEMORY
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;

namespace {

/// Whether `global` is what gpu.dynamic_shared_memory lowers to: a
/// zero-length array in the shared address space.
bool isDynamicSharedMemory(LLVM::GlobalOp global) {
  auto array = dyn_cast<LLVM::LLVMArrayType>(global.getGlobalType());
  return array && array.getNumElements() == 0 &&
         global.getAddrSpace() ==
             static_cast<unsigned>(NVVM::NVVMMemorySpace::Shared);
}

struct GemmExternDynamicSharedMemoryPass
    : public mlir::gemm_opt::impl::GemmExternDynamicSharedMemoryBase<
          GemmExternDynamicSharedMemoryPass> {
  void runOnOperation() override {
    getOperation().walk([](LLVM::GlobalOp global) {
      if (!isDynamicSharedMemory(global))
        return;
      global.setLinkage(LLVM::Linkage::External);
      global.removeValueAttr();
      global.getInitializerRegion().getBlocks().clear();
    });
  }
};

} // namespace
