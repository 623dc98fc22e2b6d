//===- ManifestReader.cpp - The strict launch-manifest reader -------------===//
//
// parseManifest: JSON text to KernelManifest. llvm::json parses; the
// fromJSON functions below map its values onto the manifest's types
// (json::ObjectMapper, json::Path), so that every error names its field,
// e.g. "kernels[0].grid[1]". Every key is known, every value has its type
// and a representable range; the semantic rules are validateManifest's
// (ManifestValidation.cpp), which runs last. The checks on the text and the
// strict field reading are StrictJson.h's, which the version-3 reader
// (DynamicManifest.cpp) shares.
//
//===----------------------------------------------------------------------===//
#include "StrictJson.h"
#include "gemm-opt/Runtime/Manifest.h"
#include "gemm-opt/Runtime/ModuleManifest.h"
#include "gemm-opt/Support/LaunchLimits.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <iterator>
#include <limits>

namespace json = llvm::json;

namespace gemm_opt::runtime {

using namespace strict;

namespace {
constexpr int64_t kMaxDim = std::numeric_limits<int64_t>::max() / 4;
} // namespace

//===----------------------------------------------------------------------===//
// fromJSON for the manifest's types (found by json::ObjectMapper through ADL)
//===----------------------------------------------------------------------===//

static bool fromJSON(const json::Value &v, ElemType &out, json::Path path) {
  if (!expectKind(v, json::Value::String, "string", path))
    return false;
  if (!parseElemType(v.getAsString()->str(), out))
    return fail(path, "unknown element type \"" + v.getAsString()->str() + "\" (expected f32, f16 or bf16)");
  return true;
}

static bool readTensorMap(FieldReader &r, TensorMapDesc &d) {
  // Ranges here only keep the values representable; validateTensorMap
  // checks the TMA rules with clearer messages.
  constexpr int64_t u32max = std::numeric_limits<uint32_t>::max();
  constexpr int64_t i64max = std::numeric_limits<int64_t>::max();
  int64_t swizzle, l2;
  if (!r.map("elem", d.elem) || !r.mapIntList("dims", d.dims, 0, i64max) ||
      !r.mapIntList("strides", d.strides, 0, i64max) || !r.mapIntList("box", d.box, 0, u32max) ||
      !r.mapInt("swizzle", swizzle, 0, u32max) || !r.mapInt("l2_promotion", l2, 0, u32max))
    return false;
  d.swizzle = static_cast<uint32_t>(swizzle);
  d.l2Promotion = static_cast<uint32_t>(l2);
  return true;
}

static bool fromJSON(const json::Value &v, KernelParam &p, json::Path path) {
  FieldReader r(v, path);
  std::string abi;
  if (!r.isObject() || !r.map("abi", abi))
    return false;
  if (abi == "ptr") {
    p.abi = ParamAbi::Ptr;
    if (!r.map("buffer", p.buffer))
      return false;
  } else if (abi == "i32" || abi == "i64") {
    p.abi = abi == "i32" ? ParamAbi::I32 : ParamAbi::I64;
    int64_t lo = abi == "i32" ? std::numeric_limits<int32_t>::min() : std::numeric_limits<int64_t>::min();
    int64_t hi = abi == "i32" ? std::numeric_limits<int32_t>::max() : std::numeric_limits<int64_t>::max();
    if (!r.mapInt("value", p.intValue, lo, hi))
      return false;
  } else if (abi == "f32") {
    p.abi = ParamAbi::F32;
    const json::Value *n = r.get("value");
    if (!n || !expectKind(*n, json::Value::Number, "number", r.field("value")))
      return false;
    // Out of range = rounds to +-inf as a float.
    double d = *n->getAsNumber();
    float f = static_cast<float>(d);
    if (!std::isfinite(f)) {
      std::string text;
      llvm::raw_string_ostream(text) << *n;
      return fail(r.field("value"), "f32 value out of range: " + text);
    }
    p.floatValue = f;
  } else if (abi == "tensormap") {
    p.abi = ParamAbi::TensorMap;
    if (!r.map("buffer", p.buffer) || !readTensorMap(r, p.tensorMap))
      return false;
  } else {
    return fail(r.field("abi"), "unknown abi \"" + abi +
                                    "\" (this reader knows ptr, i32, i64, f32, tensormap; manifest version " +
                                    std::to_string(kManifestVersion) + ")");
  }
  return r.noUnknownKeys();
}

namespace {
/// The version of the manifest being read: a version-2 kernel names its op
/// (one parse at a time per thread, like firstErrorDetail).
thread_local int readingVersion = kManifestVersion;
} // namespace

static bool fromJSON(const json::Value &v, KernelDesc &k, json::Path path) {
  FieldReader r(v, path);
  if (!r.isObject() || !r.map("name", k.name) || !r.mapDims3("grid", k.grid) || !r.mapDims3("block", k.block))
    return false;
  k.op = 0;
  if (readingVersion == kManifestVersionOps) {
    int64_t op;
    if (!r.mapInt("op", op, 0, std::numeric_limits<uint32_t>::max()))
      return false;
    k.op = static_cast<uint32_t>(op);
  }
  int64_t smem;
  if (!r.mapInt("dynamic_shared_memory", smem, 0, std::numeric_limits<int32_t>::max()))
    return false;
  k.dynamicSharedMemory = static_cast<uint32_t>(smem);
  k.cluster.reset();
  if (r.has("cluster")) { // optional: absent = an ordinary (cluster-less) launch
    std::array<uint32_t, 3> cluster;
    if (!r.mapDims3("cluster", cluster))
      return false;
    k.cluster = cluster;
  }
  k.programmaticDependent = false; // optional: absent = false
  if (r.has("programmatic_dependent") && !r.map("programmatic_dependent", k.programmaticDependent))
    return false;
  k.residentGrid = false; // optional: absent = false
  if (r.has("resident_grid") && !r.map("resident_grid", k.residentGrid))
    return false;
  return r.map("params", k.params) && r.noUnknownKeys();
}

static bool fromJSON(const json::Value &v, BufferDesc &b, json::Path path) {
  FieldReader r(v, path);
  return r.isObject() && r.map("name", b.name) && r.map("role", b.role) && r.map("elem", b.elem) &&
         r.mapIntList("shape", b.shape, 1, kMaxDim) && r.noUnknownKeys();
}

/// A number of a step (a JSON number, finite as a double).
static bool readStepNumber(FieldReader &r, llvm::StringLiteral key, std::optional<double> &out) {
  const json::Value *n = r.get(key);
  if (!n || !expectKind(*n, json::Value::Number, "number", r.field(key)))
    return false;
  out = *n->getAsNumber();
  return true;
}

static bool fromJSON(const json::Value &v, EpilogueStep &s, json::Path path) {
  FieldReader r(v, path);
  std::string op;
  if (!r.isObject() || !r.map("op", op))
    return false;
  if (!parseEpilogueOp(op, s.op))
    return fail(r.field("op"), "unknown epilogue step \"" + op +
                                   "\" (expected add, sub, mul, div, max, min, relu, gelu_tanh, gelu_erf, silu, "
                                   "sigmoid or tanh)");
  s.scalar.reset();
  s.operandScale.reset();
  s.operand.clear();
  s.broadcast = EpilogueBroadcast::None;
  s.span = 0;
  s.cycle = false;
  if (r.has("scalar") && !readStepNumber(r, "scalar", s.scalar))
    return false;
  if (r.has("operand")) {
    std::string broadcast;
    if (!r.map("operand", s.operand) || !r.map("broadcast", broadcast))
      return false;
    if (!parseEpilogueBroadcast(broadcast, s.broadcast))
      return fail(r.field("broadcast"), "unknown broadcast \"" + broadcast +
                                            "\" (expected col: a vector of N, row: a vector of M, none: C's shape, "
                                            "batch: one M x N matrix for every batch entry, group: one per span "
                                            "entries, cycle: span of them in turn)");
    if (r.has("span") && !r.mapInt("span", s.span, 1, 65535))
      return false;
    if (r.has("cycle") && !r.map("cycle", s.cycle))
      return false;
  } else if (r.has("broadcast")) {
    return fail(r.field("broadcast"), "\"broadcast\" applies to an operand; this step has none");
  } else if (r.has("span")) {
    return fail(r.field("span"), "\"span\" applies to an operand; this step has none");
  } else if (r.has("cycle")) {
    return fail(r.field("cycle"), "\"cycle\" applies to an operand; this step has none");
  }
  if (r.has("operand_scale") && !readStepNumber(r, "operand_scale", s.operandScale))
    return false;
  if (!r.noUnknownKeys())
    return false;
  std::string why = epilogueStepError(s);
  return why.empty() || fail(path, why);
}

static bool fromJSON(const json::Value &v, MatmulProblem &mm, json::Path path) {
  FieldReader r(v, path);
  int64_t beta;
  if (!r.isObject() || !r.mapInt("m", mm.m, 1, kMaxDim) || !r.mapInt("n", mm.n, 1, kMaxDim) ||
      !r.mapInt("k", mm.k, 1, kMaxDim) || !r.mapInt("beta", beta, 0, 1) || !r.map("a", mm.a) || !r.map("b", mm.b) ||
      !r.map("c", mm.c))
    return false;
  mm.beta = static_cast<int>(beta);
  // Optional: absent = "nn" (neither operand transposed).
  mm.transposeA = mm.transposeB = false;
  if (r.has("layout")) {
    std::string layout;
    if (!r.map("layout", layout))
      return false;
    if (!parseMatmulLayout(layout, mm.transposeA, mm.transposeB))
      return fail(r.field("layout"), "unknown layout \"" + layout +
                                         "\" (expected nn, nt, tn or tt: A's letter, then B's; t = stored transposed)");
  }
  // Optional: absent = 1 (one matmul, 2-D buffers). At most 2^31 - 1:
  // cuBLAS's int count (the kernels' grid z, or x past 65535 entries).
  mm.batch = 1;
  if (r.has("batch") && !r.mapInt("batch", mm.batch, 1, kMaxBatch))
    return false;
  // Optional: absent = false (B batched like A and C).
  mm.sharedB = false;
  if (r.has("shared_b") && !r.map("shared_b", mm.sharedB))
    return false;
  // Optional: absent = 1 (C [batch, M, N]); validateProblem checks that it
  // divides the batch.
  mm.cHeads = 1;
  if (r.has("c_heads") && !r.mapInt("c_heads", mm.cHeads, 1, 65535))
    return false;
  // Optional: absent = 1 (a B entry per entry); validateProblem checks
  // that it divides the batch.
  mm.bGroup = 1;
  if (r.has("b_group") && !r.mapInt("b_group", mm.bGroup, 1, 65535))
    return false;
  // Optional: absent = none.
  mm.epilogue.clear();
  if (r.has("epilogue") && !r.map("epilogue", mm.epilogue))
    return false;
  return r.noUnknownKeys();
}

static bool fromJSON(const json::Value &v, SoftmaxProblem &sm, json::Path path) {
  FieldReader r(v, path);
  if (r.isObject() && r.has("epilogue"))
    return fail(r.field("epilogue"), "an epilogue applies to a matmul, not to a softmax");
  return r.isObject() && r.mapInt("rows", sm.rows, 1, kMaxDim) && r.mapInt("cols", sm.cols, 1, kMaxDim) &&
         r.map("x", sm.x) && r.map("y", sm.y) && r.noUnknownKeys();
}

/// The problem of op `op` ("matmul" or "softmax"; anything else an error
/// at `opPath`).
static bool readProblem(FieldReader &r, const std::string &op, json::Path opPath, MatmulProblem &mm,
                        SoftmaxProblem &sm) {
  if (op != "matmul" && op != "softmax")
    return fail(opPath, "unknown op \"" + op + "\" (expected matmul or softmax)");
  return op == "matmul" ? r.map("problem", mm) : r.map("problem", sm);
}

static bool fromJSON(const json::Value &v, OpDesc &op, json::Path path) {
  FieldReader r(v, path);
  if (!r.isObject() || !r.map("op", op.op) || !readProblem(r, op.op, r.field("op"), op.matmul, op.softmax))
    return false;
  // Each of the op's roles exactly once, kept in role order.
  const json::Value *operands = r.get("operands");
  if (!operands)
    return false;
  FieldReader roles(*operands, r.field("operands"));
  if (!roles.isObject())
    return false;
  op.operands.clear();
  static constexpr llvm::StringLiteral matmulRoles[] = {"A", "B", "C"}, softmaxRoles[] = {"X", "Y"};
  static constexpr llvm::StringLiteral epilogueRoles[] = {"E0", "E1", "E2", "E3", "E4", "E5", "E6", "E7"};
  static_assert(std::size(epilogueRoles) == kMaxEpilogueOperands);
  std::vector<llvm::StringLiteral> expected(op.isMatmul() ? std::begin(matmulRoles) : std::begin(softmaxRoles),
                                            op.isMatmul() ? std::end(matmulRoles) : std::end(softmaxRoles));
  // Then the epilogue's operands by index (an E<i> no step uses is unknown).
  if (op.isMatmul())
    for (const std::string &role : epilogueOperandRoles(op.matmul.epilogue))
      expected.push_back(epilogueRoles[epilogueOperandIndex(role)]);
  for (llvm::StringLiteral role : expected) {
    std::string buffer;
    if (!roles.map(role, buffer))
      return false;
    op.operands.push_back({role.str(), buffer});
  }
  return roles.noUnknownKeys() && r.noUnknownKeys();
}

static bool fromJSON(const json::Value &v, KernelManifest &m, json::Path path) {
  FieldReader r(v, path);
  if (!r.isObject() || !r.map("format", m.format))
    return false;
  if (m.format != kManifestFormat)
    return fail(r.field("format"),
                "expected \"" + std::string(kManifestFormat) + "\", found \"" + m.format + "\"");
  int64_t version;
  if (!r.mapInt("version", version, std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max()))
    return false;
  if (version != kManifestVersion && version != kManifestVersionOps) {
    // Versions 3 and 4 have readers of their own (dynamic sizes, several
    // functions), which whoever called this one did not pick.
    bool known = version > kManifestVersionOps && version <= kManifestVersionModule;
    return fail(r.field("version"), "unsupported version " + std::to_string(version) +
                                        (known ? " (this reader knows " + std::to_string(kManifestVersion) + " and " +
                                                     std::to_string(kManifestVersionOps) + ")"
                                               : " (gemm-opt writes versions " + std::to_string(kManifestVersion) +
                                                     " to " + std::to_string(kManifestVersionModule) + ")"));
  }
  m.version = static_cast<int>(version);
  readingVersion = m.version;
  bool several = m.isFunction();
  // Version 1: one op, its problem at the top level; version 2: "ops".
  if ((!several && !r.map("op", m.op)) || !r.map("stage", m.stage) || !r.map("chip", m.chip) ||
      !r.map("func", m.func))
    return false;
  bool problems = several ? r.map("ops", m.ops) : readProblem(r, m.op, r.field("op"), m.matmul, m.softmax);
  if (!problems || !r.map("buffers", m.buffers))
    return false;
  // Optional (version 1): the function's arguments in its order.
  if (!several && r.has("arguments") && !r.map("arguments", m.arguments))
    return false;
  // Optional (version 2): what each result is, when some result aliases.
  if (several && r.has("results") && !r.map("results", m.results))
    return false;
  return r.map("kernels", m.kernels) && r.noUnknownKeys();
}

bool readManifest(const json::Value &root, KernelManifest &out, std::string &error) {
  KernelManifest m;
  auto read = [&](const json::Value &v, json::Path path) { return fromJSON(v, m, path); };
  if (!readJson(root, read, error) || !validateManifest(m, error))
    return false;
  out = std::move(m);
  return true;
}

bool parseManifest(const std::string &text, KernelManifest &out, std::string &error) {
  json::Value root = nullptr;
  return parseJsonText(text, root, error) && readManifest(root, out, error);
}

} // namespace gemm_opt::runtime
