//===- SoftmaxKernels.h - Plans and kernel builders for softmax -*- C++ -*-===//
//
// Every softmax rung emits `gpu.launch`es tagged with `gemm_opt.softmax_plan`
// (a `#gemm_opt.softmax_plan<...>` describing the kernel). The first rung
// (gemm-softmax-three-pass) makes them from linalg.softmax; each later rung
// finds the previous rung's launches by that attribute, drops them, and
// builds its own kernel from a SoftmaxPlan chosen by the heuristics
// (SoftmaxHeuristics.h).
//
// Numerics shared by every kernel: loads are widened to f32 and stores
// narrowed from f32; exp(d) is computed as ex2.approx(d * log2(e)) through
// inline PTX (no libdevice needed), always on d = x - max (never on x and
// max separately, which would cost precision at |x| ~ 1e4). A row that is
// all -inf gives NaN, as PyTorch does.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_SOFTMAX_SOFTMAXKERNELS_H
#define GEMM_OPT_TRANSFORMS_SOFTMAX_SOFTMAXKERNELS_H

#include "gemm-opt/Dialect/GemmOpt/IR/GemmOptAttrs.h"
#include "gemm-opt/Transforms/Analysis/SoftmaxProblem.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <functional>

namespace mlir::gemm_opt {

inline constexpr llvm::StringLiteral kSoftmaxPlanAttr = "gemm_opt.softmax_plan";

/// Which algorithm a kernel implements.
enum class SoftmaxAlgo {
  ThreePass, ///< three kernels: row max, row sum of exp, normalize
  Fused,     ///< one kernel, three sweeps over the row (max, sum, write)
  Online,    ///< one kernel, one read: (max, sum) pairs combined online
};

/// Where an Online kernel keeps the row between its read and its write.
enum class SoftmaxStorage {
  Registers, ///< `chunks` vectors per thread, fully unrolled
  Shared,    ///< dynamic shared memory (row too long for registers)
  Reread,    ///< nowhere: the write sweep reads the row again (too long
             ///< for shared memory too; 2 reads instead of 1)
  Hybrid,    ///< a row too long for one block's registers and for shared
             ///< memory alone (one row per block, the row a whole number of
             ///< chunks of threadsPerRow vectors): its first `chunks` chunks
             ///< stay in registers, the next `sharedChunks` are streamed into
             ///< dynamic shared memory, the rest are streamed and read again
             ///< for the write (only that remainder is read twice)
};

/// How partial results of the threads of a row are combined.
enum class SoftmaxReduce {
  SharedTree, ///< a tree through shared memory, a barrier per level
  Shuffle,    ///< `gpu.shuffle xor` in each warp, then across warps
};

/// What one softmax kernel looks like; chosen by the heuristics, recorded
/// on the launch as `gemm_opt.softmax_plan`.
struct SoftmaxPlan {
  SoftmaxAlgo algo = SoftmaxAlgo::Online;
  /// Threads cooperating on one row: a power of two (1..1024). Below 32,
  /// several rows share a warp; above 32, several warps share a row.
  int64_t threadsPerRow = 256;
  /// Rows per block; threadsPerRow * rowsPerBlock threads per block.
  int64_t rowsPerBlock = 1;
  /// Elements per load/store (a power of two dividing cols; 16 bytes at
  /// most). Row starts are then vector-aligned, so accesses are aligned.
  int64_t vectorWidth = 1;
  /// Vector accesses per thread: for Registers, the whole row share of a
  /// thread; for Shared/Reread, per iteration of the streaming loop.
  int64_t chunks = 1;
  SoftmaxStorage storage = SoftmaxStorage::Registers;
  SoftmaxReduce reduce = SoftmaxReduce::SharedTree;
  /// Registers / Hybrid with f16 or bf16 X and 16-byte vectors: the register
  /// chunks keep X's raw 16-bit values (a vector of 8 in 4 registers, half
  /// of what 8 f32 take), converted to f32 again for the write.
  bool packed = false;
  /// Hybrid only: chunks in shared memory, and vectors per thread and
  /// iteration of the two streaming loops (divides both streamed parts).
  int64_t sharedChunks = 0;
  int64_t streamChunks = 1;
  /// Blocks per row (a thread-block cluster of clusterSize x 1 x 1, sm_90;
  /// 1: no cluster). Registers storage, one row per cluster: block (cluster
  /// rank) r keeps the slice [r * sliceElems(), (r + 1) * sliceElems()) of
  /// the row (the last slices ragged or empty) and the blocks combine their
  /// (max, sum) pairs through distributed shared memory.
  int64_t clusterSize = 1;
  /// Cluster plans only: rows each cluster processes one after the other
  /// (rows [c * pipelineRows, (c + 1) * pipelineRows) for cluster c), in a
  /// software pipeline: the next row's slice is loaded into a second set of
  /// registers before the current row is reduced, exchanged and written, so
  /// each block keeps loads in flight through its reduction, its barriers
  /// and its stores (1: one row per cluster, nothing overlapped).
  int64_t pipelineRows = 1;
  /// exp through `ex2.approx.ftz.f32` (one MUFU instruction; results below
  /// 2^-126 become 0) instead of `ex2.approx.f32` (which ptxas expands with
  /// a denormal-range fix-up around the MUFU instruction).
  bool ftzExp = false;
  /// Register cap of the kernel (nvvm.maxnreg; 0: only the block size
  /// limits ptxas), so that several blocks fit one SM.
  int64_t maxRegisters = 0;

  /// Row elements a block covers: chunks * threadsPerRow * vectorWidth.
  int64_t sliceElems() const { return chunks * threadsPerRow * vectorWidth; }

  int64_t blockThreads() const { return threadsPerRow * rowsPerBlock; }
  int64_t gridBlocks(int64_t rows) const {
    int64_t rowsPerGroup = rowsPerBlock * pipelineRows;
    return (rows + rowsPerGroup - 1) / rowsPerGroup * clusterSize;
  }
  /// Bytes of dynamic shared memory the kernel asks for.
  int64_t dynamicSharedBytes(const SoftmaxProblem &p) const;
  /// The plan as `#gemm_opt.softmax_plan<...>` on the launch of its part
  /// `kernel` ("max", "normalize", ...).
  SoftmaxPlanAttr toAttr(MLIRContext *ctx, StringRef kernel) const;
  /// One-line description, for diagnostics and debugging.
  std::string str() const;
};

/// Builds the kernel(s) of `plan` for `p` at `builder`'s insertion point (in
/// the host function). ThreePass plans add two `memref.alloc`ed f32 scratch
/// buffers of `rows` elements (row maxima and sums).
void buildSoftmaxKernels(OpBuilder &builder, Location loc,
                         const SoftmaxProblem &p, const SoftmaxPlan &plan);

/// The later rungs: replaces the softmax launches of `func` (found by
/// kSoftmaxPlanAttr), with the scratch buffers only they used, by the
/// kernel(s) of the plan `choose` returns (whose limits come from the chip:
/// SoftmaxLimits, SoftmaxClusterOptions). Without a softmax launch, fails at
/// anything else `pass` was asked to apply to (checkNothingLeftFor).
/// `choose` may fail after emitting an error.
LogicalResult rewriteSoftmaxLaunches(
    func::FuncOp func, StringRef pass,
    const std::function<FailureOr<SoftmaxPlan>(const SoftmaxProblem &)>
        &choose);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_SOFTMAX_SOFTMAXKERNELS_H
