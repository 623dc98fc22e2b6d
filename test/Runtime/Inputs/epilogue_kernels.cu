// Hand-written matmuls with fused epilogues (issue 16) for testing gemm-run's
// epilogue reference and cuBLASLt comparison in AOT mode, without the
// compiler. Regenerate the PTX with:
//   nvcc -arch=sm_90 -ptx -O3 epilogue_kernels.cu -o epilogue_kernels.ptx
// The manifests matmul_*epilogue*.json next to this file launch them.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

// C = gelu_tanh(A * B^T + bias[col]) in bf16 (B stored N x K: nn.Linear's
// layout "nt"). One thread per element, f32 accumulation, one rounding.
// `shift` != 0 reads the bias of another column: a wrong kernel that
// gemm-run must FAIL.
extern "C" __global__ void matmul_nt_bias_gelu_bf16(__nv_bfloat16 *C, const __nv_bfloat16 *A,
                                                    const __nv_bfloat16 *B, const __nv_bfloat16 *bias, int M,
                                                    int N, int K, int shift) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= M || j >= N)
    return;
  float acc = 0.f;
  for (int k = 0; k < K; ++k)
    acc = fmaf(__bfloat162float(A[(size_t)i * K + k]), __bfloat162float(B[(size_t)j * K + k]), acc);
  float x = acc + __bfloat162float(bias[(j + shift) % N]);
  float g = 0.5f * x * (1.f + tanhf(0.7978845608028654f * (x + 0.044715f * x * x * x)));
  C[(size_t)i * N + j] = __float2bfloat16_rn(g);
}

// Batched (grid z): C[b] = silu(0.5 * (A[b] * B[b]) * scale[row] + 0.25 *
// R[b]) in f32 from f16 A and B: a scalar, a row vector (f16), a residual
// with operand_scale (f32), an activation.
extern "C" __global__ void matmul_scale_residual_silu_f16_f32(float *C, const __half *A, const __half *B,
                                                              const __half *scale, const float *R, int M, int N,
                                                              int K) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  size_t b = blockIdx.z;
  if (i >= M || j >= N)
    return;
  const __half *a = A + b * M * K, *bb = B + b * K * N;
  float acc = 0.f;
  for (int k = 0; k < K; ++k)
    acc = fmaf(__half2float(a[(size_t)i * K + k]), __half2float(bb[(size_t)k * N + j]), acc);
  size_t c = b * M * N + (size_t)i * N + j;
  float x = acc * 0.5f * __half2float(scale[i]) + 0.25f * R[c];
  C[c] = x / (1.f + expf(-x));
}
