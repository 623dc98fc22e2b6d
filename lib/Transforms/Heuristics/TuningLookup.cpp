//===- TuningLookup.cpp - Plans from the tuning database for a rung -------===//
//
// The M buckets (tuning::mBucket) follow the plan families the heuristics
// switch between (TensorCoreHeuristics.cpp): at M <= 8 the kernels that
// stream B once; up to 64 one 64-row tile covers M, and N decides the
// grid; up to 256 one or two 128-row tiles; up to 2048 a few waves, where
// the last wave's fill decides; above, many waves. Within a bucket the
// grid changes by less than a factor of the bucket's width, so a measured
// plan of a neighbour stays a good one; across buckets it need not.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Heuristics/TuningLookup.h"
#include "gemm-opt/Support/Debug.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"

#include <mutex>
#include <set>

#define DEBUG_TYPE "gemm-opt-tuning"

using namespace mlir;
using namespace mlir::gemm_opt;

RungTuning::RungTuning(Pass &pass)
    : db(pass, "tuning-db",
         llvm::cl::desc("Tuning database (JSON lines, gemm-run --tune): a "
                        "plan measured for the problem, or for the nearest M "
                        "of its bucket, before the heuristics; 'default' = "
                        "the committed one (H200, H100), '' = none"),
         llvm::cl::init(tuning::kDefaultTuningDb.str())),
      strict(pass, "tuning-db-strict",
             llvm::cl::desc("An entry whose plan does not apply is an "
                            "error, not the heuristics (the tuner's "
                            "candidates)"),
             llvm::cl::init(false)),
      stage(pass, "tuning-stage",
            llvm::cl::desc("The stage compiled, for the lookup ('' = the "
                           "rung's own)")),
      device(pass, "tuning-device",
             llvm::cl::desc("The GPU the kernels are for, as CUDA names it "
                            "(e.g. 'NVIDIA H100 80GB HBM3'): the database's "
                            "entries measured on it before other GPUs' ('' "
                            "= the H200, the reference)")),
      used(&pass, "tuned-plans", "Kernels planned from the tuning database"),
      rejected(&pass, "tuned-plans-rejected",
               "Tuning database plans that did not apply (heuristics "
               "instead)") {}

/// The database's key for `p`.
static tuning::TuningProblem tuningProblem(const GemmProblem &p,
                                           StringRef chip, StringRef stage) {
  tuning::TuningProblem q;
  q.chip = chip.str();
  q.aType = elementTypeName(p.aType);
  q.bType = elementTypeName(p.bType);
  q.cType = elementTypeName(p.cType);
  q.layout = std::string(p.transposeA ? "t" : "n") + (p.transposeB ? "t" : "n");
  q.batch = p.batch;
  q.m = p.m;
  q.n = p.n;
  q.k = p.k;
  q.stage = stage.str();
  return q;
}

/// The database's skipped lines, said once per database and process.
static void warnOnce(Operation *at, const tuning::TuningDb &db) {
  std::string warning = db.warning();
  if (warning.empty())
    return;
  static std::mutex mutex;
  static std::set<std::string> said;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (!said.insert(db.source + "\n" + warning).second)
      return;
  }
  at->emitWarning("tuning database ") << db.source << ": " << warning;
}

/// The first option of `options` not in `allowed`, or "".
static std::string unexpectedOption(StringRef options,
                                    ArrayRef<StringRef> allowed) {
  SmallVector<StringRef> items;
  options.split(items, ' ', -1, /*KeepEmpty=*/false);
  for (StringRef item : items) {
    StringRef key = item.split('=').first;
    if (!llvm::is_contained(allowed, key))
      return key.str();
  }
  return "";
}

FailureOr<std::optional<TunedRungPlan>> mlir::gemm_opt::lookupTunedPlan(
    Operation *at, const GemmProblem &problem, StringRef chip,
    const TuningOptions &options, StringRef rung,
    ArrayRef<StringRef> planOptions) {
  if (options.db.empty())
    return std::optional<TunedRungPlan>();
  tuning::TuningDb db;
  std::string error;
  if (!tuning::loadTuningDb(options.db, db, error)) {
    at->emitError(error);
    return failure();
  }
  warnOnce(at, db);
  tuning::TuningProblem q = tuningProblem(
      problem, chip, options.stage.empty() ? rung : StringRef(options.stage));
  tuning::TuningMatch match = tuning::findTuning(db, q, options.device);
  // Strict lookups compile the tuner's candidates: each must be exactly
  // the entry written for this problem, or nothing measured is what it
  // says.
  if (options.strict && !match.exact) {
    at->emitError("tuning database ")
        << db.source << " has no entry for " << q.str()
        << " (tuning-db-strict takes exact entries only)";
    return failure();
  }
  if (!match.entry) {
    GEMM_OPT_DBG() << rung << ": no entry for " << q.str() << " in "
                   << db.source << " (" << db.entries.size()
                   << " entries): the heuristics\n";
    return std::optional<TunedRungPlan>();
  }
  const tuning::TuningEntry &e = *match.entry;
  // The heuristics' own plan won the entry's sweep: a neighbour takes its
  // own heuristics (the plan for its M), not that plan for another M.
  if (!match.exact && e.heuristic) {
    GEMM_OPT_DBG() << rung << ": the entry for " << e.problem.str()
                   << " is the heuristics' own plan: the heuristics for "
                   << q.str() << "\n";
    return std::optional<TunedRungPlan>();
  }
  TunedRungPlan tuned;
  tuned.exact = match.exact;
  llvm::raw_string_ostream origin(tuned.origin);
  if (match.exact) {
    origin << "the entry for " << q.str();
  } else {
    origin << "the entry for ";
    if (match.otherTypes)
      origin << e.problem.str() << ", types of the same widths";
    else
      origin << "M = " << e.problem.m;
    if (e.problem.m != q.m)
      origin << ", the nearest in M = " << q.m << "'s bucket (M <= "
             << (tuning::mBucket(q.m) == INT64_MAX
                     ? std::string("any")
                     : std::to_string(tuning::mBucket(q.m)))
             << ")";
    origin << ", for " << q.str();
  }
  // Which GPU measured it, where a GPU was asked for or another one's
  // entry stands in (entries that name no GPU say nothing).
  if (!e.device.empty() && (match.otherDevice || !options.device.empty())) {
    origin << ", measured on " << e.device;
    if (match.otherDevice)
      origin << " (none on " << tuning::preferredTuningDevice(options.device)
             << ")";
  }
  origin << " (" << llvm::format("%.4f", e.ms) << " ms";
  if (e.cublasMs > 0)
    origin << ", " << llvm::format("%.1f", 100 * e.cublasMs / e.ms)
           << "% of cuBLAS";
  origin << ", " << db.source << ")";
  auto part = e.plan.find(rung.str());
  if (part == e.plan.end()) {
    GEMM_OPT_DBG() << rung << ": " << tuned.origin
                   << " has no plan for this rung: the heuristics\n";
    return std::optional<TunedRungPlan>();
  }
  tuned.options = part->second;
  GEMM_OPT_DBG() << rung << ": " << tuned.origin << ": " << tuned.options
                 << "\n";
  std::string bad = unexpectedOption(tuned.options, planOptions);
  if (!bad.empty()) {
    if (failed(rejectTunedPlan(
            at, tuned, rung,
            "option '" + bad + "' is not one of the rung's plan options (" +
                llvm::join(planOptions, ", ") + ")",
            options.strict)))
      return failure();
    return std::optional<TunedRungPlan>();
  }
  return std::optional<TunedRungPlan>(std::move(tuned));
}

LogicalResult mlir::gemm_opt::rejectTunedPlan(Operation *at,
                                              const TunedRungPlan &tuned,
                                              StringRef rung, StringRef why,
                                              bool strict) {
  GEMM_OPT_DBG() << rung << ": the tuned plan does not apply: " << why
                 << "\n";
  if (strict)
    return at->emitError("tuning database: the '")
           << rung << "' plan '" << tuned.options << "' of " << tuned.origin
           << " does not apply: " << why;
  at->emitRemark("tuning database: the '")
      << rung << "' plan '" << tuned.options << "' of " << tuned.origin
      << " does not apply (" << why << "); the heuristics plan instead";
  return success();
}

LogicalResult mlir::gemm_opt::reportTunedPlan(Operation *at,
                                              const TunedRungPlan &tuned,
                                              StringRef rung, StringRef why,
                                              RungTuning &tuning) {
  if (!why.empty()) {
    ++tuning.rejected;
    return rejectTunedPlan(at, tuned, rung, why, tuning.strict);
  }
  ++tuning.used;
  at->emitRemark("tuning database: '")
      << rung << "' plan '" << tuned.options << "' from " << tuned.origin;
  return success();
}
