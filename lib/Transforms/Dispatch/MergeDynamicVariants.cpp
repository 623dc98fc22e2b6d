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
#include "gemm-opt/Transforms/Emit/KernelBuilder.h"
#include "gemm-opt/Transforms/Gemm/Simt/SimtGemm.h"
#include "gemm-opt/Transforms/Gemm/SmallM/SwapAbGemm.h"
#include "gemm-opt/Transforms/Gemm/Wgmma/WgmmaGemm.h"
#include "gemm-opt/Transforms/Passes.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMMERGEDYNAMICVARIANTS
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

/// What decides a variant's kernel: per launch its plan (wgmma, SIMT), and
/// for swap-AB the 8-row tiles of its planned M; empty when the variant cannot stand
/// for a smaller range (a static-M variant, another kernel, or aux launches).
static SmallVector<Attribute> kernelKey(func::FuncOp func) {
  SmallVector<Attribute> key;
  if (!getRuntimeRowsArgument(func))
    return {};
  bool ok = true;
  func.walk([&](gpu::LaunchOp launch) {
    auto problem = launch->getAttrOfType<MatmulProblemAttr>(kProblemAttr);
    Builder b(launch.getContext());
    if (Attribute plan = launch->getAttr(kWgmmaPlanAttr); plan && problem) {
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
  });
  return ok ? key : SmallVector<Attribute>();
}

void mlir::gemm_opt::mergeDynamicVariants(ModuleOp module) {
  SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
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
    large->setAttr(kVariantAttr, attrs.getDictionary(module.getContext()));
    small.erase();
  }
}

namespace {
struct GemmMergeDynamicVariantsPass
    : public mlir::gemm_opt::impl::GemmMergeDynamicVariantsBase<
          GemmMergeDynamicVariantsPass> {
  void runOnOperation() override { mergeDynamicVariants(getOperation()); }
};
} // namespace
