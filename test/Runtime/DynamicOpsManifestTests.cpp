//===- DynamicOpsManifestTests.cpp - Unit tests: version 3 of several ops -===//
//
// A version-3 manifest with "ops" (a function of several ops sharing the
// token count M): read, instantiated into a version-2 manifest at several
// M (the intermediates and the result sized by M, including above the
// largest planned M), symbols bound by the arguments, the same over a batch
// of sequences beside the tokens (M a multiple of it), and the rejections
// of a template with both one op and "ops" or a symbol no argument binds.
//
//===----------------------------------------------------------------------===//
#include "gemm-opt/Runtime/DynamicManifest.h"
#include "gemm-opt/Runtime/Manifest.h"
#include "TestHarness.h"

#include <string>

using namespace gemm_opt::runtime;

namespace {

/// Y = softmax(X W1) W2 over M token rows, bf16: arg0 [1, M, 64], temps
/// [M, 128]; a scratch copy of W2 only in the one-row variant; variants
/// M = 1, [2, 2048] and the rest (planned at 4096).
std::string opsText(const std::string &extraTop = "", const std::string &resultShape = R"([1, {"sym": "M"}, 32])") {
  auto kernels = [](const std::string &tag, const std::string &grid) {
    return R"({"name": "f_)" + tag + R"(_op0", "op": 0, "grid": [4, )" + grid +
           R"(, 1], "block": [128, 1, 1], "dynamic_shared_memory": 0, "params": [{"abi": "ptr", "buffer": "arg0"},
        {"abi": "ptr", "buffer": "arg1"}, {"abi": "ptr", "buffer": "temp0"}, {"abi": "i64", "value": {"sym": "M"}}]},
      {"name": "f_)" + tag + R"(_op1", "op": 1, "grid": [{"sym": "M", "ceil_div": 4}, 1, 1], "block": [64, 1, 1],
        "dynamic_shared_memory": 0, "params": [{"abi": "i64", "value": {"sym": "M"}}, {"abi": "ptr", "buffer": "temp0"},
        {"abi": "ptr", "buffer": "temp1"}]},
      {"name": "f_)" + tag + R"(_op2", "op": 2, "grid": [1, )" + grid +
           R"(, 1], "block": [128, 1, 1], "dynamic_shared_memory": 0, "params": [{"abi": "ptr", "buffer": "temp1"},
        {"abi": "ptr", "buffer": "arg2"}, {"abi": "ptr", "buffer": "result0"}, {"abi": "i64", "value": {"sym": "M"}}]})";
  };
  return R"({"format": "gemm-opt-manifest", "version": 3, "stage": "wgmma", "chip": "sm_90a", "func": "f",)" +
         extraTop + R"(
  "symbols": [{"name": "M", "min": 1, "max": 1000000}],
  "ops": [
    {"op": "matmul", "operands": {"A": "arg0", "B": "arg1", "C": "temp0"}, "problem": {"a": "bf16", "b": "bf16",
     "beta": 0, "c": "bf16", "k": 64, "layout": "nt", "m": {"sym": "M"}, "n": 128}},
    {"op": "softmax", "operands": {"X": "temp0", "Y": "temp1"}, "problem": {"cols": 128, "rows": {"sym": "M"},
     "x": "bf16", "y": "bf16"}},
    {"op": "matmul", "operands": {"A": "temp1", "B": "arg2", "C": "result0"}, "problem": {"a": "bf16", "b": "bf16",
     "beta": 0, "c": "bf16", "k": 128, "layout": "nt", "m": {"sym": "M"}, "n": 32}}],
  "buffers": [{"name": "arg0", "role": "arg", "elem": "bf16", "shape": [1, {"sym": "M"}, 64]},
              {"name": "arg1", "role": "arg", "elem": "bf16", "shape": [128, 64]},
              {"name": "arg2", "role": "arg", "elem": "bf16", "shape": [32, 128]},
              {"name": "result0", "role": "result", "elem": "bf16", "shape": )" +
         resultShape + R"(},
              {"name": "temp0", "role": "temp", "elem": "bf16", "shape": [{"sym": "M"}, 128]},
              {"name": "temp1", "role": "temp", "elem": "bf16", "shape": [{"sym": "M"}, 128]},
              {"name": "scratch0", "role": "scratch", "elem": "bf16", "shape": [128, 32]}],
  "variants": [
    {"when": {"M": [1, 1]}, "kernels": [)" +
         kernels("m1", "1") + R"(]},
    {"when": {"M": [2, 2048]}, "kernels": [)" +
         kernels("m2048", R"({"sym": "M", "ceil_div": 64})") + R"(]},
    {"kernels": [)" +
         kernels("mmax", R"({"sym": "M", "ceil_div": 128})") + R"(]}]})";
}

void testReadOps() {
  DynamicManifest d;
  std::string err;
  EXPECT_MSG(parseDynamicManifest(opsText(), d, err), err);
  EXPECT(d.hasOps() && d.op.empty() && d.func == "f" && d.variants.size() == 3);
  EXPECT(d.ops.getAsArray() && d.ops.getAsArray()->size() == 3);
}

void testInstantiateOps() {
  DynamicManifest d;
  std::string err;
  EXPECT_MSG(parseDynamicManifest(opsText(), d, err), err);
  // M = 1, 37, 300 and 3000 (above the largest planned M of a bounded
  // range, 2048): every op's rows and every token buffer follow M.
  for (auto [m, expected, gridRows] :
       {std::tuple{int64_t(1), 0, 1u}, {37, 1, 1u}, {300, 1, 5u}, {3000, 2, 24u}}) {
    KernelManifest k;
    int variant = -1;
    EXPECT_MSG(instantiateManifest(d, {{"M", m}}, k, variant, err), err);
    EXPECT(variant == expected && k.version == kManifestVersionOps && k.isFunction() && k.ops.size() == 3);
    EXPECT(k.ops[0].matmul.m == m && k.ops[1].softmax.rows == m && k.ops[2].matmul.m == m);
    EXPECT(k.findBuffer("arg0")->shape == (std::vector<int64_t>{1, m, 64}));
    EXPECT(k.findBuffer("temp0")->shape == (std::vector<int64_t>{m, 128}));
    EXPECT(k.findBuffer("temp1")->shape == (std::vector<int64_t>{m, 128}));
    EXPECT(k.findBuffer("result0")->shape == (std::vector<int64_t>{1, m, 32}));
    EXPECT(k.findBuffer("scratch0")->shape == (std::vector<int64_t>{128, 32}));
    EXPECT(k.kernels.size() == 3 && k.kernels[0].grid[1] == gridRows && k.kernels[2].grid[1] == gridRows);
    EXPECT(k.kernels[1].grid[0] == uint32_t((m + 3) / 4) && k.kernels[1].params[0].intValue == m);
    EXPECT(k.kernels[0].op == 0 && k.kernels[1].op == 1 && k.kernels[2].op == 2);
    // The instance is an ordinary version-2 manifest: it round-trips.
    KernelManifest back;
    EXPECT_MSG(parseManifest(toJson(k), back, err) && back == k, err);
  }
  KernelManifest k;
  int variant = -1;
  EXPECT(!instantiateManifest(d, {{"M", 0}}, k, variant, err) && err == "M = 0 is outside [1, 1000000]");
}

void testBindOps() {
  DynamicManifest d;
  std::string err;
  EXPECT_MSG(parseDynamicManifest(opsText(), d, err), err);
  SymbolSizes sizes;
  EXPECT_MSG(bindSymbols(d, {{"arg0", {1, 300, 64}}, {"arg1", {128, 64}}}, sizes, err), err);
  EXPECT(sizes.size() == 1 && sizes["M"] == 300);
  EXPECT(!bindSymbols(d, {{"arg0", {1, 300, 64}}, {"result0", {1, 301, 32}}}, sizes, err) &&
         err == "the buffers bind M to two extents: arg0's dimension 1 is 300, result0's dimension 1 is 301");
}

void testRejectOps() {
  DynamicManifest d;
  std::string err;
  EXPECT(!parseDynamicManifest(opsText(R"( "op": "matmul",)"), d, err) &&
         err.find("has one op (\"op\" and \"problem\") or \"ops\", not both") != std::string::npos);
  // A result whose rows stay static while its op's rows are M: the
  // instances at the ends of the ranges break version 2's rules.
  EXPECT(!parseDynamicManifest(opsText("", "[1, 1, 32]"), d, err));
  // A template whose only token buffers are temporaries binds nothing.
  std::string unbound = opsText();
  for (const char *from : {R"([1, {"sym": "M"}, 64])", R"([1, {"sym": "M"}, 32])"})
    unbound.replace(unbound.find(from), std::string(from).size(), "[1, 4096, 64]");
  EXPECT(!parseDynamicManifest(unbound, d, err) &&
         err.find("for no dimension of an arg or result buffer: nothing binds it") != std::string::npos);
}

/// opsText over a batch of 2 sequences beside the tokens: arg0 and the
/// result [2, M / 2, .], M (every op's rows, the temps' rows) a multiple of
/// 2 in every range.
std::string batchedOpsText() {
  std::string text = opsText("", R"([2, {"sym": "M", "div": 2}, 32])");
  auto replace = [&](const std::string &from, const std::string &to) {
    text.replace(text.find(from), from.size(), to);
  };
  replace(R"([1, {"sym": "M"}, 64])", R"([2, {"sym": "M", "div": 2}, 64])");
  replace(R"("min": 1,)", R"("min": 2,)");
  replace(R"("M": [1, 1])", R"("M": [2, 2])");
  replace(R"("M": [2, 2048])", R"("M": [4, 2048])");
  return text;
}

void testInstantiateBatchedOps() {
  DynamicManifest d;
  std::string err;
  EXPECT_MSG(parseDynamicManifest(batchedOpsText(), d, err), err);
  for (auto [m, expected] : {std::pair{int64_t(2), 0}, {74, 1}, {3000, 2}}) {
    KernelManifest k;
    int variant = -1;
    EXPECT_MSG(instantiateManifest(d, {{"M", m}}, k, variant, err), err);
    EXPECT(variant == expected && k.ops[0].matmul.m == m &&
           k.ops[1].softmax.rows == m);
    EXPECT(k.findBuffer("arg0")->shape == (std::vector<int64_t>{2, m / 2, 64}));
    EXPECT(k.findBuffer("temp0")->shape == (std::vector<int64_t>{m, 128}));
    EXPECT(k.findBuffer("result0")->shape ==
           (std::vector<int64_t>{2, m / 2, 32}));
  }
  KernelManifest k;
  int variant = -1;
  EXPECT(!instantiateManifest(d, {{"M", 75}}, k, variant, err) &&
         err.find("not a multiple of 2") != std::string::npos);
  // The activation's tokens bind M, twice them.
  SymbolSizes sizes;
  EXPECT_MSG(
      bindSymbols(d, {{"arg0", {2, 37, 64}}, {"arg1", {128, 64}}}, sizes, err),
      err);
  EXPECT(sizes.size() == 1 && sizes["M"] == 74);
  // A range that is not whole tokens is the reader's error.
  std::string odd = batchedOpsText();
  odd.replace(odd.find(R"("M": [4, 2048])"), 14, R"("M": [3, 2048])");
  EXPECT(!parseDynamicManifest(odd, d, err) &&
         err.find("no multiple of") != std::string::npos);
}

} // namespace

void testDynamicOpsManifests() {
  testReadOps();
  testInstantiateOps();
  testBindOps();
  testRejectOps();
  testInstantiateBatchedOps();
}
