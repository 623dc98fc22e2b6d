/* A fake libcublas for gemm-run on the fake libcuda (fake_libcuda.c with
 * $FAKE_CUDA_EXEC): cublasSgemm_v2 computed on the host in double (device
 * pointers are host memory there) and cublasGemmEx for bf16 and f32; every
 * other GEMM entry point reports CUBLAS_STATUS_NOT_SUPPORTED (15). Enough
 * for f32 and bf16 reference checks. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "fake_bf16.h"

int cublasCreate_v2(void **h) { *h = (void *)0x1; return 0; }
int cublasDestroy_v2(void *h) { (void)h; return 0; }
int cublasGetVersion_v2(void *h, int *v) { (void)h; *v = 99999; return 0; }
int cublasSetStream_v2(void *h, void *s) { (void)h; (void)s; return 0; }
int cublasSetMathMode(void *h, int m) { (void)h; (void)m; return 0; }
const char *cublasGetStatusString(int s) { (void)s; return "fake cuBLAS status"; }
const char *cublasGetStatusName(int s) { return s == 15 ? "CUBLAS_STATUS_NOT_SUPPORTED" : "CUBLAS_STATUS_FAKE"; }

/* Column-major C(m x n) = alpha op(A) op(B) + beta C; op 0 = N, 1 = T. */
int cublasSgemm_v2(void *h, int opA, int opB, int m, int n, int k, const float *alpha, const float *A, int lda,
                   const float *B, int ldb, const float *beta, float *C, int ldc) {
  (void)h;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i) {
      double acc = 0;
      for (int p = 0; p < k; ++p) {
        double a = opA ? A[(size_t)i * lda + p] : A[(size_t)p * lda + i];
        double b = opB ? B[(size_t)p * ldb + j] : B[(size_t)j * ldb + p];
        acc += a * b;
      }
      float *c = &C[(size_t)j * ldc + i];
      *c = (float)(*alpha * acc + (*beta != 0.f ? *beta * (double)*c : 0.0));
    }
  return 0;
}

/* cublasGemmEx for bf16 (14) or f32 (0) operands and C, any compute
 * type, on the host in double; other types are NOT_SUPPORTED. */
static double load(const void *p, int type, size_t i) {
  return type == 14 ? bf16ToFloat(((const uint16_t *)p)[i]) : ((const float *)p)[i];
}
int cublasGemmEx(void *h, int opA, int opB, int m, int n, int k, const float *alpha, const void *A, int ta, int lda,
                 const void *B, int tb, int ldb, const float *beta, void *C, int tc, int ldc, int compute, int algo) {
  (void)h, (void)compute, (void)algo;
  for (int t = 0; t < 3; ++t)
    if ((t == 0 ? ta : t == 1 ? tb : tc) != 0 && (t == 0 ? ta : t == 1 ? tb : tc) != 14)
      return 15;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i) {
      double acc = 0;
      for (int p = 0; p < k; ++p)
        acc += load(A, ta, opA ? (size_t)i * lda + p : (size_t)p * lda + i) *
               load(B, tb, opB ? (size_t)p * ldb + j : (size_t)j * ldb + p);
      size_t at = (size_t)j * ldc + i;
      float v = (float)(*alpha * acc + (*beta != 0.f ? *beta * load(C, tc, at) : 0.0));
      if (tc == 14)
        ((uint16_t *)C)[at] = floatToBf16(v);
      else
        ((float *)C)[at] = v;
    }
  return 0;
}
int cublasSgemmStridedBatched(void) { return 15; }
int cublasGemmStridedBatchedEx(void) { return 15; }
