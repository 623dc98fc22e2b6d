//===- ManifestTests.cpp - Unit tests: JSON and the launch manifest -------===//
//
// The manifest's writer and strict reader (llvm::json underneath): round
// trips, the documented layout, every rejection with its message, clusters,
// programmatic dependent launches, resident grids and tensor maps.
//
//===----------------------------------------------------------------------===//
#include "gemm-opt/Runtime/JsonWriting.h"
#include "gemm-opt/Runtime/Launcher.h"
#include "gemm-opt/Runtime/Manifest.h"
#include "TestHarness.h"
#include "JsonTestHelpers.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string>

using namespace gemm_opt::runtime;

static KernelManifest sampleMatmul() {
  KernelManifest m;
  m.op = "matmul";
  m.stage = "coalesced";
  m.chip = "sm_90";
  m.func = "matmul";
  m.matmul.m = 4096;
  m.matmul.n = 2048;
  m.matmul.k = 1024;
  m.matmul.beta = 0;
  m.buffers = {{"A", "A", ElemType::F32, {4096, 1024}},
               {"B", "B", ElemType::F32, {1024, 2048}},
               {"C", "C", ElemType::F32, {4096, 2048}},
               {"ws", "scratch", ElemType::F32, {64}}};
  KernelDesc k;
  k.name = "matmul_kernel";
  k.grid = {{64, 128, 1}};
  k.block = {{32, 32, 1}};
  k.dynamicSharedMemory = 0;
  k.params = {KernelParam::ptr("C"), KernelParam::ptr("A"), KernelParam::ptr("B"), KernelParam::i32(7),
              KernelParam::i64(-123456789012345LL), KernelParam::f32(0.1f), KernelParam::f32(-0.0f)};
  m.kernels.push_back(k);
  KernelDesc k2 = k;
  k2.name = "epilogue";
  k2.dynamicSharedMemory = 100 * 1024;
  k2.params = {KernelParam::ptr("C"), KernelParam::ptr("ws"), KernelParam::f32(3.4028235e38f)};
  m.kernels.push_back(k2);
  return m;
}

static KernelManifest sampleSoftmax() {
  KernelManifest m;
  m.op = "softmax";
  m.stage = "online";
  m.chip = "sm_90";
  m.func = "softmax";
  m.softmax.rows = 8;
  m.softmax.cols = 1000;
  m.softmax.x = ElemType::F16;
  m.softmax.y = ElemType::BF16;
  m.buffers = {{"X", "X", ElemType::F16, {8, 1000}}, {"Y", "Y", ElemType::BF16, {8, 1000}}};
  KernelDesc k;
  k.name = "softmax_kernel";
  k.grid = {{8, 1, 1}};
  k.block = {{256, 1, 1}};
  k.params = {KernelParam::ptr("X"), KernelParam::ptr("Y"), KernelParam::i32(1000)};
  m.kernels.push_back(k);
  return m;
}

#define EXPECT_REJECT(json, needle) EXPECT(rejects(json, needle))

/// Checks that `m` validates, that its JSON holds `layout` and that it reads
/// back exactly into `back` (equal, and written again the same); returns
/// the JSON.
static std::string expectRoundTrip(const KernelManifest &m, const std::string &layout, KernelManifest &back) {
  std::string err;
  EXPECT_MSG(validateManifest(m, err), err);
  std::string json = toJson(m);
  EXPECT_MSG(contains(json, layout), json);
  EXPECT_MSG(parseManifest(json, back, err), err);
  EXPECT(back == m && toJson(back) == json);
  return json;
}

static void testJson() {
  // JSON-level errors of the manifest reader (llvm::json parses; the reader
  // adds the depth limit and the duplicate-key check).
  KernelManifest m;
  std::string err;
  auto rejectsJson = [&](const std::string &text, const std::string &needle) {
    bool ok = parseManifest(text, m, err);
    EXPECT_MSG(!ok && contains(err, "manifest: JSON parse error") && contains(err, needle), err);
  };
  rejectsJson("{\"a\": 1,}", "Expected object key");
  rejectsJson("{\"a\": 1} x", "Text after end of document");
  rejectsJson("// c\n{}", "Invalid JSON value");
  rejectsJson("{\"a\": \"unterminated}", "Unterminated string");
  rejectsJson("{\n  \"a\": tru\n}", "[3:0, byte=13]: Invalid JSON value (true?)");
  rejectsJson("", "Unexpected EOF");
  rejectsJson("{\"a\": 1, \"a\": 2}", "[1:9, byte=9]: duplicate key \"a\"");
  rejectsJson("{\"b\": {\"op\": 1, \"\\u006fp\": 2}}", "duplicate key \"\\u006fp\"");
  rejectsJson(std::string(65, '[') + std::string(65, ']'), "nesting deeper than 64 levels");
  rejectsJson(std::string(100000, '['), "nesting deeper than 64 levels");
  // Equal keys in different objects are fine (the reader then finds them unknown).
  EXPECT(!parseManifest("{\"a\": {\"a\": 1}}", m, err) && contains(err, "missing field \"format\""));
  // Integers: exact to 64 bits, no fraction or exponent.
  const std::string good = toJson(sampleMatmul());
  auto i64 = [&](const std::string &value) {
    return replaced(good, "{\"abi\": \"i32\", \"value\": 7}", "{\"abi\": \"i64\", \"value\": " + value + "}");
  };
  EXPECT_MSG(parseManifest(i64("9223372036854775807"), m, err) && m.kernels[0].params[3].intValue == INT64_MAX, err);
  EXPECT_MSG(parseManifest(i64("-9223372036854775808"), m, err) && m.kernels[0].params[3].intValue == INT64_MIN,
             err);
  EXPECT_REJECT(i64("9223372036854775808"), "params[3].value: integer out of range: 9223372036854775808");
  EXPECT_REJECT(i64("9223372036854775808.0"), "params[3].value: expected an integer, found 9.2233720368547758e+18");
  EXPECT_REJECT(i64("1e3"), "params[3].value: expected an integer, found 1000 (written with a fraction");
  EXPECT_REJECT(i64("-2.5"), "params[3].value: expected an integer, found -2.5");
  EXPECT_REJECT(i64("true"), "params[3].value: expected integer, found boolean");
  EXPECT(jsonQuote("a\"b\\c\n\x01") == "\"a\\\"b\\\\c\\n\\u0001\"");
  EXPECT(jsonNumber(0.1) == "0.1");
  EXPECT(jsonNumber(std::nan("")) == "null");
  EXPECT(jsonFloat(0.1f) == "0.1");
  EXPECT(jsonFloat(-0.0f) == "-0.0");
  EXPECT(std::strtof(jsonFloat(3.4028235e38f).c_str(), nullptr) == 3.4028235e38f);
  EXPECT(std::strtof(jsonFloat(1.17549435e-38f).c_str(), nullptr) == 1.17549435e-38f);
}

static void testManifestRoundTrip() {
  for (const KernelManifest &m : {sampleMatmul(), sampleSoftmax()}) {
    std::string err;
    EXPECT_MSG(validateManifest(m, err), err);
    std::string json = toJson(m);
    KernelManifest back;
    EXPECT_MSG(parseManifest(json, back, err), err);
    EXPECT(back == m);
    EXPECT(toJson(back) == json);
  }
  // The doc's example, as real JSON.
  const char *doc = R"({
  "format": "gemm-opt-manifest",
  "version": 1,
  "op": "matmul",
  "stage": "coalesced",
  "chip": "sm_90",
  "func": "matmul",
  "problem": {"m": 4096, "n": 4096, "k": 4096, "beta": 0, "a": "f32", "b": "f32", "c": "f32"},
  "buffers": [
    {"name": "A", "role": "A", "elem": "f32", "shape": [4096, 4096]},
    {"name": "B", "role": "B", "elem": "f32", "shape": [4096, 4096]},
    {"name": "C", "role": "C", "elem": "f32", "shape": [4096, 4096]}
  ],
  "kernels": [
    {
      "name": "matmul_kernel",
      "grid": [128, 128, 1],
      "block": [32, 32, 1],
      "dynamic_shared_memory": 0,
      "params": [
        {"abi": "ptr", "buffer": "C"},
        {"abi": "ptr", "buffer": "A"},
        {"abi": "ptr", "buffer": "B"},
        {"abi": "i32", "value": 7}
      ]
    }
  ]
}
)";
  KernelManifest m;
  std::string err;
  EXPECT_MSG(parseManifest(doc, m, err), err);
  EXPECT(toJson(m) == doc); // the writer's layout is the documented one
  EXPECT(m.kernels.size() == 1 && m.kernels[0].params.size() == 4);
  EXPECT(m.kernels[0].params[3].abi == ParamAbi::I32 && m.kernels[0].params[3].intValue == 7);
  EXPECT(m.findRole("C") && m.findRole("C")->sizeBytes() == 4096ull * 4096 * 4);
  // Key order in the input does not matter; output is canonical.
  std::string reordered = replaced(doc, "\"format\": \"gemm-opt-manifest\",\n  \"version\": 1,",
                               "\"version\": 1,\n  \"format\": \"gemm-opt-manifest\",");
  KernelManifest m2;
  EXPECT_MSG(parseManifest(reordered, m2, err), err);
  EXPECT(m2 == m && toJson(m2) == doc);
  // Empty params list round-trips.
  KernelManifest m3 = sampleSoftmax();
  m3.kernels[0].params.clear();
  KernelManifest m4;
  EXPECT(parseManifest(toJson(m3), m4, err) && m4 == m3 && toJson(m4) == toJson(m3));
  EXPECT(contains(toJson(m3), "\"params\": []"));
}

static void testManifestRejects() {
  const std::string good = toJson(sampleMatmul());
  EXPECT_REJECT(replaced(good, "{\"abi\": \"i32\", \"value\": 7}", "{\"abi\": \"tma\", \"value\": 7}"),
                "unknown abi \"tma\" (this reader knows ptr, i32, i64, f32, tensormap");
  EXPECT_REJECT(replaced(good, "{\"abi\": \"i32\", \"value\": 7}", "{\"abi\": \"tensormap\", \"value\": 7}"),
                "missing field \"buffer\"");
  EXPECT_REJECT(replaced(good, "\"format\": \"gemm-opt-manifest\"", "\"format\": \"other\""), "format");
  EXPECT_REJECT(replaced(good, "\"version\": 1", "\"version\": 3"), "unsupported version 3 (this reader knows 1 and 2)");
  EXPECT_REJECT(replaced(good, "\"version\": 1", "\"version\": 9"),
                "unsupported version 9 (gemm-opt writes versions 1 to 4)");
  EXPECT_REJECT(replaced(good, "\"version\": 1", "\"version\": 2"), "top level: missing field \"ops\"");
  EXPECT_REJECT(replaced(good, "\"version\": 1", "\"version\": \"1\""), "version: expected integer, found string");
  EXPECT_REJECT(replaced(good, "\"op\": \"matmul\"", "\"op\": \"conv\""), "unknown op");
  EXPECT_REJECT(replaced(good, "  \"func\": \"matmul\",\n", ""), "missing field \"func\"");
  EXPECT_REJECT(replaced(good, "\"m\": 4096", "\"m\": 4096.0"), "expected an integer");
  EXPECT_REJECT(replaced(good, "\"m\": 4096", "\"m\": 0"), "out of range");
  EXPECT_REJECT(replaced(good, "\"beta\": 0", "\"beta\": 2"), "out of range");
  EXPECT_REJECT(replaced(good, "\"a\": \"f32\"", "\"a\": \"f64\""), "unknown element type");
  EXPECT_REJECT(replaced(good, "\"beta\": 0,", "\"beta\": 0, \"rows\": 3,"), "unknown field \"rows\"");
  EXPECT_REJECT(replaced(good, "\"func\": \"matmul\",", "\"func\": \"matmul\", \"extra\": 1,"), "unknown field \"extra\"");
  EXPECT_REJECT(replaced(good, "{\"abi\": \"ptr\", \"buffer\": \"A\"}", "{\"abi\": \"ptr\", \"buffer\": \"Q\"}"),
                "unknown buffer \"Q\"");
  EXPECT_REJECT(replaced(good, "{\"abi\": \"ptr\", \"buffer\": \"A\"}", "{\"abi\": \"ptr\"}"), "missing field \"buffer\"");
  EXPECT_REJECT(replaced(good, "{\"abi\": \"ptr\", \"buffer\": \"A\"}", "{\"abi\": \"ptr\", \"buffer\": \"A\", \"value\": 1}"),
                "unknown field \"value\"");
  EXPECT_REJECT(replaced(good, "{\"abi\": \"i32\", \"value\": 7}", "{\"abi\": \"i32\", \"value\": 3000000000}"),
                "out of range");
  EXPECT_REJECT(replaced(good, "{\"abi\": \"i32\", \"value\": 7}", "{\"abi\": \"i32\", \"value\": 7.5}"),
                "expected an integer");
  EXPECT_REJECT(replaced(good, "{\"abi\": \"f32\", \"value\": 0.1}", "{\"abi\": \"f32\", \"value\": 1e39}"),
                "out of range");
  EXPECT_REJECT(replaced(good, "{\"abi\": \"f32\", \"value\": 0.1}", "{\"abi\": \"f32\", \"value\": \"0.1\"}"),
                "value: expected number, found string");
  EXPECT_REJECT(replaced(good, "\"grid\": [64, 128, 1]", "\"grid\": [64, 128]"), "expected 3 dimensions");
  EXPECT_REJECT(replaced(good, "\"grid\": [64, 128, 1]", "\"grid\": [64, 0, 1]"), "out of range");
  EXPECT_REJECT(replaced(good, "\"block\": [32, 32, 1]", "\"block\": [64, 32, 1]"), "block exceeds");
  EXPECT_REJECT(replaced(good, "\"grid\": [64, 128, 1]", "\"grid\": [64, 70000, 1]"), "grid exceeds");
  EXPECT_REJECT(replaced(good, "\"dynamic_shared_memory\": 0", "\"dynamic_shared_memory\": -1"), "out of range");
  EXPECT_REJECT(replaced(good, "\"shape\": [4096, 1024]", "\"shape\": [1024, 4096]"), "must have shape [4096, 1024]");
  EXPECT_REJECT(replaced(good, "{\"name\": \"A\", \"role\": \"A\", \"elem\": \"f32\"",
                     "{\"name\": \"A\", \"role\": \"A\", \"elem\": \"f16\""),
                "has elem f16");
  EXPECT_REJECT(replaced(good, "{\"name\": \"B\", \"role\": \"B\"", "{\"name\": \"A\", \"role\": \"B\""),
                "duplicate buffer name");
  EXPECT_REJECT(replaced(good, "{\"name\": \"B\", \"role\": \"B\"", "{\"name\": \"B\", \"role\": \"X\""),
                "not valid for op matmul");
  EXPECT_REJECT(replaced(good, "{\"name\": \"ws\", \"role\": \"scratch\"", "{\"name\": \"ws\", \"role\": \"A\""),
                "exactly one buffer with role A");
  EXPECT_REJECT(replaced(good, "\"kernels\": [", "\"kernels\": 5, \"k2\": ["), "expected array");
  EXPECT_REJECT("[1, 2]", "top level: expected object, found array");
  EXPECT_REJECT("{\"format\": ", "JSON parse error");
  std::string softmax = toJson(sampleSoftmax());
  EXPECT_REJECT(replaced(softmax, "\"rows\": 8", "\"m\": 8"), "missing field \"rows\"");
  EXPECT_REJECT(replaced(softmax, "\"x\": \"f16\", \"y\"", "\"x\": \"bf16\", \"y\""), "has elem f16");
  KernelManifest empty = sampleSoftmax();
  empty.kernels.clear();
  EXPECT_REJECT(toJson(empty), "no kernels");
}

static void testManifestClusters() {
  // Absent cluster: nothing is written (existing manifests stay byte-identical).
  KernelManifest plain = sampleMatmul();
  EXPECT(!contains(toJson(plain), "cluster"));
  // Present: written after dynamic_shared_memory, and the round trip is exact.
  KernelManifest m = sampleMatmul();
  m.kernels[0].cluster = std::array<uint32_t, 3>{{2, 4, 1}};
  KernelManifest back;
  std::string json = expectRoundTrip(
      m, "      \"dynamic_shared_memory\": 0,\n      \"cluster\": [2, 4, 1],\n      \"params\": [", back);
  EXPECT(back.kernels[0].cluster && (*back.kernels[0].cluster == std::array<uint32_t, 3>{{2, 4, 1}}));
  EXPECT(!back.kernels[1].cluster);
  EXPECT(back != plain); // the cluster takes part in equality
  std::string err;
  // Exactly 8 blocks is allowed; so is a cluster of one block.
  KernelManifest eight = sampleMatmul();
  eight.kernels[0].cluster = std::array<uint32_t, 3>{{8, 1, 1}};
  EXPECT_MSG(validateManifest(eight, err), err);
  eight.kernels[0].cluster = std::array<uint32_t, 3>{{1, 1, 1}};
  EXPECT_MSG(validateManifest(eight, err), err);

  // Rejections (grid [64, 128, 1]).
  EXPECT_REJECT(replaced(json, "\"cluster\": [2, 4, 1]", "\"cluster\": [2, 4]"), "expected 3 dimensions");
  EXPECT_REJECT(replaced(json, "\"cluster\": [2, 4, 1]", "\"cluster\": [2, 0, 1]"), "kernels[0].cluster[1]: value 0 out of range");
  EXPECT_REJECT(replaced(json, "\"cluster\": [2, 4, 1]", "\"cluster\": [2, -1, 1]"), "out of range");
  EXPECT_REJECT(replaced(json, "\"cluster\": [2, 4, 1]", "\"cluster\": [2.5, 1, 1]"), "expected an integer");
  EXPECT_REJECT(replaced(json, "\"cluster\": [2, 4, 1]", "\"cluster\": 2"), "expected array");
  EXPECT_REJECT(replaced(json, "\"cluster\": [2, 4, 1]", "\"cluster\": [3, 1, 1]"),
                "grid [64, 128, 1] is not divisible by cluster [3, 1, 1] in dimension x");
  EXPECT_REJECT(replaced(json, "\"cluster\": [2, 4, 1]", "\"cluster\": [1, 1, 2]"),
                "not divisible by cluster [1, 1, 2] in dimension z");
  EXPECT_REJECT(replaced(json, "\"cluster\": [2, 4, 1]", "\"cluster\": [4, 4, 1]"),
                "cluster [4, 4, 1] has 16 blocks; at most 8 (the portable cluster size limit)");
  EXPECT_REJECT(replaced(json, "\"cluster\": [2, 4, 1]", "\"cluster\": [16, 1, 1]"), "portable cluster size limit");
  // validateManifest on its own catches what the reader cannot produce.
  KernelManifest zero = sampleMatmul();
  zero.kernels[0].cluster = std::array<uint32_t, 3>{{0, 1, 1}};
  EXPECT(!validateManifest(zero, err) && contains(err, "cluster dimensions must be positive"));
  KernelManifest ragged = sampleSoftmax();
  ragged.kernels[0].cluster = std::array<uint32_t, 3>{{ragged.kernels[0].grid[0] + 1, 1, 1}};
  EXPECT(!validateManifest(ragged, err) && contains(err, "is not divisible by cluster"));
}

static void testManifestProgrammaticDependent() {
  // Absent: nothing is written. Present (the second kernel waits for the
  // first): written after dynamic_shared_memory, exact round trip.
  KernelManifest plain = sampleMatmul();
  EXPECT(!contains(toJson(plain), "programmatic_dependent"));
  KernelManifest m = sampleMatmul();
  m.kernels[1].programmaticDependent = true;
  KernelManifest back;
  std::string json = expectRoundTrip(
      m, "      \"dynamic_shared_memory\": 102400,\n      \"programmatic_dependent\": true,\n", back);
  EXPECT(back.kernels[1].programmaticDependent && !back.kernels[0].programmaticDependent);
  EXPECT(back != plain); // the flag takes part in equality
  std::string err;
  // "false" reads as absent; the first kernel has no previous kernel.
  EXPECT_MSG(parseManifest(replaced(json, "\"programmatic_dependent\": true", "\"programmatic_dependent\": false"),
                           back, err),
             err);
  EXPECT(back == plain);
  EXPECT_REJECT(replaced(json, "\"programmatic_dependent\": true", "\"programmatic_dependent\": 1"),
                "kernels[1].programmatic_dependent: expected boolean");
  KernelManifest first = sampleMatmul();
  first.kernels[0].programmaticDependent = true;
  EXPECT(!validateManifest(first, err) && contains(err, "the first kernel cannot be programmatic_dependent"));
}

static void testManifestResidentGrid() {
  // Absent: nothing is written. Present (a persistent kernel of 132 blocks
  // in clusters of 4 along x): written after the cluster, exact round trip.
  KernelManifest plain = sampleMatmul();
  plain.kernels[0].grid = {{132, 1, 1}};
  plain.kernels[0].cluster = std::array<uint32_t, 3>{{4, 1, 1}};
  EXPECT(!contains(toJson(plain), "resident_grid"));
  KernelManifest m = plain;
  m.kernels[0].residentGrid = true;
  KernelManifest back;
  std::string json =
      expectRoundTrip(m, "      \"cluster\": [4, 1, 1],\n      \"resident_grid\": true,\n      \"params\": [", back);
  EXPECT(back.kernels[0].residentGrid && !back.kernels[1].residentGrid);
  EXPECT(back != plain); // the flag takes part in equality
  std::string err;
  // "false" reads as absent; not a boolean, no cluster or a grid of more
  // than one dimension are rejected.
  EXPECT_MSG(parseManifest(replaced(json, "\"resident_grid\": true", "\"resident_grid\": false"), back, err), err);
  EXPECT(back == plain);
  EXPECT_REJECT(replaced(json, "\"resident_grid\": true", "\"resident_grid\": \"yes\""),
                "kernels[0].resident_grid: expected boolean");
  EXPECT_REJECT(replaced(json, "      \"cluster\": [4, 1, 1],\n", ""),
                "resident_grid needs a \"cluster\" and a 1-D grid, found grid [132, 1, 1] without a cluster");
  EXPECT_REJECT(replaced(json, "\"grid\": [132, 1, 1]", "\"grid\": [132, 2, 1]"),
                "resident_grid needs a \"cluster\" and a 1-D grid, found grid [132, 2, 1] (the runtime");
  KernelManifest flat = sampleMatmul();
  flat.kernels[1].residentGrid = true;
  EXPECT(!validateManifest(flat, err) && contains(err, "kernels[1] (\"epilogue\"): resident_grid needs"));

  // The grid launched: at most as many whole clusters as fit at once; the
  // manifest's where the driver cannot tell (0) or more fit, and for any
  // other kernel.
  using Grid = std::array<uint32_t, 3>;
  EXPECT(launchGrid(m.kernels[0], 32) == (Grid{{128, 1, 1}}));
  EXPECT(launchGrid(m.kernels[0], 1) == (Grid{{4, 1, 1}}));
  EXPECT(launchGrid(m.kernels[0], 33) == (Grid{{132, 1, 1}}));
  EXPECT(launchGrid(m.kernels[0], 40) == (Grid{{132, 1, 1}}));
  EXPECT(launchGrid(m.kernels[0], 0) == (Grid{{132, 1, 1}}));
  EXPECT(launchGrid(plain.kernels[0], 32) == (Grid{{132, 1, 1}}));
  EXPECT(launchGrid(m.kernels[1], 32) == (Grid{{64, 128, 1}}));
}

static void testManifestArguments() {
  // Absent: nothing is written (a manifest before the field reads as
  // before). Present: the function's arguments in its order, after the
  // buffers; part of equality; an exact round trip.
  KernelManifest plain = sampleMatmul();
  EXPECT(!contains(toJson(plain), "\"arguments\""));
  KernelManifest m = sampleMatmul();
  m.arguments = {"B", "A", "C"}; // a function declared (w, x, y)
  KernelManifest back;
  std::string json = expectRoundTrip(m, "  ],\n  \"arguments\": [\"B\", \"A\", \"C\"],\n  \"kernels\": [", back);
  EXPECT(back != plain);
  std::string err;
  // Each names a distinct buffer that is not scratch.
  EXPECT_REJECT(replaced(json, "[\"B\", \"A\", \"C\"]", "[\"B\", \"Q\"]"),
                "arguments[1] (\"Q\"): no buffer has this name");
  EXPECT_REJECT(replaced(json, "[\"B\", \"A\", \"C\"]", "[\"B\", \"B\"]"), "arguments[1] (\"B\"): listed twice");
  EXPECT_REJECT(replaced(json, "[\"B\", \"A\", \"C\"]", "[\"B\", 1]"), "arguments[1]: expected string");
  KernelManifest scratch = sampleMatmul();
  scratch.buffers.push_back({"scratch0", "scratch", ElemType::F32, {16}});
  scratch.arguments = {"scratch0"};
  EXPECT(!validateManifest(scratch, err) && contains(err, "a scratch buffer is not a function argument"));
}

// f16 matmul 1000x999x777 (M x N x K) fed by TMA: A [M,K], B [K,N], C f32.
static KernelManifest sampleTensorMap() {
  KernelManifest m;
  m.op = "matmul";
  m.stage = "wgmma";
  m.chip = "sm_90a";
  m.func = "matmul";
  m.matmul = {1000, 1024, 776, 0, ElemType::F16, ElemType::F16, ElemType::F32};
  m.buffers = {{"A", "A", ElemType::F16, {1000, 776}},
               {"B", "B", ElemType::F16, {776, 1024}},
               {"C", "C", ElemType::F32, {1000, 1024}}};
  KernelDesc k;
  k.name = "matmul_wgmma";
  k.grid = {{132, 1, 1}};
  k.block = {{384, 1, 1}};
  k.dynamicSharedMemory = 197632;
  k.cluster = std::array<uint32_t, 3>{{2, 1, 1}};
  k.params = {KernelParam::tensormap("A", TensorMapDesc::rowMajor2D(ElemType::F16, 1000, 776, 64, 128, 128, 128)),
              KernelParam::tensormap("B", TensorMapDesc::rowMajor2D(ElemType::F16, 776, 1024, 64, 64, 128, 256)),
              KernelParam::ptr("C"), KernelParam::i32(1000)};
  m.kernels.push_back(k);
  return m;
}

static void testManifestTensorMaps() {
  // rowMajor2D follows the contract: dims [cols, rows], strides [cols * elemBytes].
  TensorMapDesc a = TensorMapDesc::rowMajor2D(ElemType::F16, 1000, 776, 64, 128, 128, 128);
  EXPECT((a.dims == std::vector<uint64_t>{776, 1000}) && (a.strides == std::vector<uint64_t>{1552}) &&
         (a.box == std::vector<uint32_t>{64, 128}) && a.swizzle == 128 && a.l2Promotion == 128);
  KernelManifest m = sampleTensorMap();
  std::string err;
  EXPECT_MSG(validateManifest(m, err), err);
  std::string json = toJson(m);
  EXPECT_MSG(contains(json, "        {\"abi\": \"tensormap\", \"buffer\": \"A\", \"elem\": \"f16\", \"dims\": [776, "
                            "1000], \"strides\": [1552], \"box\": [64, 128], \"swizzle\": 128, \"l2_promotion\": 128},\n"),
             json);
  EXPECT_MSG(contains(json, "\"chip\": \"sm_90a\""), json);
  KernelManifest back;
  EXPECT_MSG(parseManifest(json, back, err), err);
  EXPECT(back == m);
  EXPECT(toJson(back) == json);
  EXPECT(back.kernels[0].params[0].abi == ParamAbi::TensorMap && back.kernels[0].params[0].buffer == "A");
  EXPECT(back.kernels[0].params[1].tensorMap.l2Promotion == 256);
  // Every field takes part in equality.
  for (int f = 0; f < 7; ++f) {
    KernelManifest other = m;
    KernelParam &p = other.kernels[0].params[1];
    switch (f) {
    case 0: p.buffer = "A"; break;
    case 1: p.tensorMap.elem = ElemType::BF16; break;
    case 2: p.tensorMap.dims[1] = 1; break;
    case 3: p.tensorMap.strides[0] += 16; break;
    case 4: p.tensorMap.box[1] = 32; break;
    case 5: p.tensorMap.swizzle = 64; break;
    case 6: p.tensorMap.l2Promotion = 0; break;
    }
    EXPECT_MSG(!(other == m), "field " + std::to_string(f));
  }
  // Ranks 1 and 5 are fine; strides with padding are fine; swizzle 0 lifts the span limit.
  {
    KernelManifest r = m;
    TensorMapDesc d;
    d.elem = ElemType::F32;
    d.dims = {1000 * 1024};
    d.box = {256};
    r.kernels[0].params[2] = KernelParam::tensormap("C", d);
    EXPECT_MSG(validateManifest(r, err), err);
    KernelManifest rb;
    EXPECT_MSG(parseManifest(toJson(r), rb, err), err);
    EXPECT(rb == r && contains(toJson(r), "\"strides\": []"));
    d.dims = {8, 5, 5, 5, 8}; // 8*5*5*5*8 f32 = 32000 bytes
    d.strides = {32, 160, 800, 4000};
    d.box = {4, 1, 2, 3, 8};
    r.kernels[0].params[2] = KernelParam::tensormap("C", d);
    EXPECT_MSG(validateManifest(r, err), err);
    KernelManifest pad = m;
    pad.kernels[0].params[0].tensorMap.dims = {700, 1000};
    pad.kernels[0].params[0].tensorMap.swizzle = 0;
    pad.kernels[0].params[0].tensorMap.box = {256, 256};
    EXPECT_MSG(validateManifest(pad, err), err); // stride 1552 > 700*2: padded rows
  }

  // Rejections, through the reader (clear messages, with where).
  const std::string A = "{\"abi\": \"tensormap\", \"buffer\": \"A\", \"elem\": \"f16\", \"dims\": [776, 1000], "
                        "\"strides\": [1552], \"box\": [64, 128], \"swizzle\": 128, \"l2_promotion\": 128}";
  EXPECT(contains(json, A));
  auto withA = [&](const std::string &from, const std::string &to) { return replaced(json, A, replaced(A, from, to)); };
  EXPECT_REJECT(withA("\"buffer\": \"A\"", "\"buffer\": \"Q\""),
                "kernels[0] (\"matmul_wgmma\"): params[0]: tensormap names unknown buffer \"Q\"");
  EXPECT_REJECT(withA("\"elem\": \"f16\"", "\"elem\": \"bf16\""),
                "params[0]: tensormap elem bf16 differs from buffer \"A\"'s elem f16");
  EXPECT_REJECT(withA("\"elem\": \"f16\"", "\"elem\": \"f8\""), "params[0].elem: unknown element type \"f8\"");
  EXPECT_REJECT(withA("\"strides\": [1552]", "\"strides\": [1544]"),
                "tensormap strides[0] = 1544 bytes is not a multiple of 16");
  EXPECT_REJECT(withA("\"strides\": [1552]", "\"strides\": [1536]"),
                "tensormap strides[0] = 1536 bytes is smaller than the 1552 bytes that dims[0] spans");
  EXPECT_REJECT(withA("\"strides\": [1552]", "\"strides\": [1568]"),
                "tensormap dims [776, 1000] with strides [1568] reach beyond buffer \"A\" (1552000 bytes)");
  EXPECT_REJECT(withA("\"dims\": [776, 1000]", "\"dims\": [776, 1001]"), "reach beyond buffer \"A\"");
  EXPECT_REJECT(withA("\"strides\": [1552]", "\"strides\": [1552, 16]"),
                "tensormap of rank 2 needs 1 strides (of dims[1..]), found 2");
  EXPECT_REJECT(withA("\"box\": [64, 128]", "\"box\": [64]"), "tensormap of rank 2 needs 2 box extents, found 1");
  EXPECT_REJECT(withA("\"dims\": [776, 1000], \"strides\": [1552], \"box\": [64, 128]",
                      "\"dims\": [], \"strides\": [], \"box\": []"),
                "tensormap rank 0 (length of dims) must be 1..5");
  EXPECT_REJECT(withA("\"dims\": [776, 1000], \"strides\": [1552], \"box\": [64, 128]",
                      "\"dims\": [1, 1, 1, 1, 1, 1], \"strides\": [16, 16, 16, 16, 16], \"box\": [8, 1, 1, 1, 1, 1]"),
                "tensormap rank 6 (length of dims) must be 1..5");
  EXPECT_REJECT(withA("\"dims\": [776, 1000]", "\"dims\": [0, 1000]"), "tensormap dims[0] = 0 must be in [1, 2^32]");
  EXPECT_REJECT(withA("\"box\": [64, 128]", "\"box\": [64, 257]"), "tensormap box[1] = 257 must be in [1, 256]");
  EXPECT_REJECT(withA("\"box\": [64, 128]", "\"box\": [64, 0]"), "tensormap box[1] = 0 must be in [1, 256]");
  EXPECT_REJECT(withA("\"box\": [64, 128]", "\"box\": [60, 128]"),
                "tensormap box[0] = 60 elements is 120 bytes, not a multiple of 16");
  EXPECT_REJECT(withA("\"box\": [64, 128]", "\"box\": [128, 128]"),
                "tensormap box[0] = 128 elements is 256 bytes, more than the 128-byte swizzle span");
  EXPECT_REJECT(withA("\"swizzle\": 128", "\"swizzle\": 32"), "more than the 32-byte swizzle span");
  EXPECT_REJECT(withA("\"swizzle\": 128", "\"swizzle\": 16"), "tensormap swizzle 16 must be 0, 32, 64 or 128");
  EXPECT_REJECT(withA("\"l2_promotion\": 128", "\"l2_promotion\": 512"),
                "tensormap l2_promotion 512 must be 0, 64, 128 or 256");
  EXPECT_REJECT(withA("\"swizzle\": 128", "\"swizzle\": -1"), "params[0].swizzle: value -1 out of range");
  EXPECT_REJECT(withA("\"box\": [64, 128]", "\"box\": [64, 1.5]"), "params[0].box[1]: expected an integer");
  EXPECT_REJECT(withA("\"dims\": [776, 1000]", "\"dims\": 776"), "params[0].dims: expected array, found number");
  EXPECT_REJECT(withA(", \"l2_promotion\": 128", ""), "missing field \"l2_promotion\"");
  EXPECT_REJECT(withA("\"swizzle\": 128", "\"swizzle\": 128, \"interleave\": 0"), "unknown field \"interleave\"");
  EXPECT_REJECT(withA("\"buffer\": \"A\", ", ""), "missing field \"buffer\"");
  // validateTensorMap on its own: strides beyond 2^40, a 64-bit-overflowing span.
  BufferDesc big{"big", "scratch", ElemType::F16, {int64_t(1) << 40}};
  TensorMapDesc d;
  d.elem = ElemType::F16;
  d.dims = {8, 2};
  d.strides = {uint64_t(1) << 40};
  d.box = {8, 1};
  EXPECT(!validateTensorMap(d, big, err) && contains(err, "must be below 2^40"));
  d.dims = {uint64_t(1) << 32, uint64_t(1) << 32, 2};
  d.strides = {uint64_t(1) << 33, (uint64_t(1) << 40) - 16};
  d.box = {8, 1, 1};
  EXPECT(!validateTensorMap(d, big, err) && contains(err, "bytes is smaller than the 36893488147419103232 bytes"));
}

void testManifestOps(); // ManifestOpsTests.cpp

void testManifests() {
  testJson();
  testManifestRoundTrip();
  testManifestRejects();
  testManifestClusters();
  testManifestProgrammaticDependent();
  testManifestResidentGrid();
  testManifestArguments();
  testManifestTensorMaps();
  testManifestOps();
}
