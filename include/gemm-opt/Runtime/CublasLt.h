//===- CublasLt.h - cuBLASLt's fused bias epilogues via dlopen --*- C++ -*-===//
//
// The vendor's answer to a fused matmul epilogue: cublasLtMatmul with
// CUBLASLT_EPILOGUE_BIAS / RELU_BIAS / GELU_BIAS (GELU in its tanh form)
// and the heuristic's first algorithm, timed beside a stage whose
// epilogue is exactly that and used as a second reference. Row-major
// C = A*B + bias[N] is the column-major C^T = B^T A^T with a bias per row
// of C^T, as Cublas.h computes it. libcublasLt is opened at run time
// (GEMM_OPT_CUBLASLT, then libcublasLt.so.13/.12/.so on the loader path,
// $CUDA_HOME/lib64, /usr/local/cuda/lib64); enums copied from CUDA 13's
// cublasLt.h.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_OPT_RUNTIME_CUBLASLT_H
#define GEMM_OPT_RUNTIME_CUBLASLT_H

#include "gemm-opt/Runtime/CudaDriver.h"
#include "gemm-opt/Runtime/Manifest.h"

#include <memory>
#include <string>

namespace gemm_opt::runtime {

enum class LtEpilogue { None, Bias, ReluBias, GeluBias };
/// "" | "bias" | "relu_bias" | "gelu_bias".
const char *ltEpilogueName(LtEpilogue e);

/// The cuBLASLt epilogue that computes `p`'s epilogue, or None with `why`:
/// the steps are exactly add-E col (bias), then nothing, relu or gelu_tanh;
/// A, B and C all f16 or all bf16 (f32 accumulation); the bias, of element
/// type `biasElem`, has C's type.
LtEpilogue cublasLtEpilogueFor(const MatmulProblem &p, ElemType biasElem, std::string &why);

class CublasLt {
public:
  /// Returns nullptr with `reason` when the library or a symbol is missing.
  static std::unique_ptr<CublasLt> load(std::string &reason);
  ~CublasLt();
  CublasLt(const CublasLt &) = delete;
  CublasLt &operator=(const CublasLt &) = delete;

  /// Creates the handle (needs a current context). Throws CudaError.
  void init();
  /// cublasLtGetVersion, e.g. 130000.
  size_t version() const { return ver; }
  const std::string &path() const { return libPath; }

  /// One fused matmul of a problem: its descriptors, the heuristic's
  /// algorithm and a workspace, made once and run many times.
  class Matmul;
  /// Prepares `p` (batch and shared B as Cublas.h; beta 0 or 1, C read and
  /// written in place) with epilogue `e`. `bias` is a representative bias
  /// pointer (cuBLASLt picks algorithms by its alignment). Throws
  /// CudaError, also when the heuristic has no algorithm.
  std::shared_ptr<Matmul> prepare(CudaDriver &drv, const MatmulProblem &p, LtEpilogue e, cu::CUdeviceptr bias);
  /// Enqueues C = epilogue(A*B + beta*C + bias) on `stream`. Throws CudaError.
  void run(Matmul &mm, cu::CUdeviceptr a, cu::CUdeviceptr b, cu::CUdeviceptr c, cu::CUdeviceptr bias,
           cu::CUstream stream);

  struct Api;

private:
  CublasLt() = default;
  void check(int status, const char *call) const;
  std::unique_ptr<Api> api;
  void *handle = nullptr;
  size_t ver = 0;
  std::string libPath;
};

} // namespace gemm_opt::runtime

#endif // GEMM_OPT_RUNTIME_CUBLASLT_H
