//===- DynamicManifest.cpp - The version-3 manifest of dynamic variants ---===//
//
// Each variant is first described exactly as a static function of one op
// (KernelBundle.cpp) at its planned M, and validated as such: what holds
// there holds for the template. The version-1 JSON is then read back and
// the planned M replaced by expressions of the symbol where the IR says it
// stands for the actual M: grids and parameters from the ops the kernel
// builders computed on the host (describeLaunches), buffer rows and tensor
// map rows from the problem's roles.
//
//===----------------------------------------------------------------------===//

#include "DynamicManifest.h"
#include "LaunchDescription.h"
#include "gemm-opt/Runtime/Manifest.h"
#include "gemm-opt/Support/EpilogueVocabulary.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Dispatch/DynamicVariants.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <set>

using namespace mlir;
using namespace mlir::gemm_opt;
namespace rt = ::gemm_opt::runtime;
namespace json = llvm::json;

static json::Value symbolic(const SymbolicInt &e) {
  json::Object o{{"sym", e.sym}};
  if (e.ceilDiv != 1)
    o["ceil_div"] = e.ceilDiv;
  if (e.mul != 1)
    o["mul"] = e.mul;
  if (e.min)
    o["min"] = *e.min;
  return o;
}

/// The buffers whose first dimension is M: A, C and epilogue operands read
/// by row ("row": [M]; "none": [M, N]).
static std::set<std::string> rowBuffers(const rt::MatmulProblem &p) {
  std::set<std::string> roles = {"A", "C"};
  for (const rt::EpilogueStep &step : p.epilogue)
    if (!step.operand.empty() &&
        step.broadcast != rt::EpilogueBroadcast::Col)
      roles.insert(step.operand);
  return roles;
}

namespace {
/// One variant's version-1 description turned into template parts.
struct VariantJson {
  json::Object problem;
  json::Array buffers, kernels;
};
} // namespace

static FailureOr<VariantJson>
symbolize(func::FuncOp f, const rt::KernelManifest &m, int64_t planned,
          const std::vector<KernelSymbols> &symbols) {
  llvm::Expected<json::Value> parsed = json::parse(rt::toJson(m));
  if (!parsed) {
    llvm::consumeError(parsed.takeError());
    return f.emitError("cannot read back the variant's manifest");
  }
  json::Object &doc = *parsed->getAsObject();
  VariantJson out{std::move(*doc.getObject("problem")),
                  std::move(*doc.getArray("buffers")),
                  std::move(*doc.getArray("kernels"))};
  SymbolicInt plain;
  plain.sym = "M";
  out.problem["m"] = symbolic(plain);
  std::set<std::string> rows = rowBuffers(m.matmul);
  for (json::Value &buffer : out.buffers) {
    json::Object &b = *buffer.getAsObject();
    if (!rows.count(b.getString("role")->str()))
      continue;
    json::Array &shape = *b.getArray("shape");
    if (shape.empty() || shape[0].getAsInteger() != planned)
      return f.emitError("buffer ")
             << *b.getString("name") << " does not have the planned M rows";
    shape[0] = symbolic(plain);
  }
  for (auto [k, kernel] : llvm::enumerate(out.kernels)) {
    json::Object &o = *kernel.getAsObject();
    json::Array &grid = *o.getArray("grid");
    for (int d = 0; d < 3; ++d)
      if (symbols[k].grid[d])
        grid[d] = symbolic(*symbols[k].grid[d]);
    json::Array &params = *o.getArray("params");
    for (auto [i, e] : symbols[k].params)
      (*params[i].getAsObject())["value"] = symbolic(e);
    for (json::Value &param : params) {
      json::Object &p = *param.getAsObject();
      if (*p.getString("abi") != "tensormap" ||
          !rows.count(p.getString("buffer")->str()))
        continue;
      // A map over an M-row buffer: its outer extent is the rows.
      json::Array &dims = *p.getArray("dims");
      if (dims.size() != 2 || dims[1].getAsInteger() != planned)
        return f.emitError("a tensor map over buffer ")
               << *p.getString("buffer")
               << " does not cover its planned M rows";
      dims[1] = symbolic(plain);
    }
  }
  return out;
}

/// `v` on one line: objects' keys sorted, except an expression's, which
/// are written sym, ceil_div, mul, min (docs/manifest.md).
static std::string compactJson(const json::Value &v) {
  const json::Object *o = v.getAsObject();
  if (const json::Array *a = v.getAsArray()) {
    std::string out = "[";
    for (auto [i, e] : llvm::enumerate(*a))
      out += (i ? "," : "") + compactJson(e);
    return out + "]";
  }
  if (!o)
    return llvm::formatv("{0}", v).str();
  SmallVector<std::string> keys;
  if (o->get("sym")) {
    for (StringRef k : ::gemm_opt::symbolic::kExpressionKeys)
      if (o->get(k))
        keys.push_back(k.str());
  } else {
    for (const auto &kv : *o)
      keys.push_back(kv.first.str());
    llvm::sort(keys);
  }
  std::string out = "{";
  for (auto [i, k] : llvm::enumerate(keys))
    out += (i ? "," : "") + llvm::formatv("{0}", json::Value(k)).str() + ":" +
           compactJson(*o->get(k));
  return out + "}";
}

/// The largest M for which `m`'s grids computed from M (`symbols`) stay
/// within CUDA's grid limits and its M-row buffers within
/// rt::kMaxBufferBytes together.
static int64_t largestM(const rt::KernelManifest &m,
                        const std::vector<KernelSymbols> &symbols) {
  int64_t most = kMaxSymbolValue;
  const int64_t limits[3] = {2147483647, 65535, 65535};
  for (const KernelSymbols &k : symbols)
    for (int d = 0; d < 3; ++d)
      if (const std::optional<SymbolicInt> &e = k.grid[d]; e && !e->min)
        most = std::min(most, limits[d] / e->mul * e->ceilDiv);
  // Bytes per row of M over the M-row buffers; the others are fixed.
  std::set<std::string> rows = rowBuffers(m.matmul);
  uint64_t rowBytes = 0, fixed = 0;
  for (const rt::BufferDesc &b : m.buffers) {
    if (rows.count(b.role) && !b.shape.empty())
      rowBytes += b.sizeBytes() / b.shape[0];
    else
      fixed += b.sizeBytes();
  }
  if (rowBytes && fixed < rt::kMaxBufferBytes)
    most = std::min<int64_t>(most, (rt::kMaxBufferBytes - fixed) / rowBytes);
  return most;
}

FailureOr<std::string> mlir::gemm_opt::describeDynamicFunction(
    ArrayRef<func::FuncOp> variants, StringRef ptx, StringRef stage,
    StringRef chip) {
  std::optional<VariantJson> first;
  std::string op, source;
  json::Array table;
  // The largest M every launch of the last variant can take: a grid
  // dimension computed from M stays within CUDA's limits, and the M-row
  // buffers within the manifest's bytes.
  int64_t maxM = kMaxSymbolValue;
  for (func::FuncOp f : variants) {
    DynamicVariant v = *getDynamicVariant(f);
    auto problems = f->getAttrOfType<ArrayAttr>(kFunctionProblemsAttr);
    auto problem = problems && problems.size() == 1
                       ? dyn_cast<MatmulProblemAttr>(problems[0])
                       : MatmulProblemAttr();
    Value argument = getSymbolArgument(f, v.symbol);
    if (!problem || !argument || v.symbol != "M")
      return f.emitError("a dynamic-M variant must compile one matmul and "
                         "carry its M argument");
    if (problem.getTransposeA() || problem.getBatch() != 1)
      return f.emitError("a dynamic M needs a 2-D matmul with A stored "
                         "M x K");
    SymbolBinding binding{argument, problem.getM()};
    std::vector<KernelSymbols> symbols;
    FailureOr<rt::KernelManifest> m =
        describeOneOpFunction(f, ptx, &binding, &symbols);
    if (failed(m))
      return failure();
    m->stage = stage.str();
    m->chip = chip.str();
    m->func = v.of;
    std::string error;
    if (!rt::validateManifest(*m, error))
      return f.emitError("cannot describe the compiled kernels: ") << error;
    if (v.hi == kMaxSymbolValue)
      maxM = std::min(maxM, largestM(*m, symbols));
    FailureOr<VariantJson> parts =
        symbolize(f, *m, binding.planned, symbols);
    if (failed(parts))
      return failure();
    if (!first) {
      first = *parts;
      op = m->op;
      source = v.of;
    } else if (first->problem != parts->problem ||
               first->buffers != parts->buffers) {
      return f.emitError("the variants of '")
             << v.of << "' disagree on the problem or the buffers";
    }
    json::Object entry;
    if (v.hi != kMaxSymbolValue)
      entry["when"] = json::Object{{"M", json::Array{v.lo, v.hi}}};
    entry["kernels"] = std::move(parts->kernels);
    table.push_back(std::move(entry));
  }

  // One line per buffer and kernel, as the other versions write them
  // (llvm::json's compact form, keys sorted).
  std::string text;
  llvm::raw_string_ostream os(text);
  auto compact = [](const json::Value &v) { return compactJson(v); };
  os << "{\n  \"format\": \"" << rt::kManifestFormat << "\",\n"
     << "  \"version\": 3,\n  \"op\": " << compact(op)
     << ",\n  \"stage\": " << compact(stage.str())
     << ",\n  \"chip\": " << compact(chip.str())
     << ",\n  \"func\": " << compact(source) << ",\n"
     << "  \"symbols\": [{\"name\": \"M\", \"min\": 1, \"max\": "
     << maxM << "}],\n"
     << "  \"problem\": " << compact(json::Object(first->problem))
     << ",\n  \"buffers\": [";
  for (auto [i, buffer] : llvm::enumerate(first->buffers))
    os << (i ? "," : "") << "\n    " << compact(buffer);
  os << "\n  ],\n  \"variants\": [";
  for (auto [i, variant] : llvm::enumerate(table)) {
    json::Object &v = *variant.getAsObject();
    os << (i ? "," : "") << "\n    {";
    if (const json::Value *when = v.get("when"))
      os << "\"when\": " << compact(*when) << ", ";
    os << "\"kernels\": [";
    for (auto [k, kernel] : llvm::enumerate(*v.getArray("kernels")))
      os << (k ? "," : "") << "\n      " << compact(kernel);
    os << "\n    ]}";
  }
  os << "\n  ]\n}\n";
  return text;
}
