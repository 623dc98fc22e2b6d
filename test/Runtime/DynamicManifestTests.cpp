//===- DynamicManifestTests.cpp - Unit tests: version-3 manifests ---------===//
//
// The version-3 reader, instantiation at sizes (variant choice, expressions,
// bounds), binding symbols from buffer shapes, what the version-1 reader
// says of version 3, and how reports name a dynamic stage and its peer. The rejections of hostile templates, each with
// its message, are test/Runtime/dynamic-manifest-errors.test's.
//
//===----------------------------------------------------------------------===//
#include "gemm-opt/Runtime/Bench.h"
#include "gemm-opt/Runtime/DynamicManifest.h"
#include "gemm-opt/Runtime/Manifest.h"
#include "TestHarness.h"

#include <sstream>
#include <string>

using namespace gemm_opt::runtime;

namespace {

/// C(M x 512) = A(M x 256) * B(256 x 512) in f32; variants for M in [1, 8]
/// (a constant grid, an expression with every key), [9, 4096] and the rest;
/// the last reads A through a tensor map whose rows are M.
std::string sampleText() {
  const std::string params =
      R"("params": [{"abi": "ptr", "buffer": "C"}, {"abi": "ptr", "buffer": "A"}, {"abi": "ptr", "buffer": "B"},
                    {"abi": "i64", "value": {"sym": "M"}}])";
  return R"({"format": "gemm-opt-manifest", "version": 3, "op": "matmul", "stage": "s", "chip": "sm_90",
  "func": "matmul", "symbols": [{"name": "M", "min": 1, "max": 1000000}],
  "problem": {"m": {"sym": "M"}, "n": 512, "k": 256, "beta": 0, "a": "f32", "b": "f32", "c": "f32"},
  "buffers": [{"name": "A", "role": "A", "elem": "f32", "shape": [{"sym": "M"}, 256]},
              {"name": "B", "role": "B", "elem": "f32", "shape": [256, 512]},
              {"name": "C", "role": "C", "elem": "f32", "shape": [{"sym": "M"}, 512]}],
  "variants": [
    {"when": {"M": [1, 8]}, "kernels": [{"name": "k8", "grid": [8, {"sym": "M", "ceil_div": 8, "mul": 3, "min": 1}, 1],
      "block": [64, 8, 1], "dynamic_shared_memory": 0, )" +
         params + R"(}]},
    {"when": {"M": [9, 4096]}, "kernels": [{"name": "k16", "grid": [32, {"sym": "M", "ceil_div": 16}, 1],
      "block": [16, 16, 1], "dynamic_shared_memory": 0, )" +
         params + R"(}]},
    {"kernels": [{"name": "k32", "grid": [16, {"sym": "M", "ceil_div": 32, "mul": 2}, 1], "block": [32, 32, 1],
      "dynamic_shared_memory": 0, "params": [{"abi": "ptr", "buffer": "C"},
      {"abi": "tensormap", "buffer": "A", "elem": "f32", "dims": [256, {"sym": "M"}], "strides": [1024],
       "box": [32, 32], "swizzle": 0, "l2_promotion": 0}, {"abi": "ptr", "buffer": "B"},
      {"abi": "i32", "value": {"sym": "M", "min": 70000}}]}]}]})";
}

/// Two symbols: C(M x N) = A(M x 64) * B(64 x N), one variant for small
/// M and N together.
std::string twoSymbolText() {
  const std::string kernel = R"({"name": "k", "grid": [{"sym": "N_1", "ceil_div": 16}, {"sym": "M", "ceil_div": 16}, 1],
      "block": [16, 16, 1], "dynamic_shared_memory": 0, "params": [{"abi": "ptr", "buffer": "C"},
      {"abi": "i32", "value": {"sym": "M"}}, {"abi": "i32", "value": {"sym": "N_1"}}]})";
  return R"({"format": "gemm-opt-manifest", "version": 3, "op": "matmul", "stage": "s", "chip": "sm_90",
  "func": "f", "symbols": [{"name": "M", "min": 1, "max": 4096}, {"name": "N_1", "min": 16, "max": 1024}],
  "problem": {"m": {"sym": "M"}, "n": {"sym": "N_1"}, "k": 64, "beta": 0, "a": "f16", "b": "f16", "c": "f32"},
  "buffers": [{"name": "A", "role": "A", "elem": "f16", "shape": [{"sym": "M"}, 64]},
              {"name": "B", "role": "B", "elem": "f16", "shape": [64, {"sym": "N_1"}]},
              {"name": "C", "role": "C", "elem": "f32", "shape": [{"sym": "M"}, {"sym": "N_1"}]}],
  "variants": [{"when": {"M": [1, 16], "N_1": [16, 64]}, "kernels": [)" +
         kernel + R"(]}, {"kernels": [)" + kernel + "]}]}";
}

void testReadAndChoose() {
  DynamicManifest d;
  std::string err;
  EXPECT_MSG(parseDynamicManifest(sampleText(), d, err), err);
  EXPECT(d.version == 3 && d.op == "matmul" && d.stage == "s" && d.func == "matmul");
  EXPECT(d.symbols.size() == 1 && d.symbols[0].name == "M" && d.symbols[0].min == 1 && d.symbols[0].max == 1000000);
  EXPECT(d.variants.size() == 3 && d.variants[2].when.empty());
  EXPECT(d.variants[1].when.size() == 1 && d.variants[1].when[0].second.first == 9 &&
         d.variants[1].when[0].second.second == 4096);
  EXPECT(d.chooseVariant({{"M", 1}}) == 0 && d.chooseVariant({{"M", 8}}) == 0);
  EXPECT(d.chooseVariant({{"M", 9}}) == 1 && d.chooseVariant({{"M", 4096}}) == 1);
  EXPECT(d.chooseVariant({{"M", 4097}}) == 2 && d.chooseVariant({{"M", 1000000}}) == 2);
  EXPECT(symbolSizesString(d, {{"M", 127}}) == "M = 127" && symbolSizesString(d, {}) == "M");

  EXPECT(manifestVersionOf(sampleText()) == 3);
  EXPECT(manifestVersionOf("{\"version\": 1}") == 1);
  EXPECT(!manifestVersionOf("[1, 2]") && !manifestVersionOf("{\"version\": \"3\"}") && !manifestVersionOf("{"));
  // A version-1/2 reader rejects version 3, as docs/manifest.md says.
  KernelManifest m;
  EXPECT(!parseManifest(sampleText(), m, err) && contains(err, "unsupported version 3 (this reader knows 1 and 2)"));
}

void testInstantiate() {
  DynamicManifest d;
  std::string err;
  EXPECT_MSG(parseDynamicManifest(sampleText(), d, err), err);
  KernelManifest m;
  int variant = -1;
  // Variant 0: min(ceil(8 / 8) * 3, 1) = 1.
  EXPECT_MSG(instantiateManifest(d, {{"M", 8}}, m, variant, err), err);
  EXPECT(variant == 0 && m.version == 1 && m.matmul.m == 8 && m.kernels[0].name == "k8");
  EXPECT(m.kernels[0].grid == (std::array<uint32_t, 3>{{8, 1, 1}}) && m.kernels[0].params[3].intValue == 8);
  // Variant 1 at 127: ceil(127 / 16) = 8 blocks of rows.
  EXPECT_MSG(instantiateManifest(d, {{"M", 127}}, m, variant, err), err);
  EXPECT(variant == 1 && m.matmul.m == 127 && m.findBuffer("A")->shape == (std::vector<int64_t>{127, 256}));
  EXPECT(m.findBuffer("C")->shape == (std::vector<int64_t>{127, 512}) && m.kernels[0].grid[1] == 8);
  // The instance is an ordinary version-1 manifest: it round-trips.
  KernelManifest back;
  EXPECT_MSG(parseManifest(toJson(m), back, err) && back == m, err);
  // Variant 2: a tensor map's rows, ceil(5000 / 32) * 2, min(M, 70000).
  EXPECT_MSG(instantiateManifest(d, {{"M", 5000}}, m, variant, err), err);
  EXPECT(variant == 2 && m.kernels[0].grid[1] == 314);
  EXPECT(m.kernels[0].params[1].tensorMap.dims == (std::vector<uint64_t>{256, 5000}));
  EXPECT(m.kernels[0].params[3].abi == ParamAbi::I32 && m.kernels[0].params[3].intValue == 5000);
  EXPECT_MSG(instantiateManifest(d, {{"M", 1000000}}, m, variant, err), err);
  EXPECT(m.kernels[0].params[3].intValue == 70000 && m.kernels[0].grid[1] == 62500);

  // Sizes outside the bounds, missing or unknown.
  EXPECT(!instantiateManifest(d, {{"M", 0}}, m, variant, err) && err == "M = 0 is outside [1, 1000000]");
  EXPECT(!instantiateManifest(d, {{"M", 1000001}}, m, variant, err) && err == "M = 1000001 is outside [1, 1000000]");
  EXPECT(!instantiateManifest(d, {}, m, variant, err) && err == "no size for symbol M");
  EXPECT(!instantiateManifest(d, {{"M", 4}, {"K", 4}}, m, variant, err) &&
         err == "unknown symbol \"K\" (the manifest declares M)");
}

void testTwoSymbols() {
  DynamicManifest d;
  std::string err;
  EXPECT_MSG(parseDynamicManifest(twoSymbolText(), d, err), err);
  EXPECT(d.symbols.size() == 2 && d.symbols[1].name == "N_1");
  EXPECT(d.chooseVariant({{"M", 16}, {"N_1", 64}}) == 0 && d.chooseVariant({{"M", 17}, {"N_1", 64}}) == 1 &&
         d.chooseVariant({{"M", 16}, {"N_1", 80}}) == 1);
  KernelManifest m;
  int variant = -1;
  EXPECT_MSG(instantiateManifest(d, {{"M", 3}, {"N_1", 40}}, m, variant, err), err);
  EXPECT(variant == 0 && m.matmul.n == 40 && m.kernels[0].grid == (std::array<uint32_t, 3>{{3, 1, 1}}));
  EXPECT(!instantiateManifest(d, {{"M", 3}, {"N_1", 8}}, m, variant, err) && err == "N_1 = 8 is outside [16, 1024]");
  EXPECT(symbolSizesString(d, {{"M", 3}, {"N_1", 40}}) == "M = 3, N_1 = 40");
  // Each variant at its low end, even where those sizes choose another (the
  // last at M = 1, N_1 = 16 lies in the first's ranges).
  EXPECT_MSG(variantManifest(d, 1, m, err), err);
  EXPECT(m.version == 1 && m.matmul.m == 1 && m.matmul.n == 16 && m.kernels.size() == 1);
  EXPECT(!variantManifest(d, 2, m, err) && err == "variant 2 out of range: the manifest has 2");
}

void testBindSymbols() {
  DynamicManifest d;
  std::string err;
  EXPECT_MSG(parseDynamicManifest(sampleText(), d, err), err);
  SymbolSizes sizes;
  EXPECT_MSG(bindSymbols(d, {{"A", {127, 256}}, {"B", {256, 512}}, {"C", {127, 512}}}, sizes, err), err);
  EXPECT(sizes == (SymbolSizes{{"M", 127}}));
  // One buffer is enough; static dimensions are instantiation's to check.
  EXPECT_MSG(bindSymbols(d, {{"C", {3, 9}}}, sizes, err) && sizes.at("M") == 3, err);
  EXPECT(!bindSymbols(d, {{"A", {127, 256}}, {"C", {128, 512}}}, sizes, err) &&
         err == "the buffers bind M to two extents: A's dimension 0 is 127, C's dimension 0 is 128");
  EXPECT(!bindSymbols(d, {{"A", {1, 127, 256}}}, sizes, err) &&
         err == "buffer \"A\" has 3 dimensions, the manifest's 2");
  EXPECT(!bindSymbols(d, {{"B", {256, 512}}}, sizes, err) && err == "symbol M is bound by none of the given buffers");

  DynamicManifest two;
  EXPECT_MSG(parseDynamicManifest(twoSymbolText(), two, err), err);
  EXPECT_MSG(bindSymbols(two, {{"C", {5, 48}}}, sizes, err), err);
  EXPECT(sizes == (SymbolSizes{{"M", 5}, {"N_1", 48}}));
  EXPECT(!bindSymbols(two, {{"B", {64, 48}}, {"C", {5, 32}}}, sizes, err) &&
         err == "the buffers bind N_1 to two extents: B's dimension 1 is 48, C's dimension 1 is 32");
}

/// nn.Linear on a [4, tokens, 64] activation: M = 4 * tokens rows, the
/// buffers' tokens dimension M / 4; variants for M in [4, 4], [8, 12] and
/// the rest.
std::string collapsedRowsText() {
  const std::string kernel = R"({"name": "k", "grid": [8, {"sym": "M", "ceil_div": 64}, 1], "block": [128, 1, 1],
      "dynamic_shared_memory": 0, "params": [{"abi": "ptr", "buffer": "A"}, {"abi": "ptr", "buffer": "C"},
      {"abi": "i64", "value": {"sym": "M"}}]})";
  return R"({"format": "gemm-opt-manifest", "version": 3, "op": "matmul", "stage": "s", "chip": "sm_90",
  "func": "f", "symbols": [{"name": "M", "min": 4, "max": 4096}],
  "problem": {"m": {"sym": "M"}, "n": 32, "k": 64, "beta": 0, "a": "f16", "b": "f16", "c": "f16"},
  "buffers": [{"name": "A", "role": "A", "elem": "f16", "shape": [4, {"sym": "M", "div": 4}, 64]},
              {"name": "B", "role": "B", "elem": "f16", "shape": [64, 32]},
              {"name": "C", "role": "C", "elem": "f16", "shape": [4, {"sym": "M", "div": 4}, 32]}],
  "variants": [{"when": {"M": [4, 4]}, "kernels": [)" +
         kernel + R"(]}, {"when": {"M": [8, 12]}, "kernels": [)" + kernel + R"(]},
    {"kernels": [)" + kernel + R"(]}]})";
}

void testCollapsedRows() {
  DynamicManifest d;
  std::string err;
  EXPECT_MSG(parseDynamicManifest(collapsedRowsText(), d, err), err);
  EXPECT(d.symbols.size() == 1 && d.symbols[0].step == 4);
  // tokens = 1, 3, 300: M = 4, 12, 1200, each in its variant.
  for (auto [tokens, want] : {std::pair{1, 0}, {3, 1}, {300, 2}}) {
    SymbolSizes sizes;
    EXPECT_MSG(bindSymbols(d, {{"A", {4, tokens, 64}}, {"C", {4, tokens, 32}}}, sizes, err), err);
    EXPECT(sizes == (SymbolSizes{{"M", 4 * tokens}}));
    KernelManifest m;
    int variant = -1;
    EXPECT_MSG(instantiateManifest(d, sizes, m, variant, err), err);
    EXPECT(variant == want && m.matmul.m == 4 * tokens);
    EXPECT(m.buffers[0].shape == (std::vector<int64_t>{4, tokens, 64}) &&
           m.buffers[2].shape == (std::vector<int64_t>{4, tokens, 32}));
    EXPECT(m.kernels[0].grid[1] == (4 * tokens + 63) / 64);
  }
  // Inconsistent shapes: tokens that differ, another rank, an M of no
  // whole tokens; a wrong batch instantiates shapes the buffers do not have.
  SymbolSizes sizes;
  EXPECT(!bindSymbols(d, {{"A", {4, 3, 64}}, {"C", {4, 5, 32}}}, sizes, err) &&
         err == "the buffers bind M to two extents: A's dimension 1 is 3 (M = 12), C's dimension 1 is 5 (M = 20)");
  EXPECT(!bindSymbols(d, {{"A", {12, 64}}}, sizes, err) && err == "buffer \"A\" has 2 dimensions, the manifest's 3");
  KernelManifest m;
  int variant = -1;
  EXPECT(!instantiateManifest(d, {{"M", 6}}, m, variant, err) &&
         err == "M = 6 is not a multiple of 4 (a buffer dimension is M / 4)");
  EXPECT_MSG(bindSymbols(d, {{"A", {2, 6, 64}}}, sizes, err) && sizes.at("M") == 24, err);
  EXPECT_MSG(instantiateManifest(d, sizes, m, variant, err), err);
  EXPECT(m.buffers[0].shape == (std::vector<int64_t>{4, 6, 64}));
  // The reader: bounds and ranges whole multiples of the divisor.
  std::string text = collapsedRowsText();
  DynamicManifest bad;
  EXPECT(!parseDynamicManifest(text.replace(text.find("[8, 12]"), 7, "[5, 12]"), bad, err) &&
         contains(err, "symbol \"M\" is divided by 4, which its variants[1].when 5 is no multiple of"));
  text = collapsedRowsText();
  EXPECT(!parseDynamicManifest(text.replace(text.find("\"min\": 4"), 8, "\"min\": 1"), bad, err) &&
         contains(err, "its min 1 is no multiple of"));
}

/// A dynamic stage at M = 127 (variant 1), then the static compile of
/// that size: labels, the comparison note, the JSON fields.
void testDynamicReports() {
  StageResult d;
  d.stage = "wgmma";
  d.op = "matmul";
  d.shape = "127x6144x4096";
  d.status = StageStatus::Pass;
  d.ms = 0.012;
  d.msInterleaved = 0.011;
  d.cublasMsInterleaved = 0.01;
  d.dynamicSizes = {{"M", 127}};
  d.variant = 1;
  StageResult s = d;
  s.dynamicSizes.clear();
  s.variant = -1;
  s.staticPeer = true;
  s.msInterleaved = 0.01;
  EXPECT(stageLabel(d) == "wgmma M=127 v1" && stageLabel(s) == "wgmma static");
  StageResult plain = s;
  plain.staticPeer = false;
  EXPECT(stageLabel(plain) == "wgmma");
  std::ostringstream table;
  printResultsTable(table, {d, s});
  EXPECT_MSG(contains(table.str(), "wgmma M=127 v1 |") && contains(table.str(), "wgmma static   |"), table.str());
  EXPECT_MSG(contains(table.str(), "wgmma M=127 v1: 0.0110 ms, static 0.0100 ms: 110.0% of the static time "
                                   "(interleaved)"),
             table.str());
  std::string json = resultsToJson(RunInfo{}, {d, s, plain});
  EXPECT_MSG(contains(json, "\"epilogue\": \"\",\n      \"dynamic\": {\"M\": 127}, \"variant\": 1,\n      \"status\""),
             json);
  EXPECT(contains(json, "\"static_peer\": true,"));
  // A stage of neither kind is written as before: no "dynamic", no mark.
  EXPECT(json.find("\"dynamic\"") == json.rfind("\"dynamic\"") && json.find("static_peer") == json.rfind("static_peer"));
}

} // namespace

void testDynamicManifests() {
  testReadAndChoose();
  testInstantiate();
  testTwoSymbols();
  testBindSymbols();
  testCollapsedRows();
  testDynamicReports();
}
