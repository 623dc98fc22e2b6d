//===- CublasLtHeaderCheck.cpp - The runtime's cublasLt.h mirror checked --===//
//
// As CudaHeaderCheck.cpp for cuda.h: every value of lib/Runtime/
// CublasLtAbi.h against the toolkit's cublasLt.h at compile time, when it
// is found at configure time (compiled into gemm-opt-runtime-tests then).
//
//===----------------------------------------------------------------------===//
#include "../../lib/Runtime/CublasLtAbi.h"

#include <cublasLt.h>

namespace lt = gemm_opt::runtime::lt;

#define SAME(name) static_assert(static_cast<long>(lt::name) == static_cast<long>(::name), #name " differs")

SAME(CUBLAS_STATUS_SUCCESS);
SAME(CUBLAS_OP_N);
SAME(CUBLAS_OP_T);
SAME(CUBLAS_COMPUTE_32F);
SAME(CUDA_R_32F);
SAME(CUDA_R_16F);
SAME(CUDA_R_16BF);
SAME(CUBLASLT_MATMUL_DESC_TRANSA);
SAME(CUBLASLT_MATMUL_DESC_TRANSB);
SAME(CUBLASLT_MATMUL_DESC_EPILOGUE);
SAME(CUBLASLT_MATMUL_DESC_BIAS_POINTER);
SAME(CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE);
SAME(CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT);
SAME(CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET);
SAME(CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES);
SAME(CUBLASLT_EPILOGUE_BIAS);
SAME(CUBLASLT_EPILOGUE_RELU_BIAS);
SAME(CUBLASLT_EPILOGUE_GELU_BIAS);
static_assert(sizeof(lt::HeuristicResult) == sizeof(cublasLtMatmulHeuristicResult_t), "heuristic result size");
static_assert(offsetof(lt::HeuristicResult, workspaceSize) == offsetof(cublasLtMatmulHeuristicResult_t, workspaceSize) &&
                  offsetof(lt::HeuristicResult, state) == offsetof(cublasLtMatmulHeuristicResult_t, state) &&
                  sizeof(lt::HeuristicResult::algo) == sizeof(cublasLtMatmulAlgo_t),
              "heuristic result layout");
// The attribute value types CublasLt.cpp writes.
static_assert(sizeof(cublasOperation_t) == sizeof(int32_t) && sizeof(cublasLtEpilogue_t) == sizeof(uint32_t) &&
                  sizeof(cudaDataType_t) == sizeof(int32_t),
              "attribute value sizes");
