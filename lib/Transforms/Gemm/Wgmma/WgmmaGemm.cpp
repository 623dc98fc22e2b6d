//===- WgmmaGemm.cpp - rung wgmma: host side, launch and set-up -----------===//
//
// The `wgmma` rung's kernel builder (the kernel: WgmmaKernelEmitter.h): the
// host side (padded staging, the transposed copy of B for TF32, a tensor
// map per operand), the launch, and the set-up every variant of the kernel
// shares (thread ids, the ring's base, mbarriers, the maps' acquire and
// prefetch) before it picks the plain or the warp-specialized body.
//
//===----------------------------------------------------------------------===//

#include "WgmmaKernelEmitter.h"

#include "gemm-opt/Transforms/Emit/BatchedLaunches.h"
#include "gemm-opt/Transforms/Emit/PaddedStaging.h"
#include "gemm-opt/Transforms/Emit/SplitKReduction.h"
#include "gemm-opt/Transforms/Emit/TransposedCopy.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::gemm_opt;
using namespace mlir::gemm_opt::wgmma;

/// The 128-byte-swizzled tensor map over `source` in boxes of `box`
/// elements (outermost first): the host value the launch passes (its
/// device address) and its type.
static std::pair<Value, nvgpu::TensorMapDescriptorType>
createSwizzledMap(KernelBuilder &b, Value source, ArrayRef<int64_t> box) {
  MLIRContext *ctx = b.getContext();
  Type elem = cast<MemRefType>(source.getType()).getElementType();
  auto ws = gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
  auto boxType = MemRefType::get(box, elem, MemRefLayoutAttrInterface(), ws);
  auto type = nvgpu::TensorMapDescriptorType::get(
      ctx, boxType, nvgpu::TensorMapSwizzleKind::SWIZZLE_128B,
      nvgpu::TensorMapL2PromoKind::L2PROMO_256B,
      nvgpu::TensorMapOOBKind::OOB_ZERO,
      nvgpu::TensorMapInterleaveKind::INTERLEAVE_NONE);
  Value unranked = memref::CastOp::create(
      b, UnrankedMemRefType::get(elem, Attribute()), source);
  SmallVector<Value> sizes;
  for (int64_t size : box)
    sizes.push_back(b.index(size));
  Value desc = nvgpu::TmaCreateDescriptorOp::create(b, type, unranked, sizes);
  // The launch passes the map's device address as a 64-bit integer; the
  // kernel turns it back into the descriptor through a pointer. (A cast
  // pair descriptor -> ptr -> descriptor would fold away under
  // canonicalization and leave a kernel argument of descriptor type.)
  Value address =
      UnrealizedConversionCastOp::create(b, b.getI64Type(), desc).getResult(0);
  return {address, type};
}

TensorMap WgmmaKernelEmitter::createTensorMap(Value buffer, int64_t boxRows,
                                              int64_t boxCols) {
  // A batched operand: one 2-D map over its entries stacked row after row
  // (the 3-D buffer collapsed), the kernel offsetting its rows by the
  // entry. A box may run past an entry's last row into the next entry
  // (rows of A or B^T: C's rows and columns past M and N are not stored;
  // the rung keeps K-row operands to whole K tiles) but never past a
  // row's end: the K tail and padding columns still read as zeros.
  Value source = buffer;
  int64_t batchRows = 0;
  BatchSpan span = getBatchSpan(buffer);
  if (Value batched = getBatchedBuffer(buffer)) {
    auto full = cast<MemRefType>(batched.getType());
    auto view = cast<MemRefType>(buffer.getType());
    // An entry's rows: the view's, or more when a padded copy added zero
    // rows (a batched B's K rows; the map then reads those zeros).
    assert(view.getDimSize(0) <= full.getDimSize(1) && "a view of one entry");
    batchRows = full.getDimSize(1);
    int64_t rows = full.getDimSize(0) * batchRows;
    source = memref::CollapseShapeOp::create(
        b, batched, ArrayRef<ReassociationIndices>{{0, 1}, {2}});
    if (view.getDimSize(1) != full.getDimSize(2))
      source = memref::SubViewOp::create(
          b, source, ArrayRef<OpFoldResult>{b.getIndexAttr(0), b.getIndexAttr(0)},
          ArrayRef<OpFoldResult>{b.getIndexAttr(rows),
                                 b.getIndexAttr(view.getDimSize(1))},
          ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(1)});
  }
  auto [address, type] = createSwizzledMap(b, source, {boxRows, boxCols});
  return {address, type, batchRows, span};
}

TensorMap WgmmaKernelEmitter::createHeadsTensorMap(int64_t boxRows,
                                                   int64_t boxCols) {
  Value heads = getBatchedBuffer(p.c);
  assert(cast<MemRefType>(heads.getType()).getRank() == 4 &&
         cast<MemRefType>(heads.getType()).getDimSize(2) == p.cHeads &&
         "a C of heads views a [b, R, h, C] buffer");
  auto [address, mapType] =
      createSwizzledMap(b, heads, {1, boxRows, 1, boxCols});
  return {address, mapType, /*batchRows=*/0, BatchSpan(), p.cHeads};
}

std::pair<Value, Value> WgmmaKernelEmitter::hostGrid(int64_t gridX,
                                                     int64_t gridY,
                                                     int64_t blocks) {
  if (!p.dynamicM())
    return plan.warpSpecialized ? std::pair(c(blocks), c(1))
                                : std::pair(c(gridX), c(gridY));
  // A dynamic M: ceil(M / BM) block rows; the warp-specialized kernel's
  // blocks are its tiles, at most persistentBlocks of them. The manifest
  // writer reads these ops back as the grid's expressions of M.
  Value rows = b.createOrFold<arith::CeilDivUIOp>(p.mRuntime, c(plan.bm));
  if (!plan.warpSpecialized)
    return {c(gridX), rows};
  Value tiles = b.createOrFold<arith::MulIOp>(rows, c(gridX));
  if (plan.persistent)
    tiles = b.createOrFold<arith::MinUIOp>(tiles, c(plan.persistentBlocks));
  return {tiles, c(1)};
}

gpu::LaunchOp WgmmaKernelEmitter::emit() {
  MLIRContext *ctx = b.getContext();
  // Host side: the tensor maps of A (box BM x BK) and B (box BK x 64), or
  // for TF32 of B^T (box BN x BK) after the kernel that writes it.
  mapA = createTensorMap(p.a, plan.bm, plan.bk);
  if (kMajorB())
    mapB = createTensorMap(p.transposeB ? p.b : buildTransposedCopy(b, p.b),
                           plan.bn, plan.bk);
  else
    mapB = createTensorMap(p.b, plan.bk, 64);
  // C: boxes of 64 rows x 128 bytes, the staging buffers' layout.
  if (plan.tmaStore)
    mapC = p.cHeads > 1 ? createHeadsTensorMap(64, plan.storeBoxCols())
                        : createTensorMap(p.c, 64, plan.storeBoxCols());
  // The staged epilogue operand: C's boxes (WgmmaEpilogueOperand.cpp).
  if (operandStep >= 0)
    mapE = createTensorMap(stagedOperandBuffer(), 64, plan.storeBoxCols());

  int64_t gridX = ceilDiv(p.n, plan.bn), gridY = ceilDiv(p.m, plan.bm);
  // Split-K: the partials' scratch, rows padded to 16 bytes (the
  // reduction reads them 4 at a time).
  if (plan.splitK > 1) {
    ldPartials = ceilDiv(p.n, 4) * 4;
    partials = memref::AllocOp::create(
        b, MemRefType::get({plan.splitK * p.m, ldPartials}, b.getF32Type()));
  }
  // The warp-specialized kernel walks its tiles itself (1-D grid): one
  // block per tile (per split's tile), or at most `persistentBlocks` when
  // persistent.
  int64_t batch = getBatchedBuffer(p.c) ? p.batch : 1;
  int64_t blocks = gridX * gridY * plan.splitK * (foldsBatch() ? batch : 1);
  // Clusters: whole ones (the tiles come in whole clusters,
  // checkWgmmaCluster).
  int64_t cl = plan.clusterSize();
  if (plan.persistent)
    blocks = std::min(blocks, plan.persistentBlocks / cl * cl);
  if (plan.streamK)
    blocks = prepareStreamK(gridX * gridY, blocks);
  // Batched: the entries along z (the kernel may not touch C's view
  // itself, so distributeBatchViews would not see it), unless the
  // persistent blocks walk every entry's tiles.
  if (foldsBatch())
    batch = 1;
  auto [launchX, launchY] = hostGrid(gridX, gridY, blocks);
  auto launch = createBlockTiledMatmulLaunch(
      b, launchX, launchY, plan.threads(),
      plan.sharedBytes() + operandStagingBytes(operandSlots), "wgmma",
      kWgmmaPlanAttr, plan.toAttr(ctx), batch, cl);
  if (getBatchedBuffer(p.c) && p.batchRuntime)
    launch.getGridSizeZMutable().assign(p.batchRuntime);
  if (p.dynamicM())
    launch->setAttr(kDynamicRowsAttr, b.getUnitAttr());
  // (Folded: each tile's own, WgmmaKernelEmitter::setTile.)
  batchIndex = launch.getBlockIds().z;
  // Split-K: the reduction is a programmatic dependent launch, scheduled
  // once every block of this grid has started; its blocks take SMs as
  // these leave and wait for the partials themselves (griddepcontrol.wait).
  if (plan.splitK > 1)
    NVVM::GriddepcontrolOp::create(b,
                                   NVVM::GridDepActionKind::launch_dependents);

  auto toDescriptor = [&](const TensorMap &map) {
    Value ptr = LLVM::IntToPtrOp::create(b, LLVM::LLVMPointerType::get(ctx),
                                         map.hostAddress);
    return UnrealizedConversionCastOp::create(b, map.type, ptr).getResult(0);
  };
  kernelMapA = toDescriptor(mapA);
  kernelMapB = toDescriptor(mapB);
  if (plan.tmaStore)
    kernelMapC = toDescriptor(mapC);
  if (operandStep >= 0)
    kernelMapE = toDescriptor(mapE);
  accType = LLVM::LLVMStructType::getLiteral(
      ctx, SmallVector<Type>(plan.bn / 2, b.getF32Type()));

  tid = launch.getThreadIds().x;
  lane = rem(tid, 32);
  wg = div(tid, WgmmaGemmPlan::kWarpgroupThreads);
  warpInWg = rem(div(tid, 32), 4);
  isThread0 = eq(tid, 0);
  if (!plan.warpSpecialized) {
    auto [bx, by] =
        p.dynamicM()
            ? groupBlockOrder(b, launch.getBlockIds().x, launch.getBlockIds().y,
                              gridX, launch.getGridSize().y, plan.groupM)
            : groupBlockOrder(b, launch.getBlockIds().x, launch.getBlockIds().y,
                              gridX, gridY, plan.groupM);
    blockRow = mul(by, plan.bm);
    blockCol = mul(bx, plan.bn);
  }
  dyn = createKernelDynamicSharedMemory(b, plan.maxRegs,
                                        /*readOnlyInputs=*/true);
  setUpSharedMemory();
  setUpBarriers();

  if (plan.warpSpecialized) {
    emitSpecialized(launch, gridX, gridY, blocks);
    if (plan.splitK > 1) {
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPointAfter(launch);
      buildSplitKReduction(b, {partials, p.c, p.m, p.n, ldPartials, plan.splitK,
                               p.accumulate,
                               /*programmatic=*/true, &p});
    }
    return launch;
  }
  SmallVector<Value> acc = mainLoop();
  storeC(acc);
  return launch;
}

bool WgmmaKernelEmitter::computeFoldsBatch() const {
  // Epilogue operands: row and column vectors are shared by every entry; a
  // residual (or a mask per sequence or head) is a batch view, read per
  // entry at blockIdx.z, unless its one step is the staged one, whose
  // tensor map the tile's entry offsets.
  bool sharedEpilogue = llvm::all_of(
      llvm::enumerate(p.epilogue ? p.epilogue.getSteps()
                                 : ArrayRef<EpilogueStepAttr>()),
      [&](auto step) {
        int64_t e = step.value().getOperand();
        return e < 0 || !getBatchedBuffer(p.epilogueOperands[e]) ||
               static_cast<int64_t>(step.index()) == operandStep;
      });
  return p.isBatched() && getBatchedBuffer(p.c) && !p.batchRuntime &&
         !p.dynamicM() && plan.warpSpecialized && plan.persistent &&
         !plan.pingpong && plan.tmaStore && plan.splitK == 1 && sharedEpilogue;
}

SmallVector<Value, 4> WgmmaKernelEmitter::usedTensorMaps() {
  SmallVector<Value, 4> maps{kernelMapA, kernelMapB};
  if (plan.tmaStore)
    maps.push_back(kernelMapC);
  if (operandStep >= 0)
    maps.push_back(kernelMapE);
  return maps;
}

void WgmmaKernelEmitter::setUpBarriers() {
  MLIRContext *ctx = b.getContext();
  auto ws = gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
  auto barTy = nvgpu::MBarrierGroupType::get(ctx, ws, plan.numBarriers());
  barriers = nvgpu::MBarrierCreateOp::create(b, barTy);
  // The staged epilogue operand's: one per slot of each consumer, each
  // completed by its leader's expect_tx and the TMA load.
  if (operandStep >= 0)
    operandBarriers = nvgpu::MBarrierCreateOp::create(
        b,
        nvgpu::MBarrierGroupType::get(ctx, ws, operandSlots * plan.consumers));
  ifThen(isThread0, [&] {
    for (int64_t k = 0; k < operandSlots * plan.consumers; ++k)
      nvgpu::MBarrierInitOp::create(b, operandBarriers, c(1), c(k), Value());
    for (int64_t s = 0; s < plan.stages; ++s) {
      nvgpu::MBarrierInitOp::create(b, barriers, c(1), fullBarrier(c(s)),
                                    Value());
      // With a cluster, the consumer warps of every block release a slot.
      nvgpu::MBarrierInitOp::create(
          b, barriers, c(plan.consumerWarps() * plan.clusterSize()),
          emptyBarrier(c(s)), Value());
    }
    // Ping-pong: a turn completes when the 4 warps of the other
    // consumer have issued their K loop.
    if (plan.pingpong)
      for (int64_t k = 0; k < 2; ++k)
        nvgpu::MBarrierInitOp::create(b, barriers, c(plan.consumerWarps()),
                                      turnBarrier(c(k)), Value());
    // Make the initialised barriers visible to the TMA unit.
    NVVM::FenceMbarrierInitOp::create(b);
    // Thread 0 issues every TMA load (and prefetches C's map): acquire the
    // maps first, then prefetch them.
    for (Value map : usedTensorMaps()) {
      acquireTensorMap(map);
      nvgpu::TmaPrefetchOp::create(b, map, Value());
    }
  });
  // A cluster's peers multicast into this block and arrive on its
  // barriers: its barriers' init (fence.mbarrier_init.release.cluster
  // above) must be seen cluster-wide first.
  if (clustered())
    clusterSync();
  else
    gpu::BarrierOp::create(b);
}

gpu::LaunchOp mlir::gemm_opt::buildWgmmaGemmKernel(const GemmProblem &problem,
                                                   const WgmmaGemmPlan &plan,
                                                   Operation *before) {
  // A batched B's K rows reach the kernel through a copy padded to whole K
  // tiles (fitBatchedWgmmaPlan); a plan without it would read the next
  // entry's rows.
  if (batchedKRowMultiple(problem, plan) != 1 && !plan.stageB) {
    before->emitError("a wgmma plan for this batched matmul needs staged_b: "
                      "B's K = ")
        << problem.k << " rows must be padded to whole K tiles of " << plan.bk;
    return {};
  }
  KernelBuilder b(before->getLoc(), before);
  // Batched: every kernel on its batch entry (BatchedLaunches.h; the
  // tensor maps cover all entries, WgmmaKernelEmitter::createTensorMap).
  GemmProblem batched = createBatchViews(b, problem);
  // A stored transposed: its transposed copy (rows padded, never staged).
  // B stored transposed (N x K) is what the kernel reads K-major: as it is,
  // or through padded staging of its K-long rows.
  GemmProblem prepared = transposeGemmOperands(b, batched, /*keepB=*/true);
  // Padded staging (if any): the copies first, then the kernel on strided
  // views of them (the tensor maps take their logical extents and row
  // strides).
  GemmProblem staged = stageGemmOperands(b, prepared, plan.stageA, plan.stageB,
                                         batchedKRowMultiple(problem, plan));
  // Swap-AB: the kernel of C^T = B A^T, storing C transposed.
  GemmProblem swapped;
  if (plan.swapAB)
    swapped = swapGemmOperands(staged);
  if (std::string why = checkWgmmaCluster(plan.swapAB ? swapped : staged, plan);
      !why.empty()) {
    before->emitError("a wgmma plan with a cluster that this matmul cannot "
                      "take: ")
        << why;
    return {};
  }
  WgmmaKernelEmitter emitter(b, plan.swapAB ? swapped : staged, plan,
                             plan.swapAB ? &staged : nullptr);
  gpu::LaunchOp launch = emitter.emit();
  if (failed(distributeBatchViews(launch->getParentOfType<func::FuncOp>())))
    return {};
  // A kernel that walks every entry's tiles must not have read a batch
  // view (it would have been moved to grid z = batch, each block on its
  // z's entry).
  if (emitter.foldsBatch() && !isConstantIntValue(launch.getGridSizeZ(), 1)) {
    launch->emitError("internal: the wgmma kernel over every batch entry's "
                      "tiles reads a batch view");
    return {};
  }
  return launch;
}
