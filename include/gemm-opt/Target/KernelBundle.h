//===- KernelBundle.h - PTX + launch manifest of a compiled module -*- C++ -*-//
//
// After the stage pipeline, a module holds one `gpu.binary` and a host
// function of `gpu.launch_func`s. This reads them back into what a runner
// needs: the PTX text and a launch manifest (docs/manifest.md). Parameter
// order, grid and buffers all come from the IR; nothing is assumed.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TARGET_KERNELBUNDLE_H
#define GEMM_OPT_TARGET_KERNELBUNDLE_H

#include "gemm-opt/Runtime/Manifest.h"
#include <string>
#include <vector>

#include "mlir/IR/BuiltinOps.h"

namespace mlir::gemm_opt {

/// The launch manifest of one function of a compiled module.
struct FunctionManifest {
  ::gemm_opt::runtime::KernelManifest manifest;
  /// A function compiled with dynamic dimensions: its version-3 manifest
  /// (docs/manifest.md, "Dynamic dimensions"), as JSON text; `manifest` is
  /// then empty. Empty for static functions.
  std::string dynamicManifest;
  bool isDynamic() const { return !dynamicManifest.empty(); }
  /// The manifest as JSON text (version 1, 2 or 3).
  std::string json() const;
};

struct KernelBundle {
  std::string stage, chip; // as every function's manifest has them
  std::string ptx;         // one PTX module holding every function's kernels
  /// Each function a runner calls, in module order: one makes a manifest
  /// of version 1, 2 or 3; several a version-4 manifest of them
  /// (docs/manifest.md, "Several functions").
  std::vector<FunctionManifest> functions;
  /// The manifest gemm-emit-kernels writes.
  std::string manifestJson() const;
};

/// Describes a fully compiled module; emits an error at the op that cannot be
/// described and fails. The manifest's chip is the module's target's
/// (gemm_opt.target), else `chip`, else sm_90 (resolveTargetChip).
FailureOr<KernelBundle> extractKernelBundle(ModuleOp module, StringRef stage,
                                            StringRef chip);

/// Number of `.param`s of kernel `name` in `ptx`, or -1 when the entry is not
/// found.
int countPtxEntryParams(StringRef ptx, StringRef name);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TARGET_KERNELBUNDLE_H
