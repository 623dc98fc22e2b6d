//===- DynamicManifest.cpp - Manifests with dynamic dimensions ------------===//
//
// The version-3 reader and instantiation (DynamicManifest.h). The template's
// problem, buffers and each variant's kernels stay llvm::json values; the
// places where the format allows an expression are visited by one walker
// (the visit*Slots functions), which the reader uses to check expressions
// and instantiation to replace them by numbers. What a version-1 manifest
// must be is left to readManifest (ManifestReader.cpp): every instantiation,
// including those the reader makes at the ends of each variant's ranges,
// goes through it.
//
//===----------------------------------------------------------------------===//
#include "gemm-opt/Runtime/DynamicManifest.h"
#include "DynamicBinding.h"
#include "StrictJson.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <set>

namespace json = llvm::json;

namespace gemm_opt::runtime {

using namespace strict;

namespace {

constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

using symbolic::Expression;
using symbolic::kExpressionKeys;

bool readExpression(const json::Value &v, json::Path path, const DynamicManifest &d, Expression &e) {
  FieldReader r(v, path);
  if (!r.isObject() || !r.map("sym", e.sym))
    return false;
  if (!d.findSymbol(e.sym)) {
    std::vector<std::string> names;
    for (const DynamicSymbol &s : d.symbols)
      names.push_back(s.name);
    return fail(r.field("sym"), "undeclared symbol \"" + e.sym + "\" (the manifest declares " +
                                    llvm::join(names, ", ") + ")");
  }
  int64_t value;
  for (llvm::StringLiteral key : llvm::ArrayRef(kExpressionKeys).drop_front()) {
    if (!r.has(key))
      continue;
    if (!r.mapInt(key, value, 1, kInt64Max))
      return false;
    (key == "div" ? e.div : key == "ceil_div" ? e.ceilDiv : key == "mul" ? e.mul : e.min.emplace()) = value;
  }
  return r.noUnknownKeys();
}

/// Keys of an expression out of order: an object whose "sym" holds a string
/// (a "when" may name a symbol "sym", but maps it to an array) with its
/// known keys not in kExpressionKeys' order. Unknown keys are left to the
/// reader, which names their path.
bool checkExpressionKeyOrder(llvm::StringRef text, llvm::ArrayRef<JsonKey> keys, std::string &error) {
  auto sym = llvm::find_if(keys, [](const JsonKey &k) { return k.name == "sym"; });
  if (sym == keys.end())
    return true;
  size_t colon = text.find(':', sym->offset + 5); // past "sym"
  size_t value = text.find_first_not_of(" \t\r\n", colon + 1);
  if (value == llvm::StringRef::npos || text[value] != '"')
    return true;
  const JsonKey *previous = nullptr;
  size_t last = 0;
  for (const JsonKey &k : keys) {
    const auto *at = llvm::find(kExpressionKeys, k.name);
    if (at == std::end(kExpressionKeys))
      continue;
    size_t index = static_cast<size_t>(at - std::begin(kExpressionKeys));
    if (previous && index < last) {
      error = "expression " + textPosition(text, k.offset) + ": \"" + k.name + "\" is written after \"" +
              previous->name + "\" (the keys of an expression are written sym, div, ceil_div, mul, min)";
      return false;
    }
    previous = &k;
    last = index;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Where expressions may stand
//===----------------------------------------------------------------------===//

/// Called for each place that holds an expression (an object); false stops.
using SlotVisitor = llvm::function_ref<bool(json::Value &slot, json::Path path)>;

/// The objects among the elements of `list` (an array; anything else is
/// left to the version-1 reader).
bool visitElements(json::Value *list, json::Path path, SlotVisitor visit) {
  json::Array *items = list ? list->getAsArray() : nullptr;
  for (size_t i = 0; items && i < items->size(); ++i)
    if ((*items)[i].getAsObject() && !visit((*items)[i], path.index(i)))
      return false;
  return true;
}

/// The problem's batch, m, n, k (a matmul's) or rows, cols (a softmax's).
bool visitProblemSlots(json::Value &problem, json::Path path, SlotVisitor visit) {
  json::Object *o = problem.getAsObject();
  static constexpr llvm::StringLiteral keys[] = {"batch", "m", "n", "k", "rows", "cols"};
  for (llvm::StringLiteral key : keys) {
    json::Value *v = o ? o->get(key) : nullptr;
    if (v && v->getAsObject() && !visit(*v, path.field(key)))
      return false;
  }
  return true;
}

/// Each op's problem (a template of version 2).
bool visitOpsSlots(json::Value &ops, json::Path path, SlotVisitor visit) {
  json::Array *items = ops.getAsArray();
  for (size_t i = 0; items && i < items->size(); ++i) {
    json::Object *op = (*items)[i].getAsObject();
    json::Value *problem = op ? op->get("problem") : nullptr;
    if (problem &&
        !visitProblemSlots(*problem, path.index(i).field("problem"), visit))
      return false;
  }
  return true;
}

/// Each buffer's shape.
bool visitBufferSlots(json::Value &buffers, json::Path path, SlotVisitor visit) {
  json::Array *items = buffers.getAsArray();
  for (size_t i = 0; items && i < items->size(); ++i) {
    json::Object *b = (*items)[i].getAsObject();
    if (b && !visitElements(b->get("shape"), path.index(i).field("shape"), visit))
      return false;
  }
  return true;
}

/// Each kernel's grid, i32/i64 values, tensor maps' dims and strides.
bool visitKernelSlots(json::Value &kernels, json::Path path, SlotVisitor visit) {
  json::Array *items = kernels.getAsArray();
  for (size_t i = 0; items && i < items->size(); ++i) {
    json::Object *k = (*items)[i].getAsObject();
    if (!k)
      continue;
    json::Path kernel = path.index(i);
    if (!visitElements(k->get("grid"), kernel.field("grid"), visit))
      return false;
    json::Array *params = k->getArray("params");
    json::Path paramsPath = kernel.field("params"); // a Path refers to its parent
    for (size_t j = 0; params && j < params->size(); ++j) {
      json::Object *p = (*params)[j].getAsObject();
      std::optional<llvm::StringRef> abi = p ? p->getString("abi") : std::nullopt;
      json::Path param = paramsPath.index(j);
      json::Value *value = p ? p->get("value") : nullptr;
      if ((abi == "i32" || abi == "i64") && value && value->getAsObject() && !visit(*value, param.field("value")))
        return false;
      if (abi == "tensormap" && (!visitElements(p->get("dims"), param.field("dims"), visit) ||
                                 !visitElements(p->get("strides"), param.field("strides"), visit)))
        return false;
    }
  }
  return true;
}

/// Every slot of the template: problem, buffers, each variant's kernels.
bool visitTemplateSlots(DynamicManifest &d, json::Path root, SlotVisitor visit) {
  if ((!d.hasOps() &&
       !visitProblemSlots(d.problem, root.field("problem"), visit)) ||
      (d.hasOps() && !visitOpsSlots(d.ops, root.field("ops"), visit)) ||
      !visitBufferSlots(d.buffers, root.field("buffers"), visit))
    return false;
  for (size_t i = 0; i < d.variants.size(); ++i)
    if (!visitKernelSlots(d.variants[i].kernels, root.field("variants").index(i).field("kernels"), visit))
      return false;
  return true;
}

/// An expression (an object with "sym") that is in none of the slots.
bool noStrayExpression(const json::Value &v, json::Path path, const std::set<const json::Value *> &slots) {
  if (const json::Object *o = v.getAsObject()) {
    if (o->get("sym") && !slots.count(&v))
      return fail(path, "an expression stands only for the problem's batch, m, n, k (rows, cols), a buffer's shape, a grid, an i32 or "
                        "i64 value and a tensor map's dims and strides");
    for (const json::Object::value_type *kv : json::sortedElements(*o))
      if (!noStrayExpression(kv->second, path.field(kv->first), slots))
        return false;
  } else if (const json::Array *a = v.getAsArray()) {
    for (size_t i = 0; i < a->size(); ++i)
      if (!noStrayExpression((*a)[i], path.index(i), slots))
        return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Reading the template
//===----------------------------------------------------------------------===//

bool validSymbolName(llvm::StringRef name) {
  return !name.empty() && !llvm::isDigit(name[0]) &&
         llvm::all_of(name, [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

/// The array `key` of `r`, with at least one element (else `emptyError`);
/// null after an error.
const json::Array *nonEmptyList(FieldReader &r, llvm::StringLiteral key, const char *emptyError) {
  const json::Value *list = r.get(key);
  if (!list || !expectKind(*list, json::Value::Array, "array", r.field(key)))
    return nullptr;
  if (list->getAsArray()->empty()) {
    fail(r.field(key), emptyError);
    return nullptr;
  }
  return list->getAsArray();
}

bool readSymbols(FieldReader &r, DynamicManifest &d) {
  const json::Array *list = nonEmptyList(r, "symbols", "a version-3 manifest declares at least one symbol");
  if (!list)
    return false;
  const json::Array &items = *list;
  json::Path path = r.field("symbols");
  for (size_t i = 0; i < items.size(); ++i) {
    json::Path at = path.index(i);
    FieldReader s(items[i], at);
    DynamicSymbol sym;
    if (!s.isObject() || !s.map("name", sym.name) || !s.mapInt("min", sym.min, 1, kMaxSymbolValue) ||
        !s.mapInt("max", sym.max, 1, kMaxSymbolValue) || !s.noUnknownKeys())
      return false;
    if (!validSymbolName(sym.name))
      return fail(at.field("name"), "symbol name \"" + sym.name +
                                        "\" is not letters, digits and _ (not starting with a digit)");
    if (sym.min > sym.max)
      return fail(at, "symbol \"" + sym.name + "\": min " + std::to_string(sym.min) + " is above max " +
                          std::to_string(sym.max));
    if (d.findSymbol(sym.name))
      return fail(at.field("name"), "symbol \"" + sym.name + "\" is declared twice");
    d.symbols.push_back(sym);
  }
  return true;
}

bool readWhen(const json::Value &v, json::Path path, const DynamicManifest &d, DynamicVariant &out) {
  if (!expectKind(v, json::Value::Object, "object", path))
    return false;
  if (v.getAsObject()->empty())
    return fail(path, "\"when\" names no symbol (the variant for every size leaves \"when\" out)");
  for (const json::Object::value_type *kv : json::sortedElements(*v.getAsObject())) {
    json::Path at = path.field(kv->first);
    const DynamicSymbol *s = d.findSymbol(kv->first.str());
    if (!s)
      return fail(at, "names undeclared symbol \"" + kv->first.str() + "\"");
    std::vector<int64_t> r;
    if (!readIntList(kv->second, at, r, std::numeric_limits<int64_t>::min(), kInt64Max))
      return false;
    if (r.size() != 2)
      return fail(at, "expected a range [lo, hi], found " + std::to_string(r.size()) + " values");
    std::string range = "[" + std::to_string(r[0]) + ", " + std::to_string(r[1]) + "]";
    if (r[0] > r[1])
      return fail(at, "range " + range + " is empty (lo > hi)");
    if (r[0] < s->min || r[1] > s->max)
      return fail(at, "range " + range + " is not inside " + s->name + "'s bounds [" + std::to_string(s->min) +
                          ", " + std::to_string(s->max) + "]");
    out.when.push_back({s->name, {r[0], r[1]}});
  }
  return true;
}

bool readVariants(FieldReader &r, DynamicManifest &d) {
  const json::Array *list = nonEmptyList(r, "variants", "a version-3 manifest has at least one variant");
  if (!list)
    return false;
  const json::Array &items = *list;
  json::Path path = r.field("variants");
  for (size_t i = 0; i < items.size(); ++i) {
    json::Path at = path.index(i);
    FieldReader v(items[i], at);
    DynamicVariant variant;
    if (!v.isObject() || (v.has("when") && !readWhen(*v.get("when"), v.field("when"), d, variant)))
      return false;
    const json::Value *kernels = v.get("kernels");
    if (!kernels || !v.noUnknownKeys())
      return false;
    variant.kernels = *kernels;
    const bool last = i + 1 == items.size();
    if (last && !variant.when.empty())
      return fail(at.field("when"), "the last variant applies to every size: it has no \"when\"");
    if (!last && variant.when.empty())
      return fail(at, "only the last variant leaves out \"when\" (the variants after this one could never apply)");
    d.variants.push_back(std::move(variant));
  }
  return true;
}

/// Every expression well formed and in a slot; every symbol bound.
bool checkTemplate(DynamicManifest &d, json::Path root) {
  std::set<const json::Value *> slots;
  std::map<std::string, int64_t> steps; // a symbol's divisors' lcm
  auto check = [&](json::Value &slot, json::Path path) {
    Expression e;
    slots.insert(&slot);
    if (!readExpression(slot, path, d, e))
      return false;
    int64_t &step = steps.try_emplace(e.sym, 1).first->second;
    if (e.div > kMaxSymbolValue || (step = std::lcm(step, e.div)) > kMaxSymbolValue)
      return fail(path, "divides " + e.sym + " by more than its largest value");
    return true;
  };
  if (!visitTemplateSlots(d, root, check) ||
      !noStrayExpression(d.problem, root.field("problem"), slots) ||
      !noStrayExpression(d.ops, root.field("ops"), slots) ||
      !noStrayExpression(d.buffers, root.field("buffers"), slots))
    return false;
  for (size_t i = 0; i < d.variants.size(); ++i)
    if (!noStrayExpression(d.variants[i].kernels, root.field("variants").index(i).field("kernels"), slots))
      return false;
  // Every size of a symbol divided exactly is a multiple of its divisors.
  for (DynamicSymbol &s : d.symbols) {
    s.step = steps.count(s.name) ? steps[s.name] : 1;
    std::vector<std::pair<std::string, int64_t>> ends = {{"min", s.min}, {"max", s.max}};
    for (size_t v = 0; v < d.variants.size(); ++v)
      for (const auto &[name, range] : d.variants[v].when)
        if (name == s.name)
          for (int64_t end : {range.first, range.second})
            ends.push_back({"variants[" + std::to_string(v) + "].when", end});
    for (const auto &[where, value] : ends)
      if (value % s.step)
        return fail(root.field("symbols"), "symbol \"" + s.name + "\" is divided by " + std::to_string(s.step) +
                                               ", which its " + where + " " + std::to_string(value) +
                                               " is no multiple of");
  }
  // Binding: a {"sym": S} (or {"sym": S, "div": q}) dimension of an operand buffer.
  const json::Array *buffers = d.buffers.getAsArray();
  for (size_t i = 0; i < d.symbols.size(); ++i) {
    bool bound = false;
    for (size_t b = 0; buffers && b < buffers->size() && !bound; ++b) {
      const json::Object *buffer = (*buffers)[b].getAsObject();
      std::optional<llvm::StringRef> role = buffer ? buffer->getString("role") : std::nullopt;
      const json::Array *shape = buffer ? buffer->getArray("shape") : nullptr;
      // Of several ops: the function's arguments and results (a runner
      // makes the temporaries).
      bool operand =
          role &&
          (d.hasOps() ? llvm::is_contained({"arg", "result"}, *role)
                      : llvm::is_contained({"A", "B", "C", "X", "Y"}, *role));
      bound = operand && shape && llvm::any_of(*shape, [&](const json::Value &dim) {
                return bindingSymbol(dim).first == d.symbols[i].name;
              });
    }
    if (!bound)
      return fail(root.field("symbols").index(i),
                  "symbol \"" + d.symbols[i].name +
                      "\" stands alone ({\"sym\": \"" + d.symbols[i].name +
                      "\"}, or with \"div\") for no dimension of " +
                      (d.hasOps() ? "an arg or result buffer"
                                  : "an A, B or C (X, Y) buffer") +
                      ": nothing binds it");
  }
  return true;
}

bool readTemplate(const json::Value &v, json::Path path, DynamicManifest &d) {
  FieldReader r(v, path);
  int64_t version;
  if (!r.isObject() || !r.map("format", d.format) ||
      !r.mapInt("version", version, std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max()))
    return false;
  if (d.format != kManifestFormat)
    return fail(r.field("format"), "expected \"" + std::string(kManifestFormat) + "\", found \"" + d.format + "\"");
  if (version != kManifestVersionDynamic)
    return fail(r.field("version"), "unsupported version " + std::to_string(version) + " (this reader knows " +
                                        std::to_string(kManifestVersionDynamic) + ")");
  if (r.has("kernels"))
    return fail(r.field("kernels"), "a version-3 manifest has no top-level kernels: each variant has its own");
  // One op ("op" and "problem": a template of version 1) or several ("ops":
  // of version 2, whose reader checks them in every instance).
  if (r.has("ops") && (r.has("op") || r.has("problem")))
    return fail(r.field("ops"), "a version-3 manifest has one op (\"op\" and "
                                "\"problem\") or \"ops\", not both");
  bool ops = r.has("ops");
  if ((!ops && !r.map("op", d.op)) || !r.map("stage", d.stage) ||
      !r.map("chip", d.chip) || !r.map("func", d.func) || !readSymbols(r, d))
    return false;
  const json::Value *problem = ops ? r.get("ops") : r.get("problem"),
                    *buffers = problem ? r.get("buffers") : nullptr;
  // Optional; checked in each instance (parseManifest).
  if (buffers && r.has("arguments"))
    d.arguments = *r.get("arguments");
  if (!buffers || !readVariants(r, d) || !r.noUnknownKeys())
    return false;
  (ops ? d.ops : d.problem) = *problem;
  d.buffers = *buffers;
  return checkTemplate(d, path);
}

//===----------------------------------------------------------------------===//
// Instantiation
//===----------------------------------------------------------------------===//

/// "manifest: kernels[0]...: why" without its "manifest: ".
std::string withoutPrefix(const std::string &error) {
  llvm::StringRef e = error;
  return e.consume_front("manifest: ") ? e.str() : error;
}

/// The version-1 manifest of variant `v` at `sizes` (every symbol sized):
/// the template's fields with "version": 1 (2 with "ops"), the variant's
/// kernels, every expression replaced by its value; then read as
/// parseManifest reads.
bool instantiateVariant(const DynamicManifest &d, size_t v, const SymbolSizes &sizes, KernelManifest &out,
                        std::string &error) {
  json::Value root =
      json::Object{{"format", d.format},   {"stage", d.stage},
                   {"chip", d.chip},       {"func", d.func},
                   {"buffers", d.buffers}, {"kernels", d.variants[v].kernels}};
  json::Object &o = *root.getAsObject();
  if (d.hasOps()) {
    o["version"] = kManifestVersionOps;
    o["ops"] = d.ops;
  } else {
    o["version"] = kManifestVersion;
    o["op"] = d.op;
    o["problem"] = d.problem;
  }
  if (d.arguments.kind() != json::Value::Null)
    o["arguments"] = d.arguments;
  auto substitute = [&](json::Value &slot, json::Path path) {
    Expression e;
    json::Path::Root unused; // the reader checked every expression
    readExpression(slot, unused, d, e);
    std::optional<int64_t> value = e.evaluate(sizes.at(e.sym));
    if (!value)
      return fail(path, "expression ceil(" + e.sym + " / " + std::to_string(e.ceilDiv) + ") * " +
                            std::to_string(e.mul) + " overflows 64 bits at " + e.sym + " = " +
                            std::to_string(sizes.at(e.sym)));
    slot = *value;
    return true;
  };
  auto walk = [&](const json::Value &, json::Path path) {
    return (d.hasOps()
                ? visitOpsSlots(*o.get("ops"), path.field("ops"), substitute)
                : visitProblemSlots(*o.get("problem"), path.field("problem"),
                                    substitute)) &&
           visitBufferSlots(*o.get("buffers"), path.field("buffers"),
                            substitute) &&
           visitKernelSlots(*o.get("kernels"), path.field("kernels"),
                            substitute);
  };
  return readJson(root, walk, error) && readManifest(root, out, error);
}

/// Variant `v`'s sizes at the low or the high end of its ranges (a symbol
/// it does not name at its bounds).
SymbolSizes variantEnd(const DynamicManifest &d, size_t v, bool high) {
  SymbolSizes sizes;
  for (const DynamicSymbol &s : d.symbols)
    sizes[s.name] = high ? s.max : s.min;
  for (const auto &[name, range] : d.variants[v].when)
    sizes[name] = high ? range.second : range.first;
  return sizes;
}

/// The reader's last rule: each variant at the low and the high end of its
/// ranges is a valid manifest.
bool checkVariantEnds(const DynamicManifest &d, std::string &error) {
  for (size_t v = 0; v < d.variants.size(); ++v) {
    for (bool high : {false, true}) {
      SymbolSizes sizes = variantEnd(d, v, high);
      KernelManifest m;
      std::string why;
      if (!instantiateVariant(d, v, sizes, m, why)) {
        error = "manifest: variants[" + std::to_string(v) + "] at " + symbolSizesString(d, sizes) + ": " +
                withoutPrefix(why);
        return false;
      }
    }
  }
  return true;
}

} // namespace

//===----------------------------------------------------------------------===//
// The interface
//===----------------------------------------------------------------------===//

std::optional<int64_t> manifestVersionOf(const std::string &text) {
  json::Value root = nullptr;
  std::string error;
  if (!parseJsonText(text, root, error) || !root.getAsObject())
    return std::nullopt;
  return root.getAsObject()->getInteger("version");
}

bool parseDynamicManifest(const std::string &text, DynamicManifest &out, std::string &error) {
  json::Value root = nullptr;
  auto keyOrder = [&](llvm::ArrayRef<JsonKey> keys, std::string &why) {
    return checkExpressionKeyOrder(text, keys, why);
  };
  DynamicManifest d;
  auto read = [&](const json::Value &v, json::Path path) { return readTemplate(v, path, d); };
  if (!parseJsonText(text, root, error, keyOrder) || !readJson(root, read, error) || !checkVariantEnds(d, error))
    return false;
  out = std::move(d);
  return true;
}

bool instantiateManifest(const DynamicManifest &dyn, const SymbolSizes &sizes, KernelManifest &out, int &variant,
                         std::string &error) {
  for (const auto &[name, size] : sizes)
    if (!dyn.findSymbol(name)) {
      error = "unknown symbol \"" + name + "\" (the manifest declares " + symbolSizesString(dyn, {}) + ")";
      return false;
    }
  for (const DynamicSymbol &s : dyn.symbols) {
    auto it = sizes.find(s.name);
    if (it == sizes.end()) {
      error = "no size for symbol " + s.name;
      return false;
    }
    if (it->second < s.min || it->second > s.max) {
      error = s.name + " = " + std::to_string(it->second) + " is outside [" + std::to_string(s.min) + ", " +
              std::to_string(s.max) + "]";
      return false;
    }
    if (it->second % s.step) {
      error = s.name + " = " + std::to_string(it->second) + " is not a multiple of " + std::to_string(s.step) +
              " (a buffer dimension is " + s.name + " / " + std::to_string(s.step) + ")";
      return false;
    }
  }
  size_t v = dyn.chooseVariant(sizes);
  if (!instantiateVariant(dyn, v, sizes, out, error)) {
    error = "manifest at " + symbolSizesString(dyn, sizes) + " (variant " + std::to_string(v) +
            "): " + withoutPrefix(error);
    return false;
  }
  variant = static_cast<int>(v);
  return true;
}

bool variantManifest(const DynamicManifest &dyn, size_t v, KernelManifest &out, std::string &error) {
  if (v >= dyn.variants.size()) {
    error = "variant " + std::to_string(v) + " out of range: the manifest has " +
            std::to_string(dyn.variants.size());
    return false;
  }
  return instantiateVariant(dyn, v, variantEnd(dyn, v, /*high=*/false), out, error);
}

} // namespace gemm_opt::runtime
