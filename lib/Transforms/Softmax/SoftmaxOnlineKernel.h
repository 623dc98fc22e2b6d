//===- SoftmaxOnlineKernel.h - The online softmax kernel --------*- C++ -*-===//
//
// Private to lib/Transforms/Softmax: the builder of the online kernel
// (rungs softmax-online, softmax-vector, softmax-rows: one read of X, one
// write of Y). Its phases are member functions over the state they share
// (the launch, the thread's place in the row, the register chunks), in
// three files: the set-up, row reduction and register-resident row
// (SoftmaxOnlineKernel.cpp); the cluster exchange through distributed
// shared memory and the row pipeline (SoftmaxOnlineCluster.cpp); the
// streaming loops of rows kept in shared memory or re-read
// (SoftmaxOnlineStreaming.cpp).
//
// Each thread computes a (max, sum) pair over its share of the row, the
// pairs of a row are combined online (rescaling sums to the larger max),
// and the row is written from where it was kept:
//  - Registers: the share is `chunks` vectors, loaded up front (all loads
//    in flight at once), reduced as max then sum of exp(x - local max);
//    y = e * exp(local max - M) / S needs one exp per element in all.
//  - Shared / Reread: a streaming loop updates the pair per iteration with
//    seed 002's rescaling, keeping the raw row in dynamic shared memory
//    (or nowhere, reading it again for the write).
// Element j of a thread is vector (j * threadsPerRow + lane) of the row,
// so each access instruction of a warp covers contiguous memory.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_LIB_TRANSFORMS_SOFTMAX_SOFTMAXONLINEKERNEL_H
#define GEMM_OPT_LIB_TRANSFORMS_SOFTMAX_SOFTMAXONLINEKERNEL_H

#include "SoftmaxEmitter.h"

namespace mlir::gemm_opt::softmax {

/// Where one vector access of a thread falls in the row.
struct ChunkColumn {
  /// Column of its first element.
  Value col;
  /// `col` clamped into the row: what is loaded.
  Value clampedCol;
  /// col < cols; null when the access is statically always in the row.
  Value valid;
};

/// The columns of the register chunks of a pipelined cluster kernel, the
/// same for every row.
struct SliceColumns {
  SmallVector<Value> cols, clampedCols, valids;
};

class OnlineKernel {
public:
  OnlineKernel(KernelBuilder &b, const SoftmaxProblem &p,
               const SoftmaxPlan &plan);

  /// Emits the whole kernel at the builder's insertion point (host side).
  void build();

private:
  //===--- Set-up and row reduction (SoftmaxOnlineKernel.cpp) -------------===//

  /// The launch and its shared memory: reduction slots, the published
  /// cluster pair, the shared-memory row.
  void createLaunchAndBuffers();
  /// The thread's row, its lane in the row and the column of its first
  /// access.
  void placeThread();
  /// The conjunction of two optional conditions (null: true).
  Value both(Value a, Value c);
  /// Column of access `chunk` (a chunk index, dynamic; or null and the
  /// static `staticChunk`).
  ChunkColumn column(Value chunk, int64_t staticChunk);
  /// Loads a vector of X, -inf where outside the problem.
  SmallVector<Value> loadX(Value clampedCol, Value valid);
  /// Combines the pairs of the threadsPerRow threads of each row (with
  /// shuffles, the slots used start at `slotOffset` when given).
  std::pair<Value, Value> rowCombine(Value m, Value s,
                                     Value slotOffset = Value());

  //===--- Row in registers (SoftmaxOnlineKernel.cpp) ---------------------===//

  /// The register chunks [0, chunks): loaded up front, all in flight at
  /// once. Packed: raw 16-bit vectors; else widened f32 scalars.
  void loadRegisters();
  /// (max, sum of exp(x - max)) of the register chunks. Not packed: the
  /// values are replaced by their exp(x - max), kept for the write.
  std::pair<Value, Value> registerStats();
  /// Writes the register chunks to row `rowToWrite` given the row's
  /// (max, sum).
  void writeRegisters(Value mLocal, Value rowMax, Value rowSum,
                      Value rowToWrite);
  /// Registers storage, one row per block or per cluster.
  void buildRegisters();

  //===--- Clusters (SoftmaxOnlineCluster.cpp) ----------------------------===//

  /// Combines the pairs of the blocks of a row's cluster through
  /// distributed shared memory.
  std::pair<Value, Value> clusterCombine(Value m, Value s,
                                         Value pubOffset = Value(),
                                         bool arriveAfter = true);
  /// The pipelined cluster kernel (pipelineRows > 1).
  void buildPipelinedRows();
  /// The raw vectors (scalars when vecWidth is 1) of this block's slice of
  /// row `r`, -inf outside the row.
  SmallVector<Value> loadSlice(const SliceColumns &slice, Value r);
  /// The f32 elements of a raw vector (or scalar) of X.
  SmallVector<Value> unpack(Value v);
  /// Reduces, exchanges and writes row `r` from its loaded slice `vals`;
  /// `parity` selects the copy of the shared slots.
  void processPipelinedRow(const SliceColumns &slice, ValueRange vals,
                           Value r, Value parity);

  //===--- Streaming (SoftmaxOnlineStreaming.cpp) -------------------------===//

  /// Chunk `first + k * per + j` of a streaming loop (k its induction
  /// variable, counted down from iters - 1 when `reverse`).
  Value streamChunk(int64_t first, Value k, Value iters, int64_t per,
                    int64_t j, bool reverse);
  /// The read sweep over chunks [first, first + iters * per): updates the
  /// pair (m, s) per iteration with seed 002's rescaling, storing the raw
  /// values into `smem` (column col - smemCol0) when given.
  std::pair<Value, Value> streamRead(int64_t first, Value iters,
                                     int64_t per, Value smem,
                                     int64_t smemCol0, Value m0, Value s0);
  /// The write sweep over the same chunks, from `smem` or re-reading X.
  void streamWrite(int64_t first, Value iters, int64_t per, Value smem,
                   int64_t smemCol0, bool reverse, Value rowMax, Value inv);
  /// Hybrid storage: registers, then shared memory, then re-read.
  void buildHybrid();
  /// Shared or Reread storage: one streaming loop for each sweep.
  void buildStreaming();

  KernelBuilder &b;
  /// The problem; with a dynamic column count, X and Y are views of their
  /// actual shapes (setUpColumnViews).
  SoftmaxProblem p;
  const SoftmaxPlan &plan;
  MLIRContext *ctx;
  Emitter e;

  // The plan's numbers.
  const int64_t threadsPerRow, rowsPerBlock, vecWidth;
  /// Vector accesses per thread: the register chunks, or the accesses per
  /// iteration of a streaming loop.
  const int64_t chunks;
  const int64_t blockThreads;
  const bool shuffleReduce;
  const int64_t warpsPerRow;
  /// The row (or its shared chunks) lives in dynamic shared memory.
  const bool sharedRow;
  /// f32 slots per reduced value (reductionSlots).
  const int64_t slotCount;
  /// Blocks per row: a cluster (registers only, one row per cluster).
  const int64_t clusterBlocks;
  /// Rows per cluster, pipelined; the shared slots then come in two copies
  /// used by alternate rows.
  const int64_t pipelinedRows, slotCopies;
  /// Row elements a block covers (its slice of a cluster's row).
  const int64_t sliceElems;
  /// The register chunks hold raw 16-bit vectors.
  const bool packed;

  // Set up by createLaunchAndBuffers.
  gpu::LaunchOp launch;
  /// The two buffers (max, sum) of the reduction slots.
  SmallVector<Value> slotBufs;
  /// The block's (max, sum) pair, published to the cluster.
  Value published;
  /// The block's rows in dynamic shared memory (sharedRow).
  Value rowSmem;

  // Set up by placeThread.
  Value tid, lane, rowInBlock, blockId, row;
  /// row < rows (null: every row is in the problem); the row to load.
  Value rowValid, clampedRow;
  /// Column of the thread's first access.
  Value laneCol;

  // The register chunks: widened f32 values (not packed) or raw vectors
  // (packed), their columns, and whether each is stored.
  SmallVector<SmallVector<Value>> regValues;
  SmallVector<Value> regPacked;
  SmallVector<Value> regCols, regValids;
};

} // namespace mlir::gemm_opt::softmax

#endif // GEMM_OPT_LIB_TRANSFORMS_SOFTMAX_SOFTMAXONLINEKERNEL_H
