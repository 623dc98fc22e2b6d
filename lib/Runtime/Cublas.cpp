//===- Cublas.cpp - cuBLAS reference GEMM loaded with dlopen --------------===//
#include "gemm-opt/Runtime/Cublas.h"
#include "LibraryLoader.h"
#include "gemm-opt/Support/LaunchLimits.h"

namespace gemm_opt::runtime {

namespace {
using cublasHandle_t = void *;
using cublasStatus_t = int;
constexpr int CUBLAS_STATUS_SUCCESS = 0;
constexpr int CUBLAS_OP_N = 0;
constexpr int CUBLAS_OP_T = 1;
constexpr int CUBLAS_DEFAULT_MATH = 0;
constexpr int CUBLAS_PEDANTIC_MATH = 2;
constexpr int CUBLAS_COMPUTE_32F = 68;
constexpr int CUBLAS_COMPUTE_32F_FAST_TF32 = 77;
constexpr int CUBLAS_GEMM_DEFAULT = -1;
constexpr int CUDA_R_32F = 0;
constexpr int CUDA_R_16F = 2;
constexpr int CUDA_R_16BF = 14;

int cudaType(ElemType t) {
  switch (t) {
  case ElemType::F32: return CUDA_R_32F;
  case ElemType::F16: return CUDA_R_16F;
  case ElemType::BF16: return CUDA_R_16BF;
  }
  return CUDA_R_32F;
}
} // namespace

struct Cublas::Api {
  cublasStatus_t (*create)(cublasHandle_t *) = nullptr;           // cublasCreate_v2
  cublasStatus_t (*destroy)(cublasHandle_t) = nullptr;            // cublasDestroy_v2
  cublasStatus_t (*getVersion)(cublasHandle_t, int *) = nullptr;  // cublasGetVersion_v2
  cublasStatus_t (*setStream)(cublasHandle_t, cu::CUstream) = nullptr; // cublasSetStream_v2
  cublasStatus_t (*setMathMode)(cublasHandle_t, int) = nullptr;   // cublasSetMathMode
  const char *(*getStatusString)(cublasStatus_t) = nullptr;       // cublasGetStatusString
  const char *(*getStatusName)(cublasStatus_t) = nullptr;         // cublasGetStatusName
  cublasStatus_t (*sgemm)(cublasHandle_t, int, int, int, int, int, const float *, const float *, int, const float *,
                          int, const float *, float *, int) = nullptr; // cublasSgemm_v2
  cublasStatus_t (*gemmEx)(cublasHandle_t, int, int, int, int, int, const void *, const void *, int, int,
                           const void *, int, int, const void *, void *, int, int, int, int) = nullptr; // cublasGemmEx
  cublasStatus_t (*sgemmStridedBatched)(cublasHandle_t, int, int, int, int, int, const float *, const float *, int,
                                        long long, const float *, int, long long, const float *, float *, int,
                                        long long, int) = nullptr; // cublasSgemmStridedBatched
  cublasStatus_t (*gemmStridedBatchedEx)(cublasHandle_t, int, int, int, int, int, const void *, const void *, int,
                                         int, long long, const void *, int, int, long long, const void *, void *,
                                         int, int, long long, int, int, int) = nullptr; // cublasGemmStridedBatchedEx
};

std::unique_ptr<Cublas> Cublas::load(std::string &reason) {
  std::string path;
  void *lib = openCudaLibrary("GEMM_OPT_CUBLAS", {"libcublas.so.13", "libcublas.so.12", "libcublas.so"}, "libcuBLAS",
                              path, reason);
  if (!lib)
    return nullptr;
  std::unique_ptr<Cublas> c(new Cublas());
  c->lib = lib;
  c->libPath = path;
  c->api = std::make_unique<Api>();
  Api &a = *c->api;
  auto slot = [](auto &fn) { return reinterpret_cast<void **>(&fn); };
  if (!resolveSymbols(lib,
                      {{"cublasCreate_v2", slot(a.create)},
                       {"cublasDestroy_v2", slot(a.destroy)},
                       {"cublasGetVersion_v2", slot(a.getVersion)},
                       {"cublasSetStream_v2", slot(a.setStream)},
                       {"cublasSetMathMode", slot(a.setMathMode)},
                       {"cublasGetStatusString", slot(a.getStatusString)},
                       {"cublasGetStatusName", slot(a.getStatusName)},
                       {"cublasSgemm_v2", slot(a.sgemm)},
                       {"cublasGemmEx", slot(a.gemmEx)},
                       {"cublasSgemmStridedBatched", slot(a.sgemmStridedBatched)},
                       {"cublasGemmStridedBatchedEx", slot(a.gemmStridedBatchedEx)}},
                      path, reason))
    return nullptr;
  return c;
}

Cublas::~Cublas() {
  if (handle && api)
    api->destroy(handle);
  // The library stays loaded (cuBLAS registers atexit handlers).
}

void Cublas::check(int status, const char *call) const {
  if (status == CUBLAS_STATUS_SUCCESS)
    return;
  std::string msg = std::string(call) + ": ";
  msg += api->getStatusName ? api->getStatusName(status) : "cuBLAS status";
  msg += " (" + std::to_string(status) + ")";
  if (api->getStatusString)
    msg += std::string(": ") + api->getStatusString(status);
  throw CudaError(msg);
}

void Cublas::init() {
  if (handle)
    return;
  check(api->create(&handle), "cublasCreate_v2");
  check(api->getVersion(handle, &ver), "cublasGetVersion_v2");
}

void Cublas::gemm(const MatmulProblem &p, cu::CUdeviceptr a, cu::CUdeviceptr b, cu::CUdeviceptr c, CublasMode mode,
                  cu::CUstream stream) {
  if (!handle)
    init();
  if (p.a != p.b)
    throw CudaError(std::string("cuBLAS reference: mixed input types ") + elemTypeName(p.a) + " x " +
                    elemTypeName(p.b) + " are not supported");
  if (p.m > 0x7fffffff || p.n > 0x7fffffff || p.k > 0x7fffffff)
    throw CudaError("cuBLAS reference: dimension exceeds int32");
  const void *A = reinterpret_cast<const void *>(static_cast<uintptr_t>(b));
  const void *B = reinterpret_cast<const void *>(static_cast<uintptr_t>(a));
  void *C = reinterpret_cast<void *>(static_cast<uintptr_t>(c));
  check(api->setStream(handle, stream), "cublasSetStream_v2");
  // Batched: the strided-batched calls, each entry one stored operand apart.
  if (p.batch < 1 || p.batch > kMaxBatch)
    throw CudaError("cuBLAS reference: batch count out of range");
  // A grouped B (b_group r): r calls, call j over the entries j, j + r,
  // ... (A and C offset j entries, r entries apart), B one entry apart.
  const int groups = static_cast<int>(p.bGroup > 1 ? p.bGroup : 1);
  const int batch = static_cast<int>(p.batch) / groups;
  // (cuBLAS's A is our B: stride 0 when every entry shares it.)
  const long long strideA = p.sharedB ? 0 : static_cast<long long>(p.n) * p.k,
                  strideB = static_cast<long long>(p.m) * p.k * groups,
                  strideC = static_cast<long long>(p.m) * p.n * groups;
  // The bytes of one entry of our A and of C (f32 where the caller reads
  // the accumulator: `p.c` is the type it passes).
  const size_t entryA = static_cast<size_t>(p.m) * p.k * elemTypeSize(p.a),
               entryC = static_cast<size_t>(p.m) * p.n * elemTypeSize(p.c);
  for (int j = 0; j < groups; ++j)
    gemmCalls(p, A, static_cast<const char *>(B) + j * entryA,
              static_cast<char *>(C) + j * entryC, batch,
              {strideA, strideB, strideC}, mode);
}

void Cublas::gemmCalls(const MatmulProblem &p, const void *A, const void *B,
                       void *C, int batch, std::array<long long, 3> strides,
                       CublasMode mode) {
  const int m = static_cast<int>(p.n), n = static_cast<int>(p.m),
            k = static_cast<int>(p.k);
  const float alpha = 1.0f, beta = static_cast<float>(p.beta);
  // Column-major view: C^T(NxM) = B^T(NxK) · A^T(KxM); the row-major B buffer
  // is B^T with ld N, the row-major A buffer is A^T with ld K, C^T has ld N. A
  // transposed buffer (B stored N x K, A stored K x M) reads as the operand
  // itself, so it takes CUBLAS_OP_T and its stored row length as ld.
  const int opA = p.transposeB ? CUBLAS_OP_T : CUBLAS_OP_N,
            opB = p.transposeA ? CUBLAS_OP_T : CUBLAS_OP_N;
  const int lda = p.transposeB ? k : m, ldb = p.transposeA ? n : k;
  const long long strideA = strides[0], strideB = strides[1],
                  strideC = strides[2];
  auto gemmEx = [&](int type, int ctype, int compute, const char *what) {
    if (batch == 1)
      check(api->gemmEx(handle, opA, opB, m, n, k, &alpha, A, type, lda, B, type, ldb, &beta, C, ctype, m, compute,
                        CUBLAS_GEMM_DEFAULT),
            what);
    else
      check(api->gemmStridedBatchedEx(handle, opA, opB, m, n, k, &alpha, A, type, lda, strideA, B, type, ldb,
                                      strideB, &beta, C, ctype, m, strideC, batch, compute, CUBLAS_GEMM_DEFAULT),
            "cublasGemmStridedBatchedEx");
  };
  if (p.a == ElemType::F32) {
    if (p.c != ElemType::F32)
      throw CudaError(std::string("cuBLAS reference: f32 inputs need an f32 output, found ") + elemTypeName(p.c));
    if (mode == CublasMode::TF32) {
      check(api->setMathMode(handle, CUBLAS_DEFAULT_MATH), "cublasSetMathMode");
      gemmEx(CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F_FAST_TF32, "cublasGemmEx(f32, COMPUTE_32F_FAST_TF32)");
    } else {
      check(api->setMathMode(handle, CUBLAS_PEDANTIC_MATH), "cublasSetMathMode(PEDANTIC)");
      const float *fa = static_cast<const float *>(A), *fb = static_cast<const float *>(B);
      float *fc = static_cast<float *>(C);
      if (batch == 1)
        check(api->sgemm(handle, opA, opB, m, n, k, &alpha, fa, lda, fb, ldb, &beta, fc, m), "cublasSgemm_v2");
      else
        check(api->sgemmStridedBatched(handle, opA, opB, m, n, k, &alpha, fa, lda, strideA, fb, ldb, strideB, &beta,
                                       fc, m, strideC, batch),
              "cublasSgemmStridedBatched");
    }
    return;
  }
  if (p.c != ElemType::F32 && p.c != p.a)
    throw CudaError(std::string("cuBLAS reference: ") + elemTypeName(p.a) + " inputs with a " + elemTypeName(p.c) +
                    " output are not supported");
  check(api->setMathMode(handle, CUBLAS_DEFAULT_MATH), "cublasSetMathMode(DEFAULT)");
  gemmEx(cudaType(p.a), cudaType(p.c), CUBLAS_COMPUTE_32F, "cublasGemmEx(COMPUTE_32F)");
}

} // namespace gemm_opt::runtime
