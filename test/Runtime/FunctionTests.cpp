//===- FunctionTests.cpp - Version-2 manifests on the runner's side -------===//
//
// The host-side logic of running a function of several ops: which buffers
// are inputs and outputs, each op's kernels and its view as a one-op
// manifest, binding arguments by position, the memory budget, and how the
// results JSON and table report a function stage.
//
//===----------------------------------------------------------------------===//
#include "TestHarness.h"
#include "gemm-opt/Runtime/Bench.h"
#include "gemm-opt/Runtime/FunctionManifest.h"
#include "gemm-opt/Runtime/MemoryBudget.h"

#include "llvm/Support/JSON.h"

#include <sstream>
#include <stdexcept>

using namespace gemm_opt::runtime;

namespace {

BufferDesc buffer(const std::string &name, const std::string &role, std::vector<int64_t> shape,
                  ElemType elem = ElemType::F16) {
  BufferDesc b;
  b.name = name;
  b.role = role;
  b.elem = elem;
  b.shape = std::move(shape);
  return b;
}

OpDesc matmulOp(int64_t m, int64_t n, int64_t k, bool transposeB, int beta, const std::string &a,
                const std::string &b, const std::string &c) {
  OpDesc o;
  o.op = "matmul";
  o.matmul.m = m;
  o.matmul.n = n;
  o.matmul.k = k;
  o.matmul.beta = beta;
  o.matmul.a = o.matmul.b = o.matmul.c = ElemType::F16;
  o.matmul.transposeB = transposeB;
  o.operands = {{"A", a}, {"B", b}, {"C", c}};
  return o;
}

OpDesc softmaxOp(int64_t rows, int64_t cols, const std::string &x, const std::string &y) {
  OpDesc o;
  o.op = "softmax";
  o.softmax.rows = rows;
  o.softmax.cols = cols;
  o.softmax.x = o.softmax.y = ElemType::F16;
  o.operands = {{"X", x}, {"Y", y}};
  return o;
}

KernelDesc kernel(const std::string &name, uint32_t op, std::vector<std::string> buffers) {
  KernelDesc k;
  k.name = name;
  k.op = op;
  k.grid = {4, 2, 1};
  k.block = {128, 1, 1};
  for (const std::string &b : buffers)
    k.params.push_back(KernelParam::ptr(b));
  k.params.push_back(KernelParam::i32(7));
  return k;
}

/// Attention at 130 queries, 259 keys, head dimension 67 (f16): S = Q K^T
/// (B stored N x K), P = softmax(S), O = P V, on tensors; the softmax takes
/// two kernels, the second matmul a scratch buffer.
KernelManifest attention() {
  KernelManifest m;
  m.version = kManifestVersionOps;
  m.stage = "mma";
  m.chip = "sm_90";
  m.func = "attention";
  m.ops = {matmulOp(130, 259, 67, true, 0, "arg0", "arg1", "temp0"), softmaxOp(130, 259, "temp0", "temp1"),
           matmulOp(130, 67, 259, false, 0, "temp1", "arg2", "result0")};
  m.buffers = {buffer("arg0", "arg", {130, 67}),       buffer("arg1", "arg", {259, 67}),
               buffer("arg2", "arg", {259, 67}),       buffer("result0", "result", {130, 67}),
               buffer("temp0", "temp", {130, 259}),    buffer("temp1", "temp", {130, 259}),
               buffer("scratch0", "scratch", {4096}, ElemType::F32)};
  m.kernels = {kernel("attention_op0", 0, {"temp0", "arg0", "arg1"}), kernel("attention_op1_max", 1, {"temp0"}),
               kernel("attention_op1", 1, {"temp1", "temp0"}),
               kernel("attention_op2", 2, {"result0", "temp1", "arg2", "scratch0"})};
  return m;
}

/// Memref form: arg3 = softmax(arg0 * arg1) accumulated into arg3 (beta = 1,
/// so arg3 is read first), then arg0 overwritten by a matmul of temp0: an
/// argument both read and written, one written only after it was read.
KernelManifest memrefFunction() {
  KernelManifest m;
  m.version = kManifestVersionOps;
  m.stage = "naive";
  m.chip = "sm_90";
  m.func = "mm_softmax_mm";
  m.ops = {matmulOp(64, 64, 64, false, 1, "arg0", "arg1", "arg3"), softmaxOp(64, 64, "arg3", "temp0"),
           matmulOp(64, 64, 64, false, 0, "temp0", "arg2", "arg0")};
  m.buffers = {buffer("arg0", "arg", {64, 64}), buffer("arg1", "arg", {64, 64}), buffer("arg2", "arg", {64, 64}),
               buffer("arg3", "arg", {64, 64}), buffer("temp0", "temp", {64, 64})};
  m.kernels = {kernel("k0", 0, {"arg3", "arg0", "arg1"}), kernel("k1", 1, {"temp0", "arg3"}),
               kernel("k2", 2, {"arg0", "temp0", "arg2"})};
  return m;
}

void testBufferUses() {
  KernelManifest m = attention();
  std::vector<BufferUse> u = functionBufferUses(m);
  EXPECT(u.size() == m.buffers.size());
  // Q, K, V: inputs, never written; O: the output; S, P and scratch: neither.
  for (size_t i = 0; i < 3; ++i)
    EXPECT(u[i].input && !u[i].written && !u[i].output);
  EXPECT(!u[3].input && u[3].written && u[3].output);
  EXPECT(!u[4].input && u[4].written && !u[4].output);
  EXPECT(!u[5].input && u[5].written && !u[5].output);
  EXPECT(!u[6].input && !u[6].written && !u[6].output);

  KernelManifest r = memrefFunction();
  u = functionBufferUses(r);
  // arg0: read by op 0, overwritten by op 2: input and output.
  EXPECT(u[0].input && u[0].written && u[0].output);
  EXPECT(u[1].input && !u[1].output);
  EXPECT(u[2].input && !u[2].output);
  // arg3: C of a beta = 1 matmul counts as read before it is written.
  EXPECT(u[3].input && u[3].written && u[3].output);
  EXPECT(!u[4].input && u[4].written && !u[4].output);
  // With beta = 0 arg3 is written first: an output only.
  r.ops[0].matmul.beta = 0;
  u = functionBufferUses(r);
  EXPECT(!u[3].input && u[3].output);

  EXPECT((opInputs(m.ops[0]) == std::vector<std::string>{"arg0", "arg1"}));
  EXPECT((opInputs(r.ops[1]) == std::vector<std::string>{"arg3"}));
  EXPECT(opOutput(m.ops[1]) == "temp1" && opOutput(m.ops[2]) == "result0");
}

void testOpViews() {
  KernelManifest m = attention();
  EXPECT((opKernelRange(m, 0) == std::pair<size_t, size_t>{0, 1}));
  EXPECT((opKernelRange(m, 1) == std::pair<size_t, size_t>{1, 3}));
  EXPECT((opKernelRange(m, 2) == std::pair<size_t, size_t>{3, 4}));
  EXPECT((opKernelRange(m, 3) == std::pair<size_t, size_t>{4, 4}));

  // Each op on its own is a valid one-op manifest: v1 roles, its kernels,
  // the scratch buffers they name.
  for (size_t i = 0; i < m.ops.size(); ++i) {
    KernelManifest v1 = opManifest(m, i);
    std::string err;
    EXPECT_MSG(validateManifest(v1, err), "op " + std::to_string(i) + ": " + err);
    EXPECT(v1.version == kManifestVersion && v1.op == m.ops[i].op);
  }
  KernelManifest op2 = opManifest(m, 2);
  EXPECT(op2.kernels.size() == 1 && op2.kernels[0].name == "attention_op2" && op2.kernels[0].op == 0);
  EXPECT(op2.buffers.size() == 4 && op2.findBuffer("temp1")->role == "A" && op2.findBuffer("result0")->role == "C" &&
         op2.findBuffer("scratch0")->role == "scratch");
  KernelManifest op1 = opManifest(m, 1);
  EXPECT(op1.kernels.size() == 2 && op1.findBuffer("temp0")->role == "X" && !op1.findBuffer("scratch0"));
  EXPECT(opSummary(m, 0) == "matmul 130x259x67");
  EXPECT(opSummary(m, 1) == "softmax 130x259");
}

void testBindingByPosition() {
  KernelManifest m = attention();
  EXPECT((functionArgumentBuffers(m) == std::vector<size_t>{0, 1, 2}));
  // An argument out of position order cannot be bound by position.
  std::swap(m.buffers[0], m.buffers[1]);
  bool threw = false;
  try {
    functionArgumentBuffers(m);
  } catch (const std::invalid_argument &e) {
    threw = contains(e.what(), "\"arg1\", expected \"arg0\"");
  }
  EXPECT(threw);
}

void testMemory() {
  KernelManifest m = attention();
  const uint64_t all = 2 * (130 * 67 + 2 * 259 * 67 + 130 * 67 + 2 * 130 * 259) + 4 * 4096;
  // Every buffer, plus the largest reference C (S, 130 x 259), no tensor maps.
  EXPECT(stageDeviceBytes(m) == all + 2 * 130 * 259);
  const uint64_t host = stageHostBytes(m);
  // At least the inputs once, the output twice and S = QK^T's check.
  EXPECT(host >= 2 * (130 * 67 + 2 * 259 * 67) + 2 * 2 * 130 * 67 + 130 * 259 * 20);
  EXPECT(contains(deviceMemoryError(m, 1000, 2000), "and the cuBLAS reference"));
  EXPECT(hostMemoryError(m, host).empty() && !hostMemoryError(m, host - 1).empty());
}

StageResult functionResult() {
  StageResult r;
  r.stage = "mma";
  r.op = "function";
  r.chip = "sm_90";
  r.shape = "3 ops";
  r.status = StageStatus::Fail;
  r.message = "op 1 (softmax 130x259): max row relative error 0.5 (row 3) > threshold 0.002";
  r.ms = 0.25;
  r.opsMs = 0.3;
  r.refsMs = 0.2;
  r.pctRefs = 80;
  r.compileMs = 5;
  OpResult mm;
  mm.index = 0;
  mm.op = "matmul";
  mm.shape = "130x259x67";
  mm.dtype = "f16,f16->f16";
  mm.layout = "nt";
  mm.status = StageStatus::Pass;
  mm.error = 2e-4;
  mm.threshold = 5e-3;
  mm.reference = "gemmex-compute-32f";
  mm.ms = 0.1;
  mm.refMs = 0.08;
  mm.msInterleaved = 0.125;
  mm.refMsInterleaved = 0.1;
  mm.pctRef = 80;
  OpResult sm;
  sm.index = 1;
  sm.op = "softmax";
  sm.shape = "130x259";
  sm.status = StageStatus::Fail;
  sm.error = 0.5;
  sm.reference = "copy";
  sm.ms = 0.2;
  sm.refMs = 0.12;
  sm.pctRef = 60;
  r.ops = {mm, sm};
  KernelResources k;
  k.name = "attention_op1";
  k.op = 1;
  r.kernels = {k};
  return r;
}

void testReports() {
  StageResult f = functionResult();
  StageResult v1;
  v1.stage = "naive";
  v1.op = "matmul";
  KernelResources k;
  k.name = "matmul_kernel";
  v1.kernels = {k};
  RunInfo info;
  std::string json = resultsToJson(info, {f, v1});
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(json);
  EXPECT_MSG(bool(parsed), json);
  if (!parsed) {
    llvm::consumeError(parsed.takeError());
    return;
  }
  const llvm::json::Array &stages = *parsed->getAsObject()->getArray("stages");
  const llvm::json::Object &s0 = *stages[0].getAsObject();
  EXPECT(s0.getString("op") == "function" && s0.getString("status") == "FAIL");
  EXPECT(s0.getNumber("ms") == 0.25 && s0.getNumber("ops_ms") == 0.3 && s0.getNumber("refs_ms") == 0.2 &&
         s0.getNumber("pct_refs") == 80);
  const llvm::json::Array *ops = s0.getArray("ops");
  EXPECT(ops && ops->size() == 2);
  if (ops && ops->size() == 2) {
    const llvm::json::Object &o0 = *(*ops)[0].getAsObject(), &o1 = *(*ops)[1].getAsObject();
    EXPECT(o0.getInteger("index") == 0 && o0.getString("op") == "matmul" && o0.getString("layout") == "nt");
    EXPECT(o0.getNumber("ms_interleaved") == 0.125 && o0.getNumber("ref_ms_interleaved") == 0.1 &&
           o0.getNumber("pct_ref") == 80 && o0.getString("reference") == "gemmex-compute-32f");
    EXPECT(o1.getString("status") == "FAIL" && o1.getNumber("error") == 0.5 && !o1.get("ms_interleaved") &&
           o1.getString("reference") == "copy" && o1.getNumber("ref_ms") == 0.12);
  }
  EXPECT(s0.getArray("kernels")->front().getAsObject()->getInteger("op") == 1);
  // A one-op stage beside it keeps its fields, and its kernels no "op".
  const llvm::json::Object &s1 = *stages[1].getAsObject();
  EXPECT(s1.getString("layout") == "nn" && !s1.get("ops") && !s1.getArray("kernels")->front().getAsObject()->get("op"));
  // Each op on one line.
  EXPECT_MSG(contains(json, "        {\"index\": 1, \"op\": \"softmax\", \"shape\": \"130x259\","), json);

  std::ostringstream os;
  printResultsTable(os, {f, v1});
  std::string t = os.str();
  EXPECT_MSG(contains(t, "ops ms") && contains(t, "il %ref") && contains(t, "function: ms = all kernels"), t);
  EXPECT_MSG(contains(t, "mma   |  function |      3 ops | 0.2500 | 0.3000 | 0.2000 | 80.0 |"), t);
  EXPECT_MSG(contains(t, "|  0 matmul | 130x259x67 |      - | 0.1000 | 0.0800 | 80.0 | 0.1250 |"), t);
  EXPECT_MSG(contains(t, "FAIL 5.0e-01") && contains(t, "mma: FAIL: op 1 (softmax 130x259)"), t);
  // The one-op stage still has its own table.
  EXPECT_MSG(contains(t, "%cuBLAS"), t);
}

void testStageLines() {
  StageResult f = functionResult();
  std::ostringstream os;
  printStageLine(os, f, /*checkOnly=*/false);
  std::string t = os.str();
  EXPECT_MSG(contains(t, "mma                  FAIL    2 ops, 0.2500 ms (ops alone 0.3000 ms, references 0.2000 ms)\n"), t);
  EXPECT_MSG(contains(t, "  op 0 matmul  130x259x67       PASS    error 0.0002 (threshold 5e-03), 0.1000 ms, cuBLAS "
                         "0.0800 ms (80.0%)\n"),
             t);
  EXPECT_MSG(contains(t, "  op 1 softmax 130x259          FAIL    error 0.5 (threshold 0e+00), 0.2000 ms, copy 0.1200 ms"), t);
  std::ostringstream check;
  printStageLine(check, f, /*checkOnly=*/true);
  EXPECT_MSG(!contains(check.str(), " ms") && contains(check.str(), "2 ops\n"), check.str());
  // One-op stages: the line gemm-run always printed.
  StageResult v1;
  v1.stage = "naive";
  v1.op = "matmul";
  v1.status = StageStatus::Pass;
  v1.error = 1.5e-7;
  v1.threshold = 1e-4;
  v1.ms = 2;
  std::ostringstream one;
  printStageLine(one, v1, false);
  EXPECT_MSG(one.str() == "naive                PASS    error 1.5e-07 (threshold 1e-04), 2.0000 ms\n", one.str());

  // Before a run: the function and its ops, by the manifest.
  StageResult d = describeStage(attention(), 12, false);
  EXPECT(d.op == "function" && d.shape == "3 ops" && d.status == StageStatus::NotRun && d.compileMs == 12);
  EXPECT(d.ops.size() == 3 && d.ops[0].shape == "130x259x67" && d.ops[0].layout == "nt" &&
         d.ops[0].threshold == 5e-3 && d.ops[1].op == "softmax" && d.ops[1].threshold == 2e-3 &&
         d.ops[2].dtype == "f16,f16->f16");
}

} // namespace

void testFunctions() {
  testBufferUses();
  testOpViews();
  testBindingByPosition();
  testMemory();
  testReports();
  testStageLines();
}
