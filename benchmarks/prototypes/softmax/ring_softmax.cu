// Prototype (not shipped): persistent cluster softmax for very long rows.
// Each block owns one slice of a row; a producer warp streams the slices of
// the cluster's rows, chunk by chunk, through a ring of shared-memory slots
// with 1-D bulk copies (full/empty mbarriers), so the next row's loads run
// under this row's reduction, cluster exchange and stores.
#include "common.cuh"

__device__ __forceinline__ void clusterArrive() { asm volatile("barrier.cluster.arrive.release.aligned;" ::: "memory"); }
__device__ __forceinline__ void clusterWait() { asm volatile("barrier.cluster.wait.acquire.aligned;" ::: "memory"); }

// P blocks per row, CT consumer threads (+ one producer warp), NCH chunks
// per slice, S ring slots (S >= NCH). Cluster c takes rows c, c + G, ...
template <typename T, int P, int CT, int NCH, int S>
__global__ void __launch_bounds__(CT + 32, 1) softmax_ring(const T* __restrict__ x, T* __restrict__ y, int rows, int cols) {
  extern __shared__ __align__(128) unsigned char smem[];
  __shared__ __align__(8) uint64_t full[S], empty[S];
  __shared__ float redm[2][32], reds[2][32];
  __shared__ float pub[2][2];
  constexpr int N = Elems<T>::N;
  constexpr int CW = CT / 32;
  constexpr int E = S - NCH; // chunks of the next row loaded early
  cg::cluster_group cluster = cg::this_cluster();
  const int rank = cluster.block_rank();
  const int G = gridDim.x / P, c = blockIdx.x / P;
  const int myRows = c < rows ? (rows - 1 - c) / G + 1 : 0;
  const int slice = cols / P;
  const uint32_t chunkBytes = slice * sizeof(T) / NCH;
  const int tid = threadIdx.x;
  if (tid == 0) {
    for (int i = 0; i < S; ++i) {
      asm volatile("mbarrier.init.shared.b64 [%0], 1;" :: "r"(saddr(&full[i])));
      asm volatile("mbarrier.init.shared.b64 [%0], %1;" :: "r"(saddr(&empty[i])), "r"(CW));
    }
    asm volatile("fence.mbarrier_init.release.cluster;");
  }
  __syncthreads();
  if (tid >= CT) {
    // Producer warp: lane 0 issues, every lane takes part in the cluster barriers.
    const int lane = tid - CT;
    auto issue = [&](int r, int j) {
      int g = r * NCH + j, slot = g % S;
      if (g >= S) waitParity(&empty[slot], ((g / S) - 1) & 1);
      __syncwarp();
      if (lane == 0) {
        const char* src = reinterpret_cast<const char*>(x + (size_t)(c + (size_t)r * G) * cols + (size_t)rank * slice) + (size_t)j * chunkBytes;
        asm volatile("mbarrier.arrive.expect_tx.shared.b64 _, [%0], %1;" :: "r"(saddr(&full[slot])), "r"(chunkBytes));
        asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                     :: "r"(saddr(smem + (size_t)slot * chunkBytes)), "l"(src), "r"(chunkBytes), "r"(saddr(&full[slot])) : "memory");
      }
      __syncwarp();
    };
    for (int j = 0; j < NCH && myRows > 0; ++j) issue(0, j);
    for (int j = 0; j < E && myRows > 1; ++j) issue(1, j);
    for (int r = 0; r < myRows; ++r) {
      clusterArrive();
      if (r + 1 < myRows) for (int j = E; j < NCH; ++j) issue(r + 1, j);
      if (r + 2 < myRows) for (int j = 0; j < E; ++j) issue(r + 2, j);
      clusterWait();
    }
    clusterArrive(); clusterWait();
    return;
  }
  const int warp = tid / 32, lane = tid % 32;
  const int vecsPerChunk = chunkBytes / 16;
  for (int r = 0; r < myRows; ++r) {
    const int row = c + r * G, par = r & 1;
    float m = -INFINITY, s = 0.f;
    for (int j = 0; j < NCH; ++j) {
      int g = r * NCH + j, slot = g % S;
      waitParity(&full[slot], (g / S) & 1);
      const uint4* sv = reinterpret_cast<const uint4*>(smem + (size_t)slot * chunkBytes);
      float lm = -INFINITY;
      for (int i = tid; i < vecsPerChunk; i += CT) { float v[N]; Elems<T>::get(sv[i], v); for (int k = 0; k < N; ++k) lm = fmaxf(lm, v[k]); }
      float mn = fmaxf(m, lm), mL = mn * L2E, ls = 0.f;
      for (int i = tid; i < vecsPerChunk; i += CT) { float v[N]; Elems<T>::get(sv[i], v); for (int k = 0; k < N; ++k) ls += ex2(fmaf(v[k], L2E, -mL)); }
      s = s * ex2((m - mn) * L2E) + ls; m = mn;
    }
    for (int o = 16; o; o >>= 1) { float m2 = __shfl_xor_sync(~0u, m, o), s2 = __shfl_xor_sync(~0u, s, o); combine(m, s, m2, s2); }
    if (lane == 0) { redm[par][warp] = m; reds[par][warp] = s; }
    asm volatile("bar.sync 1, %0;" :: "n"(CT) : "memory");
    m = lane < CW ? redm[par][lane] : -INFINITY; s = lane < CW ? reds[par][lane] : 0.f;
    for (int o = 16; o; o >>= 1) { float m2 = __shfl_xor_sync(~0u, m, o), s2 = __shfl_xor_sync(~0u, s, o); combine(m, s, m2, s2); }
    if (tid == 0) { pub[par][0] = m; pub[par][1] = s; }
    clusterArrive(); clusterWait();
    {
      int q = lane % 8;
      const float* rp = cluster.map_shared_rank(&pub[par][0], q < P ? q : 0);
      m = q < P ? rp[0] : -INFINITY; s = q < P ? rp[1] : 0.f;
      for (int o = 4; o; o >>= 1) { float m3 = __shfl_xor_sync(~0u, m, o), s3 = __shfl_xor_sync(~0u, s, o); combine(m, s, m3, s3); }
    }
    const float inv = 1.f / s, mL = m * L2E;
    uint4* dst = reinterpret_cast<uint4*>(y + (size_t)row * cols + (size_t)rank * slice);
    for (int j = 0; j < NCH; ++j) {
      int g = r * NCH + j, slot = g % S;
      const uint4* sv = reinterpret_cast<const uint4*>(smem + (size_t)slot * chunkBytes);
      for (int i = tid; i < vecsPerChunk; i += CT) {
        float v[N]; Elems<T>::get(sv[i], v);
        for (int k = 0; k < N; ++k) v[k] = ex2(fmaf(v[k], L2E, -mL)) * inv;
        dst[j * vecsPerChunk + i] = Elems<T>::put(v);
      }
      __syncwarp();
      if (lane == 0) asm volatile("mbarrier.arrive.shared.b64 _, [%0];" :: "r"(saddr(&empty[slot])) : "memory");
    }
  }
  clusterArrive(); clusterWait();
}

template <typename T, int P, int CT, int NCH, int S>
void run(const char* name, const T* dx, T* dy, int rows, int cols, const std::vector<float>& hx, double copyGBs, int reps, int gridClusters) {
  auto k = softmax_ring<T, P, CT, NCH, S>;
  size_t smemBytes = (size_t)cols / P * sizeof(T) / NCH * S;
  CK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smemBytes));
  ClusterLaunch launch(P, CT + 32, smemBytes);
  cudaLaunchConfig_t& cfg = launch.cfg;
  int active = 0; CK(cudaOccupancyMaxActiveClusters(&active, (void*)k, &cfg));
  int G = gridClusters > 0 ? gridClusters : active;
  G = std::min(G, rows);
  cfg.gridDim = dim3(G * P);
  auto [worst, ms] = checkAndTime([&] { CK(cudaLaunchKernelEx(&cfg, k, dx, dy, rows, cols)); }, dy, hx, rows, cols,
                                 {0, 1, rows / 3, rows / 2, rows - 2, rows - 1}, reps);
  double gbs = softmaxGBs<T>(rows, cols, ms);
  printf("{\"variant\":\"%s\",\"grid_clusters\":%d,\"active_clusters\":%d,\"rows\":%d,\"cols\":%d,\"ms\":%.4f,\"GBs\":%.0f,\"pct_copy\":%.1f,\"max_rel_err\":%.2e}\n", name, G, active, rows, cols, ms, gbs, 100 * gbs / copyGBs, worst);
  fflush(stdout);
}

int main(int argc, char** argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 30;
  {
    Inputs<__half> in(1024, 131072, reps);
    const int rows = in.rows, cols = in.cols; const auto& hx = in.hx; __half *dx = in.dx, *dy = in.dy; const double c = in.copyGBs;
    run<__half, 2, 512, 8, 12>("f16-c2-t512-n8-s12", dx, dy, rows, cols, hx, c, reps, 0);
    run<__half, 2, 512, 8, 12>("f16-c2-t512-n8-s12-g64", dx, dy, rows, cols, hx, c, reps, 64);
    run<__half, 2, 512, 8, 10>("f16-c2-t512-n8-s10", dx, dy, rows, cols, hx, c, reps, 0);
    run<__half, 2, 512, 8, 13>("f16-c2-t512-n8-s13", dx, dy, rows, cols, hx, c, reps, 0);
    run<__half, 2, 256, 8, 12>("f16-c2-t256-n8-s12", dx, dy, rows, cols, hx, c, reps, 0);
    run<__half, 2, 512, 16, 24>("f16-c2-t512-n16-s24", dx, dy, rows, cols, hx, c, reps, 0);
    run<__half, 2, 512, 4, 6>("f16-c2-t512-n4-s6", dx, dy, rows, cols, hx, c, reps, 0);
    run<__half, 4, 512, 4, 8>("f16-c4-t512-n4-s8", dx, dy, rows, cols, hx, c, reps, 0);
    run<__half, 4, 256, 4, 6>("f16-c4-t256-n4-s6", dx, dy, rows, cols, hx, c, reps, 0);
  }
  {
    Inputs<float> in(1024, 131072, reps);
    const int rows = in.rows, cols = in.cols; const auto& hx = in.hx; float *dx = in.dx, *dy = in.dy; const double c = in.copyGBs;
    run<float, 4, 512, 8, 12>("f32-c4-t512-n8-s12", dx, dy, rows, cols, hx, c, reps, 0);
    run<float, 8, 256, 4, 6>("f32-c8-t256-n4-s6", dx, dy, rows, cols, hx, c, reps, 0);
    run<float, 8, 512, 4, 6>("f32-c8-t512-n4-s6", dx, dy, rows, cols, hx, c, reps, 0);
  }
  return 0;
}
