//===- Manifest.cpp - The gemm-opt launch manifest ------------------------===//
//
// The manifest's types and the writer (toJson). Reading is in
// ManifestReader.cpp, the semantic checks in ManifestValidation.cpp.
//
//===----------------------------------------------------------------------===//
#include "gemm-opt/Runtime/Manifest.h"
#include "gemm-opt/Runtime/JsonWriting.h"

#include "llvm/Support/raw_ostream.h"

#include <cmath>

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

const char *matmulLayoutName(bool transposeA, bool transposeB) {
  static const char *const names[2][2] = {{"nn", "nt"}, {"tn", "tt"}};
  return names[transposeA][transposeB];
}

bool parseMatmulLayout(const std::string &s, bool &transposeA, bool &transposeB) {
  if (s.size() != 2 || (s[0] != 'n' && s[0] != 't') || (s[1] != 'n' && s[1] != 't'))
    return false;
  transposeA = s[0] == 't';
  transposeB = s[1] == 't';
  return true;
}

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

std::string OpDesc::operand(const std::string &role) const {
  for (const auto &[r, buffer] : operands)
    if (r == role)
      return buffer;
  return "";
}

/// Equality of the problem `op` makes active (the inactive one is ignored).
static bool sameProblem(const std::string &op, const MatmulProblem &m1, const SoftmaxProblem &s1,
                        const MatmulProblem &m2, const SoftmaxProblem &s2) {
  if (op == "matmul")
    return m1 == m2;
  if (op == "softmax")
    return s1 == s2;
  return true;
}

bool OpDesc::operator==(const OpDesc &o) const {
  return op == o.op && operands == o.operands && sameProblem(op, matmul, softmax, o.matmul, o.softmax);
}

bool KernelManifest::operator==(const KernelManifest &o) const {
  if (format != o.format || version != o.version || op != o.op || stage != o.stage || chip != o.chip ||
      func != o.func || buffers != o.buffers || arguments != o.arguments || results != o.results ||
      kernels != o.kernels || ops != o.ops)
    return false;
  return sameProblem(op, matmul, softmax, o.matmul, o.softmax);
}

//===----------------------------------------------------------------------===//
// Writer
//===----------------------------------------------------------------------===//

namespace {

std::string paramJson(const KernelParam &p) {
  std::string s = "{\"abi\": " + jsonQuote(paramAbiName(p.abi));
  switch (p.abi) {
  case ParamAbi::Ptr: s += ", \"buffer\": " + jsonQuote(p.buffer); break;
  case ParamAbi::I32:
  case ParamAbi::I64: s += ", \"value\": " + std::to_string(p.intValue); break;
  case ParamAbi::F32: {
    std::string v = jsonFloat(p.floatValue);
    // Keep -0 distinguishable from 0 (jsonFloat prints "-0.0").
    s += ", \"value\": " + v;
    break;
  }
  case ParamAbi::TensorMap: {
    const TensorMapDesc &d = p.tensorMap;
    s += ", \"buffer\": " + jsonQuote(p.buffer) + ", \"elem\": " + jsonQuote(elemTypeName(d.elem)) +
         ", \"dims\": " + jsonIntList(d.dims) + ", \"strides\": " + jsonIntList(d.strides) + ", \"box\": " +
         jsonIntList(d.box) + ", \"swizzle\": " + std::to_string(d.swizzle) +
         ", \"l2_promotion\": " + std::to_string(d.l2Promotion);
    break;
  }
  }
  return s + "}";
}

/// A scalar of a step: shortest round-trip digits; -0 with a fraction
/// (llvm::json reads "-0" as the integer 0).
std::string stepNumber(double v) { return v == 0 && std::signbit(v) ? "-0.0" : jsonNumber(v); }

/// "[{"op": "add", "operand": "E0", "broadcast": "col"}, {"op": "relu"}]".
std::string epilogueJson(const Epilogue &e) {
  std::string s = "[";
  for (size_t i = 0; i < e.size(); ++i) {
    const EpilogueStep &st = e[i];
    s += std::string(i ? ", " : "") + "{\"op\": " + jsonQuote(epilogueOpName(st.op));
    if (st.scalar)
      s += ", \"scalar\": " + stepNumber(*st.scalar);
    if (!st.operand.empty())
      s += ", \"operand\": " + jsonQuote(st.operand) + ", \"broadcast\": " +
           jsonQuote(epilogueBroadcastName(st.broadcast)) + (st.span ? ", \"span\": " + std::to_string(st.span) : "") +
           (st.cycle ? ", \"cycle\": true" : "");
    if (st.operandScale)
      s += ", \"operand_scale\": " + stepNumber(*st.operandScale);
    s += "}";
  }
  return s + "]";
}

std::string problemJson(const std::string &op, const MatmulProblem &mm, const SoftmaxProblem &sm) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (op == "softmax") {
    os << "{\"rows\": " << sm.rows << ", \"cols\": " << sm.cols << ", \"x\": " << jsonQuote(elemTypeName(sm.x))
       << ", \"y\": " << jsonQuote(elemTypeName(sm.y)) << "}";
    return text;
  }
  const auto &p = mm;
  os << "{\"m\": " << p.m << ", \"n\": " << p.n << ", \"k\": " << p.k << ", \"beta\": " << p.beta
     << ", \"a\": " << jsonQuote(elemTypeName(p.a)) << ", \"b\": " << jsonQuote(elemTypeName(p.b))
     << ", \"c\": " << jsonQuote(elemTypeName(p.c));
  // Only when some operand is transposed: "nn" manifests stay as they were.
  if (p.transposeA || p.transposeB)
    os << ", \"layout\": " << jsonQuote(matmulLayoutName(p));
  // Likewise only when batched.
  if (p.batch != 1)
    os << ", \"batch\": " << p.batch;
  if (p.sharedB)
    os << ", \"shared_b\": true";
  if (p.cHeads != 1)
    os << ", \"c_heads\": " << p.cHeads;
  if (p.bGroup != 1)
    os << ", \"b_group\": " << p.bGroup;
  // And only with an epilogue.
  if (!p.epilogue.empty())
    os << ", \"epilogue\": " << epilogueJson(p.epilogue);
  os << "}";
  return text;
}

std::string opJson(const OpDesc &op) {
  std::string s = "{\"op\": " + jsonQuote(op.op) + ", \"problem\": " + problemJson(op.op, op.matmul, op.softmax) +
                  ", \"operands\": {";
  for (size_t i = 0; i < op.operands.size(); ++i)
    s += (i ? ", " : "") + jsonQuote(op.operands[i].first) + ": " + jsonQuote(op.operands[i].second);
  return s + "}}";
}

} // namespace

std::string toJson(const KernelManifest &m) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "{\n";
  os << "  \"format\": " << jsonQuote(m.format) << ",\n";
  os << "  \"version\": " << m.version << ",\n";
  bool several = m.isFunction();
  if (!several)
    os << "  \"op\": " << jsonQuote(m.op) << ",\n";
  os << "  \"stage\": " << jsonQuote(m.stage) << ",\n";
  os << "  \"chip\": " << jsonQuote(m.chip) << ",\n";
  os << "  \"func\": " << jsonQuote(m.func) << ",\n";
  if (!several) {
    os << "  \"problem\": " << problemJson(m.op, m.matmul, m.softmax) << ",\n";
  } else if (m.ops.empty()) {
    os << "  \"ops\": [],\n";
  } else {
    os << "  \"ops\": [\n";
    for (size_t i = 0; i < m.ops.size(); ++i)
      os << "    " << opJson(m.ops[i]) << (i + 1 < m.ops.size() ? "," : "") << "\n";
    os << "  ],\n";
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
  if (!m.arguments.empty()) {
    os << "  \"arguments\": [";
    for (size_t i = 0; i < m.arguments.size(); ++i)
      os << (i ? ", " : "") << jsonQuote(m.arguments[i]);
    os << "],\n";
  }
  if (!m.results.empty()) {
    os << "  \"results\": [";
    for (size_t i = 0; i < m.results.size(); ++i)
      os << (i ? ", " : "") << jsonQuote(m.results[i]);
    os << "],\n";
  }
  if (m.kernels.empty()) {
    os << "  \"kernels\": []\n";
  } else {
    os << "  \"kernels\": [\n";
    for (size_t i = 0; i < m.kernels.size(); ++i) {
      const auto &k = m.kernels[i];
      os << "    {\n";
      os << "      \"name\": " << jsonQuote(k.name) << ",\n";
      if (several)
        os << "      \"op\": " << k.op << ",\n";
      os << "      \"grid\": " << jsonIntList(k.grid) << ",\n";
      os << "      \"block\": " << jsonIntList(k.block) << ",\n";
      os << "      \"dynamic_shared_memory\": " << k.dynamicSharedMemory << ",\n";
      if (k.cluster)
        os << "      \"cluster\": " << jsonIntList(*k.cluster) << ",\n";
      if (k.programmaticDependent)
        os << "      \"programmatic_dependent\": true,\n";
      if (k.residentGrid)
        os << "      \"resident_grid\": true,\n";
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
  return text;
}

} // namespace gemm_opt::runtime
