//===- RungPlanOptions.cpp - What a compile's rungs planned, as options ---===//
//
// Reads the plan a tensor-core rung recorded on the matmul's launch
// (PlannedKernels.h) right after the rung ran, and writes it as the rung's
// part of a tuning database entry with the rungs' own plan -> options
// functions (MmaRung.cpp, WgmmaRung.cpp).
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Gemm/RungPlanOptions.h"
#include "gemm-opt/Transforms/Analysis/RungApplicability.h"
#include "gemm-opt/Transforms/Emit/KernelBuilder.h"

#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::gemm_opt;

std::string mlir::gemm_opt::checkRungSwitchOption(StringRef rung,
                                                  StringRef name,
                                                  int64_t value) {
  if (value >= -1 && value <= 1)
    return "";
  return ("invalid '" + rung + "' option " + name + "=" + Twine(value) +
          ": expected -1 (heuristic), 0 or 1")
      .str();
}

std::optional<std::string> mlir::gemm_opt::rungPlanPart(gpu::LaunchOp launch,
                                                        StringRef rung) {
  if (auto gemv = launch->getAttrOfType<GemvPlanAttr>(kGemvPlanAttr))
    return rung == "mma"
               ? std::optional(mmaPlanOptions(GemvGemmPlan::fromAttr(gemv)))
               : std::nullopt;
  if (auto swapAb = launch->getAttrOfType<SwapAbPlanAttr>(kSwapAbPlanAttr))
    return rung == "mma"
               ? std::optional(mmaPlanOptions(SwapAbGemmPlan::fromAttr(swapAb)))
               : std::nullopt;
  auto mma = launch->getAttrOfType<MmaPlanAttr>(kMmaPlanAttr);
  if (rung == "mma")
    return mma ? mmaPlanOptions(MmaGemmPlan::fromAttr(mma)) : "";
  FailureOr<GemmProblem> problem = recoverGemmProblem(launch);
  if (failed(problem))
    return std::nullopt;
  if (auto wgmma = launch->getAttrOfType<WgmmaPlanAttr>(kWgmmaPlanAttr))
    return wgmmaPlanOptions(WgmmaGemmPlan::fromAttr(wgmma), *problem);
  // The mma.sync kernel kept where staging copies do not pay (the other
  // reasons to keep it, TF32 without allow-tf32 and a batched plan that
  // does not fit, come from options, not the heuristics).
  if (mma && !checkTmaRows(*problem).why.empty())
    return std::string("staging=0");
  return std::nullopt;
}

void RungPlanRecorder::runAfterPass(Pass *pass, Operation *op) {
  StringRef argument = pass->getArgument();
  StringRef rung = argument == "gemm-mma"     ? "mma"
                   : argument == "gemm-wgmma" ? "wgmma"
                                              : "";
  if (rung.empty())
    return;
  SmallVector<gpu::LaunchOp> launches = findKernels(op, "matmul");
  if (launches.empty())
    return;
  std::lock_guard<std::mutex> lock(mutex);
  if (launches.size() > 1 || (matmulFunc && matmulFunc != op))
    several = true;
  matmulFunc = op;
  if (several)
    return;
  if (std::optional<std::string> part = rungPlanPart(launches.front(), rung))
    recorded[rung.str()] = *part;
  else
    recorded.erase(rung.str());
}

std::map<std::string, std::string> RungPlanRecorder::parts() const {
  std::lock_guard<std::mutex> lock(mutex);
  return several ? std::map<std::string, std::string>() : recorded;
}
