//===- DynamicBinding.cpp - Symbols bound by buffer shapes ----------------===//
//
// The part of DynamicManifest.h that binds a version-3 manifest's symbols
// to sizes and picks the variant for them; the reader and instantiation
// are DynamicManifest.cpp's.
//
//===----------------------------------------------------------------------===//
#include "DynamicBinding.h"
#include "gemm-opt/Runtime/DynamicManifest.h"

#include "llvm/ADT/STLExtras.h"

namespace json = llvm::json;

namespace gemm_opt::runtime {

std::pair<std::string, int64_t> bindingSymbol(const json::Value &v) {
  const json::Object *o = v.getAsObject();
  std::optional<llvm::StringRef> sym = o ? o->getString("sym") : std::nullopt;
  std::optional<int64_t> div = o && o->get("div") ? o->getInteger("div") : 1;
  if (!sym || !div || o->size() != (o->get("div") ? 2u : 1u))
    return {"", 1};
  return {sym->str(), *div};
}

const DynamicSymbol *
DynamicManifest::findSymbol(const std::string &name) const {
  auto it = llvm::find_if(
      symbols, [&](const DynamicSymbol &s) { return s.name == name; });
  return it == symbols.end() ? nullptr : &*it;
}

size_t DynamicManifest::chooseVariant(const SymbolSizes &sizes) const {
  for (size_t v = 0; v < variants.size(); ++v)
    if (llvm::all_of(variants[v].when, [&](const auto &w) {
          auto it = sizes.find(w.first);
          return it != sizes.end() && it->second >= w.second.first &&
                 it->second <= w.second.second;
        }))
      return v;
  return variants.size() - 1;
}

bool bindSymbols(
    const DynamicManifest &dyn,
    const std::map<std::string, std::vector<int64_t>> &bufferShapes,
    SymbolSizes &sizes, std::string &error) {
  std::map<std::string, std::string>
      boundBy; // symbol -> "A's dimension 0 is 127"
  sizes.clear();
  const json::Array *buffers = dyn.buffers.getAsArray();
  for (size_t b = 0; buffers && b < buffers->size(); ++b) {
    const json::Object *buffer = (*buffers)[b].getAsObject();
    std::optional<llvm::StringRef> name =
        buffer ? buffer->getString("name") : std::nullopt;
    auto given = name ? bufferShapes.find(name->str()) : bufferShapes.end();
    const json::Array *shape = buffer ? buffer->getArray("shape") : nullptr;
    if (given == bufferShapes.end() || !shape)
      continue;
    if (given->second.size() != shape->size()) {
      error = "buffer \"" + given->first + "\" has " +
              std::to_string(given->second.size()) +
              " dimensions, the manifest's " + std::to_string(shape->size());
      return false;
    }
    for (size_t i = 0; i < shape->size(); ++i) {
      std::string what = given->first + "'s dimension " + std::to_string(i) +
                         " is " + std::to_string(given->second[i]);
      auto [sym, div] = bindingSymbol((*shape)[i]);
      int64_t size;
      if (sym.empty())
        continue;
      if (__builtin_mul_overflow(given->second[i], div, &size))
        return (error = "buffer " + what + ": " + sym + " = " +
                        std::to_string(div) + " * that overflows"),
               false;
      if (div != 1)
        what += " (" + sym + " = " + std::to_string(size) + ")";
      auto [it, fresh] = sizes.insert({sym, size});
      if (!fresh && it->second != size) {
        error = "the buffers bind " + sym + " to two extents: " + boundBy[sym] +
                ", " + what;
        return false;
      }
      boundBy.insert({sym, what});
    }
  }
  for (const DynamicSymbol &s : dyn.symbols)
    if (!sizes.count(s.name)) {
      error = "symbol " + s.name + " is bound by none of the given buffers";
      return false;
    }
  return true;
}

std::string symbolSizesString(const DynamicManifest &dyn,
                              const SymbolSizes &sizes) {
  std::string s;
  for (const DynamicSymbol &sym : dyn.symbols) {
    auto it = sizes.find(sym.name);
    s += (s.empty() ? "" : ", ") + sym.name +
         (it == sizes.end() ? "" : " = " + std::to_string(it->second));
  }
  return s;
}

} // namespace gemm_opt::runtime
