//===- ModuleTarget.h - The chip a module names as its target ---*- C++ -*-===//
//
// An input names the chip it is compiled for the way upstream names a GPU
// module's: with an `#nvvm.target` attribute, carried before any
// `gpu.module` exists by the host module as `gemm_opt.target` (as IREE's
// host modules carry `hal.device.targets`):
//
//   module attributes {gemm_opt.target = #nvvm.target<chip = "sm_80">} {...}
//
// When a module names one, every rung plans for its chip and the lowering
// attaches that very attribute to the kernels' gpu.module (features and
// optimisation level included). A pass's `chip` option then only restates
// it: one that names another chip is an error naming both. Without a
// target, the option decides (default sm_90).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_ANALYSIS_MODULETARGET_H
#define GEMM_OPT_TRANSFORMS_ANALYSIS_MODULETARGET_H

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace mlir::gemm_opt {

/// The module attribute naming the target.
inline constexpr llvm::StringLiteral kTargetAttr = "gemm_opt.target";

/// The chip a `chip` option left empty stands for when the module names no
/// target.
inline constexpr llvm::StringLiteral kDefaultChip = "sm_90";

/// The target named by the nearest module around (or at) `op`: null when
/// there is none; an error at that module when `gemm_opt.target` is not an
/// `#nvvm.target` of a chip gemm-opt compiles for.
FailureOr<NVVM::NVVMTargetAttr> getModuleTarget(Operation *op);

/// The chip a pass with the `chip` option `option` ("" = not given) compiles
/// for at `at`: the module's target's, else the option, else kDefaultChip.
/// An option that names another chip than the module's target is an error
/// at `at` naming both.
FailureOr<std::string> resolveTargetChip(Operation *at, StringRef option);

/// The error at `at` for a `chip` option that names another chip than the
/// module's `target`.
InFlightDiagnostic emitChipConflict(Operation *at, StringRef option,
                                    NVVM::NVVMTargetAttr target);

/// The target gemm-opt attaches when the module names none: O3, PTX 8.3
/// for sm_90a (the wgmma kernels' tensor-map fence needs it), else 8.0.
NVVM::NVVMTargetAttr buildDefaultTarget(MLIRContext *context, StringRef chip);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_ANALYSIS_MODULETARGET_H
