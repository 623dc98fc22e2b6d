//===- SoftmaxProblem.h - What a linalg.softmax asks for --------*- C++ -*-===//
//
// The shape, types and buffers of one row-wise softmax, as every softmax
// kernel generator sees it, and its bookkeeping (the same attributes as
// GemmProblem: `gemm_opt.problem` = #gemm_opt.softmax<...> on each kernel's
// `gpu.launch`, `gemm_opt.role` = "X" / "Y" on the root buffers).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_ANALYSIS_SOFTMAXPROBLEM_H
#define GEMM_OPT_TRANSFORMS_ANALYSIS_SOFTMAXPROBLEM_H

#include "gemm-opt/Dialect/GemmOpt/IR/GemmOptAttrs.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace mlir::gemm_opt {

/// Y (rows x cols) = softmax(X) along each row; row-major memrefs of f32,
/// f16 or bf16 (X and Y each its own). Arithmetic is always f32. `x` and
/// `y` are 2-D: the buffers, or rows x cols views of N-D ones.
struct SoftmaxProblem {
  Value x, y;
  int64_t rows = 0, cols = 0;
  Type xType, yType;
  /// A variant of a function with a dynamic row count
  /// (Dispatch/DynamicVariants.h): the function's `index` argument carrying
  /// the actual rows, which the kernel takes as a parameter; `rows` is then
  /// the planned count (the buffers' static rows). Null when static.
  Value rowsRuntime;
  /// In a variant of several ops sharing a dynamic batch count, the count
  /// (the function's `batch` argument) and the static rows of each entry
  /// ([?, q, C]: q); rowsRuntime is their product. The grid then has whole
  /// entries' blocks, an expression of the count alone (masked past it).
  Value batchRuntime;
  int64_t rowsPerEntry = 0;
  /// The same for a dynamic column count (`cols` planned): the row stride
  /// is then known at run time only.
  Value colsRuntime;
  /// Whether a partial last block (or group of rows) may occur: groups of
  /// several rows, and rows not a multiple of `group` or known at run time
  /// only (the grid has a group per ceil(rows / group)).
  bool ragged(int64_t group) const {
    return group > 1 && (rowsRuntime || rows % group != 0);
  }
  /// The rows a kernel may touch (the run-time count when dynamic) and the
  /// last of them, built with `b`.
  Value rowsBound(OpBuilder &b, Location loc) const;
  Value lastRow(OpBuilder &b, Location loc) const;
};

/// Whether `op` is a softmax: a linalg.softmax, or a gemm_opt.softmax (the
/// Whether the softmax kernels read or write `t` (f32, f16, bf16).
inline bool isSoftmaxElementType(Type t) {
  return t.isF32() || t.isF16() || t.isBF16();
}

/// same with X and Y of two element types, gemm-fold-softmax-casts).
bool isSoftmaxOp(Operation *op);
/// The input (X), output (Y) and dimension of a softmax op (isSoftmaxOp).
Value getSoftmaxInput(Operation *op);
Value getSoftmaxOutput(Operation *op);
int64_t getSoftmaxDimension(Operation *op);

/// Creates the softmax of `x` into `y` over `dimension`: a linalg.softmax
/// when their element types agree, else a gemm_opt.softmax. On tensors it
/// has one result of y's type.
Operation *createSoftmaxOp(OpBuilder &b, Location loc, Value x, Value y,
                           int64_t dimension);

/// Checks what gemm-opt supports of a softmax op (tensor or memref form),
/// emitting an error at the op when it is not supported.
LogicalResult verifySoftmaxContract(Operation *op);

/// Rewrites a verified softmax over the last dimension of N-D memrefs into
/// the 2-D softmax of their rows x cols views (memref.collapse_shape of the
/// leading dimensions, created before the op), so that the 2-D kernels and
/// an outlined op's function see rows x cols while the buffers keep their
/// shapes. Returns the op itself when it is 2-D or not on memrefs; fails
/// (with an error at the op) when it does not verify.
FailureOr<Operation *> collapseSoftmaxToRows(Operation *op);

/// Describes a verified 2-D softmax on memrefs; fails (with an error at the
/// op) when its operands are not function arguments or allocations or
/// rows x cols views of one (collapseSoftmaxToRows).
FailureOr<SoftmaxProblem> analyzeSoftmaxProblem(Operation *op);

/// Records the roles X and Y of the problem's buffers.
void recordSoftmaxRoles(func::FuncOp func, const SoftmaxProblem &problem);

/// The problem as `#gemm_opt.softmax<...>`.
SoftmaxProblemAttr getSoftmaxProblemAttr(const SoftmaxProblem &problem);

/// Puts `problem` as `gemm_opt.problem` on every softmax kernel of `func`
/// that has none yet (those just built); returns how many.
unsigned recordSoftmaxProblemOnKernels(func::FuncOp func,
                                       SoftmaxProblemAttr problem);

/// Reads back a problem recorded on the softmax kernels of `func`: the
/// buffers are the function arguments / allocations carrying roles X and
/// Y, as rows x cols views when N-D (the kernels' own, or new ones). Fails
/// silently (returns failure) when `func` holds no softmax kernel with a
/// problem, or its buffers do not match it.
FailureOr<SoftmaxProblem> findRecordedSoftmaxProblem(func::FuncOp func);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_ANALYSIS_SOFTMAXPROBLEM_H
