//===- WgmmaEpilogueOperand.cpp - rung wgmma: an M x N epilogue operand ---===//
//
// An epilogue operand with C's shape (a residual, an attention mask shared
// by the batch) read per element from global memory makes each warp's
// 2-byte loads touch eight rows at once; at attention's 32 x 2048 x 2048 x
// 128 with 128x128 tiles that doubled the kernel's time (51% of cuBLAS
// against 97% for the scale alone, an H100). Here the consumer's leader
// loads the operand's part of each staging box by TMA, in C's box layout
// (64 rows x 128 bytes, 128-byte swizzle), into boxes of its own beside the
// ring; the first ones at the tile's start, so they arrive while the tile's
// wgmmas run, the others as soon as their slot has been read. Each thread
// then reads its pairs where it writes C's: conflict-free 4-byte loads.
//
//===----------------------------------------------------------------------===//

#include "WgmmaKernelEmitter.h"

#include "gemm-opt/Transforms/Analysis/ChipInfo.h"
#include "gemm-opt/Transforms/Emit/BatchedLaunches.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::gemm_opt;
using namespace mlir::gemm_opt::wgmma;

std::pair<int64_t, int64_t>
WgmmaKernelEmitter::chooseStagedOperand() const {
  // Stream-K's tail tiles store C outside the tile loop that counts the
  // loads' phases; a dynamic M or batch count has no static map extents;
  // ping-pong consumers' tiles interleave, which the slots' prefetch of
  // the block's next tile does not follow.
  if (!plan.tmaStore || plan.streamK || plan.pingpong || p.dynamicM() ||
      p.batchRuntime || !p.epilogue)
    return {-1, 0};
  // The first step reading an M x N operand.
  ArrayRef<EpilogueStepAttr> steps = p.epilogue.getSteps();
  const auto *step = llvm::find_if(steps, [](EpilogueStepAttr s) {
    return !s.isUnary() && !s.getScalar() &&
           llvm::is_contained({"none", "batch", "group", "cycle"},
                              s.getBroadcast());
  });
  if (step == steps.end())
    return {-1, 0};
  Value e = p.epilogueOperands[step->getOperand()];
  auto type = cast<MemRefType>(e.getType());
  // C's box geometry needs C's element size; the tensor map a row-major
  // buffer (or a batch view of one, read like C's).
  if (type.getElementTypeBitWidth() != 8 * plan.cElemBytes ||
      !type.hasStaticShape() ||
      (!type.getLayout().isIdentity() && !getBatchedBuffer(e)))
    return {-1, 0};
  // Two tiles' boxes where they fit (the next tile's load during this one:
  // over a short K a tile's wgmmas end before a load started with them
  // arrives), else as many slots as fit, dividing the tile's boxes (every
  // slot then loads as often per tile: one phase count).
  const ChipInfo *chip = lookupChipInfo("sm_90a");
  int64_t boxes = plan.boxesPerTile(), index = step - steps.begin();
  auto fits = [&](int64_t slots) {
    int64_t barrierBytes = 8 * (plan.numBarriers() + slots * plan.consumers);
    return plan.sharedBytes() + operandStagingBytes(slots) + barrierBytes <=
           chip->maxSharedBytesPerBlock;
  };
  if (fits(2 * boxes))
    return {index, 2 * boxes};
  for (int64_t slots = boxes; slots >= 1; --slots)
    if (boxes % slots == 0 && fits(slots))
      return {index, slots};
  return {-1, 0};
}

Value WgmmaKernelEmitter::stagedOperandBuffer() const {
  return p.epilogueOperands[p.epilogue.getSteps()[operandStep].getOperand()];
}

Value WgmmaKernelEmitter::operandBox(Value slot) {
  auto ws = gpu::AddressSpaceAttr::get(b.getContext(),
                                       gpu::AddressSpace::Workgroup);
  Type elem = mapE.type.getTensor().getElementType();
  auto ty = MemRefType::get({64, plan.storeBoxCols()}, elem,
                            MemRefLayoutAttrInterface(), ws);
  // After C's staging boxes; 8 KB each keeps the 1024-byte alignment.
  Value off = add(add(pad, plan.stages * plan.stageBytes() +
                               plan.storeStagingBytes()),
                  mul(add(mul(wg, operandSlots), slot),
                      WgmmaGemmPlan::kStoreBoxBytes));
  return memref::ViewOp::create(b, ty, dyn, off, ValueRange{});
}

Value WgmmaKernelEmitter::operandSlot(int64_t box, Value localTile) {
  // Across tiles: tile l in slots (l % 2) * boxes + box.
  if (operandAcrossTiles())
    return add(
        mul(rem(localTile ? localTile : consumerTile, 2), plan.boxesPerTile()),
        box);
  return c(box % operandSlots);
}

void WgmmaKernelEmitter::issueOperandLoad(int64_t box, Value slot) {
  Value barrier = add(mul(wg, operandSlots), slot);
  // The slot's previous box was read by the warpgroup's threads (generic
  // proxy) before the named barrier this thread passed; the TMA unit
  // (async proxy) writes it next.
  NVVM::FenceProxyOp::create(
      b, NVVM::ProxyKind::async_shared,
      NVVM::SharedSpaceAttr::get(b.getContext(),
                                 NVVM::SharedSpace::shared_cta));
  nvgpu::MBarrierArriveExpectTxOp::create(
      b, operandBarriers, c(WgmmaGemmPlan::kStoreBoxBytes), barrier, Value());
  int64_t i = box / plan.storeBoxes(), q = box % plan.storeBoxes();
  Value row = add(add(blockRow, mul(rowWarpgroup(), plan.wgRows())), i * 64);
  // Coordinates innermost first, as C's TMA stores: (column, row).
  nvgpu::TmaAsyncLoadOp::create(
      b, operandBox(slot), operandBarriers, kernelMapE,
      ValueRange{add(blockCol, q * plan.storeBoxCols()), mapRow(mapE, row)},
      barrier, Value(), Value());
}

void WgmmaKernelEmitter::prefetchOperandBoxes(Value tile) {
  if (operandStep < 0)
    return;
  int64_t boxes = plan.boxesPerTile();
  ifThen(isWarpgroupLeader(), [&] {
    if (!operandAcrossTiles()) {
      for (int64_t box = 0; box < operandSlots; ++box)
        issueOperandLoad(box, operandSlot(box));
      return;
    }
    // The block's first tile loads its own boxes; every tile loads the
    // next one's (tile + blocks) into the other half, which the tile
    // before this one has read.
    ifThen(eq(consumerTile, 0), [&] {
      for (int64_t box = 0; box < boxes; ++box)
        issueOperandLoad(box, operandSlot(box));
    });
    Value next = add(tile, blocksValue());
    ifThen(ult(next, numTilesValue()), [&] {
      Value row = blockRow, col = blockCol, entry = batchIndex;
      setTile(next);
      Value nextLocal = add(consumerTile, 1);
      for (int64_t box = 0; box < boxes; ++box)
        issueOperandLoad(box, operandSlot(box, nextLocal));
      blockRow = row;
      blockCol = col;
      batchIndex = entry;
    });
  });
}

void WgmmaKernelEmitter::waitOperandBox(int64_t box) {
  // Load n of a slot completes its barrier's phase n: across tiles, one
  // load per slot every other tile; else the consumer's tile count times
  // the slot's loads per tile, plus this tile's earlier ones.
  Value n = operandAcrossTiles()
                ? div(consumerTile, 2)
                : add(mul(consumerTile, plan.boxesPerTile() / operandSlots),
                      box / operandSlots);
  nvgpu::MBarrierTryWaitParityOp::create(
      b, operandBarriers, parity(n), c(10000000),
      add(mul(wg, operandSlots), operandSlot(box)));
}

Value WgmmaKernelEmitter::readStagedOperand(int64_t box, Value row,
                                            Value col) {
  Value view = operandBox(operandSlot(box));
  Type elem = cast<MemRefType>(view.getType()).getElementType();
  Value pair = vector::LoadOp::create(
      b, VectorType::get({2}, elem), view, ValueRange{row, col},
      /*nontemporal=*/false, llvm::MaybeAlign(2 * plan.cElemBytes));
  auto f32Pair = VectorType::get({2}, b.getF32Type());
  Value wide = elem.isF32() ? pair : arith::ExtFOp::create(b, f32Pair, pair);
  EpilogueStepAttr step = p.epilogue.getSteps()[operandStep];
  if (double scale = step.getOperandScale().convertToDouble(); scale != 1.0)
    wide = arith::MulFOp::create(
        b, wide, vector::BroadcastOp::create(b, f32Pair, b.f32(scale)));
  return wide;
}
