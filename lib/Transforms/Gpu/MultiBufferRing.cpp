//===- MultiBufferRing.cpp - cp.async ring over a hand-written K loop -----===//
//
// The `multibuffer` rung's ring as a transformation of a hand-written loop
// of the plain form
//
//   scf.for %i ... {
//     <copies of a tile from global memory into workgroup buffers>
//     gpu.barrier
//     <compute reading the buffers>
//   }
//
// Each buffer becomes `stages` slots, the copies become cp.async
// (`nvgpu.device_async_copy`) committed as one group per iteration, and the
// loop is software-pipelined: a prologue issues the copies of the first
// `stages - 1` iterations, iteration i waits until at most `stages - 2`
// groups are pending (its own has landed), and after its compute it issues
// the copies of iteration i + stages - 1 into the slot iteration i - 1 read
// (the barrier before compute i separates that read from this write).
// Copies past the end of the loop are zero-fills (src-size 0), so any trip
// count, static or not, works without a peeled epilogue.
//
// Upstream does the three steps: memref::multiBuffer (the slots and the
// rotating slot index), nvgpu::createAsyncGroups (vector copies to
// cp.async) and scf::pipelineForLoop (prologue, kernel, predication). What
// is ours: finding the loop's copies and checking the form (errors at the
// op), element copies as 1-element vector copies for createAsyncGroups,
// attributions (multiBuffer takes a memref.alloc only), one group per
// iteration and one wait before the barrier (createAsyncGroups groups
// adjacent copies and waits after each group), a separate slot view for
// the reads (so the pipeliner does not carry views across stages), and the
// schedule, wait counts and zero-fill predication of the pipeliner.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Emit/KernelBuilder.h"
#include "gemm-opt/Transforms/Gpu/GpuTransforms.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/NVGPU/Transforms/Transforms.h"
#include "mlir/Dialect/NVGPU/Transforms/Utils.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMMULTIBUFFERRING
#include "gemm-opt/Transforms/Gpu/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {
/// One copy of the loop body: a read from global memory whose value only a
/// write into a workgroup buffer uses.
struct TileCopy {
  Operation *read, *write;
  Value buffer;
};
} // namespace

static bool isWorkgroupMemRef(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && nvgpu::NVGPUDialect::hasSharedMemoryAddressSpace(memref);
}

static bool isStoreOp(Operation *op) {
  return isa<memref::StoreOp, vector::StoreOp, vector::TransferWriteOp>(op);
}

/// The read that produces the value `write` stores when it is a read from
/// memory outside the workgroup used by `write` only; null otherwise.
static Operation *globalReadOf(Operation *write) {
  Value stored = nvgpu::getValueStored(write);
  Operation *read = stored.getDefiningOp();
  if (!read || !stored.hasOneUse() ||
      !isa<memref::LoadOp, vector::LoadOp, vector::TransferReadOp>(read))
    return nullptr;
  if (isWorkgroupMemRef(nvgpu::getMemrefOperand(read).getType()))
    return nullptr;
  return read;
}

/// Whether `op` writes a workgroup buffer and reads it from global memory.
static bool isTileCopy(Operation *op) {
  return isStoreOp(op) &&
         isWorkgroupMemRef(nvgpu::getMemrefOperand(op).getType()) &&
         globalReadOf(op);
}

/// Checks that one copy can become a cp.async (4, 8 or 16 contiguous bytes
/// read in bounds and written unmasked).
static LogicalResult checkCopySize(Operation *write, Operation *read) {
  Type stored = nvgpu::getValueStored(write).getType();
  auto vec = dyn_cast<VectorType>(stored);
  if (vec && vec.getRank() != 1)
    return write->emitError("multi-buffer ring: cp.async copies 1-D vectors, "
                            "got ")
           << stored;
  int64_t bits = vec ? vec.getNumElements() *
                           vec.getElementType().getIntOrFloatBitWidth()
                     : stored.getIntOrFloatBitWidth();
  if (bits != 32 && bits != 64 && bits != 128)
    return write->emitError("multi-buffer ring: cp.async copies 4, 8 or 16 "
                            "bytes; this copy moves ")
           << bits / 8 << " bytes";
  auto contiguous = [](auto xfer) {
    return xfer.getPermutationMap().isMinorIdentity() &&
           xfer.isDimInBounds(0) &&
           cast<MemRefType>(xfer.getBase().getType()).isLastDimUnitStride();
  };
  if (auto r = dyn_cast<vector::TransferReadOp>(read))
    if (!contiguous(r) || r.getMask())
      return read->emitError("multi-buffer ring: a vector transfer copied to "
                             "a workgroup buffer must be contiguous, in "
                             "bounds and unmasked");
  if (auto w = dyn_cast<vector::TransferWriteOp>(write))
    if (!contiguous(w) || w.getMask())
      return write->emitError("multi-buffer ring: a vector transfer copied to "
                              "a workgroup buffer must be contiguous, in "
                              "bounds and unmasked");
  return success();
}

/// Checks that `buffer` is a static workgroup buffer of `launch` (an
/// attribution or a memref.alloc in its body) that only `loop` uses.
static LogicalResult checkBuffer(gpu::LaunchOp launch, scf::ForOp loop,
                                 Value buffer, Operation *write) {
  auto type = cast<MemRefType>(buffer.getType());
  auto arg = dyn_cast<BlockArgument>(buffer);
  auto alloc = buffer.getDefiningOp<memref::AllocOp>();
  bool attribution =
      arg && llvm::is_contained(launch.getWorkgroupAttributions(), arg);
  if (!attribution && !(alloc && launch->isProperAncestor(alloc) &&
                        alloc->getBlock() == &launch.getBody().front()))
    return write->emitError("multi-buffer ring: the copy must write a "
                            "workgroup attribution of the launch or a "
                            "memref.alloc at the top of its body, not a view");
  if (!type.hasStaticShape() || !type.getLayout().isIdentity() ||
      !isa_and_nonnull<gpu::AddressSpaceAttr>(type.getMemorySpace()))
    return write->emitError("multi-buffer ring: the workgroup buffer must "
                            "have a static shape, the identity layout and "
                            "#gpu.address_space<workgroup>, got ")
           << type;
  for (Operation *user : buffer.getUsers())
    if (!loop->isProperAncestor(user) && !isa<memref::DeallocOp>(user))
      return user->emitError("multi-buffer ring: the workgroup buffer is "
                             "used outside the pipelined loop");
  return success();
}

/// Checks what the pipeliner issues stages ahead: the copies and what they
/// compute their indices from must be free of side effects and regions and
/// must not depend on values the loop carries.
static LogicalResult checkCopySlice(scf::ForOp loop, ArrayRef<TileCopy> copies) {
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.filter = [&](Operation *op) {
    return op->getBlock() == loop.getBody();
  };
  for (const TileCopy &copy : copies) {
    (void)getBackwardSlice(copy.read, &slice, options);
    (void)getBackwardSlice(copy.write, &slice, options);
  }
  for (const TileCopy &copy : copies) {
    slice.remove(copy.read);
    slice.remove(copy.write);
  }
  for (Operation *op : slice)
    if (op->getNumRegions() || !isMemoryEffectFree(op))
      return op->emitError("multi-buffer ring: the copies depend on this "
                           "op, which cannot be issued stages ahead");
  SmallVector<Operation *> roots(slice.begin(), slice.end());
  for (const TileCopy &copy : copies)
    roots.append({copy.read, copy.write});
  for (Operation *op : roots)
    for (Value operand : op->getOperands())
      if (auto arg = dyn_cast<BlockArgument>(operand))
        if (arg.getOwner() == loop.getBody() && arg != loop.getInductionVar())
          return op->emitError("multi-buffer ring: the copies depend on a "
                               "value the loop carries");
  return success();
}

/// Collects the loop's tile copies and checks the loop's form; returns the
/// barrier after the last copy.
static FailureOr<gpu::BarrierOp>
collectTileCopies(gpu::LaunchOp launch, scf::ForOp loop,
                  SmallVectorImpl<TileCopy> &copies) {
  Operation *lastCopy = nullptr;
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (isa<nvgpu::DeviceAsyncCopyOp, nvgpu::DeviceAsyncCreateGroupOp,
            nvgpu::DeviceAsyncWaitOp>(op))
      return op.emitError("multi-buffer ring: the loop already has async "
                          "copies");
    if (auto copy = dyn_cast<memref::CopyOp>(op);
        copy && isWorkgroupMemRef(copy.getTarget().getType()))
      return op.emitError("multi-buffer ring: a memref.copy into a workgroup "
                          "buffer is not taken; distribute it over the "
                          "threads as vector or element copies first");
    if (!isTileCopy(&op))
      continue;
    Operation *read = globalReadOf(&op);
    if (failed(checkCopySize(&op, read)))
      return failure();
    copies.push_back({read, &op, nvgpu::getMemrefOperand(&op)});
    lastCopy = &op;
  }
  if (copies.empty())
    return loop.emitError("multi-buffer ring: the loop copies nothing from "
                          "global memory into a workgroup buffer");
  SetVector<Value> buffers;
  for (const TileCopy &copy : copies)
    if (buffers.insert(copy.buffer) &&
        failed(checkBuffer(launch, loop, copy.buffer, copy.write)))
      return failure();

  // Every other access to the buffers follows the copies and a barrier:
  // the wait for a thread's own copies goes right before that barrier,
  // which then makes every thread's copies visible.
  auto touches = [&](Operation *op) {
    WalkResult r = op->walk([&](Operation *nested) {
      for (Value v : nested->getOperands())
        if (buffers.contains(v))
          return WalkResult::interrupt();
      return WalkResult::advance();
    });
    return r.wasInterrupted();
  };
  gpu::BarrierOp barrier;
  bool copiesDone = false;
  for (Operation &op : loop.getBody()->without_terminator()) {
    bool isCopy = llvm::any_of(
        copies, [&](const TileCopy &c) { return c.write == &op; });
    if (&op == lastCopy)
      copiesDone = true;
    if (isCopy)
      continue;
    if (copiesDone && !barrier && isa<gpu::BarrierOp>(op))
      barrier = cast<gpu::BarrierOp>(op);
    if (touches(&op) && (!copiesDone || !barrier))
      return op.emitError("multi-buffer ring: this access to a workgroup "
                          "buffer must follow all the copies into it and a "
                          "gpu.barrier");
  }
  if (!barrier)
    return lastCopy->emitError("multi-buffer ring: the copies into workgroup "
                               "buffers must be followed by a gpu.barrier "
                               "before the buffers are read");
  if (failed(checkCopySlice(loop, copies)))
    return failure();
  return barrier;
}

/// Element copies as 1-element vector copies (createAsyncGroups takes
/// vector loads and stores only).
static void vectorizeElementCopies(RewriterBase &rewriter,
                                   MutableArrayRef<TileCopy> copies) {
  for (TileCopy &copy : copies) {
    auto load = dyn_cast<memref::LoadOp>(copy.read);
    if (!load)
      continue;
    auto store = cast<memref::StoreOp>(copy.write);
    auto type = VectorType::get({1}, load.getType());
    rewriter.setInsertionPoint(load);
    copy.read = vector::LoadOp::create(rewriter, load.getLoc(), type,
                                       load.getMemRef(), load.getIndices());
    rewriter.setInsertionPoint(store);
    copy.write = vector::StoreOp::create(rewriter, store.getLoc(),
                                         copy.read->getResult(0),
                                         store.getMemRef(), store.getIndices());
    rewriter.eraseOp(store);
    rewriter.eraseOp(load);
  }
}

/// Multi-buffers `buffer` over `loop` (upstream memref::multiBuffer, which
/// takes a memref.alloc) and returns the slot view the loop body indexes;
/// the result is a workgroup attribution of `launch` again.
static FailureOr<memref::SubViewOp>
multiBufferSlots(RewriterBase &rewriter, gpu::LaunchOp launch, Value buffer,
                 int64_t stages) {
  auto alloc = buffer.getDefiningOp<memref::AllocOp>();
  auto arg = dyn_cast<BlockArgument>(buffer);
  if (arg) {
    rewriter.setInsertionPointToStart(&launch.getBody().front());
    alloc = memref::AllocOp::create(rewriter, launch.getLoc(),
                                    cast<MemRefType>(buffer.getType()));
    rewriter.replaceAllUsesWith(arg, alloc.getResult());
  }
  FailureOr<memref::AllocOp> slots = memref::multiBuffer(
      rewriter, alloc, stages, /*skipOverrideAnalysis=*/true);
  if (failed(slots))
    return launch.emitError("multi-buffer ring: upstream multiBuffer failed "
                            "on a workgroup buffer");
  if (!arg)
    arg = launch.addWorkgroupAttribution(slots->getType(), slots->getLoc());
  else
    rewriter.modifyOpInPlace(launch, [&] { arg.setType(slots->getType()); });
  memref::SubViewOp view;
  for (Operation *user : llvm::make_early_inc_range(slots->getResult().getUsers())) {
    if (isa<memref::DeallocOp>(user))
      rewriter.eraseOp(user);
    else
      view = cast<memref::SubViewOp>(user);
  }
  rewriter.replaceAllUsesWith(slots->getResult(), arg);
  rewriter.eraseOp(*slots);
  return view;
}

/// Gives the reads of a slot their own view: the pipeliner then computes
/// the slot of iteration i where it reads it instead of carrying the view
/// of the copies (issued stages earlier) through the loop.
static void splitSlotView(RewriterBase &rewriter, memref::SubViewOp view,
                          ArrayRef<TileCopy> copies) {
  rewriter.setInsertionPointAfter(view);
  IRMapping map;
  Operation *index = view.getOffsets().front().getDefiningOp();
  if (index && index->getBlock() == view->getBlock())
    rewriter.clone(*index, map);
  Operation *readView = rewriter.clone(*view, map);
  rewriter.replaceUsesWithIf(view, readView->getResult(0), [&](OpOperand &use) {
    return llvm::none_of(
        copies, [&](const TileCopy &c) { return c.write == use.getOwner(); });
  });
}

/// Replaces upstream's groups (one per run of adjacent copies, each waited
/// for right away) by one group of all the iteration's copies, and one wait
/// before `barrier`.
static nvgpu::DeviceAsyncWaitOp regroupCopies(RewriterBase &rewriter,
                                              scf::ForOp loop,
                                              gpu::BarrierOp barrier) {
  SmallVector<Value> tokens;
  SmallVector<Operation *> groups;
  Operation *last = nullptr;
  for (Operation &op :
       llvm::make_early_inc_range(loop.getBody()->without_terminator())) {
    if (isa<nvgpu::DeviceAsyncWaitOp>(op)) {
      rewriter.eraseOp(&op);
    } else if (isa<nvgpu::DeviceAsyncCreateGroupOp>(op)) {
      groups.push_back(&op);
    } else if (auto copy = dyn_cast<nvgpu::DeviceAsyncCopyOp>(op)) {
      tokens.push_back(copy.getAsyncToken());
      last = copy;
    }
  }
  // After their waits, which use them.
  for (Operation *group : groups)
    rewriter.eraseOp(group);
  rewriter.setInsertionPointAfter(last);
  Value group = createAsyncGroup(rewriter, loop.getLoc(), tokens);
  rewriter.setInsertionPoint(barrier);
  return nvgpu::DeviceAsyncWaitOp::create(rewriter, loop.getLoc(), group,
                                          nullptr);
}

/// A copy the pipeliner issues for an iteration past the end: the same
/// copy reading 0 bytes (cp.async zero-fills the slot).
static Operation *zeroFillPastEnd(RewriterBase &rewriter, Operation *op,
                                  Value inRange) {
  if (isMemoryEffectFree(op) || isa<nvgpu::DeviceAsyncCreateGroupOp>(op))
    return op;
  auto copy = dyn_cast<nvgpu::DeviceAsyncCopyOp>(op);
  if (!copy)
    return nullptr;
  Location loc = copy.getLoc();
  rewriter.setInsertionPoint(copy);
  Value all = copy.getSrcElements();
  if (!all)
    all = arith::ConstantIndexOp::create(
        rewriter, loc, copy.getDstElementsAttr().getInt());
  Value none = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value read = arith::SelectOp::create(rewriter, loc, inRange, all, none);
  rewriter.modifyOpInPlace(copy,
                           [&] { copy.getSrcElementsMutable().assign(read); });
  return copy;
}

/// Pipelines `loop` `stages - 1` iterations deep: the group of copies and
/// what it depends on at stage 0, the rest at the last stage and first in
/// the body.
static LogicalResult pipelineCopies(RewriterBase &rewriter, scf::ForOp loop,
                                    int64_t stages) {
  SetVector<Operation *> early;
  BackwardSliceOptions options;
  options.inclusive = true;
  options.filter = [&](Operation *op) {
    return op->getBlock() == loop.getBody();
  };
  for (Operation &op : loop.getBody()->without_terminator())
    if (isa<nvgpu::DeviceAsyncCreateGroupOp>(op))
      (void)getBackwardSlice(&op, &early, options);

  unsigned depth = stages - 1;
  scf::PipeliningOption pipelining;
  pipelining.getScheduleFn =
      [&](scf::ForOp forOp,
          std::vector<std::pair<Operation *, unsigned>> &schedule) {
        for (Operation &op : forOp.getBody()->without_terminator())
          if (!early.contains(&op))
            schedule.emplace_back(&op, depth);
        for (Operation &op : forOp.getBody()->without_terminator())
          if (early.contains(&op))
            schedule.emplace_back(&op, 0);
      };
  // Before compute i, groups 0 .. i + depth - 1 have been committed; at
  // most depth - 1 may still be pending.
  pipelining.annotateFn = [&](Operation *op,
                              scf::PipeliningOption::PipelinerPart, unsigned) {
    if (auto wait = dyn_cast<nvgpu::DeviceAsyncWaitOp>(op))
      wait.setNumGroups(depth - 1);
  };
  pipelining.peelEpilogue = false;
  pipelining.supportDynamicLoops = true;
  pipelining.predicateFn = zeroFillPastEnd;
  rewriter.setInsertionPoint(loop);
  Location loc = loop.getLoc();
  FailureOr<scf::ForOp> pipelined =
      scf::pipelineForLoop(rewriter, loop, pipelining);
  if (failed(pipelined))
    return loop.emitError("multi-buffer ring: upstream scf::pipelineForLoop "
                          "could not pipeline the loop");
  // The last iterations' copies (zero-fills) are still in flight: drain
  // them, so that no async write to shared memory outlives the loop.
  Value lastGroup;
  for (Value result : pipelined->getResults())
    if (isa<nvgpu::DeviceAsyncTokenType>(result.getType()))
      lastGroup = result;
  rewriter.setInsertionPointAfter(*pipelined);
  nvgpu::DeviceAsyncWaitOp::create(rewriter, loc, lastGroup,
                                   rewriter.getI32IntegerAttr(0));
  return success();
}

LogicalResult mlir::gemm_opt::multiBufferRing(RewriterBase &rewriter,
                                              gpu::LaunchOp launch,
                                              scf::ForOp loop,
                                              int64_t stages) {
  if (stages < 2)
    return loop.emitError("multi-buffer ring: needs at least 2 stages, got ")
           << stages;
  if (!launch->isProperAncestor(loop))
    return loop.emitError("multi-buffer ring: the loop is not in the launch");
  SmallVector<TileCopy> copies;
  FailureOr<gpu::BarrierOp> barrier = collectTileCopies(launch, loop, copies);
  if (failed(barrier))
    return failure();

  vectorizeElementCopies(rewriter, copies);
  SetVector<Value> buffers;
  for (const TileCopy &copy : copies)
    buffers.insert(copy.buffer);
  for (Value buffer : buffers) {
    FailureOr<memref::SubViewOp> view =
        multiBufferSlots(rewriter, launch, buffer, stages);
    if (failed(view))
      return failure();
    splitSlotView(rewriter, *view, copies);
  }
  nvgpu::createAsyncGroups(rewriter, loop, /*bypassL1=*/true);
  for (const TileCopy &copy : copies) {
    if (!copy.read->use_empty())
      return copy.write->emitError("multi-buffer ring: upstream "
                                   "createAsyncGroups left this copy as it "
                                   "was");
    rewriter.eraseOp(copy.read);
  }
  regroupCopies(rewriter, loop, *barrier);
  return pipelineCopies(rewriter, loop, stages);
}

/// The loops of `launch` that copy tiles from global memory into workgroup
/// buffers (or hold a memref.copy into one, to be refused).
static SmallVector<scf::ForOp> findCopyLoops(gpu::LaunchOp launch) {
  SmallVector<scf::ForOp> loops;
  launch.getBody().walk([&](scf::ForOp loop) {
    if (llvm::any_of(loop.getBody()->getOperations(), [](Operation &op) {
          auto copy = dyn_cast<memref::CopyOp>(op);
          return isTileCopy(&op) ||
                 (copy && isWorkgroupMemRef(copy.getTarget().getType()));
        }))
      loops.push_back(loop);
  });
  return loops;
}

namespace {
struct GemmMultiBufferRingPass
    : public mlir::gemm_opt::impl::GemmMultiBufferRingBase<
          GemmMultiBufferRingPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    SmallVector<gpu::LaunchOp> launches;
    getOperation()->walk([&](gpu::LaunchOp l) { launches.push_back(l); });
    for (gpu::LaunchOp launch : launches)
      for (scf::ForOp loop : findCopyLoops(launch))
        if (failed(multiBufferRing(rewriter, launch, loop, stages)))
          return signalPassFailure();
  }
};
} // namespace
