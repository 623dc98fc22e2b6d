//===- OutlineKernelOps.h - One function per kernel op ----------*- C++ -*-===//
//
// Dispatch outlining (as IREE outlines dispatch regions): a function of
// several kernel ops becomes a function of calls, one private function per
// op. Every rung, the buffer roles and the manifest writer work on a
// function of one op; the callees are exactly that, so they work unchanged.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_DISPATCH_OUTLINEKERNELOPS_H
#define GEMM_OPT_TRANSFORMS_DISPATCH_OUTLINEKERNELOPS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::gemm_opt {

/// On a function made for one kernel op: the op's ladder, "matmul" or
/// "softmax".
inline constexpr llvm::StringLiteral kOutlinedOpAttr = "gemm_opt.outlined_op";

/// Whether `op` is a kernel op: linalg.matmul, linalg.batch_matmul or
/// linalg.softmax.
bool isKernelOp(Operation *op);

/// The ladder of a kernel op: "matmul" or "softmax".
StringRef getKernelOpLadder(Operation *op);

/// Checks that a kernel op can become a function of its operand buffers: it
/// is directly in its function's body, its output is none of its inputs,
/// and on memrefs each operand is a whole function argument or allocation
/// (a runner binds those; on tensors, bufferization makes them so). Emits
/// an error at the op otherwise.
LogicalResult verifyOutlinableKernelOp(Operation *op);

/// Whether bufferized `func` returns a buffer that is not a result of its
/// own: an argument it does not write (returned as it is), or a value it
/// returns at an earlier position too. An argument an op writes and the
/// function returns (a tensor C passed in, bufferized in place) is its
/// output, as before; a dynamic function's variant never counts (its
/// manifest is a version-1 template).
bool returnsAliasedResults(func::FuncOp func);

/// In `func`, when it holds two or more kernel ops: moves op i (program
/// order), with the zero linalg.fill of its C that a kernel folds, into a
/// new private function `@<func>_op<i>` of the op's operand buffers (marked
/// kOutlinedOpAttr), inserted into `symbols` after `func`, and calls it in
/// the op's place. Leaves a function of one op alone, unless the op reads
/// one buffer as A and B or returnsAliasedResults(func).
LogicalResult outlineKernelOps(func::FuncOp func, SymbolTable &symbols);

/// outlineKernelOps on every function of `module`.
LogicalResult outlineKernelOps(ModuleOp module);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_DISPATCH_OUTLINEKERNELOPS_H
