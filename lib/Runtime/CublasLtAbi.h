//===- CublasLtAbi.h - The cublasLt.h values the runtime mirrors -*- C++ -*-===//
//
// GemmOptRuntime builds without CUDA headers: the few enum values and the
// one struct of CUDA 13's cublasLt.h / cublas_api.h / library_types.h that
// CublasLt.cpp passes to libcublasLt, copied. test/Runtime/
// CublasLtHeaderCheck.cpp checks each against the toolkit's headers at
// compile time when they are found.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_OPT_RUNTIME_CUBLASLTABI_H
#define GEMM_OPT_RUNTIME_CUBLASLTABI_H

#include <cstddef>
#include <cstdint>

namespace gemm_opt::runtime::lt {

constexpr int CUBLAS_STATUS_SUCCESS = 0;
constexpr int32_t CUBLAS_OP_N = 0, CUBLAS_OP_T = 1;
constexpr int CUBLAS_COMPUTE_32F = 68;
constexpr int32_t CUDA_R_32F = 0, CUDA_R_16F = 2, CUDA_R_16BF = 14;
// cublasLtMatmulDescAttributes_t
constexpr int CUBLASLT_MATMUL_DESC_TRANSA = 3, CUBLASLT_MATMUL_DESC_TRANSB = 4, CUBLASLT_MATMUL_DESC_EPILOGUE = 7,
              CUBLASLT_MATMUL_DESC_BIAS_POINTER = 8, CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE = 26;
// cublasLtMatrixLayoutAttribute_t, cublasLtMatmulPreferenceAttributes_t
constexpr int CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT = 5, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET = 6;
constexpr int CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES = 1;
// cublasLtEpilogue_t
constexpr uint32_t CUBLASLT_EPILOGUE_BIAS = 4, CUBLASLT_EPILOGUE_RELU_BIAS = 6, CUBLASLT_EPILOGUE_GELU_BIAS = 36;

/// cublasLtMatmulHeuristicResult_t (its algo: cublasLtMatmulAlgo_t).
struct HeuristicResult {
  uint64_t algo[8];
  size_t workspaceSize;
  int state;
  float wavesCount;
  int reserved[4];
};

} // namespace gemm_opt::runtime::lt

#endif // GEMM_OPT_RUNTIME_CUBLASLTABI_H
