//===- StageRungsPass.cpp - A stage's rungs on every function -------------===//
//
// A rung is a function pass of one ladder, and on a function holding an op
// of the other ladder it fails by design (it was asked to apply to what it
// cannot compile). A function of several ops may hold both: an attention
// block is two matmuls and a softmax. gemm-outline-kernel-ops gives each of
// its ops a function of its own, marked with the op's ladder; this pass
// runs the stage's rungs on every function but those made for the other
// ladder's ops, which get a companion stage's rungs (getCompanionStage).
// A module of several functions may hold both too: a function of the other
// ladder's ops gets the companion's rungs, also where no function holds the
// stage's ladder's ops (a softmax compiled at stage wgmma is compiled at
// its companion, softmax-rows; before, the matmul rungs rejected it).
//
//===----------------------------------------------------------------------===//

#include "StageRungsPass.h"
#include "gemm-opt/Pipelines/Pipelines.h"
#include "gemm-opt/Support/SayOnce.h"
#include "gemm-opt/Transforms/Analysis/ModuleTarget.h"
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

  StageRungsPass() = default;
  StageRungsPass(const StageInfo &stage, StringRef companion,
                 const OpPassManager &stageRungs,
                 const OpPassManager &companionRungs) {
    this->stage = stage.name.str();
    this->ladder = stage.op.str();
    this->companion = companion.str();
    this->stageRungs.push_back(stageRungs);
    this->companionRungs.push_back(companionRungs);
  }
  StageRungsPass(const StageRungsPass &other) : PassWrapper(other) {
    copyOptionValuesFrom(&other);
  }

  StringRef getArgument() const override { return "gemm-stage-rungs"; }
  StringRef getDescription() const override {
    return "Run a stage's rung passes on every function, a companion "
           "stage's on the functions outlined for the other ladder's ops";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    for (const OpPassManager &rungs : stageRungs)
      rungs.getDependentDialects(registry);
    for (const OpPassManager &rungs : companionRungs)
      rungs.getDependentDialects(registry);
  }

  void runOnOperation() override {
    // Every function, as a nested pass manager would, so that each failing
    // function reports its error.
    SmallVector<func::FuncOp> funcs =
        llvm::to_vector(getOperation().getOps<func::FuncOp>());
    // The variants of a dynamic-M function are copies of its ops: a remark
    // the same at each is said once.
    SayOnceDiagnosticHandler once(&getContext());
    bool ok = true;
    for (func::FuncOp func : funcs) {
      auto outlined = func->getAttrOfType<StringAttr>(kOutlinedOpAttr);
      StringRef ops = outlined ? outlined.getValue() : opsLadder(func);
      bool other = !ops.empty() && ops != ladder;
      if (other && failed(checkCompanion(func))) {
        ok = false;
        continue;
      }
      for (OpPassManager &rungs : other ? companionRungs : stageRungs)
        ok &= succeeded(runPipeline(rungs, func));
    }
    if (!ok)
      signalPassFailure();
  }

private:
  /// The ladder of the kernel ops directly in `func` when they are all of
  /// one ("matmul" or "softmax"), else "".
  static StringRef opsLadder(func::FuncOp func) {
    StringRef found;
    for (Operation &op : func.getOps()) {
      if (!isKernelOp(&op))
        continue;
      StringRef l = getKernelOpLadder(&op);
      if (!found.empty() && found != l)
        return "";
      found = l;
    }
    return found;
  }

  /// The companion rungs were chosen for the chip the pipeline was asked
  /// for; a module whose target asks for other ones says so.
  LogicalResult checkCompanion(func::FuncOp func) {
    FailureOr<NVVM::NVVMTargetAttr> target = getModuleTarget(func);
    const StageInfo *info = lookupStage(stage);
    if (failed(target) || !info)
      return failure();
    if (!*target)
      return success();
    const StageInfo *wanted = getCompanionStage(*info, target->getChip());
    StringRef wantedName = wanted ? wanted->name : "";
    if (wantedName == companion.getValue())
      return success();
    return func.emitError("the ops of the other ladder in a function of "
                          "several ops are compiled, on target ")
           << *target << ", by the rungs of stage '" << wantedName
           << "', but this pipeline was built with those of '"
           << companion.getValue() << "' (for the chip it was asked for): "
           << "give the pipeline chip=" << target->getChip();
  }

  // Options, so that --dump-pass-pipeline shows the rungs (and the dump
  // parses again); one pipeline each (lists: the option type MLIR parses).
  Option<std::string> stage{*this, "stage",
                            llvm::cl::desc("The stage compiled")};
  Option<std::string> ladder{
      *this, "ladder", llvm::cl::desc("The stage's ladder: matmul or softmax")};
  Option<std::string> companion{
      *this, "companion",
      llvm::cl::desc("The stage whose rungs companion-rungs are")};
  ListOption<OpPassManager> stageRungs{
      *this, "stage-rungs",
      llvm::cl::desc("The stage's rungs (a func.func pipeline), on every "
                     "function but those of the other ladder's ops")};
  ListOption<OpPassManager> companionRungs{
      *this, "companion-rungs",
      llvm::cl::desc("The rungs (a func.func pipeline) for the functions "
                     "outlined for the other ladder's ops")};
};
} // namespace

std::unique_ptr<Pass>
mlir::gemm_opt::createStageRungsPass(const StageInfo &stage,
                                     StringRef companion,
                                     const OpPassManager &stageRungs,
                                     const OpPassManager &companionRungs) {
  return std::make_unique<StageRungsPass>(stage, companion, stageRungs,
                                          companionRungs);
}

void mlir::gemm_opt::registerStageRungsPass() {
  PassRegistration<StageRungsPass>();
}
