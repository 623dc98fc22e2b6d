//===- PrintChipInfo.cpp - What the rungs know about a chip ---------------===//
//
// A remark with the ChipInfo of the `chip` option, so that the table the
// heuristics and plan checks read can be tested and read from the command
// line (gemm-opt --gemm-print-chip-info=chip=sm_86 any.mlir).
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Analysis/ChipInfo.h"
#include "gemm-opt/Transforms/Passes.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMPRINTCHIPINFO
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {
struct GemmPrintChipInfoPass
    : public mlir::gemm_opt::impl::GemmPrintChipInfoBase<
          GemmPrintChipInfoPass> {
  using Base::Base;

  void runOnOperation() override {
    FailureOr<const ChipInfo *> info = getChipInfo(getOperation(), chip);
    if (failed(info))
      return signalPassFailure();
    const ChipInfo &c = **info;
    auto yesNo = [](bool b) { return b ? "yes" : "no"; };
    getOperation().emitRemark()
        << "chip " << c.name << " (" << c.part << "): " << c.numSMs
        << " SMs, " << c.maxThreadsPerBlock << " threads/block, "
        << c.maxSharedBytesPerBlock << " B shared/block, "
        << c.sharedBytesPerSM << " B shared/SM, " << c.registersPerSM
        << " registers/SM, " << c.maxRegistersPerThread
        << " registers/thread; cp.async " << yesNo(c.hasCpAsync())
        << ", mma.sync m16n8k16 " << yesNo(c.hasMmaSyncK16())
        << ", TMA/clusters/griddepcontrol " << yesNo(c.hasSm90Features())
        << ", wgmma/setmaxnreg " << yesNo(c.hasWgmma());
  }
};
} // namespace
