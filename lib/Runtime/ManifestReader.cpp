//===- ManifestReader.cpp - The strict launch-manifest reader -------------===//
//
// parseManifest: JSON text to KernelManifest. llvm::json parses; the
// fromJSON functions below map its values onto the manifest's types
// (json::ObjectMapper, json::Path), so that every error names its field,
// e.g. "kernels[0].grid[1]". Every key is known, every value has its type
// and a representable range; the semantic rules are validateManifest's
// (ManifestValidation.cpp), which runs last.
//
//===----------------------------------------------------------------------===//
#include "gemm-opt/Runtime/Manifest.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <iterator>
#include <limits>

namespace json = llvm::json;

namespace gemm_opt::runtime {

namespace {

//===----------------------------------------------------------------------===//
// What llvm::json::parse does not check
//===----------------------------------------------------------------------===//

// llvm::json::parse recurses once per nesting level without a limit (a
// hostile "[[[[..." would exhaust the stack) and keeps the last of two equal
// keys. A manifest needs neither; these scans find both. They skip string
// literals and interpret nothing else: the depth scan runs before the parse
// on any text, the key scan after it on valid JSON.
constexpr int kMaxJsonDepth = 64;

/// The offset just past the string literal that starts at `at` (a '"').
size_t skipString(llvm::StringRef text, size_t at) {
  size_t i = at + 1;
  while (i < text.size() && text[i] != '"')
    i += text[i] == '\\' ? 2 : 1;
  return std::min(i + 1, text.size());
}

/// "[line:column, byte=offset]", as llvm::json::ParseError words a position.
std::string position(llvm::StringRef text, size_t offset) {
  llvm::StringRef before = text.take_front(offset);
  size_t lineStart = before.rfind('\n');
  lineStart = lineStart == llvm::StringRef::npos ? 0 : lineStart + 1;
  return "[" + std::to_string(before.count('\n') + 1) + ":" + std::to_string(offset - lineStart) +
         ", byte=" + std::to_string(offset) + "]";
}

bool checkDepth(llvm::StringRef text, std::string &error) {
  int depth = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '"') {
      i = skipString(text, i) - 1;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth) {
        error = "JSON parse error " + position(text, i) + ": nesting deeper than " +
                std::to_string(kMaxJsonDepth) + " levels";
        return false;
      }
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return true;
}

bool checkDuplicateKeys(llvm::StringRef text, std::string &error) {
  std::vector<llvm::StringSet<>> objects; // the keys seen in each open object
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '{') {
      objects.emplace_back();
    } else if (c == '}') {
      objects.pop_back();
    } else if (c == '"') {
      size_t end = skipString(text, i);
      size_t next = text.find_first_not_of(" \t\r\n", end);
      if (!objects.empty() && next != llvm::StringRef::npos && text[next] == ':') {
        // A key: compare it decoded, so that "\u006fp" repeats "op".
        llvm::Expected<json::Value> key = json::parse(text.slice(i, end));
        std::string name = key && key->getAsString() ? key->getAsString()->str() : "";
        llvm::consumeError(key.takeError());
        if (!objects.back().insert(name).second) {
          error = "JSON parse error " + position(text, i) + ": duplicate key " + json::fixUTF8(text.slice(i, end));
          return false;
        }
      }
      i = end - 1;
    }
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

/// json::Path::report keeps a string literal only. The message of the first
/// error, which names the offending value and the allowed range, waits here
/// until parseManifest words the error with its path (one parse at a time
/// per thread).
thread_local std::string firstErrorDetail;

bool fail(json::Path path, std::string detail) {
  if (firstErrorDetail.empty())
    firstErrorDetail = std::move(detail);
  path.report("invalid value");
  return false;
}

const char *kindName(const json::Value &v) {
  switch (v.kind()) {
  case json::Value::Null: return "null";
  case json::Value::Boolean: return "boolean";
  case json::Value::Number: return "number";
  case json::Value::String: return "string";
  case json::Value::Array: return "array";
  case json::Value::Object: return "object";
  }
  return "?";
}

bool expectKind(const json::Value &v, json::Value::Kind kind, const char *expected, json::Path path) {
  if (v.kind() == kind)
    return true;
  return fail(path, std::string("expected ") + expected + ", found " + kindName(v));
}

/// An integer in [lo, hi]. llvm::json keeps a number written with a fraction
/// or an exponent as a double: that is no integer here, even when integral.
bool readInt(const json::Value &v, json::Path path, int64_t &out, int64_t lo, int64_t hi) {
  if (!expectKind(v, json::Value::Number, "integer", path))
    return false;
  if (std::optional<uint64_t> u = v.getAsUINT64()) {
    if (*u > uint64_t(std::numeric_limits<int64_t>::max()))
      return fail(path, "integer out of range: " + std::to_string(*u));
    out = static_cast<int64_t>(*u);
  } else if (*v.getAsNumber() < 0 && v.getAsInteger()) {
    // Negative: llvm::json's integers and integral doubles look alike here
    // (and getAsInteger converts a negative double without overflow).
    out = *v.getAsInteger();
  } else {
    double d = *v.getAsNumber();
    std::string text;
    llvm::raw_string_ostream(text) << v;
    return fail(path, "expected an integer, found " + text +
                          (d == std::floor(d) ? " (written with a fraction or an exponent, or beyond 64 bits)" : ""));
  }
  if (out < lo || out > hi)
    return fail(path, "value " + std::to_string(out) + " out of range [" + std::to_string(lo) + ", " +
                          std::to_string(hi) + "]");
  return true;
}

/// A list of integers in [lo, hi].
template <typename T>
bool readIntList(const json::Value &v, json::Path path, std::vector<T> &out, int64_t lo, int64_t hi) {
  if (!expectKind(v, json::Value::Array, "array", path))
    return false;
  out.clear();
  const json::Array &items = *v.getAsArray();
  for (size_t i = 0; i < items.size(); ++i) {
    int64_t d;
    if (!readInt(items[i], path.index(i), d, lo, hi))
      return false;
    out.push_back(static_cast<T>(d));
  }
  return true;
}

/// grid, block, cluster: three dimensions, each in [1, 2^32-1].
bool readDims3(const json::Value &v, json::Path path, std::array<uint32_t, 3> &out) {
  std::vector<uint32_t> dims;
  if (!readIntList(v, path, dims, 1, std::numeric_limits<uint32_t>::max()))
    return false;
  if (dims.size() != 3)
    return fail(path, "expected 3 dimensions, found " + std::to_string(dims.size()));
  std::copy(dims.begin(), dims.end(), out.begin());
  return true;
}

/// json::ObjectMapper with what a strict reader adds: a missing field is
/// reported at its object, and a field that no one asked for is an error.
class FieldReader {
public:
  /// Reports an error unless `v` is an object; check with isObject().
  FieldReader(const json::Value &v, json::Path path) : object(v.getAsObject()), path(path), mapper(v, path) {
    if (!object)
      fail(path, std::string("expected object, found ") + kindName(v));
  }
  bool isObject() const { return object; }
  bool has(llvm::StringRef key) const { return object->get(key); }
  json::Path field(llvm::StringLiteral key) const { return path.field(key); }

  /// The value of `key`, or null after a "missing field" error.
  const json::Value *get(llvm::StringLiteral key) {
    used.insert(key);
    const json::Value *v = object->get(key);
    if (!v)
      fail(path, "missing field \"" + key.str() + "\"");
    return v;
  }
  /// Reads `key` through the fromJSON of `T`.
  template <typename T> bool map(llvm::StringLiteral key, T &out) { return get(key) && mapper.map(key, out); }
  bool mapInt(llvm::StringLiteral key, int64_t &out, int64_t lo, int64_t hi) {
    const json::Value *v = get(key);
    return v && readInt(*v, field(key), out, lo, hi);
  }
  bool mapDims3(llvm::StringLiteral key, std::array<uint32_t, 3> &out) {
    const json::Value *v = get(key);
    return v && readDims3(*v, field(key), out);
  }
  template <typename T> bool mapIntList(llvm::StringLiteral key, std::vector<T> &out, int64_t lo, int64_t hi) {
    const json::Value *v = get(key);
    return v && readIntList(*v, field(key), out, lo, hi);
  }
  /// Fails on the first key (in sorted order) that no get() asked for.
  bool noUnknownKeys() {
    for (const json::Object::value_type *kv : json::sortedElements(*object))
      if (!used.contains(kv->first))
        return fail(path, "unknown field \"" + kv->first.str() + "\"");
    return true;
  }

private:
  const json::Object *object;
  json::Path path;
  json::ObjectMapper mapper;
  llvm::StringSet<> used;
};

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
  if (r.has("scalar") && !readStepNumber(r, "scalar", s.scalar))
    return false;
  if (r.has("operand")) {
    std::string broadcast;
    if (!r.map("operand", s.operand) || !r.map("broadcast", broadcast))
      return false;
    if (!parseEpilogueBroadcast(broadcast, s.broadcast))
      return fail(r.field("broadcast"), "unknown broadcast \"" + broadcast +
                                            "\" (expected col: a vector of N, row: a vector of M, none: C's shape)");
  } else if (r.has("broadcast")) {
    return fail(r.field("broadcast"), "\"broadcast\" applies to an operand; this step has none");
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
  // Optional: absent = 1 (one matmul, 2-D buffers). At most 65535: grid z.
  mm.batch = 1;
  if (r.has("batch") && !r.mapInt("batch", mm.batch, 1, 65535))
    return false;
  // Optional: absent = false (B batched like A and C).
  mm.sharedB = false;
  if (r.has("shared_b") && !r.map("shared_b", mm.sharedB))
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
  if (version != kManifestVersion && version != kManifestVersionOps)
    return fail(r.field("version"), "unsupported version " + std::to_string(version) + " (this reader knows " +
                                        std::to_string(kManifestVersion) + " and " +
                                        std::to_string(kManifestVersionOps) + ")");
  m.version = static_cast<int>(version);
  readingVersion = m.version;
  bool several = m.isFunction();
  // Version 1: one op, its problem at the top level; version 2: "ops".
  if ((!several && !r.map("op", m.op)) || !r.map("stage", m.stage) || !r.map("chip", m.chip) ||
      !r.map("func", m.func))
    return false;
  bool problems = several ? r.map("ops", m.ops) : readProblem(r, m.op, r.field("op"), m.matmul, m.softmax);
  return problems && r.map("buffers", m.buffers) && r.map("kernels", m.kernels) && r.noUnknownKeys();
}

bool parseManifest(const std::string &text, KernelManifest &out, std::string &error) {
  error.clear();
  if (!checkDepth(text, error)) {
    error = "manifest: " + error;
    return false;
  }
  llvm::Expected<json::Value> root = json::parse(text);
  if (!root) {
    error = "manifest: JSON parse error " + llvm::toString(root.takeError());
    return false;
  }
  if (!checkDuplicateKeys(text, error)) {
    error = "manifest: " + error;
    return false;
  }
  KernelManifest m;
  json::Path::Root pathRoot;
  firstErrorDetail.clear();
  if (!fromJSON(*root, m, pathRoot)) {
    // getError() says "<message> at (root).kernels[0].grid" (just the
    // message at the top level); the message is ours when we left one.
    std::string whole = llvm::toString(pathRoot.getError());
    llvm::StringRef message = whole, where;
    std::tie(message, where) = message.split(" at (root)");
    error = "manifest: " + (where.empty() ? std::string("top level") : where.drop_front().str()) + ": " +
            (firstErrorDetail.empty() ? message.str() : firstErrorDetail);
    firstErrorDetail.clear();
    return false;
  }
  if (!validateManifest(m, error))
    return false;
  out = std::move(m);
  return true;
}

} // namespace gemm_opt::runtime
