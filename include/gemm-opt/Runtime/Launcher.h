//===- Launcher.h - Launch a manifest's kernels over given buffers -*- C++ -*-===//
//
// What every runner of a compiled stage needs, whoever owns the buffers:
// gemm-run's benchmark (Bench.cpp) with its rotated buffer sets, and the C
// API (CApi.cpp) with tensors a caller such as PyTorch allocated.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_OPT_RUNTIME_LAUNCHER_H
#define GEMM_OPT_RUNTIME_LAUNCHER_H

#include "gemm-opt/Runtime/CudaDriver.h"
#include "gemm-opt/Runtime/Manifest.h"

#include <array>
#include <cstdint>
#include <vector>

namespace gemm_opt::runtime {

/// Throws CudaError when the device cannot run the (validated) manifest:
/// a chip the device does not support (chipSupportError), tensor maps
/// below sm_90 or without cuTensorMapEncodeTiled, clusters below sm_90 or
/// without cuLaunchKernelEx.
void checkDeviceSupport(CudaDriver &drv, const KernelManifest &m);

struct PreparedKernel {
  cu::CUfunction func = nullptr;
  KernelAttributes attributes;
  /// A "resident_grid" kernel: the clusters the device holds at once
  /// (CudaDriver::maxActiveClusters); 0 for other kernels and where the
  /// driver cannot tell.
  int maxActiveClusters = 0;
};

/// Resolves every kernel of the manifest in `module`, checks its block and
/// shared memory against the function's and the device's limits, opts in
/// to more than 48 KiB of shared memory and asks how many clusters of a
/// "resident_grid" kernel fit at once. Throws CudaError.
std::vector<PreparedKernel> prepareKernels(CudaDriver &drv, cu::CUmodule module, const KernelManifest &m);

/// The grid `kd` is launched with: the manifest's or, for a "resident_grid"
/// kernel, at most `maxActiveClusters` whole clusters of it (when above 0),
/// so that every cluster launched runs at once. Derived at each launch,
/// not kept in PreparedKernel: a version-3 manifest's instances share
/// their variant's prepared kernels but not its grids.
std::array<uint32_t, 3> launchGrid(const KernelDesc &kd, int maxActiveClusters);

/// Kernel argument storage for one launch: every parameter gets an 8-byte
/// slot (little endian, so an i32/f32 sits at the slot's start) and
/// kernelParams[i] points at slot i.
struct LaunchArgs {
  std::vector<uint64_t> slots;
  std::vector<void *> ptrs;
};

/// The number of tensormap parameters over all kernels of the manifest.
size_t tensorMapCount(const KernelManifest &m);

/// The arguments of every kernel of `m` over `buffers` (device pointers, one
/// per manifest buffer, in manifest order). The j-th tensormap parameter
/// (kernel order, then parameter order) gets the address mapsBase + 128 * (j
/// + maps->size() on entry), 128 bytes being one CUtensorMap; with `maps`,
/// each map is also encoded over its buffer and appended to *maps (the
/// caller copies them to mapsBase before the launch). Throws CudaError.
std::vector<LaunchArgs> buildLaunchArgs(CudaDriver &drv, const KernelManifest &m,
                                        const std::vector<cu::CUdeviceptr> &buffers, cu::CUdeviceptr mapsBase,
                                        std::vector<cu::CUtensorMap> *maps);

/// Launches the manifest's kernels in order on `stream`, each with its
/// launchGrid: clusters and programmatic dependent launches through
/// cuLaunchKernelEx (a programmatic launch without it runs plainly), the
/// rest through cuLaunchKernel.
void launchKernels(CudaDriver &drv, const KernelManifest &m, const std::vector<PreparedKernel> &kernels,
                   std::vector<LaunchArgs> &args, cu::CUstream stream);
/// The same for kernels [first, last) only (one op of a version-2 manifest).
void launchKernelRange(CudaDriver &drv, const KernelManifest &m, const std::vector<PreparedKernel> &kernels,
                       std::vector<LaunchArgs> &args, cu::CUstream stream, size_t first, size_t last);

} // namespace gemm_opt::runtime

#endif // GEMM_OPT_RUNTIME_LAUNCHER_H
