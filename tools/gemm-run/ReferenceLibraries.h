//===- ReferenceLibraries.h - cuBLAS and cuBLASLt for gemm-run --*- C++ -*-===//
//
// The vendor libraries gemm-run checks and times stages against, each
// loaded only when some stage needs it: cuBLAS for every matmul, cuBLASLt
// for a matmul whose epilogue it fuses (bias, bias+relu, bias+gelu).
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_RUN_REFERENCELIBRARIES_H
#define GEMM_RUN_REFERENCELIBRARIES_H

#include "gemm-opt/Runtime/Bench.h"
#include "gemm-opt/Runtime/CudaDriver.h"
#include "gemm-opt/Runtime/Cublas.h"
#include "gemm-opt/Runtime/CublasLt.h"
#include "gemm-opt/Runtime/Manifest.h"

#include <memory>
#include <vector>

namespace gemm_run {

struct ReferenceLibraries {
  std::unique_ptr<gemm_opt::runtime::Cublas> cublas;     // null: no matmul, or after a warning
  std::unique_ptr<gemm_opt::runtime::CublasLt> cublasLt; // null: no epilogue it fuses, or after a warning
};

/// Loads what the stages of `manifests` need, their versions into `info`.
ReferenceLibraries loadReferenceLibraries(const std::vector<const gemm_opt::runtime::KernelManifest *> &manifests,
                                          gemm_opt::runtime::RunInfo &info);

/// The CUDA driver with device `ordinal` open, or null with the reason.
std::unique_ptr<gemm_opt::runtime::CudaDriver> openDriver(int ordinal, std::string &reason);

} // namespace gemm_run

#endif // GEMM_RUN_REFERENCELIBRARIES_H
