//===- SymbolicSizes.h - Sizes as expressions of a dynamic dimension -*- C++
//-*-===//
//
// One definition, header-only and free of MLIR (LLVM's StringRef only), of a
// version-3 manifest's expressions (docs/manifest.md, "Dynamic dimensions"):
// the largest value a symbol may take, an expression min(ceil((S / q) / d) * t,
// c), its value and the order its keys are written in. The compiler (the grids
// and parameters it reads back from the IR, the manifest writer) and the
// runtime (the reader, the instantiation) both use it.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_OPT_SUPPORT_SYMBOLICSIZES_H
#define GEMM_OPT_SUPPORT_SYMBOLICSIZES_H

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>

namespace gemm_opt::symbolic {

/// The largest value a symbol may take.
inline constexpr int64_t kMaxSymbolValue = 2147483647;

/// The keys of an expression, in the order they are written.
inline constexpr llvm::StringLiteral kExpressionKeys[] = {
    "sym", "div", "ceil_div", "mul", "min"};

/// {"sym": S, "div": q, "ceil_div": d, "mul": t, "min": c}:
/// min(ceil((S / q) / d) * t, c); q, d and t at least 1, no minimum when
/// `min` is absent. S / q is exact: S is a multiple of q (a buffer's tokens
/// dimension of M = batch * tokens rows is M / batch).
struct Expression {
  std::string sym;
  int64_t div = 1, ceilDiv = 1, mul = 1;
  std::optional<int64_t> min;

  /// The value at S = `s` (s >= 0, a multiple of div), or nullopt when
  /// ceil((s / q) / d) * t overflows 64 bits.
  std::optional<int64_t> evaluate(int64_t s) const {
    s /= div;
    int64_t value, q = s / ceilDiv + (s % ceilDiv != 0);
    if (__builtin_mul_overflow(q, mul, &value))
      return std::nullopt;
    return min ? std::min(value, *min) : value;
  }
};

} // namespace gemm_opt::symbolic

#endif // GEMM_OPT_SUPPORT_SYMBOLICSIZES_H
