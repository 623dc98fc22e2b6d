//===- gemm-opt.cpp - The gemm-opt driver ---------------------------------===//
//
// mlir-opt with gemm-opt's passes and pipelines, e.g.
//   gemm-opt in.mlir --gemm-compile="stage=coalesced ptx-file=k.ptx \
//                                    manifest-file=k.json"
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/InitGemmOpt.h"
#include "gemm-opt/Support/Debug.h"
#include "gemm-opt/Support/TuningDb.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  // -debug-only=gemm-opt-heuristics (README, "Why a plan"): Debian's
  // release LLVM has no -debug-only of its own.
  mlir::gemm_opt::registerDebugOptionsIfMissing();
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "gemm-opt " << gemm_opt::tuning::compilerVersion() << " ("
       << gemm_opt::tuning::compilerCommit() << ")\n";
  });
  mlir::registerAllPasses();
  mlir::gemm_opt::registerGemmOptPassesAndPipelines();
  mlir::DialectRegistry registry;
  mlir::gemm_opt::registerGemmOptDialects(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "gemm-opt: linalg.matmul / linalg.softmax to PTX\n",
      registry));
}
