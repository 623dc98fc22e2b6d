//===- SuiteTests.cpp - Unit tests: gemm-run --suite ----------------------===//
//
// Parsing a shape list and the per-stage, per-M geometric means of % of
// cuBLAS that summarize a suite run.
//
//===----------------------------------------------------------------------===//
#include "gemm-opt/Runtime/Suite.h"
#include "TestHarness.h"

#include <cmath>
#include <sstream>

using namespace gemm_opt::runtime;

namespace {

void testParse() {
  std::vector<SuiteShape> shapes;
  std::string err;
  EXPECT(parseSuite("# header\n1 15360 5120\n\n  8 5120 5120  # trailing\n4096\t4096 4096\n", shapes, err));
  EXPECT(shapes.size() == 3);
  EXPECT((shapes[0] == SuiteShape{1, 15360, 5120}));
  EXPECT((shapes[1] == SuiteShape{8, 5120, 5120}));
  EXPECT((shapes[2] == SuiteShape{4096, 4096, 4096}));
  for (const char *bad : {"1 2\n", "1 2 3 4\n", "1 0 3\n", "1 x 3\n", "1 2 -3\n", "1 2 3.5\n"}) {
    shapes.clear();
    err.clear();
    EXPECT_MSG(!parseSuite(std::string("# c\n") + bad, shapes, err), bad);
    EXPECT_MSG(contains(err, "line 2: expected \"M N K\""), err);
  }
  shapes.clear();
  EXPECT(!parseSuite("# only comments\n\n", shapes, err) && contains(err, "no shapes"));
}

StageResult result(const std::string &stage, const std::string &shape, double pct,
                   StageStatus status = StageStatus::Pass) {
  StageResult r;
  r.stage = stage;
  r.op = "matmul";
  r.shape = shape;
  r.status = status;
  r.pctCublasInterleaved = pct;
  return r;
}

void testSummary() {
  std::vector<StageResult> results = {
      result("wgmma", "1x8192x8192", 50), result("mma", "1x8192x8192", 40), result("wgmma", "1x4096x4096", 200),
      result("wgmma", "8x8192x8192", 80), result("wgmma", "8x4096x4096", 0, StageStatus::Fail),
      result("mma", "8x8192x8192", 90)};
  auto summary = summarizeSuite(results);
  EXPECT(summary.size() == 2 && summary[0].first == "wgmma" && summary[1].first == "mma");
  const SuiteStageSummary &w = summary[0].second;
  EXPECT(w.shapes == 3 && w.notTimed == 1);
  EXPECT(std::abs(w.byM.at(1) - 100.0) < 1e-9); // sqrt(50 * 200)
  EXPECT(std::abs(w.byM.at(8) - 80.0) < 1e-9);
  EXPECT(std::abs(w.geomean - std::cbrt(50.0 * 200 * 80)) < 1e-9);
  EXPECT(w.worst == 50 && w.worstShape == "1x8192x8192");
  std::ostringstream os;
  printSuiteSummary(os, summary);
  EXPECT_MSG(contains(os.str(), "suite, stage wgmma: % of cuBLAS (interleaved medians), geometric means"), os.str());
  EXPECT_MSG(contains(os.str(), "M = 1       100.0"), os.str());
  EXPECT_MSG(contains(os.str(), "over 3 shapes; worst 50.0 (1x8192x8192); 1 shape(s) failed or were not timed"),
             os.str());
  std::string json;
  llvm::raw_string_ostream js(json);
  js << suiteSummaryToJson(summary);
  EXPECT_MSG(contains(json, "\"by_m\":{\"1\":99.99") || contains(json, "\"by_m\":{\"1\":100"), json);
  EXPECT_MSG(contains(json, "\"not_timed\":1"), json);
}

} // namespace

void testSuites() {
  testParse();
  testSummary();
}
