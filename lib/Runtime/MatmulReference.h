//===- MatmulReference.h - A matmul's expected result, epilogue included -*- C++ -*-===//
//
// What a matmul stage (Bench.cpp) and a matmul op of a function
// (FunctionBench.cpp) are compared with: cuBLAS with the problem's layout,
// batch and shared B; with an epilogue, cuBLAS into f32, then the steps
// applied on the host in double to the same operand values, rounded once
// to C's type. Also the epilogue operands' values and what cuBLAS is
// timed on beside such a stage.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_OPT_RUNTIME_MATMULREFERENCE_H
#define GEMM_OPT_RUNTIME_MATMULREFERENCE_H

#include "gemm-opt/Runtime/Cublas.h"
#include "gemm-opt/Runtime/CudaDriver.h"
#include "gemm-opt/Runtime/Epilogue.h"
#include "gemm-opt/Runtime/Manifest.h"

#include <vector>

namespace gemm_opt::runtime {

struct MatmulReference {
  /// A*B (+ C) as cuBLAS computed it: in C's type without an epilogue, in
  /// f32 with one or where cuBLAS has no C of that type for these inputs
  /// (f32 in, f16 out); what the host spot check verifies.
  std::vector<double> product;
  /// The expected C: `product`, or the epilogue applied to it in double
  /// and rounded to C's type.
  std::vector<double> c;
};

/// The reference of `p` over device operands `a`, `b` (C's initial value
/// `c0` when beta = 1; the epilogue's operand values by index).
MatmulReference matmulReference(CudaDriver &drv, Cublas &cublas, const MatmulProblem &p, cu::CUdeviceptr a,
                                cu::CUdeviceptr b, const std::vector<float> &c0,
                                const EpilogueOperandValues &operands);

/// `stored`, C as downloaded, in the reference's layout, [batch, M, N]
/// row-major: a C of heads ("c_heads": [batch / h, M, h, N]) reordered,
/// any other returned as it is.
std::vector<double> inReferenceLayout(const MatmulProblem &p, std::vector<double> stored);

/// Fresh values in [-1, 1) (rounded to each buffer's type) for every
/// epilogue operand of the version-1 matmul manifest `m`, uploaded into
/// `set` (one buffer per manifest buffer).
EpilogueOperandValues fillEpilogueOperands(CudaDriver &drv, const KernelManifest &m,
                                           const std::vector<DeviceBuffer> &set, uint64_t seed);
/// The current device values of the epilogue operands of op `op` of a
/// version-2 manifest.
EpilogueOperandValues downloadEpilogueOperands(CudaDriver &drv, const KernelManifest &m, const OpDesc &op,
                                               const std::vector<DeviceBuffer> &set);

/// cuBLAS timed beside a matmul: the problem without its epilogue, writing
/// C's type where cuBLAS has that combination, else f32 into `spare` (one
/// buffer for every rotation set).
struct TimedGemm {
  MatmulProblem problem;
  DeviceBuffer spare;
  cu::CUdeviceptr output(cu::CUdeviceptr c) const { return spare.get() ? spare.get() : c; }
};
TimedGemm timedGemm(CudaDriver &drv, const MatmulProblem &p);

} // namespace gemm_opt::runtime

#endif // GEMM_OPT_RUNTIME_MATMULREFERENCE_H
