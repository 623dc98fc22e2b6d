// Prototype (not shipped): cluster softmax with each block's slice of a long
// row brought into shared memory by 1-D bulk copies (cp.async.bulk), so
// several blocks share an SM and overlap one's loads with another's work.
#include "common.cuh"

template <typename T, int P, int TH, int NCH, int STORE>
__global__ void __launch_bounds__(TH) softmax_bulk(const T* __restrict__ x, T* __restrict__ y, int cols) {
  extern __shared__ __align__(128) unsigned char smem[];
  __shared__ __align__(8) uint64_t bars[NCH];
  __shared__ float redm[32], reds[32];
  __shared__ float pub[2];
  constexpr int N = Elems<T>::N;
  cg::cluster_group cluster = cg::this_cluster();
  const int rank = cluster.block_rank();
  const int row = blockIdx.x / P;
  const int slice = cols / P;
  const uint32_t sliceBytes = slice * sizeof(T);
  const uint32_t chunkBytes = sliceBytes / NCH;
  const char* src = reinterpret_cast<const char*>(x + (size_t)row * cols + (size_t)rank * slice);
  if (threadIdx.x == 0) {
    for (int c = 0; c < NCH; ++c)
      asm volatile("mbarrier.init.shared.b64 [%0], 1;" :: "r"(saddr(&bars[c])));
    asm volatile("fence.mbarrier_init.release.cluster;");
    for (int c = 0; c < NCH; ++c) {
      asm volatile("mbarrier.arrive.expect_tx.shared.b64 _, [%0], %1;" :: "r"(saddr(&bars[c])), "r"(chunkBytes));
      asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                   :: "r"(saddr(smem + c * chunkBytes)), "l"(src + (size_t)c * chunkBytes), "r"(chunkBytes), "r"(saddr(&bars[c])) : "memory");
    }
  }
  __syncthreads();
  const uint4* sv = reinterpret_cast<const uint4*>(smem);
  const int vecsPerChunk = chunkBytes / 16;
  constexpr int dummy = 0; (void)dummy;
  float m = -INFINITY, s = 0.f;
  for (int c = 0; c < NCH; ++c) {
    uint32_t ok = 0;
    while (!ok)
      asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }" : "=r"(ok) : "r"(saddr(&bars[c])) : "memory");
    float lm = -INFINITY;
    for (int i = threadIdx.x; i < vecsPerChunk; i += TH) {
      float e[N]; Elems<T>::get(sv[c * vecsPerChunk + i], e);
      for (int k = 0; k < N; ++k) lm = fmaxf(lm, e[k]);
    }
    float mn = fmaxf(m, lm);
    float ls = 0.f; const float mL = mn * L2E;
    for (int i = threadIdx.x; i < vecsPerChunk; i += TH) {
      float e[N]; Elems<T>::get(sv[c * vecsPerChunk + i], e);
      for (int k = 0; k < N; ++k) ls += ex2(fmaf(e[k], L2E, -mL));
    }
    s = s * ex2((m - mn) * L2E) + ls;
    m = mn;
  }
  for (int o = 16; o; o >>= 1) { float m2 = __shfl_xor_sync(~0u, m, o), s2 = __shfl_xor_sync(~0u, s, o); combine(m, s, m2, s2); }
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (lane == 0) { redm[warp] = m; reds[warp] = s; }
  __syncthreads();
  constexpr int W = TH / 32;
  m = lane < W ? redm[lane] : -INFINITY; s = lane < W ? reds[lane] : 0.f;
  for (int o = 16; o; o >>= 1) { float m2 = __shfl_xor_sync(~0u, m, o), s2 = __shfl_xor_sync(~0u, s, o); combine(m, s, m2, s2); }
  if (threadIdx.x == 0) { pub[0] = m; pub[1] = s; }
  cluster.sync();
  {
    int q = lane % 8;
    const float* rp = cluster.map_shared_rank(pub, q < P ? q : 0);
    float m2 = q < P ? rp[0] : -INFINITY, s2 = q < P ? rp[1] : 0.f;
    m = m2; s = s2;
    for (int o = 4; o; o >>= 1) { float m3 = __shfl_xor_sync(~0u, m, o), s3 = __shfl_xor_sync(~0u, s, o); combine(m, s, m3, s3); }
  }
  asm volatile("barrier.cluster.arrive.aligned;" ::: "memory");
  const float inv = 1.f / s, mL = m * L2E;
  uint4* dst = reinterpret_cast<uint4*>(y + (size_t)row * cols + (size_t)rank * slice);
  const int vecs = sliceBytes / 16;
#pragma unroll 4
  for (int i = threadIdx.x; i < vecs; i += TH) {
    float e[N]; Elems<T>::get(sv[i], e);
    for (int k = 0; k < N; ++k) e[k] = ex2(fmaf(e[k], L2E, -mL)) * inv;
    uint4 o = Elems<T>::put(e);
    if (STORE == 1) __stcs(dst + i, o); else dst[i] = o;
  }
  asm volatile("barrier.cluster.wait.aligned;" ::: "memory");
}

template <typename T>
__global__ void copyk(const uint4* a, uint4* b, size_t n) { for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) b[i] = a[i]; }

template <typename T, int P, int TH, int NCH, int STORE>
void run(const char* name, const T* dx, T* dy, int rows, int cols, const std::vector<float>& hx, double copyGBs, int reps) {
  auto k = softmax_bulk<T, P, TH, NCH, STORE>;
  size_t smemBytes = (size_t)cols / P * sizeof(T);
  CK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smemBytes));
  ClusterLaunch launch(P, TH, smemBytes);
  cudaLaunchConfig_t& cfg = launch.cfg;
  cfg.gridDim = dim3(rows * P);
  int nClusters = 0; cudaOccupancyMaxActiveClusters(&nClusters, (void*)k, &cfg);
  auto [worst, ms] = checkAndTime([&] { CK(cudaLaunchKernelEx(&cfg, k, dx, dy, cols)); }, dy, hx, rows, cols,
                                 {0, rows / 3, rows / 2, rows - 1}, reps);
  double gbs = softmaxGBs<T>(rows, cols, ms);
  printf("{\"variant\":\"%s\",\"rows\":%d,\"cols\":%d,\"ms\":%.4f,\"GBs\":%.0f,\"pct_copy\":%.1f,\"max_rel_err\":%.2e,\"active_clusters\":%d}\n", name, rows, cols, ms, gbs, 100 * gbs / copyGBs, worst, nClusters);
}

template <typename T>
void shape(int rows, int cols, int reps) {
  Inputs<T> in(rows, cols, reps);
  const auto& hx = in.hx; T *dx = in.dx, *dy = in.dy; const double c = in.copyGBs;
  if constexpr (sizeof(T) == 2) {
    run<__half, 2, 1024, 8, 0>("f16-c2-t1024-n8", dx, dy, rows, cols, hx, c, reps);
    run<__half, 4, 256, 4, 0>("f16-c4-t256-n4", dx, dy, rows, cols, hx, c, reps);
    run<__half, 4, 512, 4, 0>("f16-c4-t512-n4", dx, dy, rows, cols, hx, c, reps);
    run<__half, 4, 512, 8, 0>("f16-c4-t512-n8", dx, dy, rows, cols, hx, c, reps);
    run<__half, 4, 256, 4, 1>("f16-c4-t256-n4-cs", dx, dy, rows, cols, hx, c, reps);
    run<__half, 8, 256, 2, 0>("f16-c8-t256-n2", dx, dy, rows, cols, hx, c, reps);
    run<__half, 8, 128, 2, 0>("f16-c8-t128-n2", dx, dy, rows, cols, hx, c, reps);
    run<__half, 8, 256, 4, 0>("f16-c8-t256-n4", dx, dy, rows, cols, hx, c, reps);
  } else {
    run<float, 4, 1024, 8, 0>("f32-c4-t1024-n8", dx, dy, rows, cols, hx, c, reps);
    run<float, 8, 256, 4, 0>("f32-c8-t256-n4", dx, dy, rows, cols, hx, c, reps);
    run<float, 8, 512, 4, 0>("f32-c8-t512-n4", dx, dy, rows, cols, hx, c, reps);
    run<float, 8, 512, 8, 0>("f32-c8-t512-n8", dx, dy, rows, cols, hx, c, reps);
    run<float, 8, 256, 4, 1>("f32-c8-t256-n4-cs", dx, dy, rows, cols, hx, c, reps);
  }
}

int main(int argc, char** argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 30;
  shape<__half>(1024, 131072, reps);
  shape<float>(1024, 131072, reps);
  shape<__half>(4096, 32768, reps);
  shape<float>(4096, 32768, reps);
  return 0;
}
