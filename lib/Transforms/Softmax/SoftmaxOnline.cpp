//===- SoftmaxOnline.cpp - One read: online softmax in registers --------- ===//
//
// Ladder rung 'softmax-online' (seed 002: online softmax, register-resident
// row). Each element is read once and written once: a block per row, every
// thread holding its share of the row in registers, (max, sum) pairs
// combined with the online rescaling through a shared-memory tree. Expected:
// DRAM traffic at the minimum, but scalar 4-byte (2-byte) accesses and a
// barrier per tree level keep it below copy bandwidth (~70-85%). Rows too
// long for registers live in dynamic shared memory, else are re-read.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Passes.h"
#include "gemm-opt/Transforms/Heuristics/SoftmaxHeuristics.h"
#include "gemm-opt/Transforms/Softmax/SoftmaxRung.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMSOFTMAXONLINE
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {

struct GemmSoftmaxOnlinePass : public mlir::gemm_opt::impl::GemmSoftmaxOnlineBase<GemmSoftmaxOnlinePass> {
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
            func, "gemm-softmax-online", [&](const SoftmaxProblem &p) {
          return FailureOr<SoftmaxPlan>(chooseBlockPerRowPlan(p, *limits, /*vectorize=*/false));
        })))
      signalPassFailure();
  }
};

} // namespace
