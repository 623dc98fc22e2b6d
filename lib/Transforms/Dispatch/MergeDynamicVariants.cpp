//===- MergeDynamicVariants.cpp - One kernel for ranges that plan alike ---===//
//
// gemm-merge-dynamic-variants: the ranges of M (DynamicRanges.cpp) are
// fixed before any plan exists; neighbouring ranges often get the same
// plan (the large ranges all take the persistent tiles, the swap-AB ranges
// below 8 rows one 8-row tile). Compiling such a kernel twice costs PTX
// generation — most of a dynamic compile — and buys nothing, so the
// smaller range's variant is dropped and the larger one's range extended.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Dispatch/DynamicVariants.h"
#include "gemm-opt/Transforms/Dispatch/OutlineKernelOps.h"
#include "gemm-opt/Transforms/Emit/KernelBuilder.h"
#include "gemm-opt/Transforms/Gemm/Simt/SimtGemm.h"
#include "gemm-opt/Transforms/Gemm/SmallM/SwapAbGemm.h"
#include "gemm-opt/Transforms/Gemm/Wgmma/WgmmaGemm.h"
#include "gemm-opt/Transforms/Passes.h"
#include "gemm-opt/Transforms/Softmax/SoftmaxKernels.h"

#include "mlir/IR/SymbolTable.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMMERGEDYNAMICVARIANTS
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

/// The function outlined for a kernel op that `op` calls, or null.
static func::FuncOp outlinedCallee(Operation *op) {
  auto call = dyn_cast<func::CallOp>(op);
  if (!call)
    return {};
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      call, call.getCalleeAttr());
  return callee && callee->hasAttr(kOutlinedOpAttr) ? callee : func::FuncOp();
}

/// What decides a variant's kernel: per launch its plan (wgmma, SIMT), and
/// for swap-AB the 8-row tiles of its planned M; empty when the variant cannot stand
/// for a smaller range (a static-M variant, another kernel, or aux launches).
static SmallVector<Attribute> kernelKey(func::FuncOp func) {
  SmallVector<Attribute> key;
  if (!getRuntimeRowsArgument(func))
    return {};
  bool ok = true;
  auto addLaunch = [&](gpu::LaunchOp launch) {
    auto problem = launch->getAttrOfType<MatmulProblemAttr>(kProblemAttr);
    Builder b(launch.getContext());
    if (Attribute plan = launch->getAttr(kSoftmaxPlanAttr);
        plan && launch->hasAttr(kDynamicRowsAttr)) {
      // A softmax of the token rows (several ops): its grid follows M.
      key.push_back(plan);
    } else if (Attribute plan = launch->getAttr(kWgmmaPlanAttr);
               plan && problem) {
      key.push_back(plan);
    } else if (Attribute plan = launch->getAttr(kSimtPlanAttr);
               plan && problem && launch->hasAttr(kDynamicRowsAttr)) {
      key.push_back(plan);
    } else if (Attribute plan = launch->getAttr(kSwapAbPlanAttr);
               plan && problem) {
      key.push_back(plan);
      key.push_back(b.getI64IntegerAttr(ceilDiv(problem.getM(), 8)));
    } else {
      ok = false;
    }
  };
  // Every op's kernels, in program order: in the variant, or in the
  // functions outlined for its ops (a variant of several ops).
  func.walk([&](Operation *op) {
    if (auto launch = dyn_cast<gpu::LaunchOp>(op)) {
      addLaunch(launch);
    } else if (func::FuncOp callee = outlinedCallee(op)) {
      if (!getRuntimeRowsArgument(callee))
        ok = false;
      callee.walk(addLaunch);
      // An op's kernels end where the next op's begin.
      key.push_back(Builder(op->getContext()).getUnitAttr());
    }
  });
  return ok ? key : SmallVector<Attribute>();
}

/// The functions outlined for the ops of `variant` (gemm-outline-kernel-ops).
static SmallVector<func::FuncOp> outlinedCallees(func::FuncOp variant) {
  SmallVector<func::FuncOp> callees;
  variant.walk([&](Operation *op) {
    if (func::FuncOp callee = outlinedCallee(op))
      callees.push_back(callee);
  });
  return callees;
}

void mlir::gemm_opt::mergeDynamicVariants(ModuleOp module) {
  // The variants in order; the functions outlined for their ops go with
  // them.
  SmallVector<func::FuncOp> funcs;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func->hasAttr(kOutlinedOpAttr))
      funcs.push_back(func);
  for (size_t i = 0; i + 1 < funcs.size(); ++i) {
    func::FuncOp small = funcs[i], large = funcs[i + 1];
    std::optional<DynamicVariant> a = getDynamicVariant(small);
    std::optional<DynamicVariant> b = getDynamicVariant(large);
    if (!a || !b || a->of != b->of || a->hi + 1 != b->lo)
      continue;
    SmallVector<Attribute> key = kernelKey(small);
    if (key.empty() || key != kernelKey(large))
      continue;
    auto dict = large->getAttrOfType<DictionaryAttr>(kVariantAttr);
    NamedAttrList attrs(dict);
    attrs.set("lo", IntegerAttr::get(IntegerType::get(module.getContext(), 64),
                                     a->lo));
    DictionaryAttr merged = attrs.getDictionary(module.getContext());
    large->setAttr(kVariantAttr, merged);
    for (func::FuncOp callee : outlinedCallees(large))
      callee->setAttr(kVariantAttr, merged);
    SmallVector<func::FuncOp> dropped = outlinedCallees(small);
    small.erase();
    for (func::FuncOp callee : dropped)
      callee.erase();
  }
}

namespace {
struct GemmMergeDynamicVariantsPass
    : public mlir::gemm_opt::impl::GemmMergeDynamicVariantsBase<
          GemmMergeDynamicVariantsPass> {
  void runOnOperation() override { mergeDynamicVariants(getOperation()); }
};
} // namespace
