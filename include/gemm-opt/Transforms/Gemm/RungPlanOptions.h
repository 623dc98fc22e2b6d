//===- RungPlanOptions.h - Tensor-core plans as rung options ----*- C++ -*-===//
//
// A tuning database entry holds each tensor-core rung's plan as that rung's
// pass options (TuningLookup.h), which the rung applies over its
// heuristics' plan. The tuner records every plan it measured, the
// heuristics' own included, with each choice written out (plan -> options),
// so that an entry keeps naming the kernel it timed when the heuristics
// change. Each direction sits next to the other in the rung's file
// (MmaRung.cpp, WgmmaRung.cpp); HeuristicsTests.cpp holds them to a round
// trip over the heuristics' plans.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_GEMM_RUNGPLANOPTIONS_H
#define GEMM_OPT_TRANSFORMS_GEMM_RUNGPLANOPTIONS_H

#include "gemm-opt/Transforms/Gemm/Mma/MmaGemm.h"
#include "gemm-opt/Transforms/Gemm/SmallM/GemvGemm.h"
#include "gemm-opt/Transforms/Gemm/SmallM/SwapAbGemm.h"
#include "gemm-opt/Transforms/Gemm/Wgmma/WgmmaGemm.h"

#include "mlir/Pass/PassInstrumentation.h"

#include <map>
#include <mutex>
#include <optional>

namespace mlir::gemm_opt {

/// The options a rung's part of a database entry may set (the rung refuses
/// an entry with others).
ArrayRef<StringRef> mmaPlanOptionNames();
ArrayRef<StringRef> wgmmaPlanOptionNames();

/// "" or why a rung's switch option (-1 heuristic, 0 off, 1 on) is out of
/// range: the rungs read switches as `!= 0` or `== 1`, so another value
/// would silently mean on for some and off for others.
std::string checkRungSwitchOption(StringRef rung, StringRef name,
                                  int64_t value);

/// The mma rung's part that pins `plan`: small-m=0 and every tile option;
/// for a small-M kernel small-m=1, the kernel and its parameters.
std::string mmaPlanOptions(const MmaGemmPlan &plan);
std::string mmaPlanOptions(const GemvGemmPlan &plan);
std::string mmaPlanOptions(const SwapAbGemmPlan &plan);

/// The inverse, as the mma rung reads an entry's part: `options` parsed by
/// the rung's pass and planned for `problem` on `chip` over `tiles` (the
/// tile plan the options apply over; the heuristics' when empty). "" and
/// the plan's attribute (MmaPlanAttr, GemvPlanAttr or SwapAbPlanAttr; null
/// where the SIMT kernel stays), or why the options do not apply.
std::string planMmaFromOptions(StringRef options, const GemmProblem &problem,
                               const ChipInfo &chip, bool allowTf32,
                               std::optional<MmaGemmPlan> tiles,
                               MLIRContext *ctx, Attribute &plan);

/// The wgmma rung's part that pins `plan` for `problem`: every plan option
/// that counts (the producer's and consumers' registers with a producer,
/// store-buffers with TMA stores), and where TMA cannot read the rows of A
/// or B the staging choice.
std::string wgmmaPlanOptions(const WgmmaGemmPlan &plan,
                             const GemmProblem &problem);

/// The inverse, as the wgmma rung reads an entry's part: "" and the plan
/// (`keep`: the mma.sync kernel stays, staging=0), or why not; over `base`
/// as the heuristics' plan when given.
std::string planWgmmaFromOptions(StringRef options, const GemmProblem &problem,
                                 const ChipInfo &chip,
                                 std::optional<WgmmaGemmPlan> base,
                                 WgmmaGemmPlan &plan, bool &keep);

/// What `rung` ("mma" or "wgmma") planned for the matmul `launch`, as the
/// part of a database entry that pins it, read from the launch's plan right
/// after the rung ran. None where the rung plans nothing for the kernel
/// (the wgmma rung and the small-M kernels, which it keeps whatever its
/// options); "" where no option can say it: the SIMT kernel that the mma
/// rung leaves (its plan is the SIMT rungs', which entries do not hold).
std::optional<std::string> rungPlanPart(gpu::LaunchOp launch, StringRef rung);

/// Records rungPlanPart for each tensor-core rung as it runs on a function
/// with one matmul: the plan of a compile as a database entry holds it.
class RungPlanRecorder : public PassInstrumentation {
public:
  void runAfterPass(Pass *pass, Operation *op) override;
  /// Rung -> its part; empty unless the rungs saw one matmul in all.
  std::map<std::string, std::string> parts() const;

private:
  mutable std::mutex mutex;
  std::map<std::string, std::string> recorded;
  Operation *matmulFunc = nullptr;
  bool several = false;
};

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_GEMM_RUNGPLANOPTIONS_H
