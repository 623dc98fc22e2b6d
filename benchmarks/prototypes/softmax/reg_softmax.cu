// Prototype (not shipped): the register cluster plan (a row split over a
// cluster of P blocks, every thread's C 16-byte vectors loaded up front and
// kept in registers), with MB blocks per SM forced by the launch bounds so
// that one block's loads overlap another's reduction and stores.
#define LAUNDER(v) asm volatile("" : "+r"((v).x), "+r"((v).y), "+r"((v).z), "+r"((v).w))
#include "common.cuh"

template <typename T, int P, int TH, int C, int MB, int NOEXP>
__global__ void __launch_bounds__(TH, MB) softmax_reg(const T* __restrict__ x, T* __restrict__ y, int cols) {
  __shared__ float redm[32], reds[32];
  __shared__ float pub[2];
  constexpr int N = Elems<T>::N, W = TH / 32;
  cg::cluster_group cluster = cg::this_cluster();
  const int rank = cluster.block_rank(), row = blockIdx.x / P;
  const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
  const size_t off = (size_t)row * cols + (size_t)rank * (cols / P);
  const uint4* src = reinterpret_cast<const uint4*>(x + off);
  uint4 v[C];
#pragma unroll
  for (int j = 0; j < C; ++j) v[j] = src[j * TH + tid];
  float m = sliceMax<T, C>(v);
  float s = 0.f; const float mL0 = m * L2E;
#pragma unroll
  for (int j = 0; j < C; ++j) { float e[N]; Elems<T>::get(v[j], e); for (int k = 0; k < N; ++k) s += NOEXP ? fmaf(e[k], L2E, -mL0) : ex2(fmaf(e[k], L2E, -mL0)); }
  for (int o = 16; o; o >>= 1) { float m2 = __shfl_xor_sync(~0u, m, o), s2 = __shfl_xor_sync(~0u, s, o); combine(m, s, m2, s2); }
  if (lane == 0) { redm[warp] = m; reds[warp] = s; }
  __syncthreads();
  m = lane < W ? redm[lane] : -INFINITY; s = lane < W ? reds[lane] : 0.f;
  for (int o = 16; o; o >>= 1) { float m2 = __shfl_xor_sync(~0u, m, o), s2 = __shfl_xor_sync(~0u, s, o); combine(m, s, m2, s2); }
  if (tid == 0) { pub[0] = m; pub[1] = s; }
  asm volatile("barrier.cluster.arrive.release.aligned;" ::: "memory");
  asm volatile("barrier.cluster.wait.acquire.aligned;" ::: "memory");
  { int q = lane % 8; const float* rp = cluster.map_shared_rank(pub, q < P ? q : 0);
    m = q < P ? rp[0] : -INFINITY; s = q < P ? rp[1] : 0.f;
    for (int o = 4; o; o >>= 1) { float m3 = __shfl_xor_sync(~0u, m, o), s3 = __shfl_xor_sync(~0u, s, o); combine(m, s, m3, s3); } }
  asm volatile("barrier.cluster.arrive.release.aligned;" ::: "memory");
#pragma unroll
  for (int j = 0; j < C; ++j) LAUNDER(v[j]);
  const float inv = 1.f / s, mL = m * L2E;
  uint4* dst = reinterpret_cast<uint4*>(y + off);
#pragma unroll
  for (int j = 0; j < C; ++j) {
    float e[N]; Elems<T>::get(v[j], e);
    for (int k = 0; k < N; ++k) e[k] = (NOEXP ? fmaf(e[k], L2E, -mL) : ex2(fmaf(e[k], L2E, -mL))) * inv;
    dst[j * TH + tid] = Elems<T>::put(e);
  }
  asm volatile("barrier.cluster.wait.acquire.aligned;" ::: "memory");
}

template <typename T, int P, int TH, int C, int MB, int NOEXP = 0>
void run(const char* name, const T* dx, T* dy, int rows, int cols, const std::vector<float>& hx, double copyGBs, int reps) {
  auto k = softmax_reg<T, P, TH, C, MB, NOEXP>;
  if ((long)TH * C * 16 != (long)cols / P * (long)sizeof(T)) { printf("bad config %s\n", name); return; }
  cudaFuncAttributes fa; CK(cudaFuncGetAttributes(&fa, k));
  ClusterLaunch launch(P, TH, 0);
  cudaLaunchConfig_t& cfg = launch.cfg;
  cfg.gridDim = dim3(rows * P);
  int active = 0; CK(cudaOccupancyMaxActiveClusters(&active, (void*)k, &cfg));
  auto [worst, ms] = checkAndTime([&] { CK(cudaLaunchKernelEx(&cfg, k, dx, dy, cols)); }, dy, hx, rows, cols,
                                 {0, 1, rows / 3, rows / 2, rows - 1}, reps);
  double gbs = softmaxGBs<T>(rows, cols, ms);
  printf("{\"variant\":\"%s\",\"regs\":%d,\"local_bytes\":%d,\"active_clusters\":%d,\"rows\":%d,\"cols\":%d,\"ms\":%.4f,\"GBs\":%.0f,\"pct_copy\":%.1f,\"max_rel_err\":%.2e}\n", name, fa.numRegs, (int)fa.localSizeBytes, active, rows, cols, ms, gbs, 100 * gbs / copyGBs, worst);
  fflush(stdout);
}
int main(int argc, char** argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 30;
  {
    Inputs<__half> in(1024, 131072, reps);
    const int rows = in.rows, cols = in.cols; const auto& hx = in.hx; __half *dx = in.dx, *dy = in.dy; const double c = in.copyGBs;
    run<__half, 2, 1024, 8, 1>("f16-c2-t1024-c8-mb1", dx, dy, rows, cols, hx, c, reps);
    run<__half, 4, 512, 8, 2>("f16-c4-t512-c8-mb2", dx, dy, rows, cols, hx, c, reps);
    run<__half, 4, 512, 8, 2, 1>("f16-c4-t512-c8-mb2-noexp", dx, dy, rows, cols, hx, c, reps);
    run<__half, 8, 256, 8, 4>("f16-c8-t256-c8-mb4", dx, dy, rows, cols, hx, c, reps);
    run<__half, 8, 256, 8, 3>("f16-c8-t256-c8-mb3", dx, dy, rows, cols, hx, c, reps);
    run<__half, 4, 256, 16, 2>("f16-c4-t256-c16-mb2", dx, dy, rows, cols, hx, c, reps);
    run<__half, 4, 256, 16, 3>("f16-c4-t256-c16-mb3", dx, dy, rows, cols, hx, c, reps);
    run<__half, 8, 512, 4, 2>("f16-c8-t512-c4-mb2", dx, dy, rows, cols, hx, c, reps);
    run<__half, 8, 128, 16, 6>("f16-c8-t128-c16-mb6", dx, dy, rows, cols, hx, c, reps);
  }
  {
    Inputs<float> in(1024, 131072, reps);
    const int rows = in.rows, cols = in.cols; const auto& hx = in.hx; float *dx = in.dx, *dy = in.dy; const double c = in.copyGBs;
    run<float, 4, 1024, 8, 1>("f32-c4-t1024-c8-mb1", dx, dy, rows, cols, hx, c, reps);
    run<float, 8, 512, 8, 2>("f32-c8-t512-c8-mb2", dx, dy, rows, cols, hx, c, reps);
    run<float, 8, 256, 16, 2>("f32-c8-t256-c16-mb2", dx, dy, rows, cols, hx, c, reps);
  }
  return 0;
}
