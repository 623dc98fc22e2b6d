//===- Suite.h - A list of matmul shapes run as one benchmark ---*- C++ -*-===//
//
// `gemm-run --suite FILE` runs every line of a shape list (for example
// ../shared/suites/llm-layers.txt: "M N K" per line, `#` comments) through
// the requested stages and summarizes the results: per stage, the geometric
// mean of % of cuBLAS (interleaved medians) over every shape and per M.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_SUITE_H
#define GEMM_OPT_RUNTIME_SUITE_H

#include "gemm-opt/Runtime/Bench.h"

#include "llvm/Support/JSON.h"

#include <array>
#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace gemm_opt::runtime {

using SuiteShape = std::array<int64_t, 3>; // M, N, K

/// Parses a suite: one "M N K" per line (positive integers, separated by
/// blanks), blank lines and `#` comments ignored. On failure `err` names the
/// line and what is wrong with it.
bool parseSuite(const std::string &text, std::vector<SuiteShape> &shapes, std::string &err);

/// Geometric means of % of cuBLAS (interleaved) of one stage.
struct SuiteStageSummary {
  double geomean = 0;                 // over every shape that passed and was timed
  std::map<int64_t, double> byM;      // per M
  int shapes = 0, notTimed = 0;       // timed shapes; shapes that failed or were not timed
  double worst = 0;                   // the lowest % of cuBLAS
  std::string worstShape;
};

/// Per stage (in order of first appearance) the summary of `results`.
std::vector<std::pair<std::string, SuiteStageSummary>> summarizeSuite(const std::vector<StageResult> &results);

/// The summary as a table: one row per stage and M, then the overall line.
void printSuiteSummary(std::ostream &os, const std::vector<std::pair<std::string, SuiteStageSummary>> &summary);

/// The summary as JSON ({"stage": {"geomean_pct_cublas_interleaved": ...,
/// "by_m": {"1": ...}, "shapes": N, "not_timed": N, "worst": ...}}).
llvm::json::Value suiteSummaryToJson(const std::vector<std::pair<std::string, SuiteStageSummary>> &summary);
/// The results JSON (resultsToJson) with the summary added as "suite":
/// {"file": suiteFile, "stages": suiteSummaryToJson(summary)}.
std::string withSuiteSummary(const std::string &resultsJson, const std::string &suiteFile,
                             const std::vector<std::pair<std::string, SuiteStageSummary>> &summary);

} // namespace gemm_opt::runtime

#endif // GEMM_OPT_RUNTIME_SUITE_H
