//===- Cublas.h - cuBLAS reference GEMM loaded with dlopen ------*- C++ -*-===//
//
// Row-major C(MxN) = A(MxK)·B(KxN) + beta·C through cuBLAS, computed as the
// column-major C^T = B^T·A^T (cuBLAS m=N, n=M, k=K, lda=N for B, ldb=K for A,
// ldc=N); an operand stored transposed (MatmulProblem::transposeA/B) is
// passed with CUBLAS_OP_T and its stored row length as ld. libcublas is opened at run time (GEMM_OPT_CUBLAS, then
// libcublas.so.13/.12/.so on the loader path, $CUDA_HOME/lib64,
// /usr/local/cuda/lib64). Types/enums copied from CUDA 13's cublas_api.h and
// library_types.h. cuBLAS uses the CUDA runtime, which picks up the primary
// context that CudaDriver::openDevice made current.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_OPT_RUNTIME_CUBLAS_H
#define GEMM_OPT_RUNTIME_CUBLAS_H

#include "gemm-opt/Runtime/CudaDriver.h"
#include "gemm-opt/Runtime/Manifest.h"

#include <array>
#include <memory>
#include <string>

namespace gemm_opt::runtime {

enum class CublasMode {
  /// f32 inputs: cublasSgemm_v2 under CUBLAS_PEDANTIC_MATH (true f32, no TF32).
  /// f16/bf16 inputs: cublasGemmEx, CUBLAS_COMPUTE_32F, CUBLAS_DEFAULT_MATH.
  Accurate,
  /// f32 inputs only: cublasGemmEx with CUBLAS_COMPUTE_32F_FAST_TF32.
  TF32,
};

class Cublas {
public:
  /// Returns nullptr with `reason` when the library or a symbol is missing.
  static std::unique_ptr<Cublas> load(std::string &reason);
  ~Cublas();
  Cublas(const Cublas &) = delete;
  Cublas &operator=(const Cublas &) = delete;

  /// Creates the handle (needs a current context). Throws CudaError.
  void init();
  /// cublasGetVersion_v2, e.g. 130000.
  int version() const { return ver; }
  /// Where the library was loaded from.
  const std::string &path() const { return libPath; }

  /// Enqueues C = A·B + beta·C (row-major) on `stream`. Supported: a == b;
  /// f32 x f32 -> f32; f16 x f16 -> f32|f16; bf16 x bf16 -> f32|bf16.
  /// Throws CudaError (with the cuBLAS status string) on failure or an
  /// unsupported type combination.
  void gemm(const MatmulProblem &p, cu::CUdeviceptr a, cu::CUdeviceptr b, cu::CUdeviceptr c, CublasMode mode,
            cu::CUstream stream);

  struct Api;

private:
  Cublas() = default;
  void check(int status, const char *call) const;
  /// The calls of gemm over `batch` entries of one group of entries
  /// (cuBLAS's operands: A is our B), the strides of A, B and C.
  void gemmCalls(const MatmulProblem &p, const void *A, const void *B, void *C,
                 int batch, std::array<long long, 3> strides, CublasMode mode);
  void *lib = nullptr;
  std::unique_ptr<Api> api;
  void *handle = nullptr;
  int ver = 0;
  std::string libPath;
};

} // namespace gemm_opt::runtime

#endif // GEMM_OPT_RUNTIME_CUBLAS_H
