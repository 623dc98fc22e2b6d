//===- SoftmaxThreePass.cpp - linalg.softmax -> three kernels -------------===//
//
// Ladder rung 'softmax-3pass' (seed 002, the textbook form): row max, row
// sum of exp(x - max), normalize, as three launches with the row statistics
// in scratch buffers. Each element is read three times and written once, so
// this rung runs at about half of copy bandwidth at best; it is the baseline
// the later rungs improve on.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Passes.h"
#include "gemm-opt/Transforms/Heuristics/SoftmaxHeuristics.h"
#include "gemm-opt/Transforms/Softmax/SoftmaxKernels.h"
#include "gemm-opt/Transforms/Emit/KernelBuilder.h"
#include "gemm-opt/Transforms/Analysis/RungApplicability.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMSOFTMAXTHREEPASS
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {

struct GemmSoftmaxThreePassPass
    : public mlir::gemm_opt::impl::GemmSoftmaxThreePassBase<
          GemmSoftmaxThreePassPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    // Its plan fits every chip (a block of at most 1024 threads, a few KB
    // of shared memory); the name is still checked.
    if (failed(getChipInfo(func, chip)))
      return signalPassFailure();
    if (blockThreads < 32 || blockThreads > 1024) {
      func.emitError("invalid option block-threads=")
          << static_cast<int64_t>(blockThreads) << ": need 32 <= block-threads <= 1024";
      return signalPassFailure();
    }
    SmallVector<Operation *> ops;
    func.walk([&](Operation *op) {
      if (isSoftmaxOp(op))
        ops.push_back(op);
    });
    // Nothing to lower: fine when the softmax kernels are already there
    // (this rung ran), an error at anything else it was asked to apply to.
    if (ops.empty() && findKernels(func, "softmax").empty() &&
        failed(checkNothingLeftFor(func, "gemm-softmax-three-pass",
                                   "a linalg.softmax on memrefs")))
      return signalPassFailure();
    for (Operation *nd : ops) {
      // The kernels are 2-D: an N-D softmax becomes that of its rows.
      FailureOr<Operation *> op = collapseSoftmaxToRows(nd);
      if (failed(op))
        return signalPassFailure();
      FailureOr<SoftmaxProblem> problem = analyzeSoftmaxProblem(*op);
      if (failed(problem))
        return signalPassFailure();
      recordSoftmaxRoles(func, *problem);
      OpBuilder builder(*op);
      buildSoftmaxKernels(builder, (*op)->getLoc(), *problem,
                          chooseThreePassPlan(*problem, blockThreads));
      recordSoftmaxProblemOnKernels(func, getSoftmaxProblemAttr(*problem));
      (*op)->erase();
    }
  }
};

} // namespace
