//===- SoftmaxVector.cpp - 128-bit accesses, shuffles ------------- ===//
//
// Ladder rung 'softmax-vector' (seed 002: float4 accesses, warp shuffles).
// The online kernel with 16-byte loads and stores (4 x f32, 8 x f16/bf16;
// aligned because the vector width divides the static row length and
// buffers are 256-byte aligned) and reductions by butterfly shuffles inside
// each warp, then one shared-memory slot per warp and a single barrier.
// Expected: close to copy bandwidth wherever a block per row fills the GPU
// (medium rows); short rows waste threads, very long rows re-read.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Passes.h"
#include "gemm-opt/Transforms/Heuristics/SoftmaxHeuristics.h"
#include "gemm-opt/Transforms/Softmax/SoftmaxRung.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMSOFTMAXVECTOR
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {

struct GemmSoftmaxVectorPass : public mlir::gemm_opt::impl::GemmSoftmaxVectorBase<GemmSoftmaxVectorPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    FailureOr<const ChipInfo *> target = getChipInfo(func, chip);
    if (failed(target))
      return signalPassFailure();
    FailureOr<SoftmaxLimits> limits = makeSoftmaxLimits(
        func, **target, maxThreads, maxRegisterElems, maxSharedBytes);
    if (failed(limits))
      return signalPassFailure();
    if (failed(runSoftmaxRung(
            func, "gemm-softmax-vector", [&](const SoftmaxProblem &p) {
          return FailureOr<SoftmaxPlan>(chooseBlockPerRowPlan(p, *limits, /*vectorize=*/true));
        })))
      signalPassFailure();
  }
};

} // namespace
