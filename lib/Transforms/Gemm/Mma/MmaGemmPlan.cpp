//===- MmaGemmPlan.cpp - The mma rung's plan: validation, attribute ------===//
//
// What an MmaGemmPlan may hold on a chip (validate: the attribute's rules,
// PlanChecks.cpp, then the chip's limits), its attribute on the launch and
// its one-line description. The kernel is in MmaGemm.cpp,
// the pass in MmaRung.cpp.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Gemm/Mma/MmaGemm.h"


using namespace mlir;
using namespace mlir::gemm_opt;

//===----------------------------------------------------------------------===//
// Plan
//===----------------------------------------------------------------------===//

std::string MmaGemmPlan::validate(const ChipInfo &chip) const {
  std::string why = checkMmaPlan(bk, bm, bn, elemBytes, groupM, maxRegs,
                                 stages, wm, wn);
  if (!why.empty())
    return why;
  if (threads() > chip.maxThreadsPerBlock)
    return std::to_string(threads()) +
           " threads per block exceed the limit of " +
           std::to_string(chip.maxThreadsPerBlock);
  return checkKernelLimits(maxRegs, groupM, sharedBytes(), chip);
}

MmaPlanAttr MmaGemmPlan::toAttr(MLIRContext *ctx) const {
  return MmaPlanAttr::get(ctx, bk, bm, bn, elemBytes, groupM, maxRegs, stages,
                          wm, wn);
}

MmaGemmPlan MmaGemmPlan::fromAttr(MmaPlanAttr a) {
  MmaGemmPlan p;
  p.bm = a.getBm();
  p.bn = a.getBn();
  p.bk = a.getBk();
  p.wm = a.getWm();
  p.wn = a.getWn();
  p.stages = a.getStages();
  p.groupM = a.getGroupM();
  p.maxRegs = a.getMaxRegs();
  p.elemBytes = a.getElemBytes();
  return p;
}

std::string MmaGemmPlan::str() const {
  auto s = [](int64_t v) { return std::to_string(v); };
  return "block " + s(bm) + "x" + s(bn) + "x" + s(bk) + ", warp " + s(wm) +
         "x" + s(wn) + ", " + s(threads()) + " threads, stages " + s(stages) +
         ", shared " + s(sharedBytes()) + " B";
}
