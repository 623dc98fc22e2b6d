//===- WgmmaStreamK.cpp - rung wgmma: stream-K's split last wave ----------===//
//
// The persistent kernel with plan.streamK balances the last wave the way
// stream-K's hybrid schedule does: the tiles of whole waves stay whole
// (each block takes its tiles b, b + P, ... as in the plain persistent
// kernel, so that the blocks of a wave read neighbouring tiles at the same
// K and share their operands in L2), and the R tiles of the last, partial
// wave are split along K into s parts (streamKTail). The parts are units
// numbered part-major, unit j*R + t being part j of tail tile t, and block
// b computes units b, b + P, ... in turn: with R*s <= P one each, else
// several rounds. Either way the blocks of a round compute (almost all)
// the same part of their tiles, at the same K offsets, in lockstep, tile by
// tile. The block of part s-1, in the last round, finishes the tile: once
// its own K steps are done it adds the f32 partials of parts 0 .. s-2 in
// part order (deterministic: the same sum whatever order the blocks ran
// in) and stores C. With fewer tiles than SMs there are no whole waves and
// min(R*s, P) blocks.
//
// A part's partial: its warpgroup's accumulators in register order, each
// thread's 4-float vectors at a stride of 128 threads (the thread that
// reads them back is the one that wrote them; every access is a whole
// 512-byte run per warp), in slot t*s + j of its part and warpgroup; its
// flag (an f32 word, as launch manifests hold buffers) is 1.0 once the
// slot is written. The flags are scratch that a one-block kernel launched
// first clears; the matmul kernel is its programmatic dependent
// (griddepcontrol.wait before the consumers touch a flag), so its blocks
// start, and compute their whole tiles, while that kernel runs.
//
// Progress: a unit waits only for units of lower numbers, and each block
// computes its units in increasing order, so the lowest unit not yet
// finished never waits for another: a waiting block never stands in the
// way of the units it waits for once every block is resident, whatever
// else shares the GPU.
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
  int64_t slots = streamK.units() * plan.consumers;
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

WgmmaKernelEmitter::TailPart WgmmaKernelEmitter::tailPart(Value unit) {
  TailPart u;
  int64_t tail = streamK.tailTiles, splits = streamK.splits;
  u.tail = rem(unit, tail);
  // Part 0, which finishes the tile, in the last round.
  u.split = sub(c(splits - 1), div(unit, tail));
  // Part j: K tiles [j*T/s, (j+1)*T/s).
  u.kFirst = div(mul(u.split, tiles), splits);
  u.count = sub(div(mul(add(u.split, 1), tiles), splits), u.kFirst);
  return u;
}

Value WgmmaKernelEmitter::forEachTailPart(
    function_ref<void(const TailPart &, Value ring)> body) {
  if (!streamK.splitsTail())
    return Value();
  Value first = c(streamK.wholeTiles / schedule.blocks * tiles);
  // One round: no loop to keep live beside the accumulators (at two parts
  // a tile ptxas spilled around one).
  if (streamK.rounds() == 1) {
    TailPart part = tailPart(schedule.bid);
    Value active = ult(schedule.bid, streamK.units());
    ifThen(active, [&] { body(part, first); });
    return add(first, select(active, part.count, c(0)));
  }
  auto units = scf::ForOp::create(b, schedule.bid, c(streamK.units()),
                                  c(schedule.blocks), ValueRange{first});
  keepRolled(units);
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(units.getBody());
  TailPart part = tailPart(units.getInductionVar());
  Value ring = units.getRegionIterArgs().front();
  body(part, ring);
  scf::YieldOp::create(b, ValueRange{add(ring, part.count)});
  return units.getResult(0);
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

void WgmmaKernelEmitter::consumeTailParts() {
  if (!streamK.splitsTail())
    return;
  // The flags are cleared by the kernel launched before this one.
  NVVM::GriddepcontrolOp::create(b, NVVM::GridDepActionKind::wait);
  int64_t splits = streamK.splits;
  forEachTailPart([&](const TailPart &part, Value ring) {
    setTile(add(part.tail, streamK.wholeTiles));
    SmallVector<Value> acc = issueSteps(ring, part.count);
    NVVM::WgmmaWaitGroupSyncOp::create(b, 0);
    release(sub(add(ring, part.count), c(1)));
    // Tile t's parts hold slots t*s + j.
    Value slots = mul(part.tail, splits);
    auto earlier =
        scf::IfOp::create(b, cmp(arith::CmpIPredicate::ne, part.split, 0),
                          /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPoint(earlier.getThenRegion().front().getTerminator());
      storeStreamKPartial(add(slots, part.split), acc);
    }
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPoint(earlier.getElseRegion().front().getTerminator());
    // Part 0, in the last round: parts 1 .. s-1, computed in earlier
    // rounds or beside it. An end LLVM cannot see through keeps the loop
    // a loop (at s = 2 a single iteration, which it would otherwise make
    // straight-line code and ptxas spill around).
    Value end = mul(add(part.tail, c(1)), splits);
    end = arith::IndexCastOp::create(
        b, b.getIndexType(),
        b.inlinePtx({b.getI64Type()}, {toI64(end)}, "mov.b64 $0, $1;", "=l,l",
                    /*sideEffects=*/true));
    auto parts = scf::ForOp::create(b, add(slots, c(1)), end, c(1), acc);
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
