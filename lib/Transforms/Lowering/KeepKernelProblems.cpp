//===- KeepKernelProblems.cpp - Problems onto functions before outlining -===//
//
// Kernel outlining drops every attribute of a gpu.launch; the manifest
// writer still needs the problem each compiled function solves. This pass
// copies the distinct problems of a function's launches onto the function
// (`gemm_opt.problems`); the manifest writer decides how many it accepts.
// It is also the last point where a launch says how it was built: a
// variant of a dynamic function whose kernel does not bound its rows by
// the actual M (kDynamicRowsAttr; a transposed copy of B has none), or its
// columns and K by the actual N and K (kDynamicExtentsAttr), or whose grid
// z is not a dynamic batch count, is an error here, not a wrong result.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Dispatch/DynamicVariants.h"
#include "gemm-opt/Transforms/Emit/TransposedCopy.h"

#include "gemm-opt/Transforms/Passes.h"
#include "gemm-opt/Transforms/Softmax/SoftmaxKernels.h"
#include "llvm/ADT/StringSet.h"

#include "llvm/ADT/SetVector.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMKEEPKERNELPROBLEMS
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

/// Whether `launch` computes a batched matmul (more than one entry).
static bool batchedProblem(gpu::LaunchOp launch) {
  auto problem = launch->getAttrOfType<MatmulProblemAttr>(kProblemAttr);
  return problem && problem.getBatch() > 1;
}

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
      bool dynamicM = getRuntimeRowsArgument(func) ||
                      getRuntimeSizeArgument(func, kSoftmaxRowsSymbol);
      bool dynamicNK = getRuntimeSizeArgument(func, "N") ||
                       getRuntimeSizeArgument(func, "K") ||
                       getRuntimeSizeArgument(func, kSoftmaxColsSymbol);
      Value batch = getRuntimeSizeArgument(func, kBatchSymbol);
      func.walk([&](gpu::LaunchOp launch) {
        if (Attribute problem = launch->getAttr(kProblemAttr))
          problems.insert(problem);
        // Every kernel of a dynamic batch runs one entry per block z; a
        // softmax's (of a batch count several ops share) the entries' rows,
        // its grid from the count (gemm_opt.dynamic_rows).
        auto kind = launch->getAttrOfType<StringAttr>(kKernelAttr);
        bool softmax = kind && kind.getValue() == "softmax";
        if (batch && !softmax && launch.getGridSizeZ() != batch) {
          ok = false;
          if (reported.insert(getDynamicVariant(func)->of).second)
            launch.emitError("a batched matmul with a dynamic batch count: "
                             "this kernel's grid z is not the count, so it "
                             "would run the planned entries");
          return;
        }
        // The transposed copy of a 2-D B (TF32 wgmma with B stored K x N)
        // has no row of M: it runs alike for any M.
        bool noRowsOfM = kind && kind.getValue() == kTransposedCopyKind;
        bool takesSizes = (!(dynamicM || (batch && softmax)) || noRowsOfM ||
                           launch->hasAttr(kDynamicRowsAttr)) &&
                          (!dynamicNK || launch->hasAttr(kDynamicExtentsAttr));
        if (takesSizes)
          return;
        ok = false;
        if (!reported.insert(getDynamicVariant(func)->of).second)
          return;
        auto mapping = launch->getAttrOfType<StringAttr>(kMappingAttr);
        StringRef kernel = mapping ? mapping.getValue() : StringRef("copy");
        // A softmax of a variant of several ops takes the token count M.
        if (getRuntimeSizeArgument(func, kSoftmaxRowsSymbol) ||
            getRuntimeSizeArgument(func, kSoftmaxColsSymbol) ||
            launch->hasAttr(kSoftmaxPlanAttr) || softmax)
          launch.emitError("a softmax with a dynamic row or column count: "
                           "the ")
              << kernel
              << " kernel of this variant compiles static sizes only; the "
                 "online kernels (stages softmax-online, softmax-vector, "
                 "softmax-rows) take them at run time";
        else if (dynamicNK || batchedProblem(launch))
          launch.emitError(dynamicNK ? "a matmul with a dynamic N or K: the "
                                     : "a batched matmul with a dynamic M: "
                                       "the ")
              << kernel
              << " kernel of this variant compiles static sizes only; the "
                 "SIMT kernels of the stages from shared-memory tiling up "
                 "take M, N and K at run time";
        else
          launch.emitError("a matmul with a dynamic M: the ")
              << kernel
              << " kernel of this variant compiles a static M only; the "
                 "SIMT kernels of the stages from shared-memory tiling "
                 "up and the wgmma stage's wgmma, GEMV and swap-AB kernels "
                 "take M at run time (A's rows must be whole 16-byte "
                 "chunks for the tensor-core ones)";
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
