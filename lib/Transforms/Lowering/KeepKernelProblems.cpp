//===- KeepKernelProblems.cpp - Problems onto functions before outlining -===//
//
// Kernel outlining drops every attribute of a gpu.launch; the manifest
// writer still needs the problem each compiled function solves. This pass
// copies the distinct problems of a function's launches onto the function
// (`gemm_opt.problems`); the manifest writer decides how many it accepts.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Passes.h"

#include "llvm/ADT/SetVector.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMKEEPKERNELPROBLEMS
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {
struct GemmKeepKernelProblemsPass
    : public mlir::gemm_opt::impl::GemmKeepKernelProblemsBase<
          GemmKeepKernelProblemsPass> {
  void runOnOperation() override {
    getOperation().walk([](func::FuncOp func) {
      llvm::SetVector<Attribute> problems;
      func.walk([&](gpu::LaunchOp launch) {
        if (Attribute problem = launch->getAttr(kProblemAttr))
          problems.insert(problem);
      });
      if (!problems.empty())
        func->setAttr(kFunctionProblemsAttr,
                      ArrayAttr::get(func.getContext(),
                                     problems.getArrayRef()));
    });
  }
};
} // namespace
