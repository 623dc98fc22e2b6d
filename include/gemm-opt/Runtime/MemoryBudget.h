//===- MemoryBudget.h - Does a stage fit device and host memory? -*- C++ -*-===//
//
// gemm-run checks a stage's memory needs before it allocates anything, so a
// problem too large for the device (or the host side of the check) is a
// clear run error (exit 4), not a failed cuMemAlloc halfway through or the
// kernel's OOM killer.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_OPT_RUNTIME_MEMORYBUDGET_H
#define GEMM_OPT_RUNTIME_MEMORYBUDGET_H

#include "gemm-opt/Runtime/Manifest.h"

#include <cstdint>
#include <string>

namespace gemm_opt::runtime {

/// Device memory left for the module, cuBLAS's workspace and the context.
inline constexpr uint64_t kDeviceHeadroomBytes = uint64_t(256) << 20;

/// Device bytes a stage needs at the least: one set of its buffers, the
/// cuBLAS reference copy of C (matmul; a function's largest, its ops being
/// checked one at a time) and its tensor maps (no headroom).
uint64_t stageDeviceBytes(const KernelManifest &m);
/// Host bytes the check needs, estimated: the inputs as float, the output,
/// the reference (and the softmax input) as double; for a function, its
/// largest op's plus its inputs once and its outputs twice (raw bytes).
uint64_t stageHostBytes(const KernelManifest &m);

/// "" when the stage plus kDeviceHeadroomBytes fits in `freeBytes`, else the
/// reason (bytes needed vs free, as cuMemGetInfo reported them).
std::string deviceMemoryError(const KernelManifest &m, uint64_t freeBytes, uint64_t totalBytes);
/// "" when stageHostBytes fits in `availableBytes` (0: unknown, not checked).
std::string hostMemoryError(const KernelManifest &m, uint64_t availableBytes);
/// MemAvailable from /proc/meminfo in bytes, or 0 when it cannot be read.
uint64_t hostAvailableBytes();

} // namespace gemm_opt::runtime

#endif // GEMM_OPT_RUNTIME_MEMORYBUDGET_H
