// Prototype (not shipped): persistent cluster softmax, each thread holding
// its share of one row slice in registers while the next row's slice lands
// in shared memory through 1-D bulk copies (one mbarrier).
#include "common.cuh"

// P blocks per row, T threads, C vectors per thread (slice = T*C vectors),
// NB bulk copies per slice, R rows per cluster (contiguous), FOLD: 1/S folded
// into the exponent.
template <typename T, int P, int TH, int C, int NB, int FOLD, int WHAT = 0>
__global__ void __launch_bounds__(TH, 1) softmax_staged(const T* __restrict__ x, T* __restrict__ y, int rows, int cols, int R) {
  extern __shared__ __align__(128) unsigned char smem[];
  __shared__ __align__(8) uint64_t bar;
  __shared__ float redm[2][32], reds[2][32];
  __shared__ float pub[2][2];
  constexpr int N = Elems<T>::N, W = TH / 32;
  cg::cluster_group cluster = cg::this_cluster();
  const int rank = cluster.block_rank();
  const int c = blockIdx.x / P;
  const int first = c * R, last = min(rows, first + R);
  const int slice = cols / P;
  const uint32_t sliceBytes = slice * sizeof(T), partBytes = sliceBytes / NB;
  const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
  auto issue = [&](int row) {
    const char* src = reinterpret_cast<const char*>(x + (size_t)row * cols + (size_t)rank * slice);
    asm volatile("mbarrier.arrive.expect_tx.shared.b64 _, [%0], %1;" :: "r"(saddr(&bar)), "r"(sliceBytes));
    for (int q = 0; q < NB; ++q)
      asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                   :: "r"(saddr(smem + q * partBytes)), "l"(src + (size_t)q * partBytes), "r"(partBytes), "r"(saddr(&bar)) : "memory");
  };
  if (tid == 0) {
    asm volatile("mbarrier.init.shared.b64 [%0], 1;" :: "r"(saddr(&bar)));
    asm volatile("fence.mbarrier_init.release.cluster;");
    if (first < last) issue(first);
  }
  __syncthreads();
  const uint4* sv = reinterpret_cast<const uint4*>(smem);
  for (int row = first, i = 0; row < last; ++row, ++i) {
    const int par = i & 1;
    waitParity(&bar, par);
    uint4 v[C];
#pragma unroll
    for (int j = 0; j < C; ++j) v[j] = sv[j * TH + tid];
    __syncthreads();
    if (tid == 0 && row + 1 < last) { asm volatile("fence.proxy.async.shared::cta;" ::: "memory"); issue(row + 1); }
    if constexpr (WHAT == 3) {
      uint4* d3 = reinterpret_cast<uint4*>(y + (size_t)row * cols + (size_t)rank * slice);
#pragma unroll
      for (int j = 0; j < C; ++j) d3[j * TH + tid] = v[j];
      continue;
    }
    float m = sliceMax<T, C>(v);
    float s = 0.f; const float mL0 = m * L2E;
#pragma unroll
    for (int j = 0; j < C; ++j) { float e[N]; Elems<T>::get(v[j], e); for (int k = 0; k < N; ++k) s += (WHAT >= 1 ? fmaf(e[k], L2E, -mL0) : ex2(fmaf(e[k], L2E, -mL0))); }
    for (int o = 16; o; o >>= 1) { float m2 = __shfl_xor_sync(~0u, m, o), s2 = __shfl_xor_sync(~0u, s, o); combine(m, s, m2, s2); }
    if (lane == 0) { redm[par][warp] = m; reds[par][warp] = s; }
    __syncthreads();
    m = lane < W ? redm[par][lane] : -INFINITY; s = lane < W ? reds[par][lane] : 0.f;
    for (int o = 16; o; o >>= 1) { float m2 = __shfl_xor_sync(~0u, m, o), s2 = __shfl_xor_sync(~0u, s, o); combine(m, s, m2, s2); }
    if (tid == 0) { pub[par][0] = m; pub[par][1] = s; }
    asm volatile("barrier.cluster.arrive.release.aligned;" ::: "memory");
    asm volatile("barrier.cluster.wait.acquire.aligned;" ::: "memory");
    { int q = lane % 8; const float* rp = cluster.map_shared_rank(&pub[par][0], q < P ? q : 0);
      m = q < P ? rp[0] : -INFINITY; s = q < P ? rp[1] : 0.f;
      for (int o = 4; o; o >>= 1) { float m3 = __shfl_xor_sync(~0u, m, o), s3 = __shfl_xor_sync(~0u, s, o); combine(m, s, m3, s3); } }
#pragma unroll
    for (int j = 0; j < C; ++j) asm volatile("" : "+r"(v[j].x), "+r"(v[j].y), "+r"(v[j].z), "+r"(v[j].w));
    const float inv = 1.f / s;
    const float mL = FOLD ? m * L2E + __log2f(s) : m * L2E;
    uint4* dst = reinterpret_cast<uint4*>(y + (size_t)row * cols + (size_t)rank * slice);
#pragma unroll
    for (int j = 0; j < C; ++j) {
      float e[N]; Elems<T>::get(v[j], e);
      for (int k = 0; k < N; ++k) e[k] = WHAT >= 2 ? fmaf(e[k], L2E, -mL) * inv : FOLD ? ex2(fmaf(e[k], L2E, -mL)) : ex2(fmaf(e[k], L2E, -mL)) * inv;
      dst[j * TH + tid] = Elems<T>::put(e);
    }
  }
  asm volatile("barrier.cluster.arrive.release.aligned;" ::: "memory");
  asm volatile("barrier.cluster.wait.acquire.aligned;" ::: "memory");
}

// Plain grid-stride copy with 16-byte accesses (the SM copy bound).
__global__ void __launch_bounds__(1024) copyKernel(const uint4* __restrict__ a, uint4* __restrict__ b, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) b[i] = a[i];
}
// The register plan's skeleton: a block loads C vectors per thread of its
// slice (all in flight), then stores them.
template <int TH, int C>
__global__ void __launch_bounds__(TH, 1) regSkeleton(const uint4* __restrict__ a, uint4* __restrict__ b) {
  size_t base = (size_t)blockIdx.x * TH * C;
  uint4 v[C];
#pragma unroll
  for (int j = 0; j < C; ++j) v[j] = a[base + j * TH + threadIdx.x];
  __syncthreads();
#pragma unroll
  for (int j = 0; j < C; ++j) b[base + j * TH + threadIdx.x] = v[j];
}
template <typename K, typename... A>
void timeKernel(const char* name, K k, dim3 grid, dim3 block, size_t bytes, double copyGBs, int reps, A... args) {
  float ms = timeMs([&] { k<<<grid, block>>>(args...); }, reps);
  double gbs = 2.0 * bytes / (ms * 1e-3) / 1e9;
  printf("{\"variant\":\"%s\",\"ms\":%.4f,\"GBs\":%.0f,\"pct_copy\":%.1f}\n", name, ms, gbs, 100 * gbs / copyGBs);
  fflush(stdout);
}

template <typename T, int P, int TH, int C, int NB, int FOLD, int WHAT = 0>
void run(const char* name, const T* dx, T* dy, int rows, int cols, const std::vector<float>& hx, double copyGBs, int reps, int wantClusters) {
  auto k = softmax_staged<T, P, TH, C, NB, FOLD, WHAT>;
  if ((long)TH * C * 16 != (long)cols / P * (long)sizeof(T)) { printf("bad config %s\n", name); return; }
  size_t smemBytes = (size_t)cols / P * sizeof(T);
  CK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smemBytes));
  ClusterLaunch launch(P, TH, smemBytes);
  cudaLaunchConfig_t& cfg = launch.cfg;
  int active = 0; CK(cudaOccupancyMaxActiveClusters(&active, (void*)k, &cfg));
  int G = wantClusters > 0 ? wantClusters : active;
  int R = (rows + G - 1) / G; G = (rows + R - 1) / R;
  cfg.gridDim = dim3(G * P);
  auto [worst, ms] = checkAndTime([&] { CK(cudaLaunchKernelEx(&cfg, k, dx, dy, rows, cols, R)); }, dy, hx, rows, cols,
                                 {0, 1, R - 1, R, rows / 3, rows / 2, rows - 2, rows - 1}, reps);
  double gbs = softmaxGBs<T>(rows, cols, ms);
  printf("{\"variant\":\"%s\",\"clusters\":%d,\"rows_per_cluster\":%d,\"active_clusters\":%d,\"rows\":%d,\"cols\":%d,\"ms\":%.4f,\"GBs\":%.0f,\"pct_copy\":%.1f,\"max_rel_err\":%.2e}\n", name, G, R, active, rows, cols, ms, gbs, 100 * gbs / copyGBs, worst);
  fflush(stdout);
}
int main(int argc, char** argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 30;
  {
    Inputs<__half> in(1024, 131072, reps);
    const int rows = in.rows, cols = in.cols; const auto& hx = in.hx; __half *dx = in.dx, *dy = in.dy; const double c = in.copyGBs;
    run<__half, 2, 1024, 8, 4, 0>("f16-c2-t1024-nb4", dx, dy, rows, cols, hx, c, reps, 64);
    run<__half, 2, 1024, 8, 4, 0, 3>("f16-whatif-staged-skeleton", dx, dy, rows, cols, hx, c, reps, 64);
    { size_t nv = (size_t)rows * cols * 2 / 16;
      timeKernel("sm-copy-132x1024", copyKernel, dim3(132), dim3(1024), (size_t)rows * cols * 2, c, reps, (const uint4*)dx, (uint4*)dy, nv);
      timeKernel("sm-copy-264x1024", copyKernel, dim3(264), dim3(1024), (size_t)rows * cols * 2, c, reps, (const uint4*)dx, (uint4*)dy, nv);
      timeKernel("sm-copy-2112x256", copyKernel, dim3(2112), dim3(256), (size_t)rows * cols * 2, c, reps, (const uint4*)dx, (uint4*)dy, nv);
      timeKernel("reg-skeleton-t1024-c8", regSkeleton<1024, 8>, dim3(nv / 8192), dim3(1024), (size_t)rows * cols * 2, c, reps, (const uint4*)dx, (uint4*)dy);
      timeKernel("reg-skeleton-t512-c8", regSkeleton<512, 8>, dim3(nv / 4096), dim3(512), (size_t)rows * cols * 2, c, reps, (const uint4*)dx, (uint4*)dy);
      timeKernel("reg-skeleton-t256-c4", regSkeleton<256, 4>, dim3(nv / 1024), dim3(256), (size_t)rows * cols * 2, c, reps, (const uint4*)dx, (uint4*)dy); }
    run<__half, 2, 1024, 8, 4, 0, 2>("f16-whatif-noexp", dx, dy, rows, cols, hx, c, reps, 64);
    run<__half, 2, 512, 16, 4, 0>("f16-c2-t512-nb4", dx, dy, rows, cols, hx, c, reps, 64);
    run<__half, 2, 512, 16, 4, 0, 2>("f16-c2-t512-whatif-noexp", dx, dy, rows, cols, hx, c, reps, 64);
  }
  {
    Inputs<float> in(1024, 131072, reps);
    const int rows = in.rows, cols = in.cols; const auto& hx = in.hx; float *dx = in.dx, *dy = in.dy; const double c = in.copyGBs;
    run<float, 4, 1024, 8, 4, 0>("f32-c4-t1024-nb4", dx, dy, rows, cols, hx, c, reps, 0);
    run<float, 4, 1024, 8, 4, 0, 2>("f32-c4-whatif-noexp", dx, dy, rows, cols, hx, c, reps, 0);
  }
  return 0;
}
