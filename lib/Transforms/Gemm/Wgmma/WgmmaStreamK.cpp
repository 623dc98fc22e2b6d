//===- WgmmaStreamK.cpp - rung wgmma: stream-K's split last wave ----------===//
//
// The persistent kernel with plan.streamK balances the last wave the way
// stream-K's hybrid schedule does: the tiles of whole waves stay whole
// (each block takes its tiles b, b + P, ... as in the plain persistent
// kernel, so that the blocks of a wave read neighbouring tiles at the same
// K and share their operands in L2), and the R tiles of the last, partial
// wave are split along K into s parts (streamKTail: min(P / R, K tiles /
// 8, 16)), one part per block: block b < R*s computes K part j = b / R of
// tail tile t = b % R (the parts of a wave again run at the same K offsets,
// in lockstep, tile by tile), numbered t*s + j among the parts. The block
// of part 0 finishes the tile: once its own K steps are done it adds the
// f32 partials of parts 1 .. s-1 in part order (deterministic: the same sum
// whatever order the blocks ran in) and stores C. With fewer tiles than
// SMs there are no whole waves and R*s blocks.
//
// A part's partial: its warpgroup's accumulators in register order, each
// thread's 4-float vectors at a stride of 128 threads (the thread that
// reads them back is the one that wrote them; every access is a whole
// 512-byte run per warp), in the slot of its part and warpgroup; its
// flag (an f32 word, as launch manifests hold buffers) is 1.0 once the
// slot is written. The flags are scratch that a one-block kernel launched
// first clears; the matmul kernel is its programmatic dependent
// (griddepcontrol.wait before the consumers touch a flag), so its blocks
// start, and compute their whole tiles, while that kernel runs.
//
// Progress: a block waits only for blocks of the same wave with a higher
// number, which write their partials before they wait for anything, so a
// waiting block never stands in the way of the blocks it waits for once
// they are resident, whatever else shares the GPU.
//
//===----------------------------------------------------------------------===//

#include "WgmmaKernelEmitter.h"

#include "gemm-opt/Support/WgmmaScheduleLimits.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::gemm_opt;
using namespace mlir::gemm_opt::wgmma;

/// Kind (kKernelAttr) of the launch that clears the stream-K flags.
static constexpr llvm::StringLiteral kStreamKFlagsKind =
    "matmul-stream-k-flags";

int64_t WgmmaKernelEmitter::prepareStreamK(int64_t numTiles, int64_t blocks) {
  int64_t sms = plan.persistentBlocks;
  streamK = ::gemm_opt::streamKTail(numTiles, tiles, sms);
  if (!streamK.splitsTail())
    return blocks; // nothing to balance: the plain persistent schedule
  int64_t slots = streamK.blocks() * plan.consumers;
  streamKPartials = memref::AllocOp::create(
      b, MemRefType::get(
             {slots * plan.accRegs() * WgmmaGemmPlan::kWarpgroupThreads},
             b.getF32Type()));
  streamKFlags =
      memref::AllocOp::create(b, MemRefType::get({slots}, b.getF32Type()));
  OpBuilder::InsertionGuard g(b);
  int64_t threads = std::min<int64_t>(1024, ceilDiv(slots, 32) * 32);
  auto clear = createStaticLaunch(b, {1, 1, 1}, {threads, 1, 1});
  clear->setAttr(kKernelAttr, b.getStringAttr(kStreamKFlagsKind));
  auto loop =
      scf::ForOp::create(b, clear.getThreadIds().x, c(slots), c(threads));
  b.setInsertionPoint(loop.getBody()->getTerminator());
  memref::StoreOp::create(b, b.f32(0.0), streamKFlags,
                          ValueRange{loop.getInductionVar()});
  return streamK.wholeTiles ? sms : streamK.blocks();
}

WgmmaKernelEmitter::TailPart WgmmaKernelEmitter::tailPart() {
  TailPart u;
  if (!streamK.splitsTail())
    return u;
  u.ring = c(streamK.wholeTiles / schedule.blocks * tiles);
  Value bid = schedule.bid;
  int64_t tail = streamK.tailTiles, splits = streamK.splits;
  u.active = ult(bid, streamK.blocks());
  u.tail = rem(bid, tail);
  u.split = div(bid, tail);
  u.part = add(mul(u.tail, splits), u.split);
  // Part j: K tiles [j*T/s, (j+1)*T/s).
  u.kFirst = div(mul(u.split, tiles), splits);
  u.count = sub(div(mul(add(u.split, 1), tiles), splits), u.kFirst);
  return u;
}

Value WgmmaKernelEmitter::streamKSlot(Value part) {
  return add(mul(part, plan.consumers), wg);
}

Value WgmmaKernelEmitter::streamKFlag(Value part) {
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, streamKFlags);
  return toI64(add(base, mul(streamKSlot(part), 4)));
}

Value WgmmaKernelEmitter::streamKPartialBase(Value part) {
  Value thread = rem(tid, WgmmaGemmPlan::kWarpgroupThreads);
  return add(
      mul(streamKSlot(part), plan.accRegs() * WgmmaGemmPlan::kWarpgroupThreads),
      mul(thread, 4));
}

void WgmmaKernelEmitter::storeStreamKPartial(Value part, ArrayRef<Value> acc) {
  Value base = streamKPartialBase(part);
  auto vec4 = VectorType::get({4}, b.getF32Type());
  int64_t quads = plan.bn / 8;
  for (int64_t i = 0; i < plan.mTiles(); ++i)
    for (int64_t r = 0; r < quads; ++r) {
      SmallVector<Value, 4> regs;
      for (int64_t e = 0; e < 4; ++e)
        regs.push_back(LLVM::ExtractValueOp::create(
            b, acc[i], ArrayRef<int64_t>{4 * r + e}));
      Value v = vector::FromElementsOp::create(b, vec4, regs);
      Value at =
          add(base, (i * quads + r) * 4 * WgmmaGemmPlan::kWarpgroupThreads);
      vector::StoreOp::create(b, v, streamKPartials, ValueRange{at},
                              /*nontemporal=*/false, llvm::MaybeAlign(16));
    }
  // Every thread's stores, then the leader's release of them at GPU scope
  // (the barrier makes them the leader's to release).
  warpgroupBarrier();
  ifThen(isWarpgroupLeader(), [&] {
    b.inlinePtx({}, {streamKFlag(part)},
                "fence.acq_rel.gpu;\n\tst.relaxed.gpu.global.f32 [$0], "
                "0f3F800000;",
                "l", /*sideEffects=*/true);
  });
}

SmallVector<Value> WgmmaKernelEmitter::addStreamKPartial(Value part,
                                                         ArrayRef<Value> acc) {
  // The leader waits for the flag (acquire at GPU scope), the barrier
  // passes that on to the warpgroup.
  ifThen(isWarpgroupLeader(), [&] {
    Value flag = streamKFlag(part);
    scf::WhileOp::create(
        b, TypeRange{}, ValueRange{},
        [&](OpBuilder &, Location, ValueRange) {
          Value raised = b.inlinePtx({b.getF32Type()}, {flag},
                                     "ld.acquire.gpu.global.f32 $0, [$1];",
                                     "=f,l", /*sideEffects=*/true);
          Value waiting = arith::CmpFOp::create(b, arith::CmpFPredicate::UNE,
                                                raised, b.f32(1.0));
          scf::ConditionOp::create(b, waiting, ValueRange{});
        },
        [&](OpBuilder &, Location, ValueRange) { scf::YieldOp::create(b); });
  });
  warpgroupBarrier();
  Value base = streamKPartialBase(part);
  auto vec4 = VectorType::get({4}, b.getF32Type());
  int64_t quads = plan.bn / 8;
  SmallVector<Value> sum(acc);
  for (int64_t i = 0; i < plan.mTiles(); ++i)
    for (int64_t r = 0; r < quads; ++r) {
      Value at =
          add(base, (i * quads + r) * 4 * WgmmaGemmPlan::kWarpgroupThreads);
      Value v =
          vector::LoadOp::create(b, vec4, streamKPartials, ValueRange{at},
                                 /*nontemporal=*/false, llvm::MaybeAlign(16));
      for (int64_t e = 0; e < 4; ++e) {
        int64_t reg = 4 * r + e;
        Value x = LLVM::ExtractValueOp::create(b, sum[i], reg);
        Value y = vector::ExtractOp::create(b, v, e);
        sum[i] = LLVM::InsertValueOp::create(
            b, sum[i], arith::AddFOp::create(b, x, y), reg);
      }
    }
  return sum;
}

void WgmmaKernelEmitter::consumeTailPart() {
  TailPart unit = tailPart();
  if (!unit.active)
    return;
  // The flags are cleared by the kernel launched before this one.
  NVVM::GriddepcontrolOp::create(b, NVVM::GridDepActionKind::wait);
  ifThen(unit.active, [&] {
    setTile(add(unit.tail, streamK.wholeTiles));
    SmallVector<Value> acc = issueSteps(unit.ring, unit.count);
    NVVM::WgmmaWaitGroupSyncOp::create(b, 0);
    release(sub(add(unit.ring, unit.count), c(1)));
    auto later =
        scf::IfOp::create(b, cmp(arith::CmpIPredicate::ne, unit.split, 0),
                          /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPoint(later.getThenRegion().front().getTerminator());
      storeStreamKPartial(unit.part, acc);
    }
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPoint(later.getElseRegion().front().getTerminator());
    // Part 0 of tile t, numbered t*s: parts t*s + 1 .. t*s + s - 1. Bounds
    // computed from the tile keep the loop a loop (with s = 2 a single
    // iteration, which LLVM would otherwise make straight-line code and
    // ptxas spill around).
    auto parts = scf::ForOp::create(b, add(unit.part, c(1)),
                                    mul(add(unit.tail, c(1)), streamK.splits),
                                    c(1), acc);
    keepRolled(parts);
    {
      OpBuilder::InsertionGuard inner(b);
      b.setInsertionPointToStart(parts.getBody());
      scf::YieldOp::create(
          b, addStreamKPartial(parts.getInductionVar(),
                               SmallVector<Value>(parts.getRegionIterArgs())));
    }
    SmallVector<Value> total(parts.getResults());
    if (plan.tmaStore)
      storeCThroughTma(total);
    else
      storeC(total);
  });
}
