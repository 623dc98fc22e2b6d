//===- AssignTargetPass.cpp - The target a stage is compiled for ----------===//
//
// A stage pipeline is built before it sees the module, so the chip it was
// asked for (or sm_90) is only a default: as IREE's
// iree-hal-assign-target-devices turns its flags into the module's
// `hal.device.targets` unless the module has them, this pass records the
// default target on a module that names none (ModuleTarget.h), and checks a
// target the module names against the stage and the option. The rungs, the
// lowering and the manifest then all read the one attribute.
//
//===----------------------------------------------------------------------===//

#include "AssignTargetPass.h"
#include "gemm-opt/Pipelines/Pipelines.h"
#include "gemm-opt/Transforms/Analysis/ChipInfo.h"
#include "gemm-opt/Transforms/Analysis/ModuleTarget.h"

#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace mlir::gemm_opt;

/// The PTX ISA version a target's features ask for ("+ptx83" -> 83), or 0
/// when they name none (the backend then takes the chip's oldest).
static unsigned ptxIsaVersion(StringRef features) {
  unsigned version = 0;
  SmallVector<StringRef> parts;
  features.split(parts, ',');
  for (StringRef part : parts) {
    part = part.trim();
    unsigned v;
    if (part.consume_front("+ptx") && !part.getAsInteger(10, v))
      version = std::max(version, v);
  }
  return version;
}

namespace {
class AssignTargetPass
    : public PassWrapper<AssignTargetPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(AssignTargetPass)

  AssignTargetPass() = default;
  AssignTargetPass(StringRef stage, StringRef chip) {
    this->stage = stage.str();
    this->chip = chip.str();
  }
  AssignTargetPass(const AssignTargetPass &other) : PassWrapper(other) {
    copyOptionValuesFrom(&other);
  }

  StringRef getName() const override { return "GemmAssignTarget"; }
  StringRef getArgument() const override { return "gemm-assign-target"; }
  StringRef getDescription() const override {
    return "Record on the module the target a stage is compiled for "
           "(gemm_opt.target), unless it names one";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<NVVM::NVVMDialect>();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    const StageInfo *info = lookupStage(stage);
    if (!info) {
      module.emitError("unknown stage '")
          << stage << "'; known stages: " << listStageNames();
      return signalPassFailure();
    }
    FailureOr<NVVM::NVVMTargetAttr> named = getModuleTarget(module);
    if (failed(named))
      return signalPassFailure();
    std::string error;
    // The option, as the stage resolves it (sm_90 is sm_90a for wgmma).
    FailureOr<std::string> asked = resolveStageChip(
        *info, chip.empty() ? StringRef(kDefaultChip) : StringRef(chip),
        error);
    if (!*named) {
      if (failed(asked)) {
        module.emitError(error);
        return signalPassFailure();
      }
      if (!lookupChipInfo(*asked)) {
        module.emitError("unsupported chip '")
            << *asked << "'; expected one of " << listSupportedChips();
        return signalPassFailure();
      }
      module->setAttr(kTargetAttr, buildDefaultTarget(&getContext(), *asked));
      return;
    }
    StringRef target = named->getChip();
    if (!chip.empty() && (failed(asked) || *asked != target)) {
      emitChipConflict(module, chip, *named);
      return signalPassFailure();
    }
    // The module's target is compiled for as written: it must run every
    // rung of the stage itself (no sm_90 -> sm_90a upgrade).
    FailureOr<std::string> resolved = resolveStageChip(*info, target, error);
    if (failed(resolved)) {
      module.emitError(error) << " (the module's target is " << *named << ")";
      return signalPassFailure();
    }
    if (*resolved != target) {
      module.emitError("stage '")
          << stage << "' needs " << *resolved
          << " (wgmma, TMA, mbarrier transactions); the module's target "
          << *named << " names " << target << ": name chip = \"" << *resolved
          << "\" (with features = \"+ptx83\") in it, or use a stage up to "
             "'mma'";
      return signalPassFailure();
    }
    // The architecture-specific rungs emit PTX ISA 8.3 instructions (TMA's
    // tensor-map fences), which the NVPTX backend cannot select for an
    // older ISA: it would abort in the middle of the lowering.
    if (stageArchChip(*info) == "sm_90a" &&
        ptxIsaVersion(named->getFeatures()) < 83) {
      module.emitError("stage '")
          << stage << "' emits PTX ISA 8.3 instructions (wgmma, TMA); the "
          << "module's target " << *named << " has features = \""
          << named->getFeatures() << "\": name features = \"+ptx83\" (or "
          << "later) in it, or use a stage up to 'mma'";
      return signalPassFailure();
    }
  }

private:
  // Options, so that --dump-pass-pipeline shows them (and the dump parses).
  Option<std::string> stage{*this, "stage",
                            llvm::cl::desc("The stage compiled")};
  Option<std::string> chip{
      *this, "chip",
      llvm::cl::desc("The chip asked for ('' = the module's target, else "
                     "sm_90)")};
};
} // namespace

std::unique_ptr<Pass> mlir::gemm_opt::createAssignTargetPass(StringRef stage,
                                                             StringRef chip) {
  return std::make_unique<AssignTargetPass>(stage, chip);
}

void mlir::gemm_opt::registerAssignTargetPass() {
  PassRegistration<AssignTargetPass>();
}
