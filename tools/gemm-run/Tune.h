//===- Tune.h - gemm-run --tune and --merge-tuning-db -----------*- C++ -*-===//
//
// The autotuner: for each problem, compiles the heuristics' plan and the
// candidates of TuneCandidates.h in-process (each candidate through a
// one-entry tuning database with tuning-db-strict, so that it is exactly
// the plan named or a compile error, which prunes it), checks and times
// each interleaved against cuBLAS (runStage), and appends the fastest
// that passed its check to a tuning database (gemm-opt/Support/TuningDb.h).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_RUN_TUNE_H
#define GEMM_RUN_TUNE_H

#include "gemm-opt/Runtime/Bench.h"
#include "gemm-opt/Runtime/StageCompiler.h"

#include <string>
#include <vector>

namespace gemm_run {

struct TuneRequest {
  /// The problem but its shape; `stages` holds the one stage tuned.
  gemm_opt::runtime::CompileRequest base;
  std::vector<std::string> shapes; ///< "MxNxK", one per problem
  bool suite = false;              ///< shard the shapes, not the candidates
  unsigned maxCount = 24, shard = 0, shards = 1;
  bool dryRun = false;    ///< list and compile the candidates; no GPU
  bool recordAll = false; ///< every candidate that passed, not the winner
  std::string dbOut;      ///< append the entries here ("" = nowhere)
  std::string jsonOut;    ///< every candidate's results (resultsToJson)
  gemm_opt::runtime::BenchOptions bench;
  int device = 0;
  std::string commandLine;
};

/// Runs the sweep; gemm-run's exit code (0, 1 none passed, 2 compile
/// errors of the baseline, 3 no device, 4 run errors).
int runTune(const TuneRequest &request);

/// `gemm-run --merge-tuning-db OUT IN...`: the entries of every IN (of
/// this compiler's version), one per problem (the fastest), into OUT.
int mergeTuningDbMain(int argc, char **argv);

} // namespace gemm_run

#endif // GEMM_RUN_TUNE_H
