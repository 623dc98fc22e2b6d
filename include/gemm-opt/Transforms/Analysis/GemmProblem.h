//===- GemmProblem.h - What a linalg.matmul asks for ------------*- C++ -*-===//
//
// The shape, types and buffers of one matmul, as every kernel generator sees
// it, plus the bookkeeping that lets gemm-emit-kernels describe the launch
// without knowing which generator ran.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_ANALYSIS_GEMMPROBLEM_H
#define GEMM_OPT_TRANSFORMS_ANALYSIS_GEMMPROBLEM_H

#include "gemm-opt/Dialect/GemmOpt/IR/GemmOptAttrs.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"

namespace mlir::gemm_opt {

/// Attribute names shared by the generators and the emitter.
inline constexpr llvm::StringLiteral kRoleAttr = "gemm_opt.role";
/// The problem a kernel solves (#gemm_opt.matmul / #gemm_opt.softmax), on
/// its `gpu.launch`; every rung that rebuilds the kernel carries it over.
inline constexpr llvm::StringLiteral kProblemAttr = "gemm_opt.problem";
/// The problems of a function's kernels, copied onto the function before
/// outlining drops the launches' attributes (gemm-keep-kernel-problems), for
/// the manifest writer.
inline constexpr llvm::StringLiteral kFunctionProblemsAttr =
    "gemm_opt.problems";
inline constexpr llvm::StringLiteral kKernelAttr = "gemm_opt.kernel";
inline constexpr llvm::StringLiteral kMappingAttr = "gemm_opt.mapping";
/// Unit attribute on a gpu.launch_func whose kernel waits for the previous
/// kernel with griddepcontrol.wait (gemm-apply-kernel-attributes sets it):
/// the manifest marks it "programmatic_dependent".
inline constexpr llvm::StringLiteral kProgrammaticDependentAttr =
    "gemm_opt.programmatic_dependent";
/// Unit attribute on a gpu.launch_func whose kernel walks its work over the
/// clusters it was launched with (it reads %nclusterid.x;
/// gemm-apply-kernel-attributes sets it): the manifest marks it
/// "resident_grid", and the runtime may launch fewer clusters.
inline constexpr llvm::StringLiteral kResidentGridAttr =
    "gemm_opt.resident_grid";
/// Unit attribute on a `gpu.launch` whose kernel bounds its rows by the
/// actual M of a dynamic-M variant (GemmProblem::mRuntime) and whose grid
/// derives from it. gemm-keep-kernel-problems rejects a variant with a
/// launch without it: that kernel would run the planned M.
inline constexpr llvm::StringLiteral kDynamicRowsAttr = "gemm_opt.dynamic_rows";
/// Unit attribute on a `gpu.launch` whose kernel also takes N and K at run
/// time (GemmProblem::nRuntime, kRuntime): its bounds, loop counts, grid
/// and row strides derive from them. A variant with a dynamic N or K needs
/// it on every launch.
inline constexpr llvm::StringLiteral kDynamicExtentsAttr =
    "gemm_opt.dynamic_extents";

/// C (M x N) = [C +] A (M x K) * B (K x N), all row-major memrefs; A may be
/// stored transposed (K x M) and B too (N x K, nn.Linear's weight). Batched
/// (linalg.batch_matmul, `batch` > 1): A, B and C are 3-D with the batch
/// first, one such matmul per entry.
struct GemmProblem {
  /// The linalg.matmul or linalg.batch_matmul (analyzeGemmProblem only).
  linalg::LinalgOp op;
  Value a, b, c;
  int64_t batch = 1;
  int64_t m = 0, n = 0, k = 0;
  Type aType, bType, cType;
  /// True when C is accumulated into (linalg.matmul's own semantics); false
  /// when a zero `linalg.fill` initialises C right before, which is folded.
  bool accumulate = true;
  bool transposeA = false, transposeB = false;
  /// Batched with one 2-D B for every entry (batch_matmul's B map without
  /// the batch dimension): B's buffer is 2-D, A's and C's 3-D.
  bool sharedB = false;
  /// Grouped-query attention's K or V (FoldGroupedRepeats.h): B holds
  /// batch / bGroup entries, entry z reading B's entry z / bGroup. 1: one
  /// B entry per entry.
  int64_t bGroup = 1;
  /// The repeat of B's entries that the fold left for the first rung (a
  /// linalg.broadcast into a temporary, read through a collapse_shape),
  /// which the first rung erases (analyzeGemmProblem only).
  linalg::LinalgOp bRepeat;
  Value bRepeatTemp;
  linalg::FillOp zeroFill;
  /// The fused elementwise consumer's steps (#gemm_opt.epilogue; null:
  /// none) and the buffers E0.. they read. C is then the consumer's output.
  EpilogueAttr epilogue;
  SmallVector<Value> epilogueOperands;
  /// The consumer and the matmul's own (temporary) C, which the first rung
  /// erases with the matmul (analyzeGemmProblem only).
  linalg::GenericOp epilogueConsumer;
  Value epilogueTemp;
  /// Attention's output transpose(1, 2) written in place (HeadsTranspose.h):
  /// C is the [batch / cHeads, m, cHeads, n] buffer, entry z at (z /
  /// cHeads, 0, z % cHeads, 0), rows cHeads * n elements apart. 1: C is
  /// [batch, m, n] (or 2-D).
  int64_t cHeads = 1;
  /// The permuting copy into that C, with the expand_shape and the
  /// temporary it read, which the first rung erases (analyzeGemmProblem
  /// only).
  linalg::LinalgOp headsCopy;
  Operation *headsExpand = nullptr;
  Value headsTemp;
  /// A variant of a function with a dynamic M (Dispatch/DynamicVariants.h):
  /// the function's `index` argument carrying the actual M, which the
  /// kernel takes as a parameter; `m` is then the M the variant is planned
  /// for (its buffers' static rows), not the rows there are. Null when M
  /// is static.
  Value mRuntime;
  /// The same for a dynamic N and K: `n` and `k` are then the planned
  /// sizes (kPlannedDynamicExtent), which are also the buffers' static
  /// shapes, so a kernel reads them through views of the actual shapes.
  Value nRuntime, kRuntime;
  /// The same for a dynamic batch count: `batch` is then the planned count
  /// (the buffers' static first dimension), and every kernel on the batch
  /// takes its grid z from this argument (batchCount).
  Value batchRuntime;

  bool dynamicM() const { return static_cast<bool>(mRuntime); }
  /// Whether N or K is dynamic: the buffers' row strides are then known at
  /// run time only.
  bool dynamicExtents() const { return nRuntime || kRuntime; }
  /// Whether only the SIMT kernel, which reads every operand through views
  /// of its actual shape, can take this problem's run-time sizes: a dynamic
  /// N or K, or a dynamic M of a batched matmul (its entries' offsets are
  /// then known at run time only) or of an A stored K x M (whose transposed
  /// copy would have the planned rows). A dynamic batch count alone does
  /// not count: each entry keeps its static shape.
  bool runtimeViews() const {
    return dynamicExtents() || (dynamicM() && (isBatched() || transposeA));
  }
  /// Whether the SIMT kernel reads the buffers through views of their
  /// actual shapes (32-bit loads, no cp.async of a transposed operand):
  /// runtimeViews, and a dynamic M with B stored N x K (a transposed copy
  /// would have a static shape).
  bool simtReadsThroughViews() const {
    return runtimeViews() || (dynamicM() && transposeB);
  }
  /// The grid z of a kernel over the batch: the planned count, or the
  /// argument carrying the actual one. Built with `b`.
  Value batchCount(OpBuilder &b, Location loc) const;
  /// The rows a kernel may touch: M, at run time for a dynamic M. Built
  /// with `b` (a constant, or the captured argument).
  Value rowsBound(OpBuilder &b, Location loc) const;
  /// The last row a kernel may read (rowsBound - 1), which clamped row
  /// indices stop at.
  Value lastRow(OpBuilder &b, Location loc) const;
  /// The last column, as lastRow.
  Value lastCol(OpBuilder &b, Location loc) const;
  /// N and K as rowsBound gives M.
  Value colsBound(OpBuilder &b, Location loc) const;
  Value depthBound(OpBuilder &b, Location loc) const;

  /// Where the kernel replacing the matmul goes: at its consumer when one
  /// is fused (its output and operands are defined by then).
  Operation *kernelInsertionPoint() const {
    linalg::GenericOp consumer = epilogueConsumer;
    linalg::LinalgOp matmul = op, copy = headsCopy;
    if (copy)
      return copy.getOperation();
    return consumer ? consumer.getOperation() : matmul.getOperation();
  }
  /// Erases what the kernel replaces: the matmul, its zero fill, a fused
  /// consumer with the temporary it read and a heads transpose with its.
  void eraseReplacedOps();

  /// A linalg.batch_matmul's problem (batch 1 included): the buffers are
  /// 3-D and every kernel takes its batch entry from blockIdx.z.
  bool isBatched() const {
    return batch > 1 || (c && cast<ShapedType>(c.getType()).getRank() == 3);
  }

  /// The shapes of A and B as stored.
  SmallVector<int64_t, 2> storedShapeA() const {
    return transposeA ? SmallVector<int64_t, 2>{k, m}
                      : SmallVector<int64_t, 2>{m, k};
  }
  SmallVector<int64_t, 2> storedShapeB() const {
    return transposeB ? SmallVector<int64_t, 2>{n, k}
                      : SmallVector<int64_t, 2>{k, n};
  }
};

/// Whether `op` is a matmul gemm-opt compiles: linalg.matmul or
/// linalg.batch_matmul.
inline bool isGemmOp(Operation *op) {
  return isa<linalg::MatmulOp, linalg::BatchMatmulOp>(op);
}

/// The matmuls (isGemmOp) under `root`, in walk order: collected first, so
/// that a caller may rewrite each.
inline SmallVector<linalg::LinalgOp> collectGemmOps(Operation *root) {
  SmallVector<linalg::LinalgOp> ops;
  root->walk([&](linalg::LinalgOp op) {
    if (isGemmOp(op))
      ops.push_back(op);
  });
  return ops;
}

/// Which operands a linalg.matmul or linalg.batch_matmul (`op`, isGemmOp)
/// reads transposed: none with the default indexing maps; with user-defined
/// maps, A as (m, k) or (k, m) and B as (k, n) or (n, k) over (m, n, k), C
/// as (m, n), each after the batch dimension b for batch_matmul, where B may
/// also leave b out (`sharedB`: one B for every entry). Fails with an error
/// at the op for any other maps (other broadcast operands, a permuted C).
LogicalResult getMatmulOperandLayout(linalg::LinalgOp op, bool &transposeA,
                                     bool &transposeB, bool &sharedB);

/// Checks one operand of a kernel op: a static, non-empty shaped type of
/// `rank`, row-major and in the default memory space for memrefs. Emits
/// `rankMessage` (or another error) at `op` otherwise.
FailureOr<ShapedType> verifyStaticOperand(Operation *op, Value operand,
                                          int64_t rank, StringRef rankMessage);
inline FailureOr<ShapedType> verifyStatic2DOperand(Operation *op,
                                                   Value operand,
                                                   StringRef rankMessage) {
  return verifyStaticOperand(op, operand, 2, rankMessage);
}

/// Checks what gemm-opt supports of a linalg.matmul or linalg.batch_matmul
/// (isGemmOp; tensor or memref form), emitting an error at the op when it
/// is not supported.
LogicalResult verifyMatmulContract(linalg::LinalgOp op);

/// Whether `fill` writes a floating-point zero.
bool isZeroFill(linalg::FillOp fill);

/// The zero `linalg.fill` of a memref matmul's C that is the last op before
/// it touching C, in the same block: the one a kernel can fold (beta = 0).
linalg::FillOp findFoldableZeroFill(linalg::LinalgOp op);

/// Integer attribute on a linalg.batch_matmul whose B is a repeat of each
/// entry of a smaller tensor for groups of this many entries
/// (gemm-fold-grouped-repeats): the first rung reads the unrepeated tensor
/// (GemmProblem::bGroup).
inline constexpr llvm::StringLiteral kBGroupAttr = "gemm_opt.b_group";

/// The repeat behind a memref batch matmul's B when `op` carries
/// kBGroupAttr: the linalg.broadcast (dimension 1) of a [batch / r, R, C]
/// buffer into a temporary [batch / r, r, R, C] allocation, which B
/// collapses. Fails with an error at `op` when the attribute is there but
/// the repeat is not.
LogicalResult findGroupedRepeat(linalg::LinalgOp op, linalg::LinalgOp &repeat,
                                Value &temp);

/// Describes a verified matmul or batch_matmul on memrefs; fails (with an
/// error at the op) when its operands are not function arguments or
/// allocations.
FailureOr<GemmProblem> analyzeGemmProblem(linalg::LinalgOp op);

/// Sets the problem's run-time sizes (mRuntime, nRuntime, kRuntime) from
/// the symbol arguments of `func` when it is a dynamic variant
/// (Dispatch/DynamicVariants.h); leaves them null otherwise.
void setRuntimeSizes(GemmProblem &problem, func::FuncOp func);

/// Records the roles of the problem's buffers in the IR (`gemm_opt.role` on
/// each buffer's function argument or allocation), by which the rungs and
/// the emitter find them again.
void recordGemmRoles(const GemmProblem &problem);

/// The problem as `#gemm_opt.matmul<...>`, for `gemm_opt.problem` on the
/// kernel that solves it.
MatmulProblemAttr getMatmulProblemAttr(const GemmProblem &problem);

/// Returns the function argument or allocating op a buffer comes from, or a
/// null value when it comes from somewhere else.
Value getRootBuffer(Value buffer);

/// Whether `type` is a static memref with the identity (row-major) layout,
/// whose reshapes are views of the same bytes in the same order.
bool isStaticRowMajor(Type type);

/// Returns the function argument or allocation that `value` is, or that it
/// views through `memref.collapse_shape` / `memref.expand_shape` ops (the
/// same row-major bytes: an N-D softmax's rows x cols, a batch of several
/// dimensions as one); a null value otherwise.
Value getViewedRootBuffer(Value value);

/// Records `role` ("A", "X", ...) as `gemm_opt.role` on the function argument
/// of `func` or the allocation that `buffer` is or views
/// (getViewedRootBuffer).
void setBufferRole(func::FuncOp func, Value buffer, StringRef role);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_ANALYSIS_GEMMPROBLEM_H
