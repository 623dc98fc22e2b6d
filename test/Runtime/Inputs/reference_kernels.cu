// Hand-written reference kernels for smoke-testing gemm-run in AOT mode
// without the compiler. Regenerate the PTX with:
//   nvcc -arch=sm_90 -ptx -O3 reference_kernels.cu -o reference_kernels.ptx
// The manifests next to this file (*.json) launch these kernels.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

__device__ inline float toF(float x) { return x; }
__device__ inline float toF(__half x) { return __half2float(x); }
__device__ inline float toF(__nv_bfloat16 x) { return __bfloat162float(x); }
template <typename T> __device__ inline T fromF(float x);
template <> __device__ inline float fromF<float>(float x) { return x; }
template <> __device__ inline __half fromF<__half>(float x) { return __float2half_rn(x); }
template <> __device__ inline __nv_bfloat16 fromF<__nv_bfloat16>(float x) { return __float2bfloat16_rn(x); }

// This thread's element (i, j) of an M x N result; false outside it.
__device__ inline bool elementOf(int M, int N, int &i, int &j) {
  j = blockIdx.x * blockDim.x + threadIdx.x;
  i = blockIdx.y * blockDim.y + threadIdx.y;
  return i < M && j < N;
}

// Row i of A (M x K) times column j of B, B stored K x N or (`bT`) N x K,
// accumulated in f32.
template <typename TI> __device__ float dot(const TI *A, const TI *B, int i, int j, int N, int K, bool bT = false) {
  float acc = 0.f;
  for (int k = 0; k < K; ++k)
    acc = fmaf(toF(A[(size_t)i * K + k]), toF(bT ? B[(size_t)j * K + k] : B[(size_t)k * N + j]), acc);
  return acc;
}

// C(MxN) = beta*C + A(MxK)·B(KxN), row-major, ldc given as i64 and beta as f32
// to exercise every scalar ABI. One thread per C element, f32 accumulation.
template <typename TI, typename TO>
__device__ void matmulNaive(TO *C, const TI *A, const TI *B, int M, int N, int K, long long ldc, float beta) {
  int i, j;
  if (!elementOf(M, N, i, j))
    return;
  float acc = dot(A, B, i, j, N, K);
  if (beta != 0.f)
    acc += beta * toF(C[i * ldc + j]);
  C[i * ldc + j] = fromF<TO>(acc);
}

extern "C" __global__ void matmul_naive_f32(float *C, const float *A, const float *B, int M, int N, int K,
                                            long long ldc, float beta) {
  matmulNaive<float, float>(C, A, B, M, N, K, ldc, beta);
}
extern "C" __global__ void matmul_naive_f16_f32(float *C, const __half *A, const __half *B, int M, int N, int K,
                                                long long ldc, float beta) {
  matmulNaive<__half, float>(C, A, B, M, N, K, ldc, beta);
}
extern "C" __global__ void matmul_naive_bf16_bf16(__nv_bfloat16 *C, const __nv_bfloat16 *A, const __nv_bfloat16 *B,
                                                  int M, int N, int K, long long ldc, float beta) {
  matmulNaive<__nv_bfloat16, __nv_bfloat16>(C, A, B, M, N, K, ldc, beta);
}

// Softmax over rows, one block (256 threads) per row; the row is staged in
// dynamic shared memory (cols * 4 bytes: > 48 KiB for cols > 12288).
__device__ float blockReduce(float v, bool isMax, float *red) {
  for (int o = 16; o > 0; o >>= 1) {
    float w = __shfl_xor_sync(0xffffffffu, v, o);
    v = isMax ? fmaxf(v, w) : v + w;
  }
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  __syncthreads();
  if (lane == 0)
    red[warp] = v;
  __syncthreads();
  v = red[0];
  for (int w = 1; w < (int)(blockDim.x >> 5); ++w)
    v = isMax ? fmaxf(v, red[w]) : v + red[w];
  return v;
}

template <typename TX, typename TY>
__device__ void softmaxRows(const TX *X, TY *Y, int rows, int cols) {
  extern __shared__ float row[];
  __shared__ float red[32];
  int r = blockIdx.x;
  if (r >= rows)
    return;
  const TX *x = X + (size_t)r * cols;
  float m = -INFINITY;
  for (int j = threadIdx.x; j < cols; j += blockDim.x) {
    float v = toF(x[j]);
    row[j] = v;
    m = fmaxf(m, v);
  }
  m = blockReduce(m, true, red);
  float s = 0.f;
  for (int j = threadIdx.x; j < cols; j += blockDim.x) {
    float e = expf(row[j] - m); // NaN for an all -inf row, as the definition says
    row[j] = e;
    s += e;
  }
  s = blockReduce(s, false, red);
  for (int j = threadIdx.x; j < cols; j += blockDim.x)
    Y[(size_t)r * cols + j] = fromF<TY>(row[j] / s);
}

extern "C" __global__ void softmax_rows_f32(const float *X, float *Y, int rows, int cols) {
  softmaxRows<float, float>(X, Y, rows, cols);
}
extern "C" __global__ void softmax_rows_f16(const __half *X, __half *Y, int rows, int cols) {
  softmaxRows<__half, __half>(X, Y, rows, cols);
}

// Deliberately wrong (skips the last column of C): gemm-run must report FAIL.
extern "C" __global__ void matmul_naive_f32_wrong(float *C, const float *A, const float *B, int M, int N, int K,
                                                  long long ldc, float beta) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j == N - 1)
    return;
  matmulNaive<float, float>(C, A, B, M, N, K, ldc, beta);
}

// Matmuls with fused epilogues (issue 16): the manifests matmul_*bias_gelu*.json
// and matmul_f16_f32_epilogue_batch.json launch them.
// C = gelu_tanh(A * B^T + bias[col]) in bf16 (B stored N x K: nn.Linear's
// layout "nt"). One thread per element, f32 accumulation, one rounding.
// `shift` != 0 reads the bias of another column: a wrong kernel that
// gemm-run must FAIL.
extern "C" __global__ void matmul_nt_bias_gelu_bf16(__nv_bfloat16 *C, const __nv_bfloat16 *A,
                                                    const __nv_bfloat16 *B, const __nv_bfloat16 *bias, int M,
                                                    int N, int K, int shift) {
  int i, j;
  if (!elementOf(M, N, i, j))
    return;
  float x = dot(A, B, i, j, N, K, /*bT=*/true) + toF(bias[(j + shift) % N]);
  float g = 0.5f * x * (1.f + tanhf(0.7978845608028654f * (x + 0.044715f * x * x * x)));
  C[(size_t)i * N + j] = fromF<__nv_bfloat16>(g);
}

// Batched (grid z): C[b] = silu(0.5 * (A[b] * B[b]) * scale[row] + 0.25 *
// R[b]) in f32 from f16 A and B: a scalar, a row vector (f16), a residual
// with operand_scale (f32), an activation.
extern "C" __global__ void matmul_scale_residual_silu_f16_f32(float *C, const __half *A, const __half *B,
                                                              const __half *scale, const float *R, int M, int N,
                                                              int K) {
  int i, j;
  size_t b = blockIdx.z;
  if (!elementOf(M, N, i, j))
    return;
  float acc = dot(A + b * M * K, B + b * K * N, i, j, N, K);
  size_t c = b * M * N + (size_t)i * N + j;
  float x = acc * 0.5f * toF(scale[i]) + 0.25f * R[c];
  C[c] = x / (1.f + expf(-x));
}

// f32, every kind of step: C = gelu_tanh((0.5 * A*B + bias[col]) * scale[row]
// + 0.25 * R) (python/tests/fake_cuda runs it on the host too); `shift` != 0
// reads the bias of another column (a wrong kernel).
extern "C" __global__ void matmul_naive_f32_epilogue(float *C, const float *A, const float *B, const float *bias,
                                                     const float *scale, const float *R, int M, int N, int K,
                                                     int shift) {
  int i, j;
  if (!elementOf(M, N, i, j))
    return;
  size_t c = (size_t)i * N + j;
  float x = (0.5f * dot(A, B, i, j, N, K) + bias[(j + shift) % N]) * scale[i] + 0.25f * R[c];
  C[c] = 0.5f * x * (1.f + tanhf(0.7978845608028654f * (x + 0.044715f * x * x * x)));
}
