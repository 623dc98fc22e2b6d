// Throughput ceiling of warp-level mma.sync on this GPU: every warp issues
// independent mma.sync chains on registers only (no memory traffic), so the
// figure is the most any ldmatrix + mma.sync kernel (the `mma` rung) can
// reach. Prints one JSON object per instruction shape.
//   nvcc -O3 -arch=sm_90 -o mma-peak mma-peak.cu && ./mma-peak
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x)                                                              \
  do {                                                                        \
    cudaError_t e = (x);                                                      \
    if (e != cudaSuccess) {                                                   \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x,              \
              cudaGetErrorString(e));                                         \
      exit(1);                                                                \
    }                                                                         \
  } while (0)

constexpr int kChains = 8; // independent accumulators per warp
constexpr int kIters = 4096;

enum Kind { F16, BF16, TF32 };

template <Kind K>
__global__ void mmaLoop(float *out, unsigned seed) {
  unsigned a0 = seed ^ threadIdx.x, a1 = a0 * 3u, a2 = a0 * 5u, a3 = a0 * 7u;
  unsigned b0 = a0 * 11u, b1 = a0 * 13u;
  float acc[kChains][4] = {};
  for (int it = 0; it < kIters; ++it) {
#pragma unroll
    for (int c = 0; c < kChains; ++c) {
      if constexpr (K == F16)
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                     "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                     : "+f"(acc[c][0]), "+f"(acc[c][1]), "+f"(acc[c][2]), "+f"(acc[c][3])
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
      else if constexpr (K == BF16)
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 "
                     "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                     : "+f"(acc[c][0]), "+f"(acc[c][1]), "+f"(acc[c][2]), "+f"(acc[c][3])
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
      else
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
                     "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                     : "+f"(acc[c][0]), "+f"(acc[c][1]), "+f"(acc[c][2]), "+f"(acc[c][3])
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
    }
  }
  float s = 0;
  for (int c = 0; c < kChains; ++c)
    s += acc[c][0] + acc[c][1] + acc[c][2] + acc[c][3];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s; // keeps the loop alive
}

template <Kind K>
void measure(const char *name, int k, int sms, int warpsPerBlock, int blocksPerSm) {
  int blocks = sms * blocksPerSm, threads = warpsPerBlock * 32;
  float *out;
  CHECK(cudaMalloc(&out, sizeof(float) * blocks * threads));
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  for (int w = 0; w < 3; ++w)
    mmaLoop<K><<<blocks, threads>>>(out, 1u);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  const int runs = 21;
  float ms[runs];
  for (int r = 0; r < runs; ++r) {
    CHECK(cudaEventRecord(start));
    mmaLoop<K><<<blocks, threads>>>(out, 1u + r);
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    CHECK(cudaEventElapsedTime(&ms[r], start, stop));
  }
  for (int i = 0; i < runs; ++i) // median
    for (int j = i + 1; j < runs; ++j)
      if (ms[j] < ms[i]) { float t = ms[i]; ms[i] = ms[j]; ms[j] = t; }
  double flops = 2.0 * 16 * 8 * k * kChains * double(kIters) * blocks * warpsPerBlock;
  printf("{\"instr\": \"%s\", \"warps_per_sm\": %d, \"ms\": %.4f, \"tflops\": %.1f}\n",
         name, warpsPerBlock * blocksPerSm, ms[runs / 2], flops / (ms[runs / 2] * 1e-3) / 1e12);
  CHECK(cudaFree(out));
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(stop));
}

int main() {
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  printf("{\"device\": \"%s\", \"sms\": %d}\n", prop.name, prop.multiProcessorCount);
  int sms = prop.multiProcessorCount;
  for (int warps : {4, 8, 16}) {
    measure<F16>("mma.sync.m16n8k16.f32.f16", 16, sms, warps, 1);
    measure<BF16>("mma.sync.m16n8k16.f32.bf16", 16, sms, warps, 1);
    measure<TF32>("mma.sync.m16n8k8.f32.tf32", 8, sms, warps, 1);
  }
  return 0;
}
