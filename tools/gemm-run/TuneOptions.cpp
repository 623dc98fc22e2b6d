//===- TuneOptions.cpp - gemm-run's tuning options ------------------------===//

#include "TuneOptions.h"
#include "DynamicRun.h"

#include <optional>
#include <sstream>

namespace cl = llvm::cl;
using namespace gemm_run;

cl::OptionCategory &gemm_run::tuneOptionCategory() {
  static cl::OptionCategory c("Tuning (JIT mode; docs/architecture.md, \"Tuning database\"); gemm-run "
                              "--merge-tuning-db OUT IN... merges databases, the fastest entry per problem");
  return c;
}

namespace {
cl::opt<std::string> tuningDb("tuning-db", cl::value_desc("FILE|default|''"), cl::init("default"),
                              cl::desc("the mma and wgmma rungs' tuning database: 'default' (the committed one: H200, "
                                       "H100), '' (none) or a file; with --tune, where the winners go (none unless "
                                       "given)"),
                              cl::cat(tuneOptionCategory()));
cl::opt<std::string> tuningDevice("tuning-device", cl::value_desc("auto|NAME|''"), cl::init("auto"),
                                  cl::desc("the GPU whose --tuning-db entries come first, by its CUDA name ('NVIDIA "
                                           "H100 80GB HBM3'): 'auto' (default) the --device that runs the stages, "
                                           "the H200 (the reference) with --compile-only or ''"),
                                  cl::cat(tuneOptionCategory()));
cl::opt<bool> tune("tune",
                   cl::desc("sweep the plans of --stages (mma or wgmma; default wgmma) for --shape or each --suite "
                            "shape: compile each candidate, check and time it interleaved against cuBLAS, append "
                            "the fastest that passed to --tuning-db"),
                   cl::cat(tuneOptionCategory()));
cl::opt<bool> tuneDryRun("tune-dry-run", cl::desc("--tune without a GPU: list the candidates and compile them"),
                         cl::cat(tuneOptionCategory()));
cl::opt<unsigned> tuneMax("tune-max", cl::value_desc("N"), cl::init(24), cl::cat(tuneOptionCategory()),
                          cl::desc("candidates per shape (and shard) besides the heuristics' plan (default 24)"));
cl::opt<unsigned> tuneConfirm("tune-confirm", cl::value_desc("N"), cl::init(3), cl::cat(tuneOptionCategory()),
                              cl::desc("measure the N best candidates and the heuristics' plan a second time and pick "
                                       "by that round alone (default 3; 0: the first round picks)"));
cl::opt<double> tuneCandidateTimeout(
    "tune-candidate-timeout", cl::value_desc("S"), cl::init(120),
    cl::cat(tuneOptionCategory()),
    cl::desc("seconds one candidate's check and timing may take; past them "
             "the sweep stops, naming the candidate, and exits 5 (a kernel "
             "that hangs cannot be taken back; the shapes swept before are "
             "in the database); 0: no limit (default 120)"));
cl::opt<bool> tuneRecordAll("tune-record-all", cl::desc("append every candidate that passed, not only the winner"),
                            cl::cat(tuneOptionCategory()));
cl::opt<std::string> shardText("shard", cl::value_desc("i/n"), cl::init("0/1"), cl::cat(tuneOptionCategory()),
                               cl::desc("with --tune: this process's share of the sweep: every n-th shape of --suite "
                                        "from the i-th, else every n-th candidate of --shape"));
/// --tuning-device auto, resolved (resolveTuningDevice).
std::optional<std::string> resolvedDevice;
} // namespace

void gemm_run::resolveTuningDevice(const std::string &gpu) {
  if (tuningDevice == "auto")
    resolvedDevice = gpu;
}

TuneSettings gemm_run::tuneSettings() {
  TuneSettings s;
  s.tune = tune;
  s.dryRun = tuneDryRun;
  s.recordAll = tuneRecordAll;
  s.maxCount = tuneMax;
  s.confirm = tuneConfirm;
  s.candidateTimeout = tuneCandidateTimeout;
  s.shard = shardText;
  s.rungDb = tuningDb;
  // Unresolved (no GPU opened yet), auto names no GPU: the reference.
  if (resolvedDevice)
    s.device = *resolvedDevice;
  else if (tuningDevice != "auto")
    s.device = tuningDevice;
  s.dbOut = tuningDb.getNumOccurrences() ? tuningDb.getValue() : "";
  return s;
}

void gemm_run::checkTuneUsage() {
  if (tuneCandidateTimeout < 0) {
    std::ostringstream got;
    got << tuneCandidateTimeout.getValue();
    usageError(
        "--tune-candidate-timeout must be 0 (no limit) or more seconds, got " +
        got.str());
  }
  if (tune || tuneDryRun)
    return;
  for (const cl::Option *o : std::initializer_list<const cl::Option *>{
           &tuneMax, &tuneConfirm, &tuneRecordAll, &tuneCandidateTimeout,
           &shardText})
    if (o->getNumOccurrences())
      usageError("--" + o->ArgStr.str() + " is an option of --tune (or --tune-dry-run)");
}
