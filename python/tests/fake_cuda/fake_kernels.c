/* Host versions of test/Runtime/Inputs/reference_kernels.cu's f32 kernels
 * (and the fused-epilogue ones: matmul_naive_f32_epilogue, matmul_nt_bias_gelu_bf16),
 * linked into the fake libcuda (fake_libcuda.c) so that gemm-run can check
 * and time a manifest of them without a GPU. Any other kernel writes
 * nothing. $FAKE_CUDA_DRIFT=NAME makes kernel NAME nondeterministic: each
 * launch adds a growing multiple of 2^-20 to its first output element
 * (within any threshold, never bit for bit the same twice). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fake_bf16.h"

static void *ptr(void **params, int i) { return (void *)(uintptr_t)*(uint64_t *)params[i]; }
static int i32(void **params, int i) { return *(int32_t *)params[i]; }

/* C(MxN) = beta*C + A(MxK)·B(KxN) in f32 (fmaf, as the device kernel), row-major; `skipLast`
 * leaves the last column alone (matmul_naive_f32_wrong). */
static void matmul(void **params, int skipLast) {
  float *c = ptr(params, 0);
  const float *a = ptr(params, 1), *b = ptr(params, 2);
  int m = i32(params, 3), n = i32(params, 4), k = i32(params, 5);
  long long ldc = *(int64_t *)params[6];
  float beta = *(float *)params[7];
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n - skipLast; ++j) {
      float acc = 0.f;
      for (int p = 0; p < k; ++p)
        acc = fmaf(a[(size_t)i * k + p], b[(size_t)p * n + j], acc);
      if (beta != 0.f)
        acc += beta * c[i * ldc + j];
      c[i * ldc + j] = acc;
    }
}

static void softmaxRows(void **params) {
  const float *x = ptr(params, 0);
  float *y = ptr(params, 1);
  int rows = i32(params, 2), cols = i32(params, 3);
  for (int r = 0; r < rows; ++r) {
    const float *xr = x + (size_t)r * cols;
    float mx = -INFINITY, s = 0.f;
    for (int j = 0; j < cols; ++j)
      mx = fmaxf(mx, xr[j]);
    for (int j = 0; j < cols; ++j)
      s += expf(xr[j] - mx);
    for (int j = 0; j < cols; ++j)
      y[(size_t)r * cols + j] = expf(xr[j] - mx) / s;
  }
}

/* matmul_naive_f32_epilogue: C = gelu_tanh((0.5 A*B + bias[col]) scale[row]
 * + 0.25 R), the bias read `shift` columns off. */
static void matmulEpilogue(void **params) {
  float *c = ptr(params, 0);
  const float *a = ptr(params, 1), *b = ptr(params, 2), *bias = ptr(params, 3), *scale = ptr(params, 4),
              *r = ptr(params, 5);
  int m = i32(params, 6), n = i32(params, 7), k = i32(params, 8), shift = i32(params, 9);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      float acc = 0.f;
      for (int p = 0; p < k; ++p)
        acc = fmaf(a[(size_t)i * k + p], b[(size_t)p * n + j], acc);
      size_t at = (size_t)i * n + j;
      float x = (0.5f * acc + bias[(j + shift) % n]) * scale[i] + 0.25f * r[at];
      c[at] = geluTanh(x);
    }
}

/* matmul_nt_bias_gelu_bf16: C = gelu_tanh(A B^T + bias[col]) in bf16, B
 * stored N x K, the bias read `shift` columns off. */
static void matmulBiasGeluBf16(void **params) {
  uint16_t *c = ptr(params, 0);
  const uint16_t *a = ptr(params, 1), *b = ptr(params, 2), *bias = ptr(params, 3);
  int m = i32(params, 4), n = i32(params, 5), k = i32(params, 6), shift = i32(params, 7);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      float acc = 0.f;
      for (int p = 0; p < k; ++p)
        acc = fmaf(bf16ToFloat(a[(size_t)i * k + p]), bf16ToFloat(b[(size_t)j * k + p]), acc);
      c[(size_t)i * n + j] = floatToBf16(geluTanh(acc + bf16ToFloat(bias[(j + shift) % n])));
    }
}

void fakeCudaExecute(const char *name, const unsigned grid[3], void **params) {
  (void)grid;
  static int drift;
  if (!strcmp(name, "matmul_naive_f32"))
    matmul(params, 0);
  else if (!strcmp(name, "matmul_naive_f32_wrong"))
    matmul(params, 1);
  else if (!strcmp(name, "softmax_rows_f32"))
    softmaxRows(params);
  else if (!strcmp(name, "matmul_naive_f32_epilogue"))
    matmulEpilogue(params);
  else if (!strcmp(name, "matmul_nt_bias_gelu_bf16"))
    matmulBiasGeluBf16(params);
  else
    return;
  const char *d = getenv("FAKE_CUDA_DRIFT");
  if (d && !strcmp(d, name)) /* the output is parameter 0 (matmul) or 1 (softmax) */
    *(float *)ptr(params, strstr(name, "softmax") ? 1 : 0) += (float)(++drift) * 0x1p-20f;
}
