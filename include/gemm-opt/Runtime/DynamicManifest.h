//===- DynamicManifest.h - Manifests with dynamic dimensions ----*- C++ -*-===//
//
// A version-3 manifest (docs/manifest.md, "Dynamic dimensions") is a
// template of a version-1 manifest (or, with "ops", of a version-2 one: a
// function of several ops sharing a token count) whose integers may be
// expressions of
// named symbols, with a dispatch table of variants, each with its own
// kernels. A runner binds the symbols to sizes (from its buffers, or given),
// picks the first variant that applies and substitutes every expression:
// the result is an ordinary version-1 (2) manifest, read and validated by
// parseManifest's own code. The template stays JSON (llvm::json values):
// instantiation only replaces expressions by numbers.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_OPT_RUNTIME_DYNAMICMANIFEST_H
#define GEMM_OPT_RUNTIME_DYNAMICMANIFEST_H

#include "gemm-opt/Runtime/Manifest.h"
#include "gemm-opt/Support/SymbolicSizes.h"

#include "llvm/Support/JSON.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gemm_opt::runtime {

/// Version 3: dynamic dimensions (a template and its variants).
inline constexpr int kManifestVersionDynamic = 3;
/// The largest size a symbol may have (its "max" at most).
using symbolic::kMaxSymbolValue;

/// A symbol and its bounds: min <= size <= max, every size a multiple of
/// `step` (the least common multiple of the "div" of its expressions,
/// which the reader finds).
struct DynamicSymbol {
  std::string name;
  int64_t min = 1, max = kMaxSymbolValue, step = 1;
};

/// One entry of the dispatch table.
struct DynamicVariant {
  /// (symbol, [lo, hi]) in the order written; empty: applies to every size
  /// (only the last variant).
  std::vector<std::pair<std::string, std::pair<int64_t, int64_t>>> when;
  /// The variant's "kernels" (a version-1 kernel list with expressions).
  llvm::json::Value kernels = nullptr;
};

/// A size per symbol name.
using SymbolSizes = std::map<std::string, int64_t>;

struct DynamicManifest {
  std::string format = kManifestFormat;
  int version = kManifestVersionDynamic;
  std::string op, stage, chip, func;  // op: "" with "ops"
  std::vector<DynamicSymbol> symbols; // in declared order
  /// The template's "problem" and "buffers" (with expressions).
  llvm::json::Value problem = nullptr, buffers = nullptr;
  /// A template of version 2 instead: its "ops" (each op's problem with
  /// expressions), null for a template of version 1.
  llvm::json::Value ops = nullptr;
  bool hasOps() const { return ops.kind() != llvm::json::Value::Null; }
  /// The function's arguments in its order (KernelManifest::arguments);
  /// null when not recorded.
  llvm::json::Value arguments = nullptr;
  std::vector<DynamicVariant> variants; // in dispatch order; the last has no "when"

  const DynamicSymbol *findSymbol(const std::string &name) const;
  /// The index of the first variant whose ranges hold all of `sizes`.
  size_t chooseVariant(const SymbolSizes &sizes) const;
};

/// "version" of a manifest's text, or nullopt when the text is no JSON
/// object with an integer "version" (the strict readers then say why).
std::optional<int64_t> manifestVersionOf(const std::string &text);

/// Strict reader of version 3: the text checks of parseManifest (nesting,
/// duplicate keys), then every rule of docs/manifest.md's "Dynamic
/// dimensions": known keys and types, symbols (names, bounds, unique),
/// expressions (keys sym, div, ceil_div, mul, min in that order, values >= 1,
/// declared symbols, only where the format allows them), a symbol divided
/// by "div" with its bounds and range ends multiples of it, each symbol
/// bound by a {"sym": S} (or {"sym": S, "div": q}) dimension of an A, B or
/// C (X, Y) buffer, variants
/// (ranges of declared symbols inside their bounds, only the last without
/// "when"), and every variant instantiated at the low and the high end of
/// its ranges passes parseManifest's rules. On failure returns false and
/// sets `error` ("manifest: ...").
bool parseDynamicManifest(const std::string &text, DynamicManifest &out, std::string &error);

/// The version-1 manifest of `dyn` at `sizes` (one per symbol, nothing
/// else): each size inside its bounds ("M = 0 is outside [1, 2147483647]")
/// and a multiple of its step,
/// the first variant that applies (its index in `variant`), every expression
/// evaluated in 64 bits (an overflow is an error), and the result read and
/// validated as parseManifest does. On failure returns false and sets
/// `error`.
bool instantiateManifest(const DynamicManifest &dyn, const SymbolSizes &sizes, KernelManifest &out, int &variant,
                         std::string &error);

/// The version-1 manifest of variant `v` at the low end of its ranges (a
/// symbol it does not name at its min), whichever variant those sizes would
/// choose: its kernels as every size of the variant launches them (names,
/// parameters, blocks, clusters and shared memory do not depend on the
/// sizes), for a runner that prepares each variant's kernels once. On
/// failure (a `v` out of range; the reader checked every variant there)
/// returns false and sets `error`.
bool variantManifest(const DynamicManifest &dyn, size_t v, KernelManifest &out, std::string &error);

/// The sizes that buffers of the given shapes (name -> shape, for the
/// caller's A, B, C or X, Y) bind: each symbol the extent of every buffer
/// dimension that is {"sym": S} alone (q times it for {"sym": S, "div": q}).
/// A buffer of another rank, two sizes for one symbol or a symbol no given
/// buffer binds is an error.
/// Bounds are instantiateManifest's to check.
bool bindSymbols(const DynamicManifest &dyn, const std::map<std::string, std::vector<int64_t>> &bufferShapes,
                 SymbolSizes &sizes, std::string &error);

/// "M = 127" / "M = 127, N = 64": the sizes of `dyn`'s symbols in declared
/// order, as messages and reports name them.
std::string symbolSizesString(const DynamicManifest &dyn, const SymbolSizes &sizes);

} // namespace gemm_opt::runtime

#endif // GEMM_OPT_RUNTIME_DYNAMICMANIFEST_H
