//===- BatchTests.cpp - Unit tests: batched matmuls -----------------------===//
//
// The manifest's "batch" (written only above 1, read with default 1, the
// buffers' 3-D shapes) and "c_heads" (attention's output transposed: its
// C shapes, the check's reordering of that C) and "b_group" (grouped-query
// attention's K or V: B's entries), the host spot check's
// indexing of batch entries,
// the flop count, and the batch in the results.
//
//===----------------------------------------------------------------------===//
#include "gemm-opt/Runtime/Bench.h"
#include "gemm-opt/Runtime/Manifest.h"
#include "gemm-opt/Runtime/Numerics.h"
#include "../../lib/Runtime/MatmulReference.h"
#include "JsonTestHelpers.h"
#include "TestHarness.h"

#include "llvm/Support/JSON.h"

#include <sstream>
#include <string>

using namespace gemm_opt::runtime;

namespace {

/// `batch` entries of a 30 x 20 x 10 (M x N x K) bf16 matmul, B stored
/// transposed: A [batch, 30, 10], B [batch, 20, 10] ([20, 10] when
/// `shared` by every entry), C [batch, 30, 20].
KernelManifest batchManifest(int64_t batch, bool shared = false) {
  KernelManifest m;
  m.op = m.func = "matmul";
  m.stage = "naive";
  m.chip = "sm_90";
  m.matmul = {30, 20, 10, 0, ElemType::BF16, ElemType::BF16, ElemType::F32};
  m.matmul.transposeB = true;
  m.matmul.batch = batch;
  m.matmul.sharedB = shared;
  using Shape = std::vector<int64_t>;
  auto shape = [&](int64_t r, int64_t c) { return batch == 1 ? Shape{r, c} : Shape{batch, r, c}; };
  m.buffers = {{"A", "A", ElemType::BF16, shape(30, 10)},
               {"B", "B", ElemType::BF16, shared ? Shape{20, 10} : shape(20, 10)},
               {"C", "C", ElemType::F32, shape(30, 20)}};
  KernelDesc k;
  k.name = "matmul_kernel";
  k.grid = {{1, 1, static_cast<uint32_t>(batch)}};
  k.block = {{32, 32, 1}};
  k.params = {KernelParam::ptr("A"), KernelParam::ptr("B"), KernelParam::ptr("C")};
  m.kernels.push_back(k);
  return m;
}

void testManifestBatch() {
  // Batch 1 writes no "batch" (existing manifests stay byte-identical).
  std::string one = toJson(batchManifest(1));
  EXPECT_MSG(!contains(one, "batch"), one);
  KernelManifest back;
  std::string err;
  EXPECT_MSG(parseManifest(one, back, err) && back == batchManifest(1), err);
  // Batched: after the layout, read back equal; it takes part in equality.
  std::string three = toJson(batchManifest(3));
  EXPECT_MSG(contains(three, "\"layout\": \"nt\", \"batch\": 3},\n"), three);
  EXPECT_MSG(contains(three, "\"shape\": [3, 30, 10]"), three);
  EXPECT_MSG(parseManifest(three, back, err) && back == batchManifest(3), err);
  EXPECT(!(batchManifest(3) == batchManifest(2)));
  // An explicit batch of 1 reads like an absent one; a batch of 1 may
  // have 3-D buffers [1, rows, cols] (a batch_matmul of one entry).
  EXPECT_MSG(parseManifest(replaced(one, "\"layout\": \"nt\"", "\"layout\": \"nt\", \"batch\": 1"), back, err) &&
                 back == batchManifest(1),
             err);
  std::string oneAs3d = replaced(replaced(replaced(one, "[30, 10]", "[1, 30, 10]"), "[20, 10]", "[1, 20, 10]"),
                                 "[30, 20]", "[1, 30, 20]");
  EXPECT_MSG(parseManifest(oneAs3d, back, err), err);
  // A batch of several dimensions (torch-mlir's 4-D batched matmul): the
  // leading dimensions multiply to the batch (the same row-major bytes).
  std::string three4d =
      replaced(replaced(replaced(three, "[3, 30, 10]", "[1, 3, 30, 10]"), "[3, 20, 10]", "[3, 1, 20, 10]"),
               "[3, 30, 20]", "[1, 3, 1, 30, 20]");
  EXPECT_MSG(parseManifest(three4d, back, err), err);
  // One row may be stored as a vector (linalg.matvec's x and y): M = 1 with
  // A [K] and C [N], batched [batch, K] and [batch, N]; not at M = 30.
  std::string row = replaced(replaced(replaced(one, "\"m\": 30", "\"m\": 1"), "[30, 10]", "[10]"), "[30, 20]", "[20]");
  EXPECT_MSG(parseManifest(row, back, err), err);
  std::string rows3 =
      replaced(replaced(replaced(three, "\"m\": 30", "\"m\": 1"), "[3, 30, 10]", "[3, 10]"), "[3, 30, 20]", "[3, 20]");
  EXPECT_MSG(parseManifest(rows3, back, err), err);
  EXPECT_MSG(rejects(replaced(one, "[30, 10]", "[300]"), "buffer \"A\" (role A) must have shape [30, 10]"), "[300]");
  EXPECT_MSG(
      rejects(replaced(three, "[3, 30, 10]", "[2, 2, 30, 10]"), "buffer \"A\" (role A) must have shape [3, 30, 10]"),
      "[2, 2, 30, 10]");
  // Each edit is rejected: a batch out of range (grid z holds it) or not an
  // integer, a buffer without the batch first (or with one at batch 1).
  struct Edit {
    const std::string &json;
    const char *from, *to, *error;
  };
  // B shared by every entry: "shared_b" after the batch, B 2-D.
  std::string shared = toJson(batchManifest(3, true));
  EXPECT_MSG(contains(shared, "\"batch\": 3, \"shared_b\": true},\n") && contains(shared, "\"shape\": [20, 10]"),
             shared);
  EXPECT_MSG(parseManifest(shared, back, err) && back == batchManifest(3, true), err);
  EXPECT(!(batchManifest(3, true) == batchManifest(3)));
  const Edit edits[] = {
      {three, "\"batch\": 3", "\"batch\": 0", "problem.batch"},
      {three, "\"batch\": 3", "\"batch\": 2147483648", "problem.batch"},
      {three, "\"batch\": 3", "\"batch\": \"3\"", "problem.batch"},
      {three, "\"shape\": [3, 30, 10]", "\"shape\": [30, 10]",
       "buffer \"A\" (role A) must have shape [3, 30, 10] (layout nt: A is M x K)"},
      {three, "\"shape\": [3, 20, 10]", "\"shape\": [2, 20, 10]",
       "buffer \"B\" (role B) must have shape [3, 20, 10] (layout nt: B stored transposed, N x K)"},
      {three, "\"shape\": [3, 30, 20]", "\"shape\": [3, 31, 20]", "buffer \"C\" (role C) must have shape [3, 30, 20]"},
      {three, "\"shape\": [3, 30, 20]", "\"shape\": [3, 20, 30]", "buffer \"C\" (role C) must have shape [3, 30, 20]"},
      {three, "\"shape\": [3, 30, 20]", "\"shape\": [90, 3, 7]", "buffer \"C\" (role C) must have shape [3, 30, 20]"},
      {one, "\"shape\": [30, 10]", "\"shape\": [2, 30, 10]", "buffer \"A\" (role A) must have shape [30, 10]"},
      {shared, "\"shape\": [20, 10]", "\"shape\": [3, 20, 10]",
       "buffer \"B\" (role B) must have shape [20, 10] (layout nt: B stored transposed, N x K, shared by every batch "
       "entry)"},
      {three, "\"batch\": 3}", "\"batch\": 3, \"shared_b\": true}", "buffer \"B\" (role B) must have shape [20, 10]"},
      {shared, "\"shared_b\": true", "\"shared_b\": 1", "problem.shared_b"},
  };
  for (const Edit &e : edits)
    EXPECT_MSG(rejects(replaced(e.json, e.from, e.to), e.error), e.to);
  // The same bytes in other shapes: a batched C as its stacked rows, an
  // A of one entry with its rows over two dimensions (nn.Linear's 3-D
  // activation collapsed to rows).
  // A row over the last dimensions too: attention's transposed output [b,
  // q, h, d] read as the rows of h * d of the output projection's A.
  for (const Edit &e : {Edit{three, "\"shape\": [3, 30, 20]", "\"shape\": [90, 20]", ""},
                        Edit{one, "\"shape\": [30, 10]", "\"shape\": [2, 15, 10]", ""},
                        Edit{one, "\"shape\": [30, 10]", "\"shape\": [2, 15, 2, 5]", ""},
                        Edit{three, "\"shape\": [3, 30, 20]", "\"shape\": [90, 4, 5]", ""}})
    EXPECT_MSG(parseManifest(replaced(e.json, e.from, e.to), back, err), e.to + std::string(": ") + err);
}

/// "c_heads": C of 2 sequences x 3 heads stored [2, 30, 3, 20] (attention's
/// output transposed (1, 2)), written only above 1; the shapes of the same
/// bytes that keep a row of heads whole; the check's reordering of C.
void testManifestCHeads() {
  KernelManifest heads = batchManifest(6);
  heads.matmul.cHeads = 3;
  heads.buffers[2].shape = {2, 30, 3, 20};
  std::string json = toJson(heads);
  EXPECT_MSG(contains(json, "\"batch\": 6, \"c_heads\": 3},\n"), json);
  EXPECT(!contains(toJson(batchManifest(6)), "c_heads"));
  KernelManifest back;
  std::string err;
  EXPECT_MSG(parseManifest(json, back, err) && back == heads, err);
  EXPECT(!(back == batchManifest(6)));
  for (const char *shape : {"[2, 30, 60]", "[60, 60]", "[2, 30, 3, 20]", "[60, 3, 20]"})
    EXPECT_MSG(parseManifest(replaced(json, "[2, 30, 3, 20]", shape), back, err), shape + std::string(": ") + err);
  struct Edit {
    const char *from, *to, *error;
  };
  const Edit edits[] = {
      {"[2, 30, 3, 20]", "[6, 30, 20]", "buffer \"C\" (role C, c_heads 3) must have shape [2, 30, 3, 20]"},
      {"[2, 30, 3, 20]", "[2, 3, 30, 20]", "buffer \"C\" (role C, c_heads 3) must have shape [2, 30, 3, 20]"},
      {"\"c_heads\": 3", "\"c_heads\": 4", "c_heads 4 does not divide the batch (6)"},
      {"\"c_heads\": 3", "\"c_heads\": 0", "problem.c_heads"},
      {"\"beta\": 0", "\"beta\": 1", "c_heads needs beta 0"},
  };
  for (const Edit &e : edits)
    EXPECT_MSG(rejects(replaced(json, e.from, e.to), e.error), e.to);
  // Entry z = (z / h, z % h), row i, column j is stored at ((z / h) * M +
  // i) * h * N + (z % h) * N + j: the check reads it at (z * M + i) * N + j.
  MatmulProblem p;
  p.m = 2;
  p.n = 3;
  p.batch = 4;
  p.cHeads = 2;
  std::vector<double> stored(24), expected(24);
  for (size_t z = 0; z < 4; ++z)
    for (size_t i = 0; i < 2; ++i)
      for (size_t j = 0; j < 3; ++j) {
        double v = static_cast<double>(100 * z + 10 * i + j);
        stored[((z / 2) * 2 + i) * 6 + (z % 2) * 3 + j] = v;
        expected[(z * 2 + i) * 3 + j] = v;
      }
  EXPECT(inReferenceLayout(p, stored) == expected);
  p.cHeads = 1;
  EXPECT(inReferenceLayout(p, stored) == stored);
}

/// "b_group": 6 entries over B's 2 ([2, 20, 10]: grouped-query attention's
/// K for 3 query heads each), written only above 1, read back equal; B's
/// buffer must hold batch / b_group entries (of the shapes of those bytes).
void testManifestBGroup() {
  KernelManifest grouped = batchManifest(6);
  grouped.matmul.bGroup = 3;
  grouped.buffers[1].shape = {2, 20, 10};
  std::string json = toJson(grouped);
  EXPECT_MSG(contains(json, "\"batch\": 6, \"b_group\": 3},\n"), json);
  EXPECT(!contains(toJson(batchManifest(6)), "b_group"));
  KernelManifest back;
  std::string err;
  EXPECT_MSG(parseManifest(json, back, err) && back == grouped, err);
  EXPECT(!(back == batchManifest(6)));
  EXPECT(back.matmul.bEntries() == 2);
  // The key heads as the function has them: [b, g, s, d] or [b * g * s, d].
  for (const char *shape : {"[2, 20, 10]", "[1, 2, 20, 10]", "[40, 10]"})
    EXPECT_MSG(parseManifest(replaced(json, "[2, 20, 10]", shape), back, err), shape + std::string(": ") + err);
  struct Edit {
    const char *from, *to, *error;
  };
  const Edit edits[] = {
      {"[2, 20, 10]", "[6, 20, 10]", "buffer \"B\" (role B) must have shape [2, 20, 10]"},
      {"[2, 20, 10]", "[3, 20, 10]", "buffer \"B\" (role B) must have shape [2, 20, 10]"},
      {"\"b_group\": 3", "\"b_group\": 4", "b_group 4 does not divide the batch (6)"},
      {"\"b_group\": 3", "\"b_group\": 0", "problem.b_group"},
      {"\"b_group\": 3", "\"b_group\": 3, \"shared_b\": true", "b_group needs a batched B"},
  };
  for (const Edit &e : edits)
    EXPECT_MSG(rejects(replaced(json, e.from, e.to), e.error), e.to);
}

/// matmulSpotError reads entry e of each operand at e times its size: the
/// exact batched product passes, one that mixes up the entries does not.
void testSpotCheckBatches() {
  const size_t E = 3, M = 9, N = 7, K = 5;
  std::vector<float> a = randomValues(ElemType::F32, E * M * K, -1, 1, 21);
  std::vector<float> b = randomValues(ElemType::F32, E * N * K, -1, 1, 22);
  // B stored transposed: B_e(k, j) = b[e*N*K + j*K + k].
  auto product = [&](size_t shiftB) {
    std::vector<double> c(E * M * N, 0.0);
    for (size_t e = 0; e < E; ++e)
      for (size_t i = 0; i < M; ++i)
        for (size_t j = 0; j < N; ++j)
          for (size_t k = 0; k < K; ++k)
            c[e * M * N + i * N + j] +=
                double(a[e * M * K + i * K + k]) * double(b[((e + shiftB) % E) * N * K + j * K + k]);
    return c;
  };
  MatmulProblem p{int64_t(M), int64_t(N), int64_t(K), 0, ElemType::F32, ElemType::F32, ElemType::F32};
  p.transposeB = true;
  p.batch = E;
  EXPECT(matmulSpotError(p, a, b, {}, product(0), 1) < 1e-12);
  EXPECT(matmulSpotError(p, a, b, {}, product(1), 1) > 0.1);
  // B shared: every entry reads entry 0 of b.
  p.sharedB = true;
  std::vector<double> shared(E * M * N, 0.0);
  for (size_t e = 0; e < E; ++e)
    for (size_t i = 0; i < M; ++i)
      for (size_t j = 0; j < N; ++j)
        for (size_t k = 0; k < K; ++k)
          shared[e * M * N + i * N + j] += double(a[e * M * K + i * K + k]) * double(b[j * K + k]);
  EXPECT(matmulSpotError(p, a, b, {}, shared, 1) < 1e-12);
  EXPECT(matmulSpotError(p, a, b, {}, product(0), 1) > 0.1);
  p.sharedB = false;
  EXPECT(matmulFlops(p) == 2.0 * E * M * N * K);
  // B grouped: entries 0..E-1 of 3 all read b's entry 0 (b_group 3); the
  // same product as a shared B, one B entry stored.
  p.bGroup = 3;
  EXPECT(matmulSpotError(p, a, b, {}, shared, 1) < 1e-12);
  EXPECT(matmulSpotError(p, a, b, {}, product(0), 1) > 0.1);
}

void testResultsBatch() {
  StageResult r;
  r.stage = "wgmma";
  r.op = "matmul";
  r.layout = "nt";
  r.batch = 32;
  r.status = StageStatus::Pass;
  StageResult plain = r;
  plain.stage = "naive";
  plain.batch = 1;
  std::vector<llvm::json::Object> stages = parsedStages({r, plain});
  if (stages.size() == 2) {
    EXPECT(stages[0].getInteger("batch") == 32);
    EXPECT(stages[1].getInteger("batch") == 1); // always, for matmul stages
  }
  std::ostringstream os;
  printResultsTable(os, {r, plain});
  EXPECT_MSG(contains(os.str(), "batch 32 (one matmul per entry; cuBLAS strided batched): stages wgmma\n") &&
                 !contains(os.str(), "batch 1 "),
             os.str());
  EXPECT(manifestShapeString(batchManifest(3)) == "3x30x20x10");
  EXPECT(manifestShapeString(batchManifest(1)) == "30x20x10");
}

} // namespace

void testBatches() {
  testManifestBatch();
  testManifestCHeads();
  testManifestBGroup();
  testSpotCheckBatches();
  testResultsBatch();
}
