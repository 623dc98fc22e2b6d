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

/// What gemm-run's own options say; the tuning options: TuneOptions.h.
struct TuneRequest {
  /// The problem but its shape (gemm-run's options, as for --shape).
  gemm_opt::runtime::CompileRequest base;
  std::string shape, suiteFile; ///< one of them
  bool stagesGiven = false;     ///< --stages (else wgmma)
  std::string jsonOut;          ///< every candidate's results (resultsToJson)
  gemm_opt::runtime::BenchOptions bench;
  int device = 0;
  std::string commandLine;
  /// An input file, --ptx, --compile-only, --op softmax or --dynamic.
  bool otherInputs = false;
};

/// Runs the sweep; gemm-run's exit code (0, 1 none passed, 2 usage or
/// compile errors of the baseline, 3 no device, 4 run errors). Exits 2
/// after a usage error, 5 when a candidate outlives
/// --tune-candidate-timeout.
int runTune(const TuneRequest &request);

/// `gemm-run --merge-tuning-db OUT IN...`: the entries of every IN (of
/// this compiler's version), one per problem (the fastest), into OUT.
int mergeTuningDbMain(int argc, char **argv);

/// --version names gemm-run's version and commit after LLVM's (MLIR
/// builds: the runtime-only one has no compiler version).
void addVersionPrinter();

} // namespace gemm_run

#endif // GEMM_RUN_TUNE_H
