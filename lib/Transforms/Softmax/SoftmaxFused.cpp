//===- SoftmaxFused.cpp - One softmax kernel, three sweeps ----------------===//
//
// Ladder rung 'softmax-fused' (seed 002: "even fused into one kernel, every
// sweep is still a read of global memory"). One launch, a block per row, two
// shared-memory tree reductions; no scratch buffers. The second and third
// sweeps mostly hit L1/L2, so it gains over three kernels, but it is still
// scalar and barrier-bound.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Passes.h"
#include "gemm-opt/Transforms/Heuristics/SoftmaxHeuristics.h"
#include "gemm-opt/Transforms/Softmax/SoftmaxRung.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMSOFTMAXFUSED
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {

struct GemmSoftmaxFusedPass
    : public mlir::gemm_opt::impl::GemmSoftmaxFusedBase<GemmSoftmaxFusedPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    // The fused plan fits every chip (a block of at most 1024 threads, a
    // few KB of shared memory); the name is still checked.
    if (failed(getChipInfo(func, chip)))
      return signalPassFailure();
    if (blockThreads < 32 || blockThreads > 1024) {
      func.emitError("invalid option block-threads=")
          << static_cast<int64_t>(blockThreads) << ": need 32 <= block-threads <= 1024";
      return signalPassFailure();
    }
    if (failed(runSoftmaxRung(
            func, "gemm-softmax-fused", [&](const SoftmaxProblem &p) {
          return FailureOr<SoftmaxPlan>(chooseFusedPlan(p, blockThreads));
        })))
      signalPassFailure();
  }
};

} // namespace
