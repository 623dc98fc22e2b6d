//===- Registration.cpp - Everything a tool needs to run gemm-opt ---------===//

#include "gemm-opt/InitGemmOpt.h"
#include "gemm-opt/Dialect/GemmOpt/IR/GemmOptDialect.h"
#include "gemm-opt/Pipelines/Pipelines.h"
#include "gemm-opt/Transforms/Gpu/GpuTransforms.h"
#include "gemm-opt/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

void mlir::gemm_opt::registerGemmOptDialects(DialectRegistry &registry) {
  registerAllDialects(registry);
  registry.insert<GemmOptDialect>();
  registerAllExtensions(registry);
  NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  registerAllToLLVMIRTranslations(registry);
}

void mlir::gemm_opt::registerGemmOptPassesAndPipelines() {
  registerGemmOptPasses();
  registerGemmOptGpuPasses();
  registerGemmOptPipelines();
}
