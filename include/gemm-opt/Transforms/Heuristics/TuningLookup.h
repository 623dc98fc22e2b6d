//===- TuningLookup.h - Plans from the tuning database for a rung -*- C++ -*-===//
//
// The mma and wgmma rungs ask the tuning database (gemm-opt/Support/
// TuningDb.h) for a measured plan before their heuristics: an entry of the
// exact problem, else one of the same chip, stage, dtypes, layout, batch,
// N and K whose M is in the same bucket (mBucket) and nearest, unless that
// entry's plan is the heuristics' own (TuningEntry::heuristic: then the
// heuristics). The entry holds each rung's pass options; options given to
// the pass win over it, and a plan that does not apply to the problem gives
// way to the heuristics with a remark. With tuning-db-strict (the tuner's
// candidates, which must be what they say) only an exact entry will do, and a
// plan of it that does not apply is an error.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_HEURISTICS_TUNINGLOOKUP_H
#define GEMM_OPT_TRANSFORMS_HEURISTICS_TUNINGLOOKUP_H

#include "gemm-opt/Support/TuningDb.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Passes.h"

#include <optional>

namespace mlir::gemm_opt {

namespace tuning = ::gemm_opt::tuning;

/// The tuning options of the mma and wgmma rungs (tuning-db,
/// tuning-db-strict, tuning-stage, tuning-device), which the stage
/// pipelines set.
struct TuningOptions {
  /// "" = none; tuning::kDefaultTuningDb = the committed databases.
  std::string db = tuning::kDefaultTuningDb.str();
  bool strict = false;
  /// The stage compiled ("" = the rung's own), part of the lookup key: in
  /// the wgmma stage the mma rung plays its part of the wgmma plan.
  std::string stage;
  /// The GPU the kernels are for, by its CUDA name: its own entries first
  /// (tuning::findTuning); "" = the reference GPU's (the H200's).
  std::string device;
};

/// A rung pass's tuning options and statistics: a member of the pass,
/// constructed with it (`RungTuning tuning{*this};`), so that the options
/// parse, print and clone as the pass's own.
struct RungTuning {
  explicit RungTuning(Pass &pass);
  Pass::Option<std::string> db;
  Pass::Option<bool> strict;
  Pass::Option<std::string> stage;
  Pass::Option<std::string> device;
  Pass::Statistic used, rejected;

  TuningOptions options() const { return {db, strict, stage, device}; }
  void set(const TuningOptions &o) {
    db = o.db;
    strict = o.strict;
    stage = o.stage;
    device = o.device;
  }
};

/// Reads `tuned`'s options into `into`, a fresh instance of the rung's
/// pass: "" or why they do not parse.
template <typename PassT>
std::string parseTunedOptions(const struct TunedRungPlan &tuned, PassT &into);

/// The rungs with their tuning options (the rest as createGemmMma /
/// createGemmWgmma take them).
std::unique_ptr<Pass> createGemmMmaPass(GemmMmaOptions options,
                                        const TuningOptions &tuning);
std::unique_ptr<Pass> createGemmWgmmaPass(GemmWgmmaOptions options,
                                          const TuningOptions &tuning);

/// A rung's part of a database entry.
struct TunedRungPlan {
  std::string options; ///< the rung's pass options, e.g. "block-m=64 ..."
  std::string origin;  ///< which entry and why, for remarks
  bool exact = false;
};

/// The entry for `problem` at `at` (a launch) on `chip`, and `rung`'s part
/// of it; none without an entry or without a part for `rung`. Warns once
/// per database about skipped lines; fails (with an error at `at`) when
/// the database cannot be read. `planOptions`: the option names a rung's
/// part may set; an entry with others is refused (remark, or error when
/// strict).
FailureOr<std::optional<TunedRungPlan>>
lookupTunedPlan(Operation *at, const GemmProblem &problem, StringRef chip,
                const TuningOptions &options, StringRef rung,
                ArrayRef<StringRef> planOptions);

template <typename PassT>
std::string parseTunedOptions(const TunedRungPlan &tuned, PassT &into) {
  std::string why;
  if (failed(into.initializeOptions(tuned.options, [&](const Twine &msg) {
        why = "cannot parse it: " + msg.str();
        return failure();
      })))
    return why.empty() ? "cannot parse it" : why;
  return "";
}

/// Where a rung cannot use the database's plan (`why`): a remark, and the
/// heuristics plan; with tuning-db-strict an error (failure).
LogicalResult rejectTunedPlan(Operation *at, const TunedRungPlan &tuned,
                              StringRef rung, StringRef why, bool strict);

/// How a rung fared with `tuned` (`why` "": used it): the remark and the
/// statistic, or rejectTunedPlan's.
LogicalResult reportTunedPlan(Operation *at, const TunedRungPlan &tuned,
                              StringRef rung, StringRef why,
                              RungTuning &tuning);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_HEURISTICS_TUNINGLOOKUP_H
