//===- SimtGemmBuilder.cpp - Emit a SIMT matmul kernel from a plan --------===//
//
// One kernel generator for every SIMT rung (the kernel:
// SimtKernelEmitter.h). This file holds its structure: the launch and the
// block's place, the interior and edge paths, the K range of a split and
// the K remainder, the epilogue and the split-K reduction launch.
//
//===----------------------------------------------------------------------===//

#include "SimtKernelEmitter.h"

#include "gemm-opt/Transforms/Emit/BatchedLaunches.h"
#include "gemm-opt/Transforms/Emit/PaddedStaging.h"
#include "gemm-opt/Transforms/Emit/TransposedCopy.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::gemm_opt;
using namespace mlir::gemm_opt::simt;

/// The row stride of the 2-D `c` when its layout gives one, else `n`.
static int64_t rowStrideOf(Value c, int64_t n) {
  auto type = cast<MemRefType>(c.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (type.getRank() != 2 ||
      failed(type.getStridesAndOffset(strides, offset)) ||
      ShapedType::isDynamic(strides[0]))
    return n;
  return strides[0];
}

SimtKernelEmitter::SimtKernelEmitter(KernelBuilder &b,
                                     const GemmProblem &problem,
                                     const SimtGemmPlan &plan)
    : KernelEmitterBase(b), p(problem), plan(plan) {
  threads = plan.threads();
  bool f32In = p.aType.isF32() && p.bType.isF32();
  // Row strides of A and B in elements: K and N, or the padded ones of
  // staged copies (the bounds stay p.k and p.n).
  int64_t ldA = cast<MemRefType>(p.a.getType()).getDimSize(1);
  int64_t ldB = cast<MemRefType>(p.b.getType()).getDimSize(1);
  vecA = plan.vectorWidth == 4 && f32In && ldA % 4 == 0 && plan.bk % 4 == 0 &&
         (plan.bm * plan.bk / 4) % threads == 0;
  vecB = plan.vectorWidth == 4 && f32In && ldB % 4 == 0 &&
         plan.bn % 4 == 0 && (plan.bk * plan.bn / 4) % threads == 0;
  // Split-K kernels store f32 partials to scratch, whose rows are padded
  // to 16 bytes: interior blocks store them in 128-bit stores and the
  // reduction reads them 4 at a time whatever N.
  outF32 = plan.splitK > 1 || p.cType.isF32();
  // C's rows are N elements apart, or h * N for a C of heads (its batch
  // view's layout), whose entries start at multiples of N.
  ldOut = plan.splitK > 1 ? ceilDiv(p.n, 4) * 4 : rowStrideOf(p.c, p.n);
  vecC = plan.vectorWidth == 4 && outF32 && ldOut % 4 == 0 &&
         (plan.splitK > 1 || p.n % 4 == 0) && plan.fragN % 4 == 0;
  smemVecA = plan.vectorWidth == 4 && plan.aTransposed &&
             plan.fragM % 4 == 0 && plan.aCols() % 4 == 0;
  smemVecB = plan.vectorWidth == 4 && plan.fragN % 4 == 0 &&
             plan.bCols() % 4 == 0;
  asyncCopies = plan.stages > 1 && f32In;
  if (p.simtReadsThroughViews()) {
    // Row strides known at run time: no 128-bit access is provably
    // aligned, and cp.async wants unit-stride rows.
    vecA = vecB = vecC = false;
    asyncCopies = asyncCopies && !p.transposeA && !p.transposeB;
  }
}

gpu::LaunchOp SimtKernelEmitter::emit() {
  int64_t gridX = ceilDiv(p.n, plan.bn), gridY = ceilDiv(p.m, plan.bm);
  int64_t splits = plan.splitK;
  if (splits > 1)
    scratch = memref::AllocOp::create(
        b, MemRefType::get({splits * p.m, ldOut}, b.getF32Type()));
  // Run-time sizes: the grid covers them, computed on the host.
  auto blocks = [&](Value size, int64_t tile, int64_t planned) {
    return size ? b.createOrFold<arith::CeilDivUIOp>(size, c(tile))
                : c(planned);
  };
  auto launch = createBlockTiledMatmulLaunch(
      b, blocks(p.nRuntime, plan.bn, gridX), blocks(p.mRuntime, plan.bm, gridY),
      threads, plan.sharedBytes(), "simt", kSimtPlanAttr,
      plan.toAttr(b.getContext()), splits);
  if (p.dynamicM())
    launch->setAttr(kDynamicRowsAttr, b.getUnitAttr());
  if (p.dynamicExtents())
    launch->setAttr(kDynamicExtentsAttr, b.getUnitAttr());
  // Batched through views: the entry offsets are computed here, not by
  // distributeBatchViews, which moves the other batched kernels to grid z.
  bool viewBatch = p.simtReadsThroughViews() && p.isBatched();
  if (viewBatch) {
    OpBuilder host(launch);
    launch.getGridSizeZMutable().assign(p.batchCount(host, launch.getLoc()));
  }

  // Split-K: the reduction kernel may be scheduled once every block of
  // this grid has started; it takes SM slots as this grid's blocks leave
  // and waits for the partials itself (griddepcontrol.wait). Triggering at
  // the end of the K loop instead made ptxas spill the 1000x999x777 kernel.
  if (splits > 1 && plan.programmaticReduction)
    NVVM::GriddepcontrolOp::create(b,
                                   NVVM::GridDepActionKind::launch_dependents);
  setUpRuntimeSizes(viewBatch ? launch.getBlockIds().z : Value());
  tid = launch.getThreadIds().x;
  auto [bx, by] =
      p.nRuntime ? std::pair{launch.getBlockIds().x, launch.getBlockIds().y}
      : p.dynamicM()
          ? groupBlockOrder(b, launch.getBlockIds().x, launch.getBlockIds().y,
                            gridX, launch.getGridSize().y, plan.groupM)
          : groupBlockOrder(b, launch.getBlockIds().x, launch.getBlockIds().y,
                            gridX, gridY, plan.groupM);
  blockRow = mul(by, plan.bm);
  blockCol = mul(bx, plan.bn);
  Value dyn = createKernelDynamicSharedMemory(b, plan.maxRegs, plan.readOnly);
  setUpSharedMemory(dyn);
  setUpThreadLayout();

  // Interior blocks: the whole tile lies inside M x N.
  int64_t fullX = p.n / plan.bn, fullY = p.m / plan.bm;
  std::optional<bool> known;
  if (p.dynamicM() || p.nRuntime)
    known = std::nullopt;
  else if (fullX == gridX && fullY == gridY)
    known = true;
  else if (fullX == 0 || fullY == 0)
    known = false;
  Value interior;
  if (!known)
    interior = andi(ult(bx, div(nDim, plan.bn)), ult(by, div(mDim, plan.bm)));

  setUpKRangeAndOutput(launch, div(kDim, plan.bk));
  SmallVector<Value> acc(plan.tm * plan.tn, b.f32(0.0));
  acc = fullTilesLoops(acc, known, interior);
  acc = remainderTile(acc);
  branch(
      known, interior, {},
      [&] {
        storeC(acc, /*guard=*/false);
        return SmallVector<Value>();
      },
      [&] {
        storeC(acc, /*guard=*/true);
        return SmallVector<Value>();
      });
  if (splits > 1) {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointAfter(launch);
    buildSplitKReduction(b, {scratch, p.c, p.m, p.n, ldOut, plan.splitK,
                             p.accumulate, plan.programmaticReduction, &p});
  }
  return launch;
}

void SimtKernelEmitter::setUpRuntimeSizes(Value entry) {
  mDim = p.rowsBound(b, b.getLoc());
  nDim = p.colsBound(b, b.getLoc());
  kDim = p.depthBound(b, b.getLoc());
  if (!p.simtReadsThroughViews())
    return;
  // A batched buffer's entry; a shared B (2-D) is every entry's.
  auto at = [&](Value buffer) {
    return cast<MemRefType>(buffer.getType()).getRank() == 3 ? entry : Value();
  };
  int64_t cRank = cast<MemRefType>(p.c.getType()).getRank();
  p.a = viewOfActualShape(b, p.a, mDim, kDim, p.transposeA, at(p.a));
  p.b = viewOfActualShape(b, p.b, kDim, nDim, p.transposeB, at(p.b));
  p.c = viewOfActualShape(b, p.c, mDim, nDim, /*transposed=*/false, at(p.c));
  p.transposeA = p.transposeB = false;
  // M x N operands (a residual, batched like C); rows and columns of a
  // scale or bias are read as they are.
  for (Value &e : p.epilogueOperands)
    if (cast<MemRefType>(e.getType()).getRank() == cRank)
      e = viewOfActualShape(b, e, mDim, nDim, /*transposed=*/false, at(e));
}

SmallVector<Value>
SimtKernelEmitter::fullTilesLoops(ArrayRef<Value> init,
                                  std::optional<bool> known, Value interior) {
  SmallVector<Value> acc(init);
  SmallVector<Type> accTypes(acc.size(), b.getF32Type());
  auto loops = [&] {
    return branch(
        known, interior, accTypes,
        [&] {
          return asyncCopies ? mainLoopPipelined(acc, /*guard=*/false)
                             : mainLoopSync(acc, /*guard=*/false);
        },
        [&] {
          return asyncCopies && plan.pipelineEdges
                     ? mainLoopPipelined(acc, /*guard=*/true)
                     : mainLoopSync(acc, /*guard=*/true);
        });
  };
  if (!p.kRuntime)
    return p.k / plan.bk > 0 ? loops() : acc;
  // The loops load their first tiles before testing the count.
  return branch(std::nullopt, ult(c(0), tileCount), accTypes, loops,
                [&] { return acc; });
}

SmallVector<Value> SimtKernelEmitter::remainderTile(ArrayRef<Value> init) {
  SmallVector<Value> acc(init);
  SmallVector<Type> accTypes(acc.size(), b.getF32Type());
  int64_t kRem = p.k % plan.bk;
  if (!p.kRuntime && !kRem)
    return acc;
  // A K remainder known at run time only is computed as a whole tile,
  // whose columns past K the guarded loads fill with zeros.
  auto tail = [&] {
    SmallVector<Value> a(acc);
    Value buf = c(0);
    Value k0 = p.kRuntime ? sub(kDim, rem(kDim, plan.bk)) : c(p.k - kRem);
    loadTileSync(buf, k0, TileBounds::All);
    gpu::BarrierOp::create(b);
    compute(buf, p.kRuntime ? plan.bk : kRem, a);
    return a;
  };
  std::optional<bool> known = std::optional<bool>(true);
  Value cond = lastSplit;
  if (plan.splitK > 1)
    known = std::nullopt;
  if (p.kRuntime) {
    known = std::nullopt;
    cond = ult(c(0), rem(kDim, plan.bk));
  }
  return branch(known, cond, accTypes, tail, [&] { return acc; });
}

void SimtKernelEmitter::setUpKRangeAndOutput(gpu::LaunchOp launch,
                                             Value fullTiles) {
  // Full K tiles of this block: all of them, or split z's share
  // [z*F/S, (z+1)*F/S) (every split gets at least one: S <= F).
  int64_t splits = plan.splitK;
  if (splits > 1) {
    Value z = launch.getBlockIds().z;
    tileStart = div(mul(z, p.k / plan.bk), splits);
    tileCount =
        sub(div(mul(add(z, 1), p.k / plan.bk), splits), tileStart);
    lastSplit = b.createOrFold<arith::CmpIOp>(arith::CmpIPredicate::eq, z,
                                              c(splits - 1));
    out = scratch;
    outRowOffset = mul(z, p.m);
    outAccumulate = false;
  } else {
    tileStart = c(0);
    tileCount = fullTiles;
    out = p.c;
    outRowOffset = c(0);
    outAccumulate = p.accumulate;
  }
}

SmallVector<Value> SimtKernelEmitter::branch(
    std::optional<bool> known, Value cond, TypeRange types,
    function_ref<SmallVector<Value>()> thenFn,
    function_ref<SmallVector<Value>()> elseFn) {
  if (known)
    return *known ? thenFn() : elseFn();
  auto ifOp = scf::IfOp::create(b, types, cond, /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard g(b);
    // Without results the builder already terminated both blocks.
    auto fill = [&](Region &region, function_ref<SmallVector<Value>()> fn) {
      Block &block = region.front();
      if (types.empty()) {
        b.setInsertionPoint(block.getTerminator());
        fn();
      } else {
        b.setInsertionPointToStart(&block);
        scf::YieldOp::create(b, fn());
      }
    };
    fill(ifOp.getThenRegion(), thenFn);
    fill(ifOp.getElseRegion(), elseFn);
  }
  return SmallVector<Value>(ifOp.getResults());
}

gpu::LaunchOp mlir::gemm_opt::buildSimtGemmKernel(const GemmProblem &original,
                                                  const SimtGemmPlan &plan,
                                                  Operation *before) {
  KernelBuilder b(before->getLoc(), before);
  // Operands stored transposed: transposed copies first, whose padded rows
  // also serve as the staging of that operand. Padded staging of the
  // others: the copy kernel first. This kernel then reads the padded
  // buffers themselves, within the logical bounds of the problem. Batched:
  // every kernel on its batch entry (BatchedLaunches.h).
  // Run-time sizes: the kernel views every operand in place, a batched
  // one at its entry.
  bool views = original.simtReadsThroughViews();
  GemmProblem problem = views ? original : createBatchViews(b, original);
  if (!views)
    problem = transposeGemmOperands(b, problem, /*keepB=*/false);
  problem = stageGemmOperands(b, problem, plan.stageA && !original.transposeA,
                              plan.stageB && !original.transposeB);
  gpu::LaunchOp launch =
      SimtKernelEmitter(b, readPaddedAllocations(problem), plan).emit();
  if (failed(distributeBatchViews(launch->getParentOfType<func::FuncOp>())))
    return {};
  return launch;
}
