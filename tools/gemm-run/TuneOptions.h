//===- TuneOptions.h - gemm-run's tuning options ----------------*- C++ -*-===//
//
// The command-line options of the tuner and of the rungs' tuning database,
// in every build (the runtime-only one lists them; it cannot compile, so
// --tune there ends as any compile does: with the runtime-only error).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_RUN_TUNEOPTIONS_H
#define GEMM_RUN_TUNEOPTIONS_H

#include "llvm/Support/CommandLine.h"

#include <string>

namespace gemm_run {

llvm::cl::OptionCategory &tuneOptionCategory();

/// What the options say.
struct TuneSettings {
  bool tune = false, dryRun = false, recordAll = false;
  unsigned maxCount = 24;
  /// Candidates measured a second time before the pick (--tune-confirm).
  unsigned confirm = 3;
  /// Seconds one candidate's check and timing may take before the sweep
  /// stops with its name (--tune-candidate-timeout; 0: no limit).
  double candidateTimeout = 120;
  std::string shard = "0/1";
  /// --tuning-db: the rungs' database ("default", "", a file), and with
  /// --tune where the winners go ("" unless given).
  std::string rungDb, dbOut;
  /// --tuning-device, auto resolved (resolveTuningDevice; "" before): ""
  /// (the reference GPU) or a GPU's name.
  std::string device;
};
TuneSettings tuneSettings();
/// Resolves --tuning-device auto to `gpu` (the GPU's name, "" without one):
/// what tuneSettings().device says from then on.
void resolveTuningDevice(const std::string &gpu);
/// Exits with a usage error when a tuning option is given without --tune
/// or --tune-dry-run (it would be ignored).
void checkTuneUsage();

} // namespace gemm_run

#endif // GEMM_RUN_TUNEOPTIONS_H
