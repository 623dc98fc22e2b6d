//===- LaunchDescription.h - Kernel launches as manifest entries -*- C++
//-*-===//
//
// Private to lib/Target: what the version-1 writer (KernelBundle.cpp) and
// the version-2 writer (OpsManifest.cpp) share. Each describes the
// `gpu.launch_func`s of a function; they differ in how a buffer is named.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_LIB_TARGET_LAUNCHDESCRIPTION_H
#define GEMM_OPT_LIB_TARGET_LAUNCHDESCRIPTION_H

#include "gemm-opt/Dialect/GemmOpt/IR/GemmOptAttrs.h"
#include "gemm-opt/Runtime/Manifest.h"
#include "gemm-opt/Support/SymbolicSizes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <array>
#include <map>
#include <optional>

namespace mlir::gemm_opt {

/// The manifest name of a kernel's buffer (a function argument or
/// allocation: getViewedRootBuffer), adding the buffer to the manifest on
/// first sight; fails after an error.
using BufferNamer = function_ref<FailureOr<std::string>(Value root)>;

/// The manifest's element type of `type`, or an error at `at`.
FailureOr<::gemm_opt::runtime::ElemType> toElemType(Operation *at, Type type);

/// A manifest buffer of `role` and `name` with `root`'s type.
FailureOr<::gemm_opt::runtime::BufferDesc>
describeBufferValue(Operation *at, Value root, StringRef name, StringRef role);

/// The steps of a matmul's fused epilogue (none when `epilogue` is null)
/// as the manifest's "epilogue" (operands E0.., docs/manifest.md).
LogicalResult describeEpilogue(Operation *at, EpilogueAttr epilogue,
                               ::gemm_opt::runtime::Epilogue &out);

/// Reads a kernel problem (#gemm_opt.matmul / #gemm_opt.softmax) into `op`
/// ("matmul" / "softmax") and its problem; an error at `at` when it cannot
/// be described.
LogicalResult describeProblem(Operation *at, Attribute problem, std::string &op,
                              ::gemm_opt::runtime::MatmulProblem &matmul,
                              ::gemm_opt::runtime::SoftmaxProblem &softmax);

/// Fails with an error at the first op of `func` that no kernel performs
/// (a linalg op or memref.copy left on the host): a runner only launches.
LogicalResult checkNothingLeftOnHost(func::FuncOp func);

/// A version-3 manifest's expression of the symbol (SymbolicSizes.h).
using SymbolicInt = ::gemm_opt::symbolic::Expression;

/// A dynamic variant's symbol while its launches are described: its name
/// ("M", "N", "K"), the function argument carrying it and the value the
/// variant is planned for (the static size its buffers have), which the
/// described kernel takes.
struct SymbolBinding {
  std::string name;
  Value argument;
  int64_t planned = 0;
};

/// The parts of one kernel's description that are expressions of the
/// symbols: grid dimensions and scalar parameters (by index).
struct KernelSymbols {
  std::array<std::optional<SymbolicInt>, 3> grid;
  std::map<size_t, SymbolicInt> params;
};

/// Appends every gpu.launch_func of `func` to `kernels`, in order, naming
/// buffers with `namer`, and checks each against its PTX entry's parameter
/// count. With `symbols`, a grid size or scalar parameter computed from
/// one's argument is described at its planned value and recorded, kernel
/// by kernel, in `symbolic`.
LogicalResult
describeLaunches(func::FuncOp func, StringRef ptx, BufferNamer namer,
                 std::vector<::gemm_opt::runtime::KernelDesc> &kernels,
                 ArrayRef<SymbolBinding> symbols = {},
                 std::vector<KernelSymbols> *symbolic = nullptr);

/// The version-1 manifest (without stage and chip) of a function of one
/// kernel op; with `symbols` as describeLaunches says. Not yet validated.
FailureOr<::gemm_opt::runtime::KernelManifest>
describeOneOpFunction(func::FuncOp func, StringRef ptx,
                      ArrayRef<SymbolBinding> symbols = {},
                      std::vector<KernelSymbols> *symbolic = nullptr);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_LIB_TARGET_LAUNCHDESCRIPTION_H
