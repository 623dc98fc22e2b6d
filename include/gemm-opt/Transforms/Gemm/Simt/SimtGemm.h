//===- SimtGemm.h - Plan and builder of the SIMT matmul kernels -*- C++ -*-===//
//
// Every rung of the SIMT ladder from `smem` to `warptile` produces the same
// kind of kernel: block tiles of C staged through shared memory, a K loop of
// fused multiply-adds on per-thread register tiles, an interior fast path and
// guarded edges. What differs between rungs is a handful of numbers and
// switches, gathered in a `SimtGemmPlan`. The plan lives on the `gpu.launch`
// (attribute `gemm_opt.simt_plan`); each rung pass reads it, turns on its
// feature and rebuilds the kernel from the problem with `buildSimtGemmKernel`.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_GEMM_SIMT_SIMTGEMM_H
#define GEMM_OPT_TRANSFORMS_GEMM_SIMT_SIMTGEMM_H

#include "gemm-opt/Dialect/GemmOpt/IR/GemmOptAttrs.h"
#include "gemm-opt/Transforms/Analysis/ChipInfo.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Emit/KernelBuilder.h"
#include "gemm-opt/Transforms/Emit/SplitKReduction.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <string>

namespace mlir::gemm_opt {

inline constexpr llvm::StringLiteral kSimtPlanAttr = "gemm_opt.simt_plan";

/// Everything that decides the shape of a SIMT matmul kernel.
///
/// Thread layout: the block tile BM x BN is split into warp tiles WM x WN;
/// a warp's 32 lanes form an (WM/TM) x (WN/TN) grid; each lane owns TM x TN
/// outputs, made of (TM/fragM) x (TN/fragN) fragments of fragM x fragN
/// contiguous elements, fragments repeating every (WM/TM)*fragM rows and
/// (WN/TN)*fragN columns inside the warp tile. With fragM = TM and
/// fragN = TN each thread owns one contiguous TM x TN tile (seed 000 v3-v5).
struct SimtGemmPlan {
  int64_t bm = 32, bn = 32, bk = 32; ///< Block tile.
  int64_t tm = 1, tn = 1;            ///< Outputs per thread.
  int64_t wm = 1, wn = 32;           ///< Warp tile.
  int64_t fragM = 1, fragN = 1;      ///< Contiguous fragment of a thread tile.
  /// Width in elements of global and shared accesses where alignment is
  /// proven (1 or 4); edges and unaligned operands fall back to scalars.
  int64_t vectorWidth = 1;
  /// A is stored K-major ([BK][BM]) in shared memory.
  bool aTransposed = false;
  /// Padding, in elements, added to each shared-memory row of A and B.
  int64_t aPad = 0, bPad = 0;
  /// XOR swizzle of the 16-byte column groups of B's shared rows:
  /// group g is stored at g ^ ((g >> 3) & bXorMask); 0 = off.
  int64_t bXorMask = 0;
  /// Shared-memory stages; > 1 = cp.async software pipeline.
  int64_t stages = 1;
  /// Whether the warp tile was chosen by `gemm-warp-tiling` (else it is the
  /// natural row-major layout of the threads).
  bool warpTiled = false;
  /// Register cap per thread (`nvvm.maxnreg` on the kernel); 0 = none. With
  /// 256 threads, 128 lets two blocks share an SM.
  int64_t maxRegs = 0;
  /// Grouped block order: `groupM` consecutive block rows are walked
  /// column by column, so blocks running together share A and B panels in
  /// L2; 0 or 1 = plain row-major order.
  int64_t groupM = 0;
  /// A and B are read through the non-coherent cache (`ld.global.nc`): the
  /// kernel marks them `noalias readonly` and C `noalias`.
  bool readOnly = false;
  /// Split-K: the K tiles are shared out over `splitK` blocks per output
  /// tile (grid z); each writes its f32 partial tile to a scratch buffer
  /// and a second kernel sums the partials in a fixed order into C
  /// (deterministic). 1 = off.
  int64_t splitK = 1;
  /// Split-K: the reduction is a programmatic dependent launch
  /// (griddepcontrol, sm_90 and later); else a plain dependent launch.
  bool programmaticReduction = true;
  /// Edge blocks (tiles sticking out of M or N) run the cp.async pipeline
  /// too, with zero-filling copies (src-size 0) for elements outside the
  /// matrices; otherwise they take the synchronous guarded loop.
  bool pipelineEdges = false;
  /// One stage only: the next K tile's global loads are issued into
  /// registers before the current tile's inner loop and stored to shared
  /// memory after it (still two barriers per K step).
  bool registerPrefetch = false;
  /// Padded staging (PaddedStaging.h): a copy kernel launched first writes
  /// A (K not a multiple of 4) or B (N not a multiple of 4) into scratch
  /// with rows padded to whole 16-byte chunks, and the kernel reads the
  /// copy, so the 128-bit global loads and cp.async run on those operands
  /// too (f32 operands only).
  bool stageA = false, stageB = false;

  int64_t threads() const { return (bm / tm) * (bn / tn); }
  /// Elements per shared-memory row of A and B, and per stage.
  int64_t aRows() const { return aTransposed ? bk : bm; }
  int64_t aCols() const { return (aTransposed ? bm : bk) + aPad; }
  int64_t bCols() const { return bn + bPad; }
  int64_t aStageElems() const { return aRows() * aCols(); }
  int64_t bStageElems() const { return bk * bCols(); }
  /// Bytes of shared memory the kernel asks for (f32 staging).
  int64_t sharedBytes() const {
    return stages * (aStageElems() + bStageElems()) * 4;
  }

  /// Sets the warp tile and fragments to the natural layout: threads are
  /// numbered row-major over the (BM/TM) x (BN/TN) grid.
  void setNaturalLayout();

  /// Checks the plan for `problem` on `chip`; returns a message, or "".
  std::string validate(const ChipInfo &chip) const;

  /// The plan as `#gemm_opt.simt_plan<...>`, and back.
  SimtPlanAttr toAttr(MLIRContext *ctx) const;
  static SimtGemmPlan fromAttr(SimtPlanAttr attr);
  std::string str() const;
};

/// Recovers the problem of a matmul kernel from its `gemm_opt.problem` and
/// the buffers the launch captures (by their `gemm_opt.role`). `problem.op`
/// stays null. Emits an error on failure.
FailureOr<GemmProblem> recoverGemmProblem(gpu::LaunchOp launch);

/// Checks the parts of `plan` that depend on the problem (split-K against
/// the number of full K tiles, staging against the operands' rows); returns
/// a message, or "".
std::string validateForProblem(const SimtGemmPlan &plan,
                               const GemmProblem &problem);

/// Builds the SIMT kernel for `problem` and `plan` right before `before`
/// and returns the new launch (carrying kKernelAttr, kMappingAttr and
/// kSimtPlanAttr). With split-K it also allocates the f32 scratch buffer of
/// partials (a `memref.alloc` of the host function: a manifest "scratch"
/// buffer) and adds the reduction launch (kind kSplitKReduceKind) after the
/// main one. The plan must have been validated.
gpu::LaunchOp buildSimtGemmKernel(const GemmProblem &problem,
                                  const SimtGemmPlan &plan,
                                  Operation *before);

/// The launches that belong to the matmul kernel of `func`: split-K
/// reductions (after it) and padded staging copies (before it).
SmallVector<gpu::LaunchOp> findMatmulAuxLaunches(func::FuncOp func);

/// Erases `launches` (from findMatmulAuxLaunches) and the scratch buffers
/// they leave without users (but deallocations). Rungs that rebuild a
/// matmul kernel find the old ones first and erase them after erasing the
/// old kernel (a rebuilt kernel brings its own).
void eraseMatmulAuxLaunches(ArrayRef<gpu::LaunchOp> launches);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_GEMM_SIMT_SIMTGEMM_H
