//===- KeepKernelProblems.cpp - Problems onto functions before outlining -===//
//
// Kernel outlining drops every attribute of a gpu.launch; the manifest
// writer still needs the problem each compiled function solves. This pass
// copies the distinct problems of a function's launches onto the function
// (`gemm_opt.problems`); the manifest writer decides how many it accepts.
// It is also the last point where a launch says how it was built: a
// variant of a dynamic-M function whose kernel does not bound its rows by
// the actual M (kDynamicRowsAttr) is an error here, not a wrong result.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Dispatch/DynamicVariants.h"

#include "llvm/ADT/StringSet.h"
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
    bool ok = true;
    // One error per dynamic source function, not one per variant.
    llvm::StringSet<> reported;
    getOperation().walk([&](func::FuncOp func) {
      llvm::SetVector<Attribute> problems;
      bool dynamic = static_cast<bool>(getRuntimeRowsArgument(func));
      func.walk([&](gpu::LaunchOp launch) {
        if (Attribute problem = launch->getAttr(kProblemAttr))
          problems.insert(problem);
        if (dynamic && !launch->hasAttr(kDynamicRowsAttr) &&
            reported.insert(getDynamicVariant(func)->of).second) {
          auto mapping = launch->getAttrOfType<StringAttr>(kMappingAttr);
          launch.emitError("a matmul with a dynamic M: the ")
              << (mapping ? mapping.getValue() : StringRef("copy"))
              << " kernel of this variant compiles a static M only; the "
                 "wgmma stage's wgmma, GEMV and swap-AB kernels take M at "
                 "run time (A's rows must be whole 16-byte chunks)";
        }
        if (dynamic && !launch->hasAttr(kDynamicRowsAttr))
          ok = false;
      });
      if (!problems.empty())
        func->setAttr(kFunctionProblemsAttr,
                      ArrayAttr::get(func.getContext(),
                                     problems.getArrayRef()));
    });
    if (!ok)
      signalPassFailure();
  }
};
} // namespace
