//===- SoftmaxMultiReadKernels.cpp - Softmax kernels that re-read X -------===//
//
// The kernels of the first two softmax rungs, which read each row three
// times: softmax-3pass (three kernels, the row statistics through global
// memory) and softmax-fused (one kernel, three sweeps over the row).
//
//===----------------------------------------------------------------------===//

#include "SoftmaxEmitter.h"
#include "gemm-opt/Support/LaunchLimits.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::gemm_opt;
using namespace mlir::gemm_opt::softmax;

/// The shared-memory tree reduction of one f32 value per thread over the
/// whole block (`threads` threads), by `op`.
static Value blockReduce(Emitter &e, Value buf, Value partial, Value tid,
                         int64_t threads,
                         function_ref<Value(Value, Value)> op) {
  return treeReduceShared(e, buf, {partial}, tid, tid, e.b.index(0), threads,
                          [&](ArrayRef<Value> x, ArrayRef<Value> y) {
                            return SmallVector<Value>{op(x[0], y[0])};
                          })
      .front();
}

//===----------------------------------------------------------------------===//
// Rung softmax-3pass: three kernels, three reads of X, one write of Y
//===----------------------------------------------------------------------===//

/// Expected speed: every element is read three times and written once, and
/// the row statistics make a round trip through global memory: at best
/// ~50% of copy bandwidth (copy moves 2 bytes per byte; this moves 4).
void softmax::buildThreePass(KernelBuilder &b, const SoftmaxProblem &p,
                             const SoftmaxPlan &plan) {
  MLIRContext *ctx = b.getContext();
  int64_t threads = plan.threadsPerRow;
  auto scratchType = MemRefType::get({p.rows}, b.getF32Type());
  Value maxBuf = memref::AllocOp::create(b, scratchType);
  Value sumBuf = memref::AllocOp::create(b, scratchType);
  OpBuilder::InsertionGuard hostGuard(b);
  Operation *hostPoint = &*b.getInsertionPoint();

  // Kernel 1: row maxima, a block per row.
  {
    gpu::LaunchOp launch =
        createLaunch(b, p.rows, 1, threads, 0, {workgroupF32(ctx, threads)},
                     plan, "max");
    Emitter e{b};
    Value row = launch.getBlockIds().x, tid = launch.getThreadIds().x;
    Value m = e.stridedLoop(
        tid, p.cols, threads, e.negInf(), [&](Value c, Value m) {
          return e.maxf(m, e.load(p.x, {row, c}, 1).front());
        });
    Value rowMax =
        blockReduce(e, launch.getWorkgroupAttributions()[0], m, tid, threads,
                    [&](Value x, Value y) { return e.maxf(x, y); });
    e.guarded(b.ult(tid, 1), [&] {
      memref::StoreOp::create(b, rowMax, maxBuf, ValueRange{row});
    });
  }
  // Kernel 2: row sums of exp(x - max), a block per row.
  b.setInsertionPoint(hostPoint);
  {
    gpu::LaunchOp launch =
        createLaunch(b, p.rows, 1, threads, 0, {workgroupF32(ctx, threads)},
                     plan, "sum");
    Emitter e{b};
    Value row = launch.getBlockIds().x, tid = launch.getThreadIds().x;
    Value rowMax = memref::LoadOp::create(b, maxBuf, ValueRange{row});
    Value s = e.stridedLoop(
        tid, p.cols, threads, e.f(0.0), [&](Value c, Value s) {
          return e.addf(s, e.expDiff(e.load(p.x, {row, c}, 1).front(), rowMax));
        });
    Value rowSum =
        blockReduce(e, launch.getWorkgroupAttributions()[0], s, tid, threads,
                    [&](Value x, Value y) { return e.addf(x, y); });
    e.guarded(b.ult(tid, 1), [&] {
      memref::StoreOp::create(b, rowSum, sumBuf, ValueRange{row});
    });
  }
  // Kernel 3: y = exp(x - max) / sum, a thread per element, blocks of
  // `threads` columns (grid: rows x column tiles). Grid y holds at most
  // 65535 blocks: a row of more tiles than that (16M columns of 256
  // threads) has each block stride over the tiles gridDim.y apart.
  b.setInsertionPoint(hostPoint);
  {
    int64_t tiles = ceilDiv(p.cols, threads);
    int64_t gridY = std::min(tiles, ::gemm_opt::kMaxGridYZ);
    gpu::LaunchOp launch =
        createLaunch(b, p.rows, gridY, threads, 0, {}, plan, "normalize");
    Emitter e{b};
    Value row = launch.getBlockIds().x;
    Value col = b.add(b.mul(launch.getBlockIds().y, threads),
                      launch.getThreadIds().x);
    auto normalize = [&](Value col) {
      Value rowMax = memref::LoadOp::create(b, maxBuf, ValueRange{row});
      Value rowSum = memref::LoadOp::create(b, sumBuf, ValueRange{row});
      Value x = e.load(p.x, {row, col}, 1).front();
      e.store({e.divf(e.expDiff(x, rowMax), rowSum)}, p.y, {row, col});
    };
    if (gridY == tiles)
      e.guarded(b.ult(col, p.cols), [&] { normalize(col); });
    else
      e.stridedLoop(col, p.cols, gridY * threads, normalize);
  }
}

//===----------------------------------------------------------------------===//
// Rung softmax-fused: one kernel, three sweeps over the row
//===----------------------------------------------------------------------===//

/// Expected speed: one launch and no statistics in global memory, but the
/// row is still swept three times. Rows up to a few hundred KB are re-read
/// mostly from L1/L2, so DRAM traffic approaches 1 read + 1 write; the
/// scalar accesses and two barrier-heavy tree reductions per row keep it
/// well below copy bandwidth (roughly 50-70%).
void softmax::buildFused(KernelBuilder &b, const SoftmaxProblem &p,
                         const SoftmaxPlan &plan) {
  MLIRContext *ctx = b.getContext();
  int64_t threads = plan.threadsPerRow;
  gpu::LaunchOp launch = createLaunch(
      b, p.rows, 1, threads, 0,
      {workgroupF32(ctx, threads), workgroupF32(ctx, threads)}, plan, "fused");
  Emitter e{b};
  Value row = launch.getBlockIds().x, tid = launch.getThreadIds().x;
  auto slots = launch.getWorkgroupAttributions();
  Value m = e.stridedLoop(
      tid, p.cols, threads, e.negInf(), [&](Value c, Value m) {
        return e.maxf(m, e.load(p.x, {row, c}, 1).front());
      });
  // Separate buffers for the two reductions: no reuse, no extra barrier.
  Value rowMax = blockReduce(e, slots[0], m, tid, threads,
                             [&](Value x, Value y) { return e.maxf(x, y); });
  Value s = e.stridedLoop(
      tid, p.cols, threads, e.f(0.0), [&](Value c, Value s) {
        return e.addf(s, e.expDiff(e.load(p.x, {row, c}, 1).front(), rowMax));
      });
  Value rowSum = blockReduce(e, slots[1], s, tid, threads,
                             [&](Value x, Value y) { return e.addf(x, y); });
  Value inv = e.divf(e.f(1.0), rowSum);
  e.stridedLoop(tid, p.cols, threads, [&](Value c) {
    Value x = e.load(p.x, {row, c}, 1).front();
    e.store({e.mulf(e.expDiff(x, rowMax), inv)}, p.y, {row, c});
  });
}
