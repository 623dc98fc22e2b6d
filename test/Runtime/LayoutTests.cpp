//===- LayoutTests.cpp - Unit tests: matmul operand layouts ---------------===//
//
// The manifest's "layout" (written only when an operand is transposed, read
// with default nn, the buffers' stored shapes), the host spot check's
// indexing of transposed operands, and the layout in the results.
//
//===----------------------------------------------------------------------===//
#include "gemm-opt/Runtime/Bench.h"
#include "gemm-opt/Runtime/Manifest.h"
#include "gemm-opt/Runtime/Numerics.h"
#include "JsonTestHelpers.h"
#include "TestHarness.h"

#include "llvm/Support/JSON.h"

#include <sstream>
#include <string>

using namespace gemm_opt::runtime;

namespace {

/// A 300 x 200 x 100 (M x N x K) f16 matmul whose A and B buffers have the
/// stored shapes of `layout`.
KernelManifest layoutManifest(const std::string &layout) {
  KernelManifest m;
  m.op = m.func = "matmul";
  m.stage = "naive";
  m.chip = "sm_90";
  m.matmul = {300, 200, 100, 0, ElemType::F16, ElemType::F16, ElemType::F32};
  EXPECT(parseMatmulLayout(layout, m.matmul.transposeA, m.matmul.transposeB));
  using Shape = std::vector<int64_t>;
  m.buffers = {{"A", "A", ElemType::F16, m.matmul.transposeA ? Shape{100, 300} : Shape{300, 100}},
               {"B", "B", ElemType::F16, m.matmul.transposeB ? Shape{200, 100} : Shape{100, 200}},
               {"C", "C", ElemType::F32, {300, 200}}};
  KernelDesc k;
  k.name = "matmul_kernel";
  k.grid = {{7, 10, 1}};
  k.block = {{32, 32, 1}};
  k.params = {KernelParam::ptr("A"), KernelParam::ptr("B"), KernelParam::ptr("C")};
  m.kernels.push_back(k);
  return m;
}

void testLayoutNames() {
  bool ta = true, tb = true;
  EXPECT(parseMatmulLayout("nn", ta, tb) && !ta && !tb);
  EXPECT(parseMatmulLayout("nt", ta, tb) && !ta && tb);
  EXPECT(parseMatmulLayout("tn", ta, tb) && ta && !tb);
  EXPECT(parseMatmulLayout("tt", ta, tb) && ta && tb);
  for (const char *bad : {"", "n", "NT", "ntt", "nx", "tN"})
    EXPECT_MSG(!parseMatmulLayout(bad, ta, tb) && ta && tb, bad); // unchanged on failure
  EXPECT(std::string(matmulLayoutName(false, false)) == "nn" && std::string(matmulLayoutName(false, true)) == "nt" &&
         std::string(matmulLayoutName(true, false)) == "tn" && std::string(matmulLayoutName(true, true)) == "tt");
}

void testManifestLayouts() {
  // nn writes no "layout" (existing manifests stay byte-identical); an
  // explicit "nn" reads the same.
  std::string nn = toJson(layoutManifest("nn"));
  EXPECT_MSG(!contains(nn, "layout"), nn);
  KernelManifest back;
  std::string err;
  EXPECT_MSG(parseManifest(replaced(nn, "\"c\": \"f32\"}", "\"c\": \"f32\", \"layout\": \"nn\"}"), back, err), err);
  EXPECT(back == layoutManifest("nn") && toJson(back) == nn);
  for (const char *layout : {"nt", "tn", "tt"}) {
    KernelManifest m = layoutManifest(layout);
    EXPECT_MSG(validateManifest(m, err), err);
    std::string json = toJson(m);
    EXPECT_MSG(contains(json, std::string("\"c\": \"f32\", \"layout\": \"") + layout + "\"},\n"), json);
    EXPECT_MSG(parseManifest(json, back, err), err);
    EXPECT(back == m && toJson(back) == json);
    EXPECT(back != layoutManifest("nn")); // the layout takes part in equality
  }
  std::string nt = toJson(layoutManifest("nt")), tn = toJson(layoutManifest("tn"));
  EXPECT(rejects(replaced(nt, "\"layout\": \"nt\"", "\"layout\": \"NT\""),
                 "problem.layout: unknown layout \"NT\" (expected nn, nt, tn or tt"));
  EXPECT(rejects(replaced(nt, "\"layout\": \"nt\"", "\"layout\": \"\""), "unknown layout \"\""));
  EXPECT(rejects(replaced(nt, "\"layout\": \"nt\"", "\"layout\": 1"), "problem.layout"));
  // The A and B buffers must have the layout's stored shapes.
  EXPECT(rejects(replaced(nt, "\"shape\": [200, 100]", "\"shape\": [100, 200]"),
                 "buffer \"B\" (role B) must have shape [200, 100] (layout nt: B stored transposed, N x K)"));
  EXPECT(rejects(replaced(tn, "\"shape\": [100, 300]", "\"shape\": [300, 100]"),
                 "buffer \"A\" (role A) must have shape [100, 300] (layout tn: A stored transposed, K x M)"));
  EXPECT(rejects(replaced(nn, "\"c\": \"f32\"}", "\"c\": \"f32\", \"layout\": \"tt\"}"),
                 "buffer \"A\" (role A) must have shape [100, 300] (layout tt: A stored transposed, K x M)"));
  EXPECT(rejects(replaced(nn, "\"shape\": [100, 200]", "\"shape\": [200, 100]"),
                 "must have shape [100, 200] (layout nn: B is K x N)"));
  // Softmax problems have no layout.
  KernelManifest sm;
  sm.op = sm.func = "softmax";
  sm.stage = "online";
  sm.chip = "sm_90";
  sm.softmax = {4, 8, ElemType::F32, ElemType::F32};
  sm.buffers = {{"X", "X", ElemType::F32, {4, 8}}, {"Y", "Y", ElemType::F32, {4, 8}}};
  sm.kernels = layoutManifest("nn").kernels;
  sm.kernels[0].params = {KernelParam::ptr("X"), KernelParam::ptr("Y")};
  EXPECT(rejects(replaced(toJson(sm), "\"y\": \"f32\"}", "\"y\": \"f32\", \"layout\": \"nt\"}"),
                 "unknown field \"layout\""));
}

/// matmulSpotError reads A and B as the layout stores them: the exact
/// product passes with any layout, and a reference computed as if the
/// operands were stored otherwise does not.
void testSpotCheckLayouts() {
  const size_t M = 13, N = 7, K = 5;
  std::vector<float> a = randomValues(ElemType::F32, M * K, -1, 1, 11);
  std::vector<float> b = randomValues(ElemType::F32, K * N, -1, 1, 12);
  // ref[i][j] = sum_k A(i,k) B(k,j) with A(i,k) = a[k*M+i] (A stored
  // transposed) and B(k,j) = b[j*K+k] (B stored transposed).
  auto product = [&](bool ta, bool tb) {
    std::vector<double> c(M * N, 0.0);
    for (size_t i = 0; i < M; ++i)
      for (size_t j = 0; j < N; ++j)
        for (size_t k = 0; k < K; ++k)
          c[i * N + j] += double(ta ? a[k * M + i] : a[i * K + k]) * double(tb ? b[j * K + k] : b[k * N + j]);
    return c;
  };
  for (const char *layout : {"nn", "nt", "tn", "tt"}) {
    MatmulProblem p{int64_t(M), int64_t(N), int64_t(K), 0, ElemType::F32, ElemType::F32, ElemType::F32};
    EXPECT(parseMatmulLayout(layout, p.transposeA, p.transposeB));
    EXPECT_MSG(matmulSpotError(p, a, b, {}, product(p.transposeA, p.transposeB), 1) < 1e-12, layout);
    EXPECT_MSG(matmulSpotError(p, a, b, {}, product(!p.transposeA, p.transposeB), 1) > 0.1, layout);
    EXPECT_MSG(matmulSpotError(p, a, b, {}, product(p.transposeA, !p.transposeB), 1) > 0.1, layout);
  }
}

void testResultsLayout() {
  StageResult nt;
  nt.stage = "mma";
  nt.op = "matmul";
  nt.layout = "nt";
  nt.status = StageStatus::Pass;
  StageResult nn = nt;
  nn.stage = "naive";
  nn.layout = "nn";
  StageResult sm;
  sm.stage = "online";
  sm.op = "softmax";
  std::vector<llvm::json::Object> stages = parsedStages({nt, nn, sm});
  if (stages.size() == 3) {
    EXPECT(stages[0].getString("layout") == "nt");
    EXPECT(stages[1].getString("layout") == "nn"); // always, for matmul stages
    EXPECT(!stages[2].get("layout"));
  }
  std::ostringstream os;
  printResultsTable(os, {nt, nn});
  EXPECT_MSG(contains(os.str(), "layout nt (B stored transposed): stages mma\n") && !contains(os.str(), "layout nn"),
             os.str());
}

} // namespace

void testLayouts() {
  testLayoutNames();
  testManifestLayouts();
  testSpotCheckLayouts();
  testResultsLayout();
}
