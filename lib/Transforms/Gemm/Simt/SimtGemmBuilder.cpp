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

gpu::LaunchOp SimtKernelEmitter::emit() {
  int64_t gridX = ceilDiv(p.n, plan.bn), gridY = ceilDiv(p.m, plan.bm);
  int64_t splits = plan.splitK;
  if (splits > 1)
    scratch = memref::AllocOp::create(
        b, MemRefType::get({splits * p.m, ldOut}, b.getF32Type()));
  auto launch = createBlockTiledMatmulLaunch(
      b, gridX, gridY, threads, plan.sharedBytes(), "simt",
      kSimtPlanAttr, plan.toAttr(b.getContext()), splits);

  // Split-K: the reduction kernel may be scheduled once every block of
  // this grid has started; it takes SM slots as this grid's blocks leave
  // and waits for the partials itself (griddepcontrol.wait). Triggering at
  // the end of the K loop instead made ptxas spill the 1000x999x777 kernel.
  if (splits > 1 && plan.programmaticReduction)
    NVVM::GriddepcontrolOp::create(b,
                                   NVVM::GridDepActionKind::launch_dependents);
  tid = launch.getThreadIds().x;
  auto [bx, by] = groupBlockOrder(b, launch.getBlockIds().x,
                                  launch.getBlockIds().y, gridX, gridY,
                                  plan.groupM);
  blockRow = mul(by, plan.bm);
  blockCol = mul(bx, plan.bn);
  Value dyn = createKernelDynamicSharedMemory(b, plan.maxRegs, plan.readOnly);
  setUpSharedMemory(dyn);
  setUpThreadLayout();

  // Interior blocks: the whole tile lies inside M x N.
  int64_t fullX = p.n / plan.bn, fullY = p.m / plan.bm;
  std::optional<bool> known;
  if (fullX == gridX && fullY == gridY)
    known = true;
  else if (fullX == 0 || fullY == 0)
    known = false;
  Value interior;
  if (!known)
    interior = andi(ult(bx, fullX), ult(by, fullY));

  int64_t fullTiles = p.k / plan.bk;
  setUpKRangeAndOutput(launch, fullTiles);

  SmallVector<Value> acc(plan.tm * plan.tn, b.f32(0.0));
  SmallVector<Type> accTypes(acc.size(), b.getF32Type());
  if (fullTiles > 0) {
    acc = branch(
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
  }
  if (int64_t kRem = p.k % plan.bk) {
    // The K remainder, in the last split.
    auto tail = [&] {
      SmallVector<Value> a(acc);
      Value buf = c(0);
      loadTileSync(buf, c(p.k - kRem), /*guard=*/true);
      gpu::BarrierOp::create(b);
      compute(buf, kRem, a);
      return a;
    };
    acc = branch(splits > 1 ? std::nullopt : std::optional<bool>(true),
                 lastSplit, accTypes, tail, [&] { return acc; });
  }
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

void SimtKernelEmitter::setUpKRangeAndOutput(gpu::LaunchOp launch,
                                             int64_t fullTiles) {
  // Full K tiles of this block: all of them, or split z's share
  // [z*F/S, (z+1)*F/S) (every split gets at least one: S <= F).
  int64_t splits = plan.splitK;
  if (splits > 1) {
    Value z = launch.getBlockIds().z;
    tileStart = div(mul(z, fullTiles), splits);
    tileCount = sub(div(mul(add(z, 1), fullTiles), splits), tileStart);
    lastSplit = b.createOrFold<arith::CmpIOp>(arith::CmpIPredicate::eq, z,
                                              c(splits - 1));
    out = scratch;
    outRowOffset = mul(z, p.m);
    outAccumulate = false;
  } else {
    tileStart = c(0);
    tileCount = c(fullTiles);
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
  GemmProblem problem = transposeGemmOperands(
      b, createBatchViews(b, original), /*keepB=*/false);
  problem = stageGemmOperands(b, problem, plan.stageA && !original.transposeA,
                              plan.stageB && !original.transposeB);
  gpu::LaunchOp launch =
      SimtKernelEmitter(b, readPaddedAllocations(problem), plan).emit();
  if (failed(distributeBatchViews(launch->getParentOfType<func::FuncOp>())))
    return {};
  return launch;
}
