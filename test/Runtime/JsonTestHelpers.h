//===- JsonTestHelpers.h - JSON in the runtime unit tests -------*- C++ -*-===//
//
// A manifest's JSON with one piece replaced and the reader's rejection of
// it (how LayoutTests.cpp and BatchTests.cpp check each validation rule),
// and the stage objects of a results JSON.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_OPT_TEST_RUNTIME_JSONTESTHELPERS_H
#define GEMM_OPT_TEST_RUNTIME_JSONTESTHELPERS_H

#include "gemm-opt/Runtime/Bench.h"
#include "gemm-opt/Runtime/Manifest.h"
#include "TestHarness.h"

#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

/// `s` with the first `from` replaced by `to` (a test bug when absent).
inline std::string replaced(std::string s, const std::string &from, const std::string &to) {
  size_t p = s.find(from);
  EXPECT_MSG(p != std::string::npos, "test bug: '" + from + "' not found");
  return p == std::string::npos ? s : s.replace(p, from.size(), to);
}

/// Whether the reader rejects `json` with an error containing `needle`.
inline bool rejects(const std::string &json, const std::string &needle) {
  gemm_opt::runtime::KernelManifest m;
  std::string err;
  bool ok = gemm_opt::runtime::parseManifest(json, m, err);
  if (!ok && contains(err, needle))
    return true;
  std::printf("expected a rejection containing '%s', got ok=%d error='%s'\n", needle.c_str(), ok, err.c_str());
  return false;
}

/// The "stages" objects of resultsToJson(results), which must parse (an
/// EXPECT fails and the list is empty otherwise).
inline std::vector<llvm::json::Object>
parsedStages(const std::vector<gemm_opt::runtime::StageResult> &results) {
  std::string json = gemm_opt::runtime::resultsToJson(gemm_opt::runtime::RunInfo(), results);
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(json);
  EXPECT_MSG(bool(parsed), json);
  if (!parsed) {
    llvm::consumeError(parsed.takeError());
    return {};
  }
  std::vector<llvm::json::Object> stages;
  if (const llvm::json::Array *array = parsed->getAsObject()->getArray("stages"))
    for (const llvm::json::Value &stage : *array)
      if (const llvm::json::Object *object = stage.getAsObject())
        stages.push_back(*object);
  EXPECT_MSG(stages.size() == results.size(), json);
  return stages;
}

#endif // GEMM_OPT_TEST_RUNTIME_JSONTESTHELPERS_H
