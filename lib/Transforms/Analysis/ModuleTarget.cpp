//===- ModuleTarget.cpp - The chip a module names as its target -----------===//

#include "gemm-opt/Transforms/Analysis/ModuleTarget.h"
#include "gemm-opt/Transforms/Analysis/ChipInfo.h"

using namespace mlir;
using namespace mlir::gemm_opt;

FailureOr<NVVM::NVVMTargetAttr> mlir::gemm_opt::getModuleTarget(Operation *op) {
  auto module = dyn_cast<ModuleOp>(op);
  if (!module)
    module = op->getParentOfType<ModuleOp>();
  // A nested module (a test's, or split input) may name its own target.
  for (; module; module = module->getParentOfType<ModuleOp>()) {
    Attribute attr = module->getAttr(kTargetAttr);
    if (!attr)
      continue;
    auto target = dyn_cast<NVVM::NVVMTargetAttr>(attr);
    if (!target)
      return module.emitError()
             << kTargetAttr << " must be an #nvvm.target<...>, found " << attr;
    if (!lookupChipInfo(target.getChip()))
      return module.emitError()
             << "the target " << target << " names chip '" << target.getChip()
             << "', which gemm-opt does not compile for; expected one of "
             << listSupportedChips();
    return target;
  }
  return NVVM::NVVMTargetAttr();
}

FailureOr<std::string> mlir::gemm_opt::resolveTargetChip(Operation *at,
                                                         StringRef option) {
  FailureOr<NVVM::NVVMTargetAttr> target = getModuleTarget(at);
  if (failed(target))
    return failure();
  if (!*target)
    return option.empty() ? kDefaultChip.str() : option.str();
  if (!option.empty() && option != target->getChip())
    return emitChipConflict(at, option, *target);
  return target->getChip().str();
}

InFlightDiagnostic mlir::gemm_opt::emitChipConflict(Operation *at,
                                                    StringRef option,
                                                    NVVM::NVVMTargetAttr target) {
  return at->emitError("chip option '")
         << option << "' disagrees with the module's target " << target
         << " (" << kTargetAttr << "): leave the option out, or name chip '"
         << target.getChip() << "'";
}

NVVM::NVVMTargetAttr mlir::gemm_opt::buildDefaultTarget(MLIRContext *context,
                                                        StringRef chip) {
  // What nvvm-attach-target{O=3 chip=... features=...} builds.
  return NVVM::NVVMTargetAttr::get(context, /*optLevel=*/3,
                                   "nvptx64-nvidia-cuda", chip,
                                   chip == "sm_90a" ? "+ptx83" : "+ptx80");
}
