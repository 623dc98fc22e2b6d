//===- StageRungsPass.cpp - A stage's rungs on every function -------------===//
//
// A rung is a function pass of one ladder, and on a function holding an op
// of the other ladder it fails by design (it was asked to apply to what it
// cannot compile). A function of several ops may hold both: an attention
// block is two matmuls and a softmax. gemm-outline-kernel-ops gives each of
// its ops a function of its own, marked with the op's ladder; this pass
// runs the stage's rungs on every function but those made for the other
// ladder's ops, which get a companion stage's rungs (getCompanionStage).
// A module of one op runs exactly the rungs it ran before.
//
//===----------------------------------------------------------------------===//

#include "StageRungsPass.h"
#include "gemm-opt/Transforms/Dispatch/OutlineKernelOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {
class StageRungsPass
    : public PassWrapper<StageRungsPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(StageRungsPass)

  StageRungsPass(StringRef ladder, OpPassManager stageRungs,
                 OpPassManager companionRungs)
      : ladder(ladder.str()), stageRungs(std::move(stageRungs)),
        companionRungs(std::move(companionRungs)) {}
  StageRungsPass(const StageRungsPass &other)
      : PassWrapper(other), ladder(other.ladder), stageRungs(other.stageRungs),
        companionRungs(other.companionRungs) {}

  StringRef getArgument() const override { return "gemm-stage-rungs"; }
  StringRef getDescription() const override {
    return "Run a stage's rung passes on every function, the companion "
           "ladder's on functions outlined for its ops";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    stageRungs.getDependentDialects(registry);
    companionRungs.getDependentDialects(registry);
  }

  void runOnOperation() override {
    // Every function, as a nested pass manager would, so that each failing
    // function reports its error.
    bool ok = true;
    for (auto func : llvm::to_vector(getOperation().getOps<func::FuncOp>())) {
      auto outlined = func->getAttrOfType<StringAttr>(kOutlinedOpAttr);
      bool companion = outlined && outlined.getValue() != ladder;
      ok &=
          succeeded(runPipeline(companion ? companionRungs : stageRungs, func));
    }
    if (!ok)
      signalPassFailure();
  }

private:
  std::string ladder;
  OpPassManager stageRungs, companionRungs;
};
} // namespace

std::unique_ptr<Pass>
mlir::gemm_opt::createStageRungsPass(StringRef ladder, OpPassManager stageRungs,
                                     OpPassManager companionRungs) {
  return std::make_unique<StageRungsPass>(ladder, std::move(stageRungs),
                                          std::move(companionRungs));
}
