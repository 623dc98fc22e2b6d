//===- DynamicVariants.h - Static variants of a dynamic function -*- C++ -*-===//
//
// A function whose matmul has a dynamic M (`?` rows of A and C) is compiled
// as several static functions, its *variants*, one per range of M. Each is
// the original function with M fixed to the rows its range plans for (every
// rung, heuristic and buffer sees static shapes), plus one `index` argument
// carrying the actual M, which the kernels use for the rows they load and
// store and the grids they launch. The manifest writer turns the variants
// back into one version-3 manifest, a dispatch table over M
// (docs/manifest.md, "Dynamic dimensions").
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_DISPATCH_DYNAMICVARIANTS_H
#define GEMM_OPT_TRANSFORMS_DISPATCH_DYNAMICVARIANTS_H

#include "gemm-opt/Support/SymbolicSizes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <optional>

namespace mlir::gemm_opt {

/// On a variant's `index` argument: the name of the dynamic dimension whose
/// actual size it carries at run time ("M").
inline constexpr llvm::StringLiteral kSymbolAttr = "gemm_opt.symbol";
/// On a variant function: {of = "<source function>", symbol = "M",
/// lo = 1, hi = 8} — the source it specializes and the range of the symbol
/// it runs (hi = kMaxSymbolValue: every larger size).
inline constexpr llvm::StringLiteral kVariantAttr = "gemm_opt.variant";
/// The largest value a symbol may take (docs/manifest.md).
using ::gemm_opt::symbolic::kMaxSymbolValue;

/// One range of M and the M its variant is planned for: its `hi`, or for
/// the unbounded last range a typical size within it.
struct MRange {
  int64_t lo = 1, hi = kMaxSymbolValue, planned = 1;
};

/// What a variant function says about itself (kVariantAttr).
struct DynamicVariant {
  std::string of, symbol;
  int64_t lo = 1, hi = kMaxSymbolValue;
};
std::optional<DynamicVariant> getDynamicVariant(func::FuncOp func);

/// The `index` argument of `func` marked kSymbolAttr = `symbol`, or null.
Value getSymbolArgument(func::FuncOp func, StringRef symbol);

/// The argument kernels read the actual M from (GemmProblem::mRuntime): the
/// symbol argument of a variant whose range holds more than one M; null
/// otherwise (a variant of one M is compiled exactly as a static function).
Value getRuntimeRowsArgument(func::FuncOp func);

/// After the rungs planned every variant's kernels: merges each variant
/// into the next when their kernels are the same plan taking M at run time
/// (wgmma tiles; swap-AB with as many 8-row tiles), extending the next's
/// range down, so that one kernel is compiled for both.
void mergeDynamicVariants(ModuleOp module);

/// Whether any argument or result of `func` has a dynamic dimension.
bool hasDynamicSignature(func::FuncOp func);

/// Replaces `func` (which hasDynamicSignature) by one variant per range, in
/// order, named `<func>_m<hi>` (`<func>_mmax` for the unbounded one): M
/// fixed to the range's planned rows, canonicalized until every shape is
/// static, and the symbol argument appended. Fails with an error at the op
/// (and changes nothing) when the function is not one 2-D linalg.matmul
/// whose only dynamic dimension is M with A stored M x K, or when a shape
/// stays dynamic.
LogicalResult specializeDynamicDims(func::FuncOp func,
                                    ArrayRef<MRange> ranges);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_DISPATCH_DYNAMICVARIANTS_H
