//===- Manifest.cpp - The gemm-opt launch manifest ------------------------===//
#include "gemm-opt/Runtime/Manifest.h"
#include "gemm-opt/Runtime/Json.h"

#include <cmath>
#include <limits>
#include <set>
#include <sstream>

namespace gemm_opt::runtime {

const char *elemTypeName(ElemType t) {
  switch (t) {
  case ElemType::F32: return "f32";
  case ElemType::F16: return "f16";
  case ElemType::BF16: return "bf16";
  }
  return "?";
}

bool parseElemType(const std::string &s, ElemType &out) {
  if (s == "f32") out = ElemType::F32;
  else if (s == "f16") out = ElemType::F16;
  else if (s == "bf16") out = ElemType::BF16;
  else return false;
  return true;
}

size_t elemTypeSize(ElemType t) { return t == ElemType::F32 ? 4 : 2; }

const char *paramAbiName(ParamAbi abi) {
  switch (abi) {
  case ParamAbi::Ptr: return "ptr";
  case ParamAbi::I32: return "i32";
  case ParamAbi::I64: return "i64";
  case ParamAbi::F32: return "f32";
  case ParamAbi::TensorMap: return "tensormap";
  }
  return "?";
}

TensorMapDesc TensorMapDesc::rowMajor2D(ElemType elem, uint64_t rows, uint64_t cols, uint32_t boxCols,
                                        uint32_t boxRows, uint32_t swizzle, uint32_t l2Promotion) {
  TensorMapDesc d;
  d.elem = elem;
  d.dims = {cols, rows};
  d.strides = {cols * elemTypeSize(elem)};
  d.box = {boxCols, boxRows};
  d.swizzle = swizzle;
  d.l2Promotion = l2Promotion;
  return d;
}

namespace {
template <typename T> std::string listStr(const std::vector<T> &v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i)
    s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}
std::string u128Str(unsigned __int128 v) {
  std::string s;
  do {
    s.insert(s.begin(), char('0' + int(v % 10)));
    v /= 10;
  } while (v);
  return s;
}
} // namespace

bool validateTensorMap(const TensorMapDesc &d, const BufferDesc &b, std::string &error) {
  auto fail = [&](const std::string &msg) {
    error = msg;
    return false;
  };
  if (d.elem != b.elem)
    return fail(std::string("tensormap elem ") + elemTypeName(d.elem) + " differs from buffer \"" + b.name +
                "\"'s elem " + elemTypeName(b.elem));
  size_t rank = d.dims.size();
  if (rank < 1 || rank > kMaxTensorMapRank)
    return fail("tensormap rank " + std::to_string(rank) + " (length of dims) must be 1.." +
                std::to_string(kMaxTensorMapRank));
  if (d.strides.size() != rank - 1)
    return fail("tensormap of rank " + std::to_string(rank) + " needs " + std::to_string(rank - 1) +
                " strides (of dims[1..]), found " + std::to_string(d.strides.size()));
  if (d.box.size() != rank)
    return fail("tensormap of rank " + std::to_string(rank) + " needs " + std::to_string(rank) +
                " box extents, found " + std::to_string(d.box.size()));
  uint64_t eb = elemTypeSize(d.elem);
  for (size_t i = 0; i < rank; ++i)
    if (d.dims[i] < 1 || d.dims[i] > kMaxTensorMapDim)
      return fail("tensormap dims[" + std::to_string(i) + "] = " + std::to_string(d.dims[i]) +
                  " must be in [1, 2^32]");
  for (size_t i = 0; i < d.strides.size(); ++i) {
    std::string at = "tensormap strides[" + std::to_string(i) + "] = " + std::to_string(d.strides[i]);
    if (d.strides[i] % 16 != 0)
      return fail(at + " bytes is not a multiple of 16 (TMA needs 16-byte-aligned rows; dims " +
                  listStr(d.dims) + ", strides " + listStr(d.strides) + ")");
    if (d.strides[i] >= kTensorMapStrideLimit)
      return fail(at + " bytes must be below 2^40");
    // Each stride spans the whole previous dimension (no overlapping rows).
    // (128-bit: strides < 2^40 times dims <= 2^32 overflows 64 bits.)
    unsigned __int128 prev = i == 0 ? (unsigned __int128)d.dims[0] * eb : (unsigned __int128)d.strides[i - 1] * d.dims[i];
    if (d.strides[i] < prev)
      return fail(at + " bytes is smaller than the " + u128Str(prev) + " bytes that dims[" +
                  std::to_string(i) + "] spans" + (i == 0 ? "" : " at strides[" + std::to_string(i - 1) + "]"));
  }
  // The described region must lie inside the buffer (its last byte's offset
  // below the buffer's size; 128-bit for the same reason as above).
  unsigned __int128 maxOffset = (unsigned __int128)(d.dims[0] - 1) * eb + eb - 1;
  for (size_t i = 1; i < rank; ++i)
    maxOffset += (unsigned __int128)(d.dims[i] - 1) * d.strides[i - 1];
  if (maxOffset >= (unsigned __int128)b.sizeBytes())
    return fail("tensormap dims " + listStr(d.dims) + " with strides " + listStr(d.strides) +
                " reach beyond buffer \"" + b.name + "\" (" + std::to_string(b.sizeBytes()) + " bytes)");
  for (size_t i = 0; i < rank; ++i)
    if (d.box[i] < 1 || d.box[i] > kMaxTensorMapBox)
      return fail("tensormap box[" + std::to_string(i) + "] = " + std::to_string(d.box[i]) + " must be in [1, " +
                  std::to_string(kMaxTensorMapBox) + "]");
  uint64_t innerBytes = uint64_t(d.box[0]) * eb;
  if (innerBytes % 16 != 0)
    return fail("tensormap box[0] = " + std::to_string(d.box[0]) + " elements is " + std::to_string(innerBytes) +
                " bytes, not a multiple of 16");
  if (d.swizzle != 0 && d.swizzle != 32 && d.swizzle != 64 && d.swizzle != 128)
    return fail("tensormap swizzle " + std::to_string(d.swizzle) + " must be 0, 32, 64 or 128 (bytes)");
  if (d.swizzle != 0 && innerBytes > d.swizzle)
    return fail("tensormap box[0] = " + std::to_string(d.box[0]) + " elements is " + std::to_string(innerBytes) +
                " bytes, more than the " + std::to_string(d.swizzle) + "-byte swizzle span");
  if (d.l2Promotion != 0 && d.l2Promotion != 64 && d.l2Promotion != 128 && d.l2Promotion != 256)
    return fail("tensormap l2_promotion " + std::to_string(d.l2Promotion) + " must be 0, 64, 128 or 256 (bytes)");
  return true;
}

size_t BufferDesc::numElements() const {
  size_t n = 1;
  for (int64_t d : shape)
    n *= static_cast<size_t>(d < 0 ? 0 : d);
  return n;
}

bool KernelParam::operator==(const KernelParam &o) const {
  if (abi != o.abi)
    return false;
  switch (abi) {
  case ParamAbi::Ptr: return buffer == o.buffer;
  case ParamAbi::I32:
  case ParamAbi::I64: return intValue == o.intValue;
  case ParamAbi::F32:
    // Bitwise, so that -0.0 != 0.0 and the round trip is exact.
    return std::signbit(floatValue) == std::signbit(o.floatValue) && floatValue == o.floatValue;
  case ParamAbi::TensorMap: return buffer == o.buffer && tensorMap == o.tensorMap;
  }
  return false;
}

KernelParam KernelParam::ptr(std::string buf) {
  KernelParam p;
  p.abi = ParamAbi::Ptr;
  p.buffer = std::move(buf);
  return p;
}
KernelParam KernelParam::i32(int32_t v) {
  KernelParam p;
  p.abi = ParamAbi::I32;
  p.intValue = v;
  return p;
}
KernelParam KernelParam::i64(int64_t v) {
  KernelParam p;
  p.abi = ParamAbi::I64;
  p.intValue = v;
  return p;
}
KernelParam KernelParam::f32(float v) {
  KernelParam p;
  p.abi = ParamAbi::F32;
  p.floatValue = v;
  return p;
}
KernelParam KernelParam::tensormap(std::string buf, TensorMapDesc d) {
  KernelParam p;
  p.abi = ParamAbi::TensorMap;
  p.buffer = std::move(buf);
  p.tensorMap = std::move(d);
  return p;
}

const BufferDesc *KernelManifest::findBuffer(const std::string &name) const {
  for (const auto &b : buffers)
    if (b.name == name)
      return &b;
  return nullptr;
}

const BufferDesc *KernelManifest::findRole(const std::string &role) const {
  for (const auto &b : buffers)
    if (b.role == role)
      return &b;
  return nullptr;
}

bool KernelManifest::operator==(const KernelManifest &o) const {
  if (format != o.format || version != o.version || op != o.op || stage != o.stage ||
      chip != o.chip || func != o.func || buffers != o.buffers || kernels != o.kernels)
    return false;
  if (op == "matmul")
    return matmul == o.matmul;
  if (op == "softmax")
    return softmax == o.softmax;
  return true;
}

//===----------------------------------------------------------------------===//
// Writer
//===----------------------------------------------------------------------===//

namespace {

std::string dims(const std::array<uint32_t, 3> &d) {
  return "[" + std::to_string(d[0]) + ", " + std::to_string(d[1]) + ", " + std::to_string(d[2]) + "]";
}

std::string paramJson(const KernelParam &p) {
  std::string s = "{\"abi\": " + jsonQuote(paramAbiName(p.abi));
  switch (p.abi) {
  case ParamAbi::Ptr: s += ", \"buffer\": " + jsonQuote(p.buffer); break;
  case ParamAbi::I32:
  case ParamAbi::I64: s += ", \"value\": " + std::to_string(p.intValue); break;
  case ParamAbi::F32: {
    std::string v = jsonFloat(p.floatValue);
    // Keep "-0" distinguishable from "0" (jsonFloat already prints "-0").
    s += ", \"value\": " + v;
    break;
  }
  case ParamAbi::TensorMap: {
    const TensorMapDesc &d = p.tensorMap;
    s += ", \"buffer\": " + jsonQuote(p.buffer) + ", \"elem\": " + jsonQuote(elemTypeName(d.elem)) +
         ", \"dims\": " + listStr(d.dims) + ", \"strides\": " + listStr(d.strides) + ", \"box\": " +
         listStr(d.box) + ", \"swizzle\": " + std::to_string(d.swizzle) +
         ", \"l2_promotion\": " + std::to_string(d.l2Promotion);
    break;
  }
  }
  return s + "}";
}

} // namespace

std::string toJson(const KernelManifest &m) {
  std::ostringstream os;
  os << "{\n";
  os << "  \"format\": " << jsonQuote(m.format) << ",\n";
  os << "  \"version\": " << m.version << ",\n";
  os << "  \"op\": " << jsonQuote(m.op) << ",\n";
  os << "  \"stage\": " << jsonQuote(m.stage) << ",\n";
  os << "  \"chip\": " << jsonQuote(m.chip) << ",\n";
  os << "  \"func\": " << jsonQuote(m.func) << ",\n";
  if (m.op == "softmax") {
    const auto &p = m.softmax;
    os << "  \"problem\": {\"rows\": " << p.rows << ", \"cols\": " << p.cols
       << ", \"x\": " << jsonQuote(elemTypeName(p.x)) << ", \"y\": " << jsonQuote(elemTypeName(p.y))
       << "},\n";
  } else {
    const auto &p = m.matmul;
    os << "  \"problem\": {\"m\": " << p.m << ", \"n\": " << p.n << ", \"k\": " << p.k
       << ", \"beta\": " << p.beta << ", \"a\": " << jsonQuote(elemTypeName(p.a))
       << ", \"b\": " << jsonQuote(elemTypeName(p.b)) << ", \"c\": " << jsonQuote(elemTypeName(p.c))
       << "},\n";
  }
  if (m.buffers.empty()) {
    os << "  \"buffers\": [],\n";
  } else {
    os << "  \"buffers\": [\n";
    for (size_t i = 0; i < m.buffers.size(); ++i) {
      const auto &b = m.buffers[i];
      os << "    {\"name\": " << jsonQuote(b.name) << ", \"role\": " << jsonQuote(b.role)
         << ", \"elem\": " << jsonQuote(elemTypeName(b.elem)) << ", \"shape\": [";
      for (size_t d = 0; d < b.shape.size(); ++d)
        os << (d ? ", " : "") << b.shape[d];
      os << "]}" << (i + 1 < m.buffers.size() ? "," : "") << "\n";
    }
    os << "  ],\n";
  }
  if (m.kernels.empty()) {
    os << "  \"kernels\": []\n";
  } else {
    os << "  \"kernels\": [\n";
    for (size_t i = 0; i < m.kernels.size(); ++i) {
      const auto &k = m.kernels[i];
      os << "    {\n";
      os << "      \"name\": " << jsonQuote(k.name) << ",\n";
      os << "      \"grid\": " << dims(k.grid) << ",\n";
      os << "      \"block\": " << dims(k.block) << ",\n";
      os << "      \"dynamic_shared_memory\": " << k.dynamicSharedMemory << ",\n";
      if (k.cluster)
        os << "      \"cluster\": " << dims(*k.cluster) << ",\n";
      if (k.programmaticDependent)
        os << "      \"programmatic_dependent\": true,\n";
      if (k.params.empty()) {
        os << "      \"params\": []\n";
      } else {
        os << "      \"params\": [\n";
        for (size_t j = 0; j < k.params.size(); ++j)
          os << "        " << paramJson(k.params[j]) << (j + 1 < k.params.size() ? "," : "") << "\n";
        os << "      ]\n";
      }
      os << "    }" << (i + 1 < m.kernels.size() ? "," : "") << "\n";
    }
    os << "  ]\n";
  }
  os << "}\n";
  return os.str();
}

//===----------------------------------------------------------------------===//
// Reader
//===----------------------------------------------------------------------===//

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

bool validateManifest(const KernelManifest &m, std::string &error) {
  auto fail = [&](const std::string &msg) {
    error = "manifest: " + msg;
    return false;
  };
  if (m.format != kManifestFormat)
    return fail("format is \"" + m.format + "\", expected \"" + kManifestFormat + "\"");
  if (m.version != kManifestVersion)
    return fail("unsupported version " + std::to_string(m.version));
  if (m.op != "matmul" && m.op != "softmax")
    return fail("unknown op \"" + m.op + "\"");
  if (m.buffers.empty())
    return fail("no buffers");
  if (m.kernels.empty())
    return fail("no kernels");

  std::set<std::string> names;
  for (size_t i = 0; i < m.buffers.size(); ++i) {
    const auto &b = m.buffers[i];
    std::string at = "buffers[" + std::to_string(i) + "] (\"" + b.name + "\"): ";
    if (b.name.empty())
      return fail("buffers[" + std::to_string(i) + "]: empty name");
    if (!names.insert(b.name).second)
      return fail(at + "duplicate buffer name");
    bool roleOk = b.role == "scratch" ||
                  (m.isMatmul() ? (b.role == "A" || b.role == "B" || b.role == "C")
                                : (b.role == "X" || b.role == "Y"));
    if (!roleOk)
      return fail(at + "role \"" + b.role + "\" is not valid for op " + m.op +
                  (m.isMatmul() ? " (expected A, B, C or scratch)" : " (expected X, Y or scratch)"));
    if (b.shape.empty())
      return fail(at + "empty shape");
    for (int64_t d : b.shape)
      if (d <= 0)
        return fail(at + "non-positive dimension in shape");
  }

  auto checkRole = [&](const char *role, ElemType elem, int64_t rows, int64_t cols) {
    int count = 0;
    const BufferDesc *found = nullptr;
    for (const auto &b : m.buffers)
      if (b.role == role) {
        ++count;
        found = &b;
      }
    if (count != 1)
      return fail(std::string("expected exactly one buffer with role ") + role + ", found " + std::to_string(count));
    if (found->elem != elem)
      return fail("buffer \"" + found->name + "\" (role " + role + ") has elem " + elemTypeName(found->elem) +
                  " but the problem says " + elemTypeName(elem));
    if (found->shape != std::vector<int64_t>{rows, cols})
      return fail("buffer \"" + found->name + "\" (role " + role + ") must have shape [" + std::to_string(rows) +
                  ", " + std::to_string(cols) + "]");
    return true;
  };
  if (m.isMatmul()) {
    const auto &p = m.matmul;
    if (p.m <= 0 || p.n <= 0 || p.k <= 0)
      return fail("problem sizes must be positive");
    if (p.beta != 0 && p.beta != 1)
      return fail("beta must be 0 or 1");
    if (!checkRole("A", p.a, p.m, p.k) || !checkRole("B", p.b, p.k, p.n) || !checkRole("C", p.c, p.m, p.n))
      return false;
  } else {
    const auto &p = m.softmax;
    if (p.rows <= 0 || p.cols <= 0)
      return fail("problem sizes must be positive");
    if (!checkRole("X", p.x, p.rows, p.cols) || !checkRole("Y", p.y, p.rows, p.cols))
      return false;
  }

  for (size_t i = 0; i < m.kernels.size(); ++i) {
    const auto &k = m.kernels[i];
    std::string at = "kernels[" + std::to_string(i) + "] (\"" + k.name + "\"): ";
    if (k.name.empty())
      return fail("kernels[" + std::to_string(i) + "]: empty name");
    for (int d = 0; d < 3; ++d)
      if (k.grid[d] == 0 || k.block[d] == 0)
        return fail(at + "grid and block dimensions must be positive");
    if (k.grid[0] > 0x7fffffffu || k.grid[1] > 65535u || k.grid[2] > 65535u)
      return fail(at + "grid exceeds the CUDA limits [2^31-1, 65535, 65535]");
    if (k.block[0] > 1024 || k.block[1] > 1024 || k.block[2] > 64 ||
        uint64_t(k.block[0]) * k.block[1] * k.block[2] > 1024)
      return fail(at + "block exceeds the CUDA limits (x,y <= 1024, z <= 64, at most 1024 threads)");
    if (k.dynamicSharedMemory > 0x7fffffffu)
      return fail(at + "dynamic_shared_memory too large");
    if (k.programmaticDependent && i == 0)
      return fail(at + "the first kernel cannot be programmatic_dependent (it has no previous kernel)");
    if (k.cluster) {
      const auto &c = *k.cluster;
      std::string cs = "[" + std::to_string(c[0]) + ", " + std::to_string(c[1]) + ", " + std::to_string(c[2]) + "]";
      std::string gs = "[" + std::to_string(k.grid[0]) + ", " + std::to_string(k.grid[1]) + ", " +
                       std::to_string(k.grid[2]) + "]";
      for (int d = 0; d < 3; ++d)
        if (c[d] == 0)
          return fail(at + "cluster dimensions must be positive, found " + cs);
      for (int d = 0; d < 3; ++d)
        if (k.grid[d] % c[d] != 0)
          return fail(at + "grid " + gs + " is not divisible by cluster " + cs + " in dimension " + "xyz"[d]);
      uint64_t size = uint64_t(c[0]) * c[1] * c[2];
      if (size > kMaxPortableClusterSize)
        return fail(at + "cluster " + cs + " has " + std::to_string(size) + " blocks; at most " +
                    std::to_string(kMaxPortableClusterSize) +
                    " (the portable cluster size limit) are allowed");
    }
    for (size_t j = 0; j < k.params.size(); ++j) {
      const auto &p = k.params[j];
      std::string pat = at + "params[" + std::to_string(j) + "]: ";
      if (p.abi == ParamAbi::Ptr && !m.findBuffer(p.buffer))
        return fail(pat + "ptr names unknown buffer \"" + p.buffer + "\"");
      if (p.abi == ParamAbi::TensorMap) {
        const BufferDesc *b = m.findBuffer(p.buffer);
        if (!b)
          return fail(pat + "tensormap names unknown buffer \"" + p.buffer + "\"");
        std::string why;
        if (!validateTensorMap(p.tensorMap, *b, why))
          return fail(pat + why);
      }
      if (p.abi == ParamAbi::I32 &&
          (p.intValue < std::numeric_limits<int32_t>::min() || p.intValue > std::numeric_limits<int32_t>::max()))
        return fail(pat + "i32 value out of range");
      if (p.abi == ParamAbi::F32 && !std::isfinite(p.floatValue))
        return fail(pat + "f32 value must be finite");
    }
  }
  return true;
}

} // namespace gemm_opt::runtime
