//===- LaunchLimits.h - CUDA's grid and cuBLAS's batch limits ---*- C++ -*-===//
//
// One definition, header-only and free of MLIR, of the launch limits the
// compiler plans kernels within (gemm-linearize-launch-grids, the softmax
// kernels' grid y, the dynamic manifests' largest M) and the runtime checks
// manifests and references against.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_OPT_SUPPORT_LAUNCHLIMITS_H
#define GEMM_OPT_SUPPORT_LAUNCHLIMITS_H

#include <cstdint>

namespace gemm_opt {

/// CUDA's largest grid: 2^31 - 1 blocks in x, 65535 in y and in z.
inline constexpr int64_t kMaxGridX = 2147483647;
inline constexpr int64_t kMaxGridYZ = 65535;

/// The most batch entries of a matmul: cuBLAS's int batch count (the
/// kernels take an entry from grid z, or past kMaxGridYZ from grid x).
inline constexpr int64_t kMaxBatch = 2147483647;

} // namespace gemm_opt

#endif // GEMM_OPT_SUPPORT_LAUNCHLIMITS_H
