/* A fake libcublasLt for gemm-run on the fake libcuda: the descriptors keep
 * what CublasLt.cpp sets, the heuristic offers one algorithm, and
 * cublasLtMatmul computes column-major D = epilogue(alpha op(A) op(B) +
 * beta C + bias[row]) on the host for bf16 (14) or f32 (0) matrices, with
 * the epilogues BIAS (4), RELU_BIAS (6) and GELU_BIAS (36, tanh form), as
 * cuBLASLt documents them. Strided batches; every value checked loosely. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fake_bf16.h"

typedef struct {
  int32_t transa, transb, biasType;
  uint32_t epilogue;
  const void *bias;
} Desc;
typedef struct {
  int32_t type, batch;
  uint64_t rows, cols;
  int64_t ld, stride;
} Layout;

int cublasLtCreate(void **h) { *h = (void *)0x1; return 0; }
int cublasLtDestroy(void *h) { (void)h; return 0; }
size_t cublasLtGetVersion(void) { return 99999; }
int cublasLtMatmulDescCreate(Desc **d, int compute, int scale) {
  (void)compute, (void)scale;
  *d = calloc(1, sizeof(Desc));
  return 0;
}
int cublasLtMatmulDescDestroy(Desc *d) { free(d); return 0; }
int cublasLtMatmulDescSetAttribute(Desc *d, int attr, const void *buf, size_t size) {
  if (attr == 3 && size == 4) memcpy(&d->transa, buf, 4);
  else if (attr == 4 && size == 4) memcpy(&d->transb, buf, 4);
  else if (attr == 7 && size == 4) memcpy(&d->epilogue, buf, 4);
  else if (attr == 8 && size == sizeof(void *)) memcpy(&d->bias, buf, sizeof(void *));
  else if (attr == 26 && size == 4) memcpy(&d->biasType, buf, 4);
  else return 7; /* CUBLAS_STATUS_INVALID_VALUE */
  return 0;
}
int cublasLtMatrixLayoutCreate(Layout **l, int32_t type, uint64_t rows, uint64_t cols, int64_t ld) {
  *l = calloc(1, sizeof(Layout));
  (*l)->type = type, (*l)->rows = rows, (*l)->cols = cols, (*l)->ld = ld, (*l)->batch = 1;
  return 0;
}
int cublasLtMatrixLayoutDestroy(Layout *l) { free(l); return 0; }
int cublasLtMatrixLayoutSetAttribute(Layout *l, int attr, const void *buf, size_t size) {
  if (attr == 5 && size == 4) memcpy(&l->batch, buf, 4);
  else if (attr == 6 && size == 8) memcpy(&l->stride, buf, 8);
  else return 7;
  return 0;
}
int cublasLtMatmulPreferenceCreate(void **p) { *p = (void *)0x2; return 0; }
int cublasLtMatmulPreferenceDestroy(void *p) { (void)p; return 0; }
int cublasLtMatmulPreferenceSetAttribute(void *p, int attr, const void *buf, size_t size) {
  (void)p, (void)buf;
  return attr == 1 && size == 8 ? 0 : 7;
}
int cublasLtMatmulAlgoGetHeuristic(void *h, Desc *d, Layout *a, Layout *b, Layout *c, Layout *dl, void *pref, int n,
                                   char *results, int *count) {
  (void)h, (void)d, (void)a, (void)b, (void)c, (void)dl, (void)pref;
  memset(results, 0, 96 * (size_t)n); /* cublasLtMatmulHeuristicResult_t: 96 bytes, state 0 = success */
  *count = 1;
  return 0;
}

static double at(const void *p, int type, size_t i) {
  return type == 14 ? bf16ToFloat(((const uint16_t *)p)[i]) : ((const float *)p)[i];
}

int cublasLtMatmul(void *h, Desc *d, const float *alpha, const void *A, Layout *al, const void *B, Layout *bl,
                   const float *beta, const void *C, Layout *cl, void *D, Layout *dl, const void *algo, void *ws,
                   size_t wsSize, void *stream) {
  (void)h, (void)cl, (void)algo, (void)ws, (void)wsSize, (void)stream;
  const uint64_t m = dl->rows, n = dl->cols, k = d->transa ? al->rows : al->cols;
  if ((d->transb ? bl->cols : bl->rows) != k || (d->transa ? al->cols : al->rows) != m)
    return 7;
  for (int e = 0; e < dl->batch; ++e)
    for (uint64_t j = 0; j < n; ++j)
      for (uint64_t i = 0; i < m; ++i) {
        double acc = 0;
        for (uint64_t p = 0; p < k; ++p)
          acc += at(A, al->type, e * al->stride + (d->transa ? p + i * al->ld : i + p * al->ld)) *
                 at(B, bl->type, e * bl->stride + (d->transb ? j + p * bl->ld : p + j * bl->ld));
        const size_t out = e * dl->stride + i + j * dl->ld;
        float x = (float)(*alpha * acc + (*beta != 0.f ? *beta * at(C, cl->type, out) : 0.0));
        if (d->epilogue & 4)
          x += (float)at(d->bias, d->biasType, i);
        if (d->epilogue == 6)
          x = x > 0.f ? x : 0.f;
        else if (d->epilogue == 36)
          x = geluTanh(x);
        if (dl->type == 14)
          ((uint16_t *)D)[out] = floatToBf16(x);
        else
          ((float *)D)[out] = x;
      }
  return 0;
}
