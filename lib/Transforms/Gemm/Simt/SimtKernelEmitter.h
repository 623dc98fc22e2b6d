//===- SimtKernelEmitter.h - The SIMT matmul kernel emitter -----*- C++ -*-===//
//
// Private to lib/Transforms/Gemm/Simt: the one kernel emitter of every
// SIMT rung, a class whose parts live in one file per concern: the
// kernel's structure (SimtGemmBuilder.cpp), global to shared memory by
// loads or cp.async (SimtSharedStaging.cpp), the K loops
// (SimtMainLoops.cpp), the register-tile inner loop (SimtRegisterTile.cpp)
// and the stores of C (SimtEpilogue.cpp); the split-K reduction kernel is
// the shared one of Emit/SplitKReduction.h.
//
// The kernel it writes:
//
//   block (bx, by) owns C[by*BM .. +BM, bx*BN .. +BN]
//   acc[TM][TN] = 0
//   if the block is interior (whole tile inside M x N):
//     full K tiles, unguarded loads (128-bit where alignment is proven),
//     either load -> barrier -> compute -> barrier (stages = 1), or an
//     N-stage cp.async pipeline with one async group per stage
//   else:
//     full K tiles; 128-bit loads of A's rows and B's columns clamped into
//     the matrices (values past M or N only reach unstored elements of C),
//     scalar loads clamped and zero outside
//   the K remainder (K % BK), guarded in every dimension (zeros outside)
//   store: vector stores for interior blocks, guarded scalars on edges
//
// With plan.stageA / stageB a copy kernel launched before it writes A or B
// into scratch with rows padded to 16 bytes (PaddedStaging.h), and the
// kernel reads that copy: the 128-bit paths then hold on K or N that are
// not multiples of 4.
//
// Sizes known at run time only (a dynamic variant's M, N, K: GemmProblem's
// mRuntime, nRuntime, kRuntime) bound the same paths: the grid derives from
// them on the host, interior blocks, the full K tiles and the remainder are
// decided in the kernel, and with a dynamic N or K (or a transposed operand
// and a dynamic M) the buffers are read through views of their actual
// shapes and strides (a transposed operand as a view with swapped strides:
// no copy) with 32-bit accesses only.
//
// The inner loop over the BK slice of a tile is fully unrolled and all
// register-tile indices are constants, so the accumulators stay in
// registers. Shared memory is one `gpu.dynamic_shared_memory` buffer viewed
// as A[stages][..][..] and B[stages][BK][BN + pad]; it needs no symbols and
// may exceed 48 KB.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_LIB_TRANSFORMS_GEMM_SIMT_SIMTKERNELEMITTER_H
#define GEMM_OPT_LIB_TRANSFORMS_GEMM_SIMT_SIMTKERNELEMITTER_H

#include "gemm-opt/Transforms/Emit/KernelBuilder.h"
#include "gemm-opt/Transforms/Gemm/Simt/SimtGemm.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <optional>

namespace mlir::gemm_opt::simt {

class SimtKernelEmitter : KernelEmitterBase {
public:
  SimtKernelEmitter(KernelBuilder &b, const GemmProblem &problem,
                    const SimtGemmPlan &plan);

  gpu::LaunchOp emit();


private:
  /// Physical column of logical column `col` in B's shared rows.
  Value swizzleB(Value col) {
    if (!plan.bXorMask)
      return col;
    Value group = b.createOrFold<arith::ShRUIOp>(col, c(5));
    group = b.createOrFold<arith::AndIOp>(group, c(plan.bXorMask));
    group = b.createOrFold<arith::ShLIOp>(group, c(2));
    return b.createOrFold<arith::XOrIOp>(col, group);
  }

  Value loadGlobalF32(Value mem, ValueRange idx) { return b.loadF32(mem, idx); }
  Value loadVec4(Value mem, ValueRange idx) {
    return vector::LoadOp::create(b, VectorType::get({4}, b.getF32Type()), mem,
                                  idx, /*nontemporal=*/false,
                                  llvm::MaybeAlign(16));
  }
  void storeVec4(Value v, Value mem, ValueRange idx) {
    vector::StoreOp::create(b, v, mem, idx, /*nontemporal=*/false,
                            llvm::MaybeAlign(16));
  }
  Value extract(Value v, int64_t i) {
    return vector::ExtractOp::create(b, v, ArrayRef<int64_t>{i});
  }

  //===--- Global to shared memory (SimtSharedStaging.cpp) ----------------===//

  /// Which bounds the loads of a K tile respect.
  enum class TileBounds {
    /// An interior block's full K tile: every load is inside the matrices.
    None,
    /// An edge block's full K tile: the 128-bit loads of rows of A past M
    /// and columns of B past N are clamped into the matrices and load what
    /// is there: their products only reach rows and columns of C that are
    /// never stored, so they need no zeros (scalar loads: as All).
    RowsCols,
    /// The K remainder: every index clamped and zeros outside the matrices,
    /// as products past K would add into stored elements.
    All,
  };
  static TileBounds fullTileBounds(bool guard) {
    return guard ? TileBounds::RowsCols : TileBounds::None;
  }

  void setUpSharedMemory(Value dynSmem);
  /// Loads K tile starting at `k0` into stage `buf` through registers.
  /// Each value is stored right after its load, so few are live at once.
  void loadTileSync(Value buf, Value k0, TileBounds bounds);
  /// The global loads of K tile `k0` (as loadTileSync), in the order
  /// depositTile stores them to shared memory.
  SmallVector<Value> fetchTile(Value k0, TileBounds bounds);
  void depositTile(Value buf, ArrayRef<Value> values, TileBounds bounds);
  /// The last row of A (`isA`) or column of B that a load of `elems`
  /// elements along that row may start at: edge blocks clamp to it.
  Value lastEdgeStart(bool isA, int64_t elems);
  /// One load of forEachTileLoad from global memory, and its store to
  /// shared memory.
  Value loadOne(bool isA, bool vector, Value r, Value col, Value k0,
                TileBounds bounds);
  void storeOne(Value buf, bool isA, bool vector, Value r, Value col,
                Value v);
  /// Calls `fn(isA, vector, row, col)` for every load of a K tile, in
  /// order: row and column relative to the tile (A: row of M, column of K;
  /// B: row of K, column of N), `vector` for 4-wide loads.
  void forEachTileLoad(TileBounds bounds,
                       function_ref<void(bool, bool, Value, Value)> fn);
  /// Issues cp.async copies of the K tile `k0` into stage `buf` and returns
  /// the tokens (full K tiles only). `guard`: rows of A past M and columns
  /// of B past N are zero-filled (src-size 0) from clamped addresses.
  SmallVector<Value> loadTileAsync(Value buf, Value k0, bool guard);
  /// One cp.async of `elems` (1 or 4) f32 from src[srcIdx] to
  /// dst[dstIdx], appended to `tokens` (see loadTileAsync for `guard`).
  void asyncCopy(SmallVector<Value> &tokens, bool guard, Value dst,
                 ValueRange dstIdx, Value src, ValueRange srcIdx,
                 int64_t elems);

  //===--- The K loops (SimtMainLoops.cpp) --------------------------------===//

  /// Full K tiles tileStart .. tileStart + tileCount; returns the
  /// accumulators.
  SmallVector<Value> mainLoopSync(ValueRange acc, bool guard);
  SmallVector<Value> mainLoopPipelined(ValueRange acc, bool guard);

  //===--- The register tile (SimtRegisterTile.cpp) -----------------------===//

  void setUpThreadLayout();
  /// acc += A_s[buf][:, 0..dots) * B_s[buf][0..dots, :].
  void compute(Value buf, int64_t dots, SmallVector<Value> &acc);
  /// A rows x cols window of stage `buf` of a shared tile at (i, j).
  Value threadView(Value mem, Value buf, Value i, Value j, int64_t rows,
                   int64_t cols);

  //===--- Storing C (SimtEpilogue.cpp) -----------------------------------===//

  void storeC(ArrayRef<Value> acc, bool guard);
  /// C[row, col] (+)= v when (row, col) lies inside C.
  void guardedStore(Value v, Value row, Value col);

  //===--- The kernel's structure (SimtGemmBuilder.cpp) -------------------===//

  /// The block's range of full K tiles (`fullTiles` of them) and where its
  /// results go.
  void setUpKRangeAndOutput(gpu::LaunchOp launch, Value fullTiles);
  /// In the kernel: the sizes (constants, or the run-time ones) and, with a
  /// dynamic N or K, views of A, B, C and the M x N epilogue operands of
  /// their actual shapes, which replace them in `p`; those of a batched
  /// problem at its entry `entry`.
  void setUpRuntimeSizes(Value entry);
  /// The K loops over the full tiles (none when K < BK at run time).
  SmallVector<Value> fullTilesLoops(ArrayRef<Value> acc, std::optional<bool> known,
                                    Value interior);
  /// Adds the K remainder (K % BK) to `acc`, in the last split.
  SmallVector<Value> remainderTile(ArrayRef<Value> acc);
  /// Emits `then` or `else` under a condition that may be static.
  SmallVector<Value>
  branch(std::optional<bool> known, Value cond, TypeRange types,
         function_ref<SmallVector<Value>()> thenFn,
         function_ref<SmallVector<Value>()> elseFn);

  /// The problem; in the kernel, with the views of setUpRuntimeSizes.
  GemmProblem p;
  const SimtGemmPlan &plan;
  /// M, N and K in the kernel: constants, or the run-time sizes.
  Value mDim, nDim, kDim;
  int64_t threads;
  /// Row stride of the output: N for C, N rounded up to 4 for partials
  /// (nDim for a dynamic N, which has no split-K).
  int64_t ldOut;
  bool vecA, vecB, vecC, smemVecA, smemVecB, asyncCopies, outF32;

  /// The block's range of full K tiles (static without split-K).
  Value tileStart, tileCount;
  /// Split-K: whether this block is the last split (it adds the K
  /// remainder).
  Value lastSplit;
  /// Where the block's results go: C, or its split's rows of the scratch
  /// buffer of partials (rows z*M .. z*M + M).
  Value out, outRowOffset, scratch;
  bool outAccumulate = false;

  Value tid, blockRow, blockCol;
  Value aSmem, bSmem;
  Value cBase;
  /// Per thread, relative to the block tile: first row of each A fragment,
  /// logical first column of each B fragment, and B columns (physical) of
  /// every 4-group (vector reads) or element (scalar reads).
  SmallVector<Value> rowFrag, colFrag;
  SmallVector<SmallVector<Value>> colPhys;
};

} // namespace mlir::gemm_opt::simt

#endif // GEMM_OPT_LIB_TRANSFORMS_GEMM_SIMT_SIMTKERNELEMITTER_H
