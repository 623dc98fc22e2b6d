//===- AliasedResultsTests.cpp - Unit tests: a version-2 "results" --------===//
//
// A function that returns one value twice, or an argument as it is
// (docs/manifest.md, "Several ops in one function"): the manifest's
// "results" through the writer, the reader and validateManifest, and what a
// runner binds from it (the buffers a call gives back, the uses gemm-run
// fills and checks, the stage's report). No device.
//
//===----------------------------------------------------------------------===//
#include "JsonTestHelpers.h"
#include "gemm-opt/Runtime/Bench.h"
#include "gemm-opt/Runtime/FunctionManifest.h"

#include <sstream>

using namespace gemm_opt::runtime;

namespace {

/// S = Q K^T (K stored N x K), P = softmax(S), as gemm-opt writes
/// `return %s, %p, %s, %x` of a function (q, k, x): S is result0 (written
/// by op 0, read by op 1), P result1, x an argument no op touches.
KernelManifest scores() {
  KernelManifest m;
  m.version = kManifestVersionOps;
  m.stage = "mma";
  m.chip = "sm_90";
  m.func = "scores";
  OpDesc qk;
  qk.op = "matmul";
  qk.matmul = {64, 48, 32, 0, ElemType::F16, ElemType::F16, ElemType::F16, false, true};
  qk.operands = {{"A", "arg0"}, {"B", "arg1"}, {"C", "result0"}};
  OpDesc softmax;
  softmax.op = "softmax";
  softmax.softmax = {64, 48, ElemType::F16, ElemType::F16};
  softmax.operands = {{"X", "result0"}, {"Y", "result1"}};
  m.ops = {qk, softmax};
  m.buffers = {{"arg0", "arg", ElemType::F16, {64, 32}},
               {"arg1", "arg", ElemType::F16, {48, 32}},
               {"arg2", "arg", ElemType::BF16, {64, 96}},
               {"result0", "result", ElemType::F16, {64, 48}},
               {"result1", "result", ElemType::F16, {64, 48}}};
  m.results = {"result0", "result1", "result0", "arg2"};
  KernelDesc k0, k1;
  k0.name = "scores_op0_kernel";
  k0.params = {KernelParam::ptr("arg0"), KernelParam::ptr("arg1"), KernelParam::ptr("result0")};
  k1.name = "scores_op1_kernel";
  k1.op = 1;
  k1.params = {KernelParam::ptr("result0"), KernelParam::ptr("result1")};
  m.kernels = {k0, k1};
  return m;
}

void testRoundTrip() {
  KernelManifest m = scores();
  std::string err;
  EXPECT_MSG(validateManifest(m, err), err);
  std::string json = toJson(m);
  // Right after the buffers, one line, like "arguments".
  EXPECT_MSG(contains(json, "  ],\n  \"results\": [\"result0\", \"result1\", \"result0\", \"arg2\"],\n  \"kernels\""),
             json);
  KernelManifest back;
  EXPECT_MSG(parseManifest(json, back, err), err);
  EXPECT(back == m && toJson(back) == json);
  // Absent when no result aliases: manifests without it are unchanged.
  m.results.clear();
  EXPECT(!contains(toJson(m), "\"results\""));
  EXPECT_MSG(validateManifest(m, err), err);
}

void testReaderRejects() {
  const std::string good = toJson(scores());
  EXPECT(rejects(replaced(good, "\"results\": [\"result0\"", "\"results\": [0"), "results[0]: expected string"));
  EXPECT(rejects(replaced(good, "\"results\": [", "\"results\": {\"x\": ["), "JSON parse error"));
  EXPECT(rejects(replaced(good, "\"result1\", \"result0\", \"arg2\"]", "\"result1\", \"result0\", \"temp9\"]"),
                 "results[3] (\"temp9\"): no buffer has this name"));
  // A version-1 manifest returns its output: "results" is unknown there.
  KernelManifest v1;
  v1.op = "softmax";
  v1.stage = "rows";
  v1.chip = "sm_90";
  v1.func = "f";
  v1.softmax = {4, 8, ElemType::F32, ElemType::F32};
  v1.buffers = {{"X", "X", ElemType::F32, {4, 8}}, {"Y", "Y", ElemType::F32, {4, 8}}};
  KernelDesc k;
  k.name = "f_kernel";
  k.params = {KernelParam::ptr("X"), KernelParam::ptr("Y")};
  v1.kernels = {k};
  std::string text = toJson(v1);
  EXPECT(rejects(replaced(text, "  \"kernels\"", "  \"results\": [\"Y\", \"Y\"],\n  \"kernels\""),
                 "unknown field \"results\""));
  v1.results = {"Y", "Y"};
  std::string err;
  EXPECT(!validateManifest(v1, err) && contains(err, "results: only a version-2 manifest names its results"));
}

/// validateManifest's error for the sample after `edit`.
template <typename F> std::string invalid(F edit) {
  KernelManifest m = scores();
  edit(m);
  std::string err;
  EXPECT_MSG(!validateManifest(m, err), "expected invalid: " + toJson(m));
  return err;
}

void testValidation() {
  std::string e = invalid([](KernelManifest &m) { m.results[1] = "scratch0"; });
  EXPECT_MSG(contains(e, "results[1] (\"scratch0\"): no buffer has this name"), e);
  e = invalid([](KernelManifest &m) {
    m.buffers.push_back({"temp0", "temp", ElemType::F16, {4}});
    m.results[1] = "temp0";
  });
  EXPECT_MSG(contains(e, "results[1] (\"temp0\"): a temp buffer is not a function argument or result"), e);
  // result<i> is result #i's own buffer, first returned at position i.
  e = invalid([](KernelManifest &m) { std::swap(m.results[0], m.results[1]); });
  EXPECT_MSG(contains(e, "results[0] (\"result1\"): result #0 returns this buffer first, so it must be named "
                         "\"result0\""),
             e);
  e = invalid([](KernelManifest &m) { m.results = {"result0", "arg2"}; });
  EXPECT_MSG(contains(e, "results: no result is the result buffer \"result1\""), e);
  // Only an argument may come first: arguments are no results' own.
  KernelManifest m = scores();
  m.results = {"arg2", "result1"};
  m.buffers.erase(m.buffers.begin() + 3);
  m.ops.pop_back();
  m.kernels.pop_back();
  m.ops[0].operands[2].second = "result1";
  m.kernels[0].params[2].buffer = "result1";
  std::string err;
  EXPECT_MSG(validateManifest(m, err), err);
}

void testReturnedBuffers() {
  KernelManifest m = scores();
  // The very buffers, in return order: result0 twice, arg2 the caller's.
  EXPECT((functionReturnedBuffers(m) == std::vector<size_t>{3, 4, 3, 2}));
  std::vector<BufferUse> u = functionBufferUses(m);
  EXPECT(u[3].returned && u[3].written && u[3].output && !u[3].input);
  EXPECT(u[4].returned && u[4].output);
  // arg2: returned as it is, so the caller's data (an input), not written,
  // and no output (it may share memory with another argument).
  EXPECT(u[2].returned && u[2].input && !u[2].written && !u[2].output);
  EXPECT(!u[0].returned && u[0].input);
  // Without "results": the written arguments, then every result buffer.
  m.results.clear();
  EXPECT((functionReturnedBuffers(m) == std::vector<size_t>{3, 4}));
  EXPECT(!functionBufferUses(m)[2].input && !functionBufferUses(m)[3].returned);
  m.ops[1].operands[1].second = "arg2";
  m.kernels[1].params[1].buffer = "arg2";
  m.buffers.pop_back();
  EXPECT((functionReturnedBuffers(m) == std::vector<size_t>{2, 3}));
}

void testReport() {
  StageResult r = describeStage(scores(), 3, false);
  EXPECT((r.results == std::vector<std::string>{"result0", "result1", "result0", "arg2"}));
  r.status = StageStatus::Pass;
  std::ostringstream os;
  printStageLine(os, r, /*checkOnly=*/true);
  EXPECT_MSG(contains(os.str(), "2 ops\n  returns result0, result1, result0, arg2\n  op 0 matmul"), os.str());
  std::vector<llvm::json::Object> stages = parsedStages({r});
  const llvm::json::Array *results = stages.empty() ? nullptr : stages[0].getArray("results");
  EXPECT(results && results->size() == 4 && (*results)[3].getAsString() == "arg2");
  // A function whose results do not alias reports as before.
  KernelManifest plain = scores();
  plain.results.clear();
  std::vector<llvm::json::Object> before = parsedStages({describeStage(plain, 3, false)});
  EXPECT(!before.empty() && !before[0].get("results"));
}

} // namespace

void testAliasedResults() {
  testRoundTrip();
  testReaderRejects();
  testValidation();
  testReturnedBuffers();
  testReport();
}
