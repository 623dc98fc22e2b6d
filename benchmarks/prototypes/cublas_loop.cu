// Diagnostic (not shipped): cuBLAS TF32 GEMM of one shape in a loop, to run
// several copies at once and see whether concurrency alone breaks it.
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA %s: %s\n", #x, cudaGetErrorString(e_)); return 4; } } while (0)
#define CB(x) do { cublasStatus_t s_ = (x); if (s_ != CUBLAS_STATUS_SUCCESS) { printf("cuBLAS %s: %d\n", #x, (int)s_); return 4; } } while (0)
__global__ void fill(float* p, size_t n, unsigned seed) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
    unsigned h = (unsigned)i * 2654435761u ^ seed; h ^= h >> 13; h *= 0x5bd1e995u; h ^= h >> 15;
    p[i] = (h & 0xffff) / 65536.0f - 0.5f;
  }
}
int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4097, iters = argc > 2 ? atoi(argv[2]) : 300;
  size_t e = (size_t)n * n;
  float *a, *b, *c; CK(cudaMalloc(&a, e * 4)); CK(cudaMalloc(&b, e * 4)); CK(cudaMalloc(&c, e * 4));
  fill<<<1024, 256>>>(a, e, 1); fill<<<1024, 256>>>(b, e, 2); CK(cudaGetLastError());
  cublasHandle_t h; CB(cublasCreate(&h));
  const float one = 1, zero = 0;
  for (int i = 0; i < iters; ++i)
    CB(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, b, CUDA_R_32F, n, a, CUDA_R_32F, n, &zero, c, CUDA_R_32F, n, CUBLAS_COMPUTE_32F_FAST_TF32, CUBLAS_GEMM_DEFAULT));
  CK(cudaDeviceSynchronize());
  printf("ok %d x %d^3\n", iters, n);
  return 0;
}
