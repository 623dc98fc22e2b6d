//===- BatchedLaunches.cpp - The batch of a batched matmul in the grid ----===//

#include "gemm-opt/Transforms/Emit/BatchedLaunches.h"
#include "gemm-opt/Transforms/Dispatch/DynamicVariants.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::gemm_opt;

/// Entry `index` of the batched `buffer` (3-D, or 2-D for vectors) as a
/// view of `type`, one rank lower.
static Value batchEntry(OpBuilder &b, Location loc, Value buffer,
                        OpFoldResult index, MemRefType type) {
  auto shape = cast<MemRefType>(buffer.getType()).getShape();
  SmallVector<OpFoldResult> offsets(shape.size(), b.getIndexAttr(0));
  offsets.front() = index;
  SmallVector<OpFoldResult> sizes = {b.getIndexAttr(1)};
  for (int64_t extent : shape.drop_front())
    sizes.push_back(b.getIndexAttr(extent));
  SmallVector<OpFoldResult> strides(shape.size(), b.getIndexAttr(1));
  return memref::SubViewOp::create(b, loc, type, buffer, offsets, sizes,
                                   strides);
}

/// The entry of a C of heads ([b, R, h, C]: attention's output
/// transposed) at sequence `seq` and head `head` as a view of `type`: rows
/// h * C elements apart.
static Value headsEntry(OpBuilder &b, Location loc, Value buffer,
                        OpFoldResult seq, OpFoldResult head, MemRefType type) {
  auto shape = cast<MemRefType>(buffer.getType()).getShape();
  SmallVector<OpFoldResult> offsets = {seq, b.getIndexAttr(0), head,
                                       b.getIndexAttr(0)};
  SmallVector<OpFoldResult> sizes = {
      b.getIndexAttr(1), b.getIndexAttr(shape[1]), b.getIndexAttr(1),
      b.getIndexAttr(shape[3])};
  SmallVector<OpFoldResult> strides(4, b.getIndexAttr(1));
  return memref::SubViewOp::create(b, loc, type, buffer, offsets, sizes,
                                   strides);
}

Value mlir::gemm_opt::createHeadsBatchView(OpBuilder &b, Location loc,
                                           Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  assert(type.getRank() == 4 && type.hasStaticShape() &&
         "expected a static [b, rows, heads, cols] buffer");
  int64_t heads = type.getDimSize(2), cols = type.getDimSize(3);
  auto entry = [&](int64_t offset) {
    return MemRefType::get(
        {type.getDimSize(1), cols}, type.getElementType(),
        StridedLayoutAttr::get(b.getContext(), offset, {heads * cols, 1}));
  };
  Value first = headsEntry(b, loc, buffer, b.getIndexAttr(0), b.getIndexAttr(0),
                           entry(0));
  auto view =
      memref::CastOp::create(b, loc, entry(ShapedType::kDynamic), first);
  view->setAttr(kBatchViewAttr, b.getUnitAttr());
  view->setAttr(kBatchHeadsAttr, b.getI64IntegerAttr(heads));
  view->setAttr(kBatchCountAttr,
                b.getI64IntegerAttr(type.getDimSize(0) * heads));
  return view;
}

Value BatchSpan::entryAt(OpBuilder &b, Location loc, Value z) const {
  if (span <= 1)
    return z;
  Value s = arith::ConstantIndexOp::create(b, loc, span);
  if (cycle)
    return b.createOrFold<arith::RemUIOp>(loc, z, s);
  return b.createOrFold<arith::DivUIOp>(loc, z, s);
}

Value mlir::gemm_opt::createBatchView(OpBuilder &b, Location loc, Value buffer,
                                      BatchSpan span) {
  auto type = cast<MemRefType>(buffer.getType());
  assert((type.getRank() == 3 || (type.getRank() == 2 && span.span > 0)) &&
         type.hasStaticShape() &&
         "expected a static 3-D buffer or a 2-D one of vectors");
  SmallVector<int64_t> strides = {1};
  if (type.getRank() == 3)
    strides.insert(strides.begin(), type.getDimSize(2));
  auto entry = [&](int64_t offset) {
    return MemRefType::get(
        type.getShape().drop_front(), type.getElementType(),
        StridedLayoutAttr::get(b.getContext(), offset, strides));
  };
  Value first = batchEntry(b, loc, buffer, b.getIndexAttr(0), entry(0));
  // The dynamic offset makes the host view and the kernel's view at
  // blockIdx.z one type, so the kernel body takes either unchanged.
  auto view = memref::CastOp::create(b, loc, entry(ShapedType::kDynamic),
                                     first);
  view->setAttr(kBatchViewAttr, b.getUnitAttr());
  if (span) {
    view->setAttr(span.cycle ? kBatchCycleAttr : kBatchGroupAttr,
                  b.getI64IntegerAttr(span.span));
    view->setAttr(kBatchCountAttr, b.getI64IntegerAttr(span.count));
  }
  return view;
}

/// The span a batch view's tagged cast records.
static BatchSpan getSpan(Operation *viewCast) {
  auto count = viewCast->getAttrOfType<IntegerAttr>(kBatchCountAttr);
  if (auto group = viewCast->getAttrOfType<IntegerAttr>(kBatchGroupAttr))
    return {group.getInt(), false, count.getInt()};
  if (auto cycle = viewCast->getAttrOfType<IntegerAttr>(kBatchCycleAttr))
    return {cycle.getInt(), true, count.getInt()};
  return {};
}

/// The tagged cast that `view` derives from through host-side subviews and
/// casts, or null.
static memref::CastOp findBatchViewOp(Value view) {
  while (Operation *def = view.getDefiningOp()) {
    if (def->hasAttr(kBatchViewAttr))
      return dyn_cast<memref::CastOp>(def);
    if (auto sub = dyn_cast<memref::SubViewOp>(def))
      view = sub.getSource();
    else if (auto cast = dyn_cast<memref::CastOp>(def))
      view = cast.getSource();
    else
      return {};
  }
  return {};
}

Value mlir::gemm_opt::getBatchedBuffer(Value view) {
  memref::CastOp cast = findBatchViewOp(view);
  if (!cast)
    return {};
  return cast.getSource().getDefiningOp<memref::SubViewOp>().getSource();
}

BatchSpan mlir::gemm_opt::getBatchSpan(Value view) {
  memref::CastOp cast = findBatchViewOp(view);
  return cast ? getSpan(cast) : BatchSpan();
}

Value mlir::gemm_opt::allocateScratchLike(OpBuilder &b, Location loc,
                                          MemRefType type, Value like) {
  Value batched = getBatchedBuffer(like);
  if (!batched)
    return memref::AllocOp::create(b, loc, type);
  SmallVector<int64_t> shape = {
      cast<MemRefType>(batched.getType()).getDimSize(0)};
  llvm::append_range(shape, type.getShape());
  Value alloc = memref::AllocOp::create(
      b, loc, MemRefType::get(shape, type.getElementType()));
  return createBatchView(b, loc, alloc);
}

Value mlir::gemm_opt::perStoredEntry(OpBuilder &b, Location loc, Value view) {
  BatchSpan span = getBatchSpan(view);
  if (!span || span.cycle)
    return view;
  return createBatchView(b, loc, getBatchedBuffer(view));
}

Value mlir::gemm_opt::withSpanOf(OpBuilder &b, Location loc, Value scratch,
                                 Value like) {
  BatchSpan span = getBatchSpan(like);
  if (!span || span.cycle)
    return scratch;
  return createBatchView(b, loc, getBatchedBuffer(scratch), span);
}

GemmProblem mlir::gemm_opt::createBatchViews(OpBuilder &b,
                                             const GemmProblem &problem) {
  GemmProblem p = problem;
  // Each buffer, its span, and the rank it has when batched.
  struct Batched {
    Value *buffer;
    BatchSpan span;
    int64_t rank;
  };
  // A grouped B (grouped-query attention's K or V): entry z reads B's
  // z / bGroup.
  BatchSpan bSpan;
  if (p.bGroup > 1)
    bSpan = {p.bGroup, false, p.batch};
  SmallVector<Batched> operands = {
      {&p.a, {}, 3}, {&p.b, bSpan, 3}, {&p.c, {}, 3}};
  // A residual (broadcast none) is 3-D like C, a group or a cycle of
  // matrices 3-D with its own count, row and column vectors per group of
  // entries or read in turn 2-D; other vectors and a matrix of broadcast
  // batch are shared by every entry.
  for (auto [i, e] : llvm::enumerate(p.epilogueOperands)) {
    Batched operand{&e, {}, 3};
    for (EpilogueStepAttr step : p.epilogue.getSteps())
      if (step.getOperand() == static_cast<int64_t>(i)) {
        operand.span = {step.getSpan(),
                        step.getBroadcast() == "cycle" || step.getCycle(),
                        p.batch};
        if (llvm::is_contained({"col", "row"}, step.getBroadcast()))
          operand.rank = step.getSpan() ? 2 : 0;
      }
    operands.push_back(operand);
  }
  for (Batched &o : operands)
    if (cast<MemRefType>(o.buffer->getType()).getRank() == o.rank)
      *o.buffer = createBatchView(b, o.buffer->getLoc(), *o.buffer, o.span);
  // C of heads: [batch / h, M, h, N].
  if (p.cHeads > 1)
    p.c = createHeadsBatchView(b, p.c.getLoc(), p.c);
  return p;
}

/// The batch count of the launch reading `view`: its buffer's extent, or
/// what a group's or cycle's view records.
static int64_t launchBatchCount(Value view) {
  memref::CastOp viewCast = findBatchViewOp(view);
  if (BatchSpan span = getSpan(viewCast))
    return span.count;
  if (viewCast->hasAttr(kBatchHeadsAttr))
    return viewCast->getAttrOfType<IntegerAttr>(kBatchCountAttr).getInt();
  return cast<MemRefType>(getBatchedBuffer(view).getType()).getDimSize(0);
}

/// Rebuilds the host-side chain of `view` (batch view, then subviews and
/// casts) at the builder's point, the batch view at entry `z`.
static Value rebuildAt(OpBuilder &b, Value view, Value z, IRMapping &map) {
  if (Value done = map.lookupOrNull(view))
    return done;
  Operation *def = view.getDefiningOp();
  Value rebuilt;
  if (auto heads = def->getAttrOfType<IntegerAttr>(kBatchHeadsAttr)) {
    // Entry z is head z % h of sequence z / h.
    Location loc = def->getLoc();
    Value h = arith::ConstantIndexOp::create(b, loc, heads.getInt());
    rebuilt = headsEntry(b, loc, getBatchedBuffer(view),
                         b.createOrFold<arith::DivUIOp>(loc, z, h),
                         b.createOrFold<arith::RemUIOp>(loc, z, h),
                         cast<MemRefType>(view.getType()));
  } else if (def->hasAttr(kBatchViewAttr)) {
    rebuilt = batchEntry(b, def->getLoc(), getBatchedBuffer(view),
                         getSpan(def).entryAt(b, def->getLoc(), z),
                         cast<MemRefType>(view.getType()));
  } else {
    Value source = def->getOperand(0);
    rebuildAt(b, source, z, map);
    rebuilt = b.clone(*def, map)->getResult(0);
  }
  map.map(view, rebuilt);
  return rebuilt;
}

LogicalResult mlir::gemm_opt::distributeBatchViews(func::FuncOp func) {
  SmallVector<Operation *> hostViews;
  func.walk([&](Operation *op) {
    if (isa<memref::SubViewOp, memref::CastOp>(op) &&
        !op->getParentOfType<gpu::LaunchOp>() && findBatchViewOp(op->getResult(0)))
      hostViews.push_back(op);
  });
  if (hostViews.empty())
    return success();
  SmallVector<gpu::LaunchOp> launches;
  func.walk([&](gpu::LaunchOp launch) { launches.push_back(launch); });
  for (gpu::LaunchOp launch : launches) {
    SetVector<Value> used;
    launch.getBody().walk([&](Operation *op) {
      for (Value v : op->getOperands())
        if (isa<MemRefType>(v.getType()) &&
            !launch.getBody().isAncestor(v.getParentRegion()) &&
            findBatchViewOp(v))
          used.insert(v);
    });
    if (used.empty())
      continue;
    int64_t batch = launchBatchCount(used.front());
    // A dynamic batch count: the variant's argument carrying it.
    Value runtime = getRuntimeSizeArgument(func, kBatchSymbol);
    std::optional<int64_t> gridZ =
        getConstantIntValue(launch.getGridSizeZ());
    bool placed = runtime ? launch.getGridSizeZ() == runtime : gridZ == batch;
    if (gridZ != 1 && !placed)
      return launch.emitError("a batched matmul kernel needs grid z = 1 "
                              "before the batch is put there (split-K "
                              "kernels cannot be batched)");
    OpBuilder b(launch);
    Operation *oldZ = launch.getGridSizeZ().getDefiningOp();
    launch.getGridSizeZMutable().assign(
        runtime ? runtime
                : arith::ConstantIndexOp::create(b, launch.getLoc(), batch)
                      .getResult());
    if (oldZ && oldZ->use_empty())
      oldZ->erase();
    b.setInsertionPointToStart(&launch.getBody().front());
    IRMapping map;
    for (Value v : used)
      rebuildAt(b, v, launch.getBlockIds().z, map);
    launch.getBody().walk([&](Operation *op) {
      for (OpOperand &operand : op->getOpOperands())
        if (used.contains(operand.get()))
          operand.set(map.lookup(operand.get()));
    });
  }
  // The host-side views (innermost last) that no kernel reads any more.
  for (Operation *op : llvm::reverse(hostViews)) {
    if (!op->use_empty())
      continue;
    Operation *entry = op->hasAttr(kBatchViewAttr)
                           ? op->getOperand(0).getDefiningOp()
                           : nullptr;
    op->erase();
    if (entry && entry->use_empty())
      entry->erase();
  }
  return success();
}
