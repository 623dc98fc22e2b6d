//===- ManifestReader.cpp - The strict launch-manifest reader -------------===//
//
// parseManifest: JSON text to KernelManifest. Every key is known, every value
// has its type and a representable range; the semantic rules are
// validateManifest's (ManifestValidation.cpp), which runs last.
//
//===----------------------------------------------------------------------===//
#include "gemm-opt/Runtime/Json.h"
#include "gemm-opt/Runtime/Manifest.h"

#include <cmath>
#include <cstdlib>
#include <limits>
#include <set>

namespace gemm_opt::runtime {

namespace {

/// Reads the members of one JSON object, remembering which keys were used so
/// that unknown keys can be reported.
class ObjectReader {
public:
  ObjectReader(const JsonValue &v, std::string path, std::string &error)
      : v(v), path(std::move(path)), error(error) {}

  bool isObject() {
    if (v.isObject())
      return true;
    return fail(path, std::string("expected an object, found ") + jsonKindName(v.kind));
  }
  const JsonValue *get(const std::string &key, JsonValue::Kind kind) {
    used.insert(key);
    const JsonValue *m = v.find(key);
    if (!m) {
      fail(path, "missing field \"" + key + "\"");
      return nullptr;
    }
    if (m->kind != kind) {
      fail(sub(key), std::string("expected a ") + jsonKindName(kind) + ", found " + jsonKindName(m->kind) +
                         " (" + m->where() + ")");
      return nullptr;
    }
    return m;
  }
  bool has(const std::string &key) const { return v.find(key) != nullptr; }
  bool str(const std::string &key, std::string &out) {
    const JsonValue *m = get(key, JsonValue::Kind::String);
    if (!m)
      return false;
    out = m->text;
    return true;
  }
  bool boolean(const std::string &key, bool &out) {
    const JsonValue *m = get(key, JsonValue::Kind::Bool);
    if (!m)
      return false;
    out = m->boolValue;
    return true;
  }
  bool int64(const std::string &key, int64_t &out, int64_t lo, int64_t hi) {
    const JsonValue *m = get(key, JsonValue::Kind::Number);
    if (!m)
      return false;
    return readInt(*m, sub(key), out, lo, hi);
  }
  bool elem(const std::string &key, ElemType &out) {
    std::string s;
    if (!str(key, s))
      return false;
    if (!parseElemType(s, out))
      return fail(sub(key), "unknown element type \"" + s + "\" (expected f32, f16 or bf16)");
    return true;
  }
  bool dims3(const std::string &key, std::array<uint32_t, 3> &out) {
    const JsonValue *m = get(key, JsonValue::Kind::Array);
    if (!m)
      return false;
    if (m->items.size() != 3)
      return fail(sub(key), "expected 3 dimensions, found " + std::to_string(m->items.size()));
    for (int i = 0; i < 3; ++i) {
      int64_t d;
      if (!readInt(m->items[i], sub(key) + "[" + std::to_string(i) + "]", d, 1,
                   std::numeric_limits<uint32_t>::max()))
        return false;
      out[i] = static_cast<uint32_t>(d);
    }
    return true;
  }
  /// An array of integers in [lo, hi].
  template <typename T> bool intList(const std::string &key, std::vector<T> &out, int64_t lo, int64_t hi) {
    const JsonValue *m = get(key, JsonValue::Kind::Array);
    if (!m)
      return false;
    out.clear();
    for (size_t i = 0; i < m->items.size(); ++i) {
      int64_t d;
      if (!readInt(m->items[i], sub(key) + "[" + std::to_string(i) + "]", d, lo, hi))
        return false;
      out.push_back(static_cast<T>(d));
    }
    return true;
  }
  /// Fails on any key that no get() asked for.
  bool noUnknownKeys() {
    for (const auto &m : v.members)
      if (!used.count(m.first))
        return fail(path, "unknown field \"" + m.first + "\" (" + m.second.where() + ")");
    return true;
  }
  std::string sub(const std::string &key) const { return path.empty() ? key : path + "." + key; }

  bool fail(const std::string &where, const std::string &msg) {
    if (error.empty())
      error = "manifest: " + (where.empty() ? std::string("top level") : where) + ": " + msg;
    return false;
  }
  bool readInt(const JsonValue &n, const std::string &where, int64_t &out, int64_t lo, int64_t hi) {
    if (!n.isNumber())
      return fail(where, std::string("expected an integer, found ") + jsonKindName(n.kind));
    if (!n.isInteger())
      return fail(where, "expected an integer, found " + n.text);
    if (!n.getInt64(out))
      return fail(where, "integer out of range: " + n.text);
    if (out < lo || out > hi)
      return fail(where, "value " + n.text + " out of range [" + std::to_string(lo) + ", " +
                             std::to_string(hi) + "]");
    return true;
  }

private:
  const JsonValue &v;
  std::string path;
  std::string &error;
  std::set<std::string> used;
};

constexpr int64_t kMaxDim = std::numeric_limits<int64_t>::max() / 4;

bool readParam(const JsonValue &v, const std::string &path, KernelParam &p, std::string &error) {
  ObjectReader r(v, path, error);
  if (!r.isObject())
    return false;
  std::string abi;
  if (!r.str("abi", abi))
    return false;
  if (abi == "ptr") {
    p.abi = ParamAbi::Ptr;
    if (!r.str("buffer", p.buffer))
      return false;
  } else if (abi == "i32" || abi == "i64") {
    p.abi = abi == "i32" ? ParamAbi::I32 : ParamAbi::I64;
    int64_t lo = abi == "i32" ? std::numeric_limits<int32_t>::min() : std::numeric_limits<int64_t>::min();
    int64_t hi = abi == "i32" ? std::numeric_limits<int32_t>::max() : std::numeric_limits<int64_t>::max();
    if (!r.int64("value", p.intValue, lo, hi))
      return false;
  } else if (abi == "f32") {
    p.abi = ParamAbi::F32;
    const JsonValue *n = r.get("value", JsonValue::Kind::Number);
    if (!n)
      return false;
    // Out of range = rounds to +-inf as a float (strtof rounds to nearest).
    float f = std::strtof(n->text.c_str(), nullptr);
    if (!std::isfinite(f))
      return r.fail(r.sub("value"), "f32 value out of range: " + n->text);
    p.floatValue = f;
  } else if (abi == "tensormap") {
    // Ranges here only keep the values representable; validateTensorMap
    // checks the TMA rules with clearer messages.
    p.abi = ParamAbi::TensorMap;
    TensorMapDesc &d = p.tensorMap;
    int64_t swizzle, l2;
    constexpr int64_t u32max = std::numeric_limits<uint32_t>::max();
    constexpr int64_t i64max = std::numeric_limits<int64_t>::max();
    if (!r.str("buffer", p.buffer) || !r.elem("elem", d.elem) || !r.intList("dims", d.dims, 0, i64max) ||
        !r.intList("strides", d.strides, 0, i64max) || !r.intList("box", d.box, 0, u32max) ||
        !r.int64("swizzle", swizzle, 0, u32max) || !r.int64("l2_promotion", l2, 0, u32max))
      return false;
    d.swizzle = static_cast<uint32_t>(swizzle);
    d.l2Promotion = static_cast<uint32_t>(l2);
  } else {
    return r.fail(r.sub("abi"), "unknown abi \"" + abi +
                                    "\" (this reader knows ptr, i32, i64, f32, tensormap; manifest version " +
                                    std::to_string(kManifestVersion) + ")");
  }
  return r.noUnknownKeys();
}

bool readKernel(const JsonValue &v, const std::string &path, KernelDesc &k, std::string &error) {
  ObjectReader r(v, path, error);
  if (!r.isObject())
    return false;
  if (!r.str("name", k.name) || !r.dims3("grid", k.grid) || !r.dims3("block", k.block))
    return false;
  int64_t smem;
  if (!r.int64("dynamic_shared_memory", smem, 0, std::numeric_limits<int32_t>::max()))
    return false;
  k.dynamicSharedMemory = static_cast<uint32_t>(smem);
  k.cluster.reset();
  if (r.has("cluster")) { // optional: absent = an ordinary (cluster-less) launch
    std::array<uint32_t, 3> cluster;
    if (!r.dims3("cluster", cluster))
      return false;
    k.cluster = cluster;
  }
  k.programmaticDependent = false; // optional: absent = false
  if (r.has("programmatic_dependent") && !r.boolean("programmatic_dependent", k.programmaticDependent))
    return false;
  const JsonValue *params = r.get("params", JsonValue::Kind::Array);
  if (!params)
    return false;
  k.params.clear();
  for (size_t i = 0; i < params->items.size(); ++i) {
    KernelParam p;
    if (!readParam(params->items[i], r.sub("params") + "[" + std::to_string(i) + "]", p, error))
      return false;
    k.params.push_back(std::move(p));
  }
  return r.noUnknownKeys();
}

bool readBuffer(const JsonValue &v, const std::string &path, BufferDesc &b, std::string &error) {
  ObjectReader r(v, path, error);
  if (!r.isObject())
    return false;
  if (!r.str("name", b.name) || !r.str("role", b.role) || !r.elem("elem", b.elem))
    return false;
  const JsonValue *shape = r.get("shape", JsonValue::Kind::Array);
  if (!shape)
    return false;
  b.shape.clear();
  for (size_t i = 0; i < shape->items.size(); ++i) {
    int64_t d;
    if (!r.readInt(shape->items[i], r.sub("shape") + "[" + std::to_string(i) + "]", d, 1, kMaxDim))
      return false;
    b.shape.push_back(d);
  }
  return r.noUnknownKeys();
}

} // namespace

bool parseManifest(const std::string &json, KernelManifest &out, std::string &error) {
  error.clear();
  JsonValue root;
  std::string jsonError;
  if (!parseJson(json, root, jsonError)) {
    error = "manifest: " + jsonError;
    return false;
  }
  KernelManifest m;
  ObjectReader r(root, "", error);
  if (!r.isObject())
    return false;
  if (!r.str("format", m.format))
    return false;
  if (m.format != kManifestFormat)
    return r.fail("format", "expected \"" + std::string(kManifestFormat) + "\", found \"" + m.format + "\"");
  int64_t version;
  if (!r.int64("version", version, std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max()))
    return false;
  if (version != kManifestVersion)
    return r.fail("version", "unsupported version " + std::to_string(version) + " (this reader knows " +
                                 std::to_string(kManifestVersion) + ")");
  m.version = static_cast<int>(version);
  if (!r.str("op", m.op) || !r.str("stage", m.stage) || !r.str("chip", m.chip) || !r.str("func", m.func))
    return false;
  if (m.op != "matmul" && m.op != "softmax")
    return r.fail("op", "unknown op \"" + m.op + "\" (expected matmul or softmax)");

  const JsonValue *problem = r.get("problem", JsonValue::Kind::Object);
  if (!problem)
    return false;
  {
    ObjectReader p(*problem, "problem", error);
    if (m.op == "matmul") {
      auto &mm = m.matmul;
      int64_t beta;
      if (!p.int64("m", mm.m, 1, kMaxDim) || !p.int64("n", mm.n, 1, kMaxDim) || !p.int64("k", mm.k, 1, kMaxDim) ||
          !p.int64("beta", beta, 0, 1) || !p.elem("a", mm.a) || !p.elem("b", mm.b) || !p.elem("c", mm.c))
        return false;
      mm.beta = static_cast<int>(beta);
    } else {
      auto &sm = m.softmax;
      if (!p.int64("rows", sm.rows, 1, kMaxDim) || !p.int64("cols", sm.cols, 1, kMaxDim) || !p.elem("x", sm.x) ||
          !p.elem("y", sm.y))
        return false;
    }
    if (!p.noUnknownKeys())
      return false;
  }

  const JsonValue *buffers = r.get("buffers", JsonValue::Kind::Array);
  if (!buffers)
    return false;
  for (size_t i = 0; i < buffers->items.size(); ++i) {
    BufferDesc b;
    if (!readBuffer(buffers->items[i], "buffers[" + std::to_string(i) + "]", b, error))
      return false;
    m.buffers.push_back(std::move(b));
  }
  const JsonValue *kernels = r.get("kernels", JsonValue::Kind::Array);
  if (!kernels)
    return false;
  for (size_t i = 0; i < kernels->items.size(); ++i) {
    KernelDesc k;
    if (!readKernel(kernels->items[i], "kernels[" + std::to_string(i) + "]", k, error))
      return false;
    m.kernels.push_back(std::move(k));
  }
  if (!r.noUnknownKeys())
    return false;
  if (!validateManifest(m, error))
    return false;
  out = std::move(m);
  return true;
}

} // namespace gemm_opt::runtime
