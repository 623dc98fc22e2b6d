//===- gemm-opt-plugin.cpp - gemm-opt's passes inside upstream mlir-opt ---===//
//
//   mlir-opt --load-pass-plugin=GemmOptPlugin.so \
//            --pass-pipeline='builtin.module(gemm-compile{stage=naive})'
//
// The same library is a dialect plugin too (--load-dialect-plugin), so that
// mlir-opt can parse IR holding #gemm_opt attributes (the passes load the
// dialect themselves when they build kernels).
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Dialect/GemmOpt/IR/GemmOptDialect.h"
#include "gemm-opt/InitGemmOpt.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

extern "C" LLVM_ATTRIBUTE_WEAK ::mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "GemmOptPasses", LLVM_VERSION_STRING,
          []() { mlir::gemm_opt::registerGemmOptPassesAndPipelines(); }};
}

extern "C" LLVM_ATTRIBUTE_WEAK ::mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "GemmOptDialect", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            registry->insert<mlir::gemm_opt::GemmOptDialect>();
          }};
}
