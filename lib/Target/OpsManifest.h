//===- OpsManifest.h - The manifest of a function of several ops -*- C++
//-*-===//
//
// Private to lib/Target: the version-2 manifest (docs/manifest.md, "Several
// ops in one function") of a function that gemm-outline-kernel-ops turned
// into calls of one function per op.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_LIB_TARGET_OPSMANIFEST_H
#define GEMM_OPT_LIB_TARGET_OPSMANIFEST_H

#include "LaunchDescription.h"
#include "gemm-opt/Runtime/Manifest.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::gemm_opt {

/// The function a `func.call` in `caller` calls when it is one that
/// gemm-outline-kernel-ops made for a kernel op, else null.
func::FuncOp getOutlinedOpCallee(func::CallOp call);

/// Whether `func` calls functions made for its kernel ops.
bool callsOutlinedOps(func::FuncOp func);

/// Describes `caller`, a function of calls of outlined ops, in `m`
/// (version 2: ops, buffers arg/result/temp/scratch, kernels with their op
/// indices); `m`'s stage, chip and func are set by the caller. Fails after
/// an error at what cannot be described. With `symbolic`, a variant of a
/// dynamic token count: each kernel's grid sizes and parameters computed
/// from its op's M argument, as describeLaunches records them.
LogicalResult
describeOpsFunction(func::FuncOp caller, StringRef ptx,
                    ::gemm_opt::runtime::KernelManifest &m,
                    std::vector<KernelSymbols> *symbolic = nullptr);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_LIB_TARGET_OPSMANIFEST_H
