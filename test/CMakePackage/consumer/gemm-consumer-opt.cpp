//===- gemm-consumer-opt.cpp - mlir-opt on the installed GemmOpt package --===//
//
// The tool of test/CMakePackage/consumer: gemm-opt's dialects, passes and
// pipelines registered through InitGemmOpt.h, as an embedding project does,
// plus a pipeline of its own built from the public headers (the rung passes
// through TableGen's Passes.h.inc, the PTX lowering from Pipelines.h), so
// that the installed headers are compiled and not only found.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/InitGemmOpt.h"
#include "gemm-opt/Pipelines/Pipelines.h"
#include "gemm-opt/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

using namespace mlir;

int main(int argc, char **argv) {
  gemm_opt::registerGemmOptPassesAndPipelines();
  // Stage 'coalesced' rung by rung, for a chip other than the default.
  PassPipelineRegistration<> coalescedSm80(
      "consumer-coalesced-sm80", "gemm-naive + gemm-coalesce, PTX for sm_80",
      [](OpPassManager &pm) {
        gemm_opt::GemmNaiveOptions naive;
        naive.chip = "sm_80";
        gemm_opt::GemmCoalesceOptions coalesce;
        coalesce.chip = "sm_80";
        OpPassManager &funcPm = pm.nest<func::FuncOp>();
        funcPm.addPass(gemm_opt::createGemmNaive(naive));
        funcPm.addPass(gemm_opt::createGemmCoalesce(coalesce));
        gemm_opt::addLowerToPtxPasses(pm, "sm_80");
      });
  DialectRegistry registry;
  gemm_opt::registerGemmOptDialects(registry);
  return asMainReturnCode(MlirOptMain(
      argc, argv, "gemm-opt consumer (test/CMakePackage)\n", registry));
}
