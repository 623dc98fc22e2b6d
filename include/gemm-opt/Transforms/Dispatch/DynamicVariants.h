//===- DynamicVariants.h - Static variants of a dynamic function -*- C++ -*-===//
//
// A function whose matmul has dynamic dimensions (`?`) is compiled as
// static functions, its *variants*. With only M dynamic (the rows of A and
// C) there is one per range of M, each the original function with M fixed
// to the rows its range plans for (every rung, heuristic and buffer sees
// static shapes), plus an `index` argument carrying the actual M, which the
// kernels use for the rows they load and store and the grids they launch.
// With a dynamic N or K there is one variant, planned at
// kPlannedDynamicExtent in every dynamic dimension, with an argument per
// dynamic size (M, N, K in that order); its kernel takes them all at run
// time, row strides included. A linalg.batch_matmul has one variant too:
// a dynamic batch count (first of the arguments) is the grid z of every
// kernel, whose entries keep their static shape (every rung); a dynamic
// M, N or K of a batch_matmul goes to the SIMT kernel, whose views of each
// entry start at offsets known at run time. A function of several ops whose
// one dynamic size is every op's rows (a token count) gets a variant per
// range of M as one matmul does; each op's function (gemm-outline-kernel-ops)
// takes the M argument. The manifest writer turns the variants back into
// one version-3 manifest with a dispatch table
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
/// actual size it carries at run time ("batch", "M", "N" or "K", or a
/// softmax's "rows", "cols").
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

/// The symbols of a softmax's dynamic row and column counts.
inline constexpr llvm::StringLiteral kSoftmaxRowsSymbol = "rows";
inline constexpr llvm::StringLiteral kSoftmaxColsSymbol = "cols";
/// The symbol of a batch_matmul's dynamic batch count (the problem's
/// "batch").
inline constexpr llvm::StringLiteral kBatchSymbol = "batch";

/// The size every dynamic dimension of a function with a dynamic N or K is
/// planned at: a large problem's tiles, which the kernel bounds by the
/// actual sizes.
inline constexpr int64_t kPlannedDynamicExtent = 4096;

/// What a variant function says about itself (kVariantAttr): `symbol` is
/// the size its range is over (M when M is dynamic), `planned` the size its
/// dynamic dimensions are fixed to (the problem's M is a multiple of it when
/// they are collapsed with static ones into the rows: [4, ?, K]).
struct DynamicVariant {
  std::string of, symbol;
  int64_t lo = 1, hi = kMaxSymbolValue;
  std::optional<int64_t> planned;
};
std::optional<DynamicVariant> getDynamicVariant(func::FuncOp func);

/// The `index` argument of `func` marked kSymbolAttr = `symbol`, or null.
Value getSymbolArgument(func::FuncOp func, StringRef symbol);

/// The argument kernels read the actual M from (GemmProblem::mRuntime): the
/// symbol argument of a variant whose range holds more than one M; null
/// otherwise (a variant of one M is compiled exactly as a static function).
Value getRuntimeRowsArgument(func::FuncOp func);

/// The argument kernels read the actual `symbol` ("M", "N" or "K") from:
/// getRuntimeRowsArgument for M, the variant's symbol argument otherwise;
/// null when that size is static.
Value getRuntimeSizeArgument(func::FuncOp func, StringRef symbol);

/// After the rungs planned every variant's kernels: merges each variant
/// into the next when their kernels are the same plan taking M at run time
/// (wgmma tiles; swap-AB with as many 8-row tiles), extending the next's
/// range down, so that one kernel is compiled for both.
void mergeDynamicVariants(ModuleOp module);

/// A size a kernel is bounded by: `runtime` (a variant's size argument)
/// when the size is dynamic, else the constant `size`; and that size minus
/// one, the last index to clamp at.
Value boundOf(OpBuilder &b, Location loc, Value runtime, int64_t size);
Value lastIndexOf(OpBuilder &b, Location loc, Value runtime, int64_t size);

/// Whether any argument or result of `func` has a dynamic dimension.
bool hasDynamicSignature(func::FuncOp func);

/// Replaces `func` (which hasDynamicSignature) by its variants, in order,
/// named `<func>_<symbol><hi>` (`<func>_mmax` for an unbounded range of M):
/// with only M dynamic one per range of `ranges`, M fixed to the range's
/// planned rows; with a dynamic N or K one, every dynamic dimension fixed
/// to kPlannedDynamicExtent. Each is canonicalized until every shape is
/// static and gets the symbol arguments appended. Fails with an error at
/// the op (and changes nothing) when the function is not one matmul,
/// batch_matmul or softmax nor several ops whose one dynamic size is every
/// op's rows, a size is dynamic in one operand and static in another,
/// a dynamic-M-only matmul reads A stored K x M, or a shape stays dynamic.
LogicalResult specializeDynamicDims(func::FuncOp func,
                                    ArrayRef<MRange> ranges);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_DISPATCH_DYNAMICVARIANTS_H
