//===- SoftmaxOnlineStreaming.cpp - Online softmax over streamed rows -----===//
//
// The online kernel for rows too long for registers: a read sweep that
// updates the (max, sum) pair per iteration (keeping the raw row in dynamic
// shared memory, or nowhere) and a write sweep from shared memory or from
// X again; Hybrid plans keep the first chunks in registers as well.
//
//===----------------------------------------------------------------------===//

#include "SoftmaxOnlineKernel.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::gemm_opt;
using namespace mlir::gemm_opt::softmax;

Value OnlineKernel::streamChunk(int64_t first, Value k, Value iters,
                                int64_t per, int64_t j, bool reverse) {
  if (reverse)
    k = arith::SubIOp::create(
        b, b.createOrFold<arith::SubIOp>(iters, b.index(1)), k);
  Value chunk = b.add(b.mul(k, per), b.index(j));
  return first == 0 ? chunk : b.add(chunk, b.index(first));
}

std::pair<Value, Value> OnlineKernel::streamRead(int64_t first, Value iters,
                                                 int64_t per, Value smem,
                                                 int64_t smemCol0, Value m0,
                                                 Value s0) {
  auto loop = scf::ForOp::create(b, b.index(0), iters, b.index(1),
                                 ValueRange{m0, s0});
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  Value k = loop.getInductionVar();
  Value m = loop.getRegionIterArgs()[0], s = loop.getRegionIterArgs()[1];
  SmallVector<Value> vals;
  for (int64_t j = 0; j < per; ++j) {
    Value chunk = streamChunk(first, k, iters, per, j, /*reverse=*/false);
    ChunkColumn at = column(chunk, 0);
    SmallVector<Value> v = loadX(at.clampedCol, at.valid);
    if (smem)
      e.guarded(at.valid, [&] {
        Value c = smemCol0 == 0 ? at.col : b.add(at.col, b.index(-smemCol0));
        e.store(v, smem, {rowInBlock, c});
      });
    vals.append(v.begin(), v.end());
  }
  // Seed 002's online update: rescale the running sum to the new max.
  Value mNew = e.maxf(m, e.treeMax(vals));
  for (Value &x : vals)
    x = e.scale(x, mNew);
  Value sNew = e.addf(e.mulf(s, e.scale(m, mNew)), e.treeSum(vals));
  scf::YieldOp::create(b, ValueRange{mNew, sNew});
  return {loop.getResult(0), loop.getResult(1)};
}

/// It reads back exactly the elements this thread stored (same mapping),
/// so shared memory needs no barrier in between.
void OnlineKernel::streamWrite(int64_t first, Value iters, int64_t per,
                               Value smem, int64_t smemCol0, bool reverse,
                               Value rowMax, Value inv) {
  e.stridedLoop(b.index(0), iters, 1, [&](Value k) {
    for (int64_t j = 0; j < per; ++j) {
      Value chunk = streamChunk(first, k, iters, per, j, reverse);
      ChunkColumn at = column(chunk, 0);
      e.guarded(both(rowValid, at.valid), [&] {
        SmallVector<Value> x;
        if (smem) {
          Value c =
              smemCol0 == 0 ? at.col : b.add(at.col, b.index(-smemCol0));
          x = e.load(smem, {rowInBlock, c}, vecWidth);
        } else {
          x = e.load(p.x, {row, at.col}, vecWidth);
        }
        for (Value &v : x)
          v = e.mulf(e.expDiff(v, rowMax), inv);
        e.store(x, p.y, {row, at.col});
      });
    }
  });
}

void OnlineKernel::buildHybrid() {
  // Chunks [0, chunks) in registers, [chunks, chunks + sharedChunks)
  // through shared memory, the rest streamed and re-read. Every chunk is
  // whole.
  const int64_t chunkElems = threadsPerRow * vecWidth;
  assert(rowsPerBlock == 1 && p.cols % chunkElems == 0 &&
         "hybrid needs whole chunks");
  const int64_t total = p.cols / chunkElems, shared = plan.sharedChunks;
  const int64_t per = plan.streamChunks, rest = total - chunks - shared;
  assert(chunks >= 1 && shared >= 0 && rest >= 0 && per >= 1 &&
         shared % per == 0 && rest % per == 0 &&
         "hybrid chunks must split the row");
  // The register loads go first and are consumed last: they stay in
  // flight under the streaming loops.
  loadRegisters();
  Value m = e.negInf(), s = e.f(0.0);
  if (shared > 0)
    std::tie(m, s) = streamRead(chunks, b.index(shared / per), per, rowSmem,
                                chunks * chunkElems, m, s);
  if (rest > 0)
    std::tie(m, s) =
        streamRead(chunks + shared, b.index(rest / per), per, Value(), 0, m,
                   s);
  auto [mLocal, sLocal] = registerStats();
  std::tie(m, s) = e.combine(m, s, mLocal, sLocal);
  Value rowMax, rowSum;
  std::tie(rowMax, rowSum) = rowCombine(m, s);
  // exp(x - M) with M = -inf (an all -inf row) is NaN by itself.
  Value inv = e.divf(e.f(1.0), rowSum);
  // The re-read part first and backwards: the chunks read last are the
  // likeliest still in L2.
  if (rest > 0)
    streamWrite(chunks + shared, b.index(rest / per), per, Value(), 0,
                /*reverse=*/true, rowMax, inv);
  if (shared > 0)
    streamWrite(chunks, b.index(shared / per), per, rowSmem,
                chunks * chunkElems,
                /*reverse=*/false, rowMax, inv);
  writeRegisters(mLocal, rowMax, rowSum, row);
}

void OnlineKernel::buildStreaming() {
  // Iterations of `chunks` accesses per thread.
  const int64_t perIter = chunks * threadsPerRow * vecWidth;
  // A column count known at run time only: as many iterations as it needs.
  Value iters = p.colsRuntime ? b.createOrFold<arith::CeilDivUIOp>(
                                    p.colsRuntime, b.index(perIter))
                              : b.index(ceilDiv(p.cols, perIter));
  Value loopMax, loopSum;
  std::tie(loopMax, loopSum) =
      streamRead(0, iters, chunks, rowSmem, 0, e.negInf(), e.f(0.0));
  Value rowMax, rowSum;
  std::tie(rowMax, rowSum) = rowCombine(loopMax, loopSum);
  // exp(x - M) with M = -inf (an all -inf row) is NaN by itself.
  Value inv = e.divf(e.f(1.0), rowSum);
  streamWrite(0, iters, chunks, rowSmem, 0, /*reverse=*/false, rowMax, inv);
}
