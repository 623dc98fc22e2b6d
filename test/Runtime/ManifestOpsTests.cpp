//===- ManifestOpsTests.cpp - Unit tests: version-2 manifests -------------===//
//
// A function of several ops (docs/manifest.md, "Several ops in one
// function"): the writer's layout, the round trip, and every rejection of
// the reader and validateManifest with its message; softmax buffers of
// rank 2 or more (version 1 and 2).
//
//===----------------------------------------------------------------------===//
#include "gemm-opt/Runtime/Manifest.h"
#include "JsonTestHelpers.h"

#include <string>

using namespace gemm_opt::runtime;

/// An attention block S = Q K^T, P = softmax(S), O = P V (130 x 67, head
/// 64), as gemm-opt writes it: three ops, the last with a scratch buffer.
static KernelManifest sampleAttention() {
  KernelManifest m;
  m.version = kManifestVersionOps;
  m.stage = "mma";
  m.chip = "sm_90";
  m.func = "attention";
  OpDesc qk;
  qk.op = "matmul";
  qk.matmul = {130, 67, 64, 0, ElemType::F16, ElemType::F16, ElemType::F16, false, true};
  qk.operands = {{"A", "arg0"}, {"B", "arg1"}, {"C", "temp0"}};
  OpDesc softmax;
  softmax.op = "softmax";
  softmax.softmax = {130, 67, ElemType::F16, ElemType::F16};
  softmax.operands = {{"X", "temp0"}, {"Y", "temp1"}};
  OpDesc pv;
  pv.op = "matmul";
  pv.matmul = {130, 64, 67, 0, ElemType::F16, ElemType::F16, ElemType::F16};
  pv.operands = {{"A", "temp1"}, {"B", "arg2"}, {"C", "result0"}};
  m.ops = {qk, softmax, pv};
  m.buffers = {{"arg0", "arg", ElemType::F16, {130, 64}},     {"arg1", "arg", ElemType::F16, {67, 64}},
               {"arg2", "arg", ElemType::F16, {67, 64}},      {"result0", "result", ElemType::F16, {130, 64}},
               {"temp0", "temp", ElemType::F16, {130, 67}},   {"temp1", "temp", ElemType::F16, {130, 67}},
               {"scratch0", "scratch", ElemType::F16, {67, 72}}};
  auto kernel = [](const char *name, uint32_t op, std::vector<KernelParam> params) {
    KernelDesc k;
    k.name = name;
    k.op = op;
    k.grid = {{5, 3, 1}};
    k.block = {{128, 1, 1}};
    k.params = std::move(params);
    return k;
  };
  m.kernels = {kernel("attention_op0_kernel", 0,
                      {KernelParam::ptr("arg0"), KernelParam::ptr("arg1"), KernelParam::ptr("temp0")}),
               kernel("attention_op1_kernel", 1, {KernelParam::ptr("temp0"), KernelParam::ptr("temp1")}),
               kernel("attention_op2_kernel", 2, {KernelParam::ptr("arg2"), KernelParam::ptr("scratch0")}),
               kernel("attention_op2_kernel_0", 2,
                      {KernelParam::ptr("temp1"), KernelParam::ptr("scratch0"), KernelParam::ptr("result0")})};
  return m;
}

/// A version-1 softmax of rows x cols (f32, X and Y 2-D) launching the
/// sample's softmax kernel.
static KernelManifest softmaxAlone(const KernelManifest &m, int64_t rows, int64_t cols) {
  KernelManifest v1;
  v1.op = "softmax";
  v1.stage = "softmax-rows";
  v1.chip = "sm_90";
  v1.func = "softmax";
  v1.softmax = {rows, cols, ElemType::F32, ElemType::F32};
  v1.buffers = {{"X", "X", ElemType::F32, {rows, cols}}, {"Y", "Y", ElemType::F32, {rows, cols}}};
  v1.kernels = {m.kernels[1]};
  v1.kernels[0].op = 0;
  v1.kernels[0].params = {KernelParam::ptr("X"), KernelParam::ptr("Y")};
  return v1;
}

static void testOpsRoundTrip() {
  KernelManifest m = sampleAttention();
  std::string err;
  EXPECT_MSG(validateManifest(m, err), err);
  std::string json = toJson(m);
  KernelManifest back;
  EXPECT_MSG(parseManifest(json, back, err), err);
  EXPECT(back == m);
  EXPECT(toJson(back) == json);
  // The documented layout: no top-level op or problem, one line per op,
  // each kernel's op right after its name.
  EXPECT(!contains(json, "\"problem\": {\"m\": 130, \"n\": 67, \"k\": 64, \"beta\": 0, \"a\": \"f16\", \"b\": "
                         "\"f16\", \"c\": \"f16\", \"layout\": \"nt\"},\n"));
  EXPECT_MSG(contains(json, "  \"func\": \"attention\",\n  \"ops\": [\n    {\"op\": \"matmul\", \"problem\": {\"m\": "
                            "130, \"n\": 67, \"k\": 64, \"beta\": 0, \"a\": \"f16\", \"b\": \"f16\", \"c\": \"f16\", "
                            "\"layout\": \"nt\"}, \"operands\": {\"A\": \"arg0\", \"B\": \"arg1\", \"C\": \"temp0\"}},\n"),
             json);
  EXPECT_MSG(contains(json, "{\"op\": \"softmax\", \"problem\": {\"rows\": 130, \"cols\": 67, \"x\": \"f16\", \"y\": "
                            "\"f16\"}, \"operands\": {\"X\": \"temp0\", \"Y\": \"temp1\"}},\n"),
             json);
  EXPECT(contains(json, "\"name\": \"attention_op2_kernel_0\",\n      \"op\": 2,\n      \"grid\""));
  EXPECT(!contains(json, "\"op\": \"matmul\",\n  \"stage\""));
  // A version-1 manifest has no op index on its kernels.
  KernelManifest v1 = softmaxAlone(m, 2, 3);
  EXPECT_MSG(validateManifest(v1, err), err);
  EXPECT(!contains(toJson(v1), "\"op\": 0"));
}

/// validateManifest rejects the manifest `edit` makes of the sample (some
/// edits, such as a top-level op, are not written by a version-2 writer).
static void expectInvalid(void (*edit)(KernelManifest &), const std::string &needle, int line) {
  KernelManifest m = sampleAttention();
  edit(m);
  std::string err;
  bool ok = validateManifest(m, err);
  if (!ok && contains(err, needle)) {
    ++gPassed;
  } else {
    ++gFailed;
    std::printf("FAILED line %d: expected invalid with '%s', got ok=%d error='%s'\n", line, needle.c_str(), ok,
                err.c_str());
  }
}
#define EXPECT_INVALID(body, needle) expectInvalid([](KernelManifest &m) { body; }, needle, __LINE__)

#define EXPECT_READER_REJECTS(json, needle) EXPECT(rejects(json, needle))

static void testOpsReaderRejects() {
  const std::string good = toJson(sampleAttention());
  EXPECT_READER_REJECTS(replaced(good, "\"version\": 2", "\"version\": 3"), "version: unsupported version 3");
  // Version-1 fields in version 2, and version-2 fields in version 1.
  EXPECT_READER_REJECTS(replaced(good, "\"stage\"", "\"op\": \"matmul\", \"stage\""), "top level: unknown field \"op\"");
  EXPECT_READER_REJECTS(replaced(good, "\"ops\"", "\"problem\": {}, \"ops\""), "unknown field \"problem\"");
  EXPECT_READER_REJECTS(replaced(good, "\"version\": 2", "\"version\": 1"), "top level: missing field \"op\"");
  EXPECT_READER_REJECTS(replaced(good, "  \"ops\": [", "  \"opz\": ["), "top level: missing field \"ops\"");
  EXPECT_READER_REJECTS(replaced(good, "      \"op\": 0,\n", ""), "kernels[0]: missing field \"op\"");
  EXPECT_READER_REJECTS(replaced(good, "\"op\": 1,", "\"op\": -1,"), "kernels[1].op: value -1 out of range");
  EXPECT_READER_REJECTS(replaced(good, "\"op\": 1,", "\"op\": \"1\","), "kernels[1].op: expected integer, found string");
  // An op's fields.
  EXPECT_READER_REJECTS(replaced(good, "{\"op\": \"softmax\"", "{\"op\": \"conv\""),
                    "ops[1].op: unknown op \"conv\" (expected matmul or softmax)");
  EXPECT_READER_REJECTS(replaced(good, "\"operands\": {\"X\": \"temp0\", ", "\"operands\": {"),
                    "ops[1].operands: missing field \"X\"");
  EXPECT_READER_REJECTS(replaced(good, "\"Y\": \"temp1\"}", "\"Y\": \"temp1\", \"Z\": \"temp0\"}"),
                    "ops[1].operands: unknown field \"Z\"");
  EXPECT_READER_REJECTS(replaced(good, "\"X\": \"temp0\"", "\"X\": 0"), "ops[1].operands.X: expected string");
  EXPECT_READER_REJECTS(replaced(good, "\"operands\": {\"X\"", "\"operand\": {\"X\""), "ops[1]: missing field \"operands\"");
  EXPECT_READER_REJECTS(replaced(good, "\"rows\": 130", "\"rows\": 0"), "ops[1].problem.rows: value 0 out of range");
  EXPECT_READER_REJECTS(replaced(good, "\"ops\": [", "\"ops\": {\"x\": ["), "JSON parse error");
  EXPECT_READER_REJECTS(replaced(good, "  \"ops\": [\n", "  \"ops\": 3, \"x\": [\n"), "ops: expected array");
}

static void testOpsValidation() {
  EXPECT_INVALID(m.ops.clear(), "manifest: no ops");
  EXPECT_INVALID(m.op = "matmul", "unknown op \"matmul\" (a version-2 manifest has its ops in \"ops\")");
  // Operands: exactly the op's roles, naming buffers of the problem's shapes.
  EXPECT_INVALID(std::swap(m.ops[0].operands[0], m.ops[0].operands[1]),
                 "ops[0]: operands of a matmul are exactly A, B, C, in this order");
  EXPECT_INVALID(m.ops[1].operands[1].second = "temp2", "ops[1]: operand Y names unknown buffer \"temp2\"");
  EXPECT_INVALID(m.ops[0].matmul.transposeB = false,
                 "ops[0]: buffer \"arg1\" (role B) must have shape [64, 67] (layout nn: B is K x N)");
  EXPECT_INVALID(m.ops[2].matmul.a = ElemType::BF16,
                 "ops[2]: buffer \"temp1\" (role A) has elem f16 but the problem says bf16");
  EXPECT_INVALID(m.ops[1].operands[1].second = "temp0", "ops[1]: output Y (\"temp0\") is also its input X");
  // Buffers: function roles only, listed in order, arguments by position.
  EXPECT_INVALID(m.buffers[4].role = "C",
                 "buffers[4] (\"temp0\"): role \"C\" is not valid for a version-2 manifest (expected arg, result, temp "
                 "or scratch)");
  EXPECT_INVALID(std::swap(m.buffers[0], m.buffers[1]),
                 "buffers[0] (\"arg1\"): argument buffer must be named \"arg0\" (arguments are named by position)");
  EXPECT_INVALID(std::swap(m.buffers[3], m.buffers[4]),
                 "buffers[4] (\"result0\"): role \"result\" after a \"temp\" buffer (buffers are listed args, "
                 "results, temps, scratch)");
  // Kernels: op indices in range, in order, every op at least one kernel.
  EXPECT_INVALID(m.kernels[3].op = 3, "kernels[3] (\"attention_op2_kernel_0\"): op 3 out of range (3 ops)");
  EXPECT_INVALID(m.kernels[2].op = 0,
                 "kernels[2] (\"attention_op2_kernel\"): op 0 after op 1 (an op's kernels follow each other, ops in "
                 "order)");
  EXPECT_INVALID(m.kernels[1].op = 0, "ops[1] has no kernel");
  EXPECT_INVALID(m.kernels.pop_back(); m.kernels.pop_back(), "ops[2] has no kernel");
  EXPECT_INVALID(m.kernels[0].op = 1, "ops[0] has no kernel");
  // The per-kernel checks of version 1 hold too.
  EXPECT_INVALID(m.kernels[1].params[0].buffer = "S",
                 "kernels[1] (\"attention_op1_kernel\"): params[0]: ptr names unknown buffer \"S\"");
  EXPECT_INVALID(m.kernels[2].programmaticDependent = true; m.kernels[0].programmaticDependent = true,
                 "the first kernel cannot be programmatic_dependent");
  // Version 1 holds no ops and no op indices.
  KernelManifest v1 = sampleAttention();
  v1.version = kManifestVersion;
  std::string err;
  EXPECT(!validateManifest(v1, err) && contains(err, "unknown op \"\""));
}

/// The sample over 2 heads: batched matmuls and a softmax over the last
/// dimension of S [2, 130, 67], whose buffers keep their 3-D shapes while
/// its rows are both heads' (docs/manifest.md).
static void overTwoHeads(KernelManifest &m) {
  m.ops[0].matmul.batch = m.ops[2].matmul.batch = 2;
  m.ops[1].softmax.rows = 260;
  for (BufferDesc &b : m.buffers)
    if (b.role != "scratch")
      b.shape.insert(b.shape.begin(), 2);
}

/// A softmax's X and Y may be N-D, [d0, ..., cols], when d0 * ... = rows.
static void testSoftmaxRowsBuffers() {
  KernelManifest m = sampleAttention();
  overTwoHeads(m);
  std::string err;
  EXPECT_MSG(validateManifest(m, err), err);
  std::string json = toJson(m);
  KernelManifest back;
  EXPECT_MSG(parseManifest(json, back, err) && back == m, err);
  EXPECT(contains(json, "{\"op\": \"softmax\", \"problem\": {\"rows\": 260, \"cols\": 67, "));
  EXPECT(contains(json, "{\"name\": \"temp0\", \"role\": \"temp\", \"elem\": \"f16\", \"shape\": [2, 130, 67]}"));
  EXPECT_INVALID(overTwoHeads(m); m.ops[1].softmax.rows = 130,
                 "ops[1]: buffer \"temp0\" (role X) must have shape [130, 67], or [d0, ..., 67] with d0 * ... = 130 "
                 "rows, got [2, 130, 67]");
  EXPECT_INVALID(overTwoHeads(m); m.ops[1].softmax.rows = 261, "(role X) must have shape [261, 67], or");
  EXPECT_INVALID(overTwoHeads(m); m.ops[1].softmax.cols = 130, "(role X) must have shape [260, 130], or");

  // Version 1: X and Y each of any rank >= 2 whose leading dimensions
  // multiply to the rows.
  KernelManifest v1 = softmaxAlone(m, 8, 1000);
  auto withShapes = [&](std::vector<int64_t> x, std::vector<int64_t> y) {
    KernelManifest edited = v1;
    edited.buffers = {{"X", "X", ElemType::F32, x}, {"Y", "Y", ElemType::F32, y}};
    err.clear();
    return validateManifest(edited, err);
  };
  EXPECT_MSG(withShapes({2, 4, 1000}, {8, 1000}), err);
  EXPECT_MSG(withShapes({2, 2, 2, 1000}, {4, 2, 1000}), err);
  EXPECT(!withShapes({3, 3, 1000}, {8, 1000}) &&
         contains(err, "manifest: buffer \"X\" (role X) must have shape [8, 1000], or [d0, ..., 1000] with d0 * "
                       "... = 8 rows, got [3, 3, 1000]"));
  EXPECT(!withShapes({8, 1000}, {2, 2, 1000}) && contains(err, "(role Y) must have shape [8, 1000], or"));
  EXPECT(!withShapes({8000}, {8, 1000}) && contains(err, "got [8000]"));
  EXPECT(!withShapes({8, 1000, 1}, {8, 1000}) && contains(err, "got [8, 1000, 1]"));
  EXPECT(!withShapes({1, 8, 1000}, {8, 1, 1000, 1}) && contains(err, "got [8, 1, 1000, 1]"));
  // Leading dimensions whose 64-bit product wraps to the rows ((2^61 + 1)
  // * 8 = 2^64 + 8) are too large a buffer long before.
  EXPECT(!withShapes({(int64_t(1) << 61) + 1, 8, 1000}, {8, 1000}) && contains(err, "more than the 2^48 bytes"));
  EXPECT(!withShapes({0, 8, 1000}, {8, 1000}) && contains(err, "non-positive dimension"));
}

void testManifestOps() {
  testOpsRoundTrip();
  testOpsReaderRejects();
  testOpsValidation();
  testSoftmaxRowsBuffers();
}
