//===- DynamicManifestWriter.cpp - The text of a version-3 manifest -------===//
//
// The template's parts (DynamicTemplate.h) as the manifest's text, one line
// per buffer, op and kernel as the other versions write them, and how the
// variants' buffers make the template's.
//
//===----------------------------------------------------------------------===//

#include "DynamicTemplate.h"
#include "gemm-opt/Runtime/DynamicManifest.h"
#include "gemm-opt/Transforms/Dispatch/DynamicVariants.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::gemm_opt;
namespace rt = ::gemm_opt::runtime;
namespace json = llvm::json;

json::Value mlir::gemm_opt::symbolicJson(const SymbolicInt &e) {
  json::Object o{{"sym", e.sym}};
  if (e.div != 1)
    o["div"] = e.div;
  if (e.ceilDiv != 1)
    o["ceil_div"] = e.ceilDiv;
  if (e.mul != 1)
    o["mul"] = e.mul;
  if (e.min)
    o["min"] = *e.min;
  return o;
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

/// Whether `one` (a buffer's shape in the variant planned at one row) and
/// `other` (another variant's) differ only in where the symbol stands among
/// dimensions of 1: at one row every dimension collapsed into the rows is 1
/// and dynamicLeadingDim takes the last ([1, ?, K]); a row vector stored
/// [?, 1] has it first, which the other variants show.
static bool sameButOneRowGuess(const json::Array &one,
                               const json::Array &other) {
  if (one.size() != other.size())
    return false;
  for (auto [a, b] : llvm::zip(one, other))
    if (a != b && !(a.getAsInteger() == 1 && b.getAsObject()) &&
        !(b.getAsInteger() == 1 && a.getAsObject()))
      return false;
  return true;
}

/// Adds a variant's `buffers` to the template's `into`: the same but for
/// scratch buffers, which only the variant's own kernels use (a variant of
/// one M is compiled as a static function, split-K partials included): a
/// new one is added, one of the same name and type grows to the larger
/// extent of each dimension. False when the buffers disagree otherwise.
bool mlir::gemm_opt::mergeBuffers(json::Array &into, const json::Array &buffers,
                                  bool intoIsOneRow) {
  auto scratch = [](const json::Object &b) {
    return b.getString("role") == StringRef("scratch");
  };
  auto find = [&](StringRef name) -> json::Object * {
    for (json::Value &b : into)
      if (b.getAsObject()->getString("name") == name)
        return b.getAsObject();
    return nullptr;
  };
  for (const json::Value &value : buffers) {
    const json::Object &b = *value.getAsObject();
    json::Object *mine = find(*b.getString("name"));
    if (mine && *mine == b)
      continue;
    if (mine && !scratch(b) && intoIsOneRow &&
        sameButOneRowGuess(*mine->getArray("shape"), *b.getArray("shape"))) {
      // The one-row variant's guess gives way to a variant of more rows.
      json::Object same = b;
      same["shape"] = json::Array(*mine->getArray("shape"));
      if (same == *mine) {
        *mine = b;
        continue;
      }
    }
    if (!scratch(b))
      return false;
    if (!mine) {
      into.push_back(value);
      continue;
    }
    const json::Array &shape = *b.getArray("shape");
    json::Array &grown = *mine->getArray("shape");
    if (!scratch(*mine) || mine->get("elem") != b.get("elem") ||
        grown.size() != shape.size())
      return false;
    for (auto [g, e] : llvm::zip(grown, shape))
      g = std::max(*g.getAsInteger(), *e.getAsInteger());
  }
  // Every template buffer but scratch is every variant's.
  return llvm::all_of(into, [&](const json::Value &value) {
    const json::Object &b = *value.getAsObject();
    return scratch(b) || llvm::any_of(buffers, [&](const json::Value &v) {
             return *v.getAsObject() == b;
           });
  });
}

/// One line per buffer and kernel, as the other versions write them
/// (llvm::json's compact form, keys sorted).
std::string mlir::gemm_opt::writeDynamicManifest(const DynamicParts &d) {
  std::string text;
  llvm::raw_string_ostream os(text);
  auto compact = [](const json::Value &v) { return compactJson(v); };
  os << "{\n  \"format\": \"" << rt::kManifestFormat << "\",\n"
     << "  \"version\": 3,\n";
  if (!d.op.empty())
    os << "  \"op\": " << compact(d.op) << ",\n";
  os << "  \"stage\": " << compact(d.stage)
     << ",\n  \"chip\": " << compact(d.chip)
     << ",\n  \"func\": " << compact(d.source) << ",\n"
     << "  \"symbols\": [";
  // The step is the first symbol's (the rows: M, or a softmax's rows).
  for (auto [i, symbol] : llvm::enumerate(d.symbols))
    os << (i ? ", " : "") << "{\"name\": \"" << symbol.first
       << "\", \"min\": " << (i ? 1 : d.step) << ", \"max\": " << symbol.second
       << "}";
  os << "],\n";
  // A variant of several ops: its ops, one per line (version 2's "ops").
  if (d.op.empty()) {
    os << "  \"ops\": [";
    for (auto [i, op] : llvm::enumerate(d.first->ops))
      os << (i ? "," : "") << "\n    " << compact(op);
    os << "\n  ],\n";
  } else {
    os << "  \"problem\": " << compact(json::Object(d.first->problem)) << ",\n";
  }
  os << "  \"buffers\": [";
  for (auto [i, buffer] : llvm::enumerate(d.first->buffers))
    os << (i ? "," : "") << "\n    " << compact(buffer);
  os << "\n  ],\n";
  if (d.first->arguments.kind() != json::Value::Null)
    os << "  \"arguments\": " << compact(d.first->arguments) << ",\n";
  os << "  \"variants\": [";
  for (auto [i, variant] : llvm::enumerate(d.table)) {
    const json::Object &v = *variant.getAsObject();
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

/// Several symbols (or a softmax's rows): the largest value all of them may
/// take at once, which
/// the reader checks by instantiating every symbol at its max (grids within
/// CUDA's limits, buffers within the manifest's bytes), found by bisection
/// with the reader itself.
int64_t mlir::gemm_opt::largestCommonSize(DynamicParts d) {
  // Over multiples of the step: the reader refuses a largest value that is
  // none.
  auto fits = [&](int64_t multiple) {
    for (auto &symbol : d.symbols)
      symbol.second = multiple * d.step;
    rt::DynamicManifest parsed;
    std::string error;
    return rt::parseDynamicManifest(writeDynamicManifest(d), parsed, error);
  };
  int64_t lo = 1, hi = kMaxSymbolValue / d.step;
  if (fits(hi))
    return hi * d.step;
  while (lo + 1 < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    (fits(mid) ? lo : hi) = mid;
  }
  return lo * d.step;
}
