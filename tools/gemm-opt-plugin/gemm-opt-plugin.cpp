//===- gemm-opt-plugin.cpp - gemm-opt's passes inside upstream mlir-opt ---===//
//
//   mlir-opt --load-pass-plugin=GemmOptPlugin.so \
//            --pass-pipeline='builtin.module(gemm-compile{stage=naive})'
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/InitGemmOpt.h"

#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

extern "C" LLVM_ATTRIBUTE_WEAK ::mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "GemmOptPasses", LLVM_VERSION_STRING,
          []() { mlir::gemm_opt::registerGemmOptPassesAndPipelines(); }};
}
