//===- NaiveThreadMapping.cpp - linalg.matmul -> one thread per output ----===//
//
// Ladder rung 'naive' (seed 000 v0): each thread owns one element of C and
// walks K; threadIdx.x indexes rows. The kernel keeps this deliberately poor
// mapping so that the next rung (gemm-coalesce) has something to fix.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Emit/BatchedLaunches.h"
#include "gemm-opt/Transforms/Emit/Epilogue.h"
#include "gemm-opt/Transforms/Emit/KernelBuilder.h"
#include "gemm-opt/Transforms/Passes.h"
#include "gemm-opt/Transforms/Analysis/ChipInfo.h"
#include "gemm-opt/Transforms/Analysis/RungApplicability.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMNAIVE
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {

/// Emits the kernel body for one thread: C[row, col] (+)= sum_k A*B (of
/// its batch entry, blockIdx.z, when batched).
static LogicalResult buildNaiveKernel(const GemmProblem &problem,
                                      int64_t blockDim) {
  Operation *op = problem.op;
  KernelBuilder b(op->getLoc(), problem.kernelInsertionPoint());
  GemmProblem p = createBatchViews(b, problem);
  gpu::LaunchOp launch =
      createStaticLaunch(b, {ceilDiv(p.m, blockDim), ceilDiv(p.n, blockDim), 1},
                         {blockDim, blockDim, 1});
  launch->setAttr(kKernelAttr, b.getStringAttr("matmul"));
  launch->setAttr(kMappingAttr, b.getStringAttr("x-rows"));
  launch->setAttr(kProblemAttr, getMatmulProblemAttr(p));

  gpu::KernelDim3 blockIds = launch.getBlockIds();
  gpu::KernelDim3 threadIds = launch.getThreadIds();
  Value row = b.add(b.mul(blockIds.x, blockDim), threadIds.x);
  Value col = b.add(b.mul(blockIds.y, blockDim), threadIds.y);
  Value inBounds = b.andi(b.ult(row, p.m), b.ult(col, p.n));

  auto ifOp = scf::IfOp::create(b, inBounds, /*withElseRegion=*/false);
  b.setInsertionPointToStart(&ifOp.getThenRegion().front());
  Value init = p.accumulate ? b.loadF32(p.c, {row, col}) : b.f32(0.0);
  auto loop = scf::ForOp::create(b, b.index(0), b.index(p.k), b.index(1),
                                 ValueRange{init});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value kIv = loop.getInductionVar();
    // Operands stored transposed are read as stored (K x M, N x K).
    Value a = p.transposeA ? b.loadF32(p.a, {kIv, row})
                           : b.loadF32(p.a, {row, kIv});
    Value bv = p.transposeB ? b.loadF32(p.b, {col, kIv})
                            : b.loadF32(p.b, {kIv, col});
    Value acc = math::FmaOp::create(b, a, bv, loop.getRegionIterArgs()[0]);
    scf::YieldOp::create(b, acc);
  }
  b.storeFromF32(applyEpilogue(b, p, row, col, loop.getResult(0)), p.c,
                 {row, col});
  return distributeBatchViews(launch->getParentOfType<func::FuncOp>());
}

struct GemmNaivePass : public mlir::gemm_opt::impl::GemmNaiveBase<GemmNaivePass> {
  using Base::Base;

  void runOnOperation() override {
    // block-dim^2 threads per block, at most 1024 on every CUDA GPU.
    if (blockDim < 1 || blockDim > 32) {
      getOperation().emitError("invalid option block-dim=")
          << static_cast<int64_t>(blockDim)
          << ": need 1 <= block-dim <= 32 (block-dim^2 threads per block)";
      return signalPassFailure();
    }
    if (failed(getChipInfo(getOperation(), chip)))
      return signalPassFailure();
    SmallVector<linalg::LinalgOp> matmuls = collectGemmOps(getOperation());
    // Nothing to lower: fine when the matmul kernel is already there (this
    // rung ran), an error at anything else it was asked to apply to.
    if (matmuls.empty() && findKernels(getOperation(), "matmul").empty() &&
        failed(checkNothingLeftFor(getOperation(), "gemm-naive",
                                   "a linalg.matmul or linalg.batch_matmul "
                                   "on memrefs")))
      return signalPassFailure();
    for (linalg::LinalgOp op : matmuls) {
      FailureOr<GemmProblem> problem = analyzeGemmProblem(op);
      if (failed(problem))
        return signalPassFailure();
      recordGemmRoles(*problem);
      if (failed(buildNaiveKernel(*problem, blockDim)))
        return signalPassFailure();
      problem->eraseReplacedOps();
    }
  }
};

} // namespace
