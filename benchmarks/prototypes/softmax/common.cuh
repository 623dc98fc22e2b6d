// Shared pieces of the softmax prototypes in this folder (CUDA C++, built
// with nvcc; not part of gemm-opt): error checks, exp2 via ex2.approx.ftz,
// 16-byte vectors of f32 / f16 widened to f32, the online (max, sum)
// combination, mbarrier helpers and the device-to-device copy bound.
#pragma once
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cooperative_groups.h>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>
namespace cg = cooperative_groups;

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA %s at %d: %s\n", #x, __LINE__, cudaGetErrorString(e_)); exit(1);} } while (0)

__device__ __forceinline__ float ex2(float v) { float r; asm volatile("ex2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(v)); return r; }
__device__ __forceinline__ uint32_t saddr(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }
__device__ __forceinline__ void waitParity(uint64_t* bar, uint32_t parity) {
  uint32_t ok = 0;
  while (!ok) asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }" : "=r"(ok) : "r"(saddr(bar)), "r"(parity) : "memory");
}

template <typename T> struct Elems;
template <> struct Elems<float> { static constexpr int N = 4;
  __device__ static void get(uint4 v, float* o) { o[0]=__uint_as_float(v.x); o[1]=__uint_as_float(v.y); o[2]=__uint_as_float(v.z); o[3]=__uint_as_float(v.w);}
  __device__ static uint4 put(const float* o) { return make_uint4(__float_as_uint(o[0]),__float_as_uint(o[1]),__float_as_uint(o[2]),__float_as_uint(o[3])); } };
template <> struct Elems<__half> { static constexpr int N = 8;
  __device__ static void get(uint4 v, float* o) { uint32_t w[4]={v.x,v.y,v.z,v.w}; for(int i=0;i<4;++i){ __half2 h=*reinterpret_cast<__half2*>(&w[i]); float2 f=__half22float2(h); o[2*i]=f.x; o[2*i+1]=f.y; } }
  __device__ static uint4 put(const float* o) { uint32_t w[4]; for(int i=0;i<4;++i){ __half2 h=__floats2half2_rn(o[2*i],o[2*i+1]); w[i]=*reinterpret_cast<uint32_t*>(&h);} return make_uint4(w[0],w[1],w[2],w[3]); } };

constexpr float L2E = 1.4426950408889634f;
// Online softmax combination (seed 002): max of the maxima, sums rescaled.
__device__ __forceinline__ void combine(float& m, float& s, float m2, float s2) {
  float mn = fmaxf(m, m2); s = s * ex2((m - mn) * L2E) + s2 * ex2((m2 - mn) * L2E); m = mn; }

static float median(std::vector<float> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; }

// Bytes read + written per second of cudaMemcpyAsync device to device: the bound.
template <typename T>
double copyBW(const T* dx, T* dy, size_t bytes, int reps) {
  cudaEvent_t a, b; CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b)); std::vector<float> ts;
  for (int i = 0; i < reps + 5; ++i) { CK(cudaEventRecord(a)); CK(cudaMemcpyAsync(dy, dx, bytes, cudaMemcpyDeviceToDevice)); CK(cudaEventRecord(b)); CK(cudaEventSynchronize(b)); float ms; CK(cudaEventElapsedTime(&ms, a, b)); if (i >= 5) ts.push_back(ms); }
  return 2.0 * bytes / (median(ts) * 1e-3) / 1e9;
}

// Median milliseconds of `reps` CUDA-event-timed calls of launch(), after
// 5 unmeasured ones.
template <typename F>
float timeMs(F launch, int reps) {
  cudaEvent_t a, b; CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
  for (int i = 0; i < 5; ++i) launch();
  CK(cudaDeviceSynchronize());
  std::vector<float> ts;
  for (int i = 0; i < reps; ++i) { CK(cudaEventRecord(a)); launch(); CK(cudaEventRecord(b)); CK(cudaEventSynchronize(b)); float ms; CK(cudaEventElapsedTime(&ms, a, b)); ts.push_back(ms); }
  CK(cudaEventDestroy(a)); CK(cudaEventDestroy(b));
  return median(ts);
}

// Largest relative error, over the listed rows, of y (on the device)
// against a host double-precision softmax of hx.
template <typename T>
double worstRowError(const T* dy, const std::vector<float>& hx, int cols, std::initializer_list<int> rows) {
  std::vector<T> hy((size_t)cols); double worst = 0;
  for (int r : rows) {
    CK(cudaMemcpy(hy.data(), dy + (size_t)r * cols, cols * sizeof(T), cudaMemcpyDeviceToHost));
    const float* xr = hx.data() + (size_t)r * cols;
    double mx = -1e300; for (int c = 0; c < cols; ++c) mx = std::max(mx, (double)xr[c]);
    double sum = 0; for (int c = 0; c < cols; ++c) sum += std::exp((double)xr[c] - mx);
    for (int c = 0; c < cols; ++c) { double ref = std::exp((double)xr[c] - mx) / sum; worst = std::max(worst, std::fabs((double)(float)hy[c] - ref) / ref); }
  }
  return worst;
}

// A launch of clusters of P x 1 x 1 blocks (grid set by the caller).
struct ClusterLaunch {
  cudaLaunchConfig_t cfg = {};
  cudaLaunchAttribute attr[1];
  ClusterLaunch(int P, int threads, size_t dynamicSmem) {
    cfg.blockDim = dim3(threads); cfg.gridDim = dim3(P); cfg.dynamicSmemBytes = dynamicSmem;
    attr[0].id = cudaLaunchAttributeClusterDimension;
    attr[0].val.clusterDim.x = P; attr[0].val.clusterDim.y = 1; attr[0].val.clusterDim.z = 1;
    cfg.attrs = attr; cfg.numAttrs = 1;
  }
};

// rows x cols inputs of T on the device, uniform in [-4, 4) (seed 1), their
// values as f32 on the host, an output buffer, and the same-run copy bound
// (printed as a JSON line).
template <typename T>
struct Inputs {
  int rows, cols; std::vector<float> hx; T* dx = nullptr; T* dy = nullptr; double copyGBs = 0;
  Inputs(int r, int c, int reps) : rows(r), cols(c), hx((size_t)r * c) {
    size_t n = hx.size(); std::vector<T> h(n);
    srand(1);
    for (size_t i = 0; i < n; ++i) { h[i] = T((rand() / (float)RAND_MAX - 0.5f) * 8.f); hx[i] = (float)h[i]; }
    CK(cudaMalloc(&dx, n * sizeof(T))); CK(cudaMalloc(&dy, n * sizeof(T)));
    CK(cudaMemcpy(dx, h.data(), n * sizeof(T), cudaMemcpyHostToDevice));
    copyGBs = copyBW(dx, dy, n * sizeof(T), reps);
    printf("{\"variant\":\"copy-%s\",\"rows\":%d,\"cols\":%d,\"GBs\":%.0f}\n", sizeof(T) == 4 ? "f32" : "f16", rows, cols, copyGBs);
  }
  ~Inputs() { cudaFree(dx); cudaFree(dy); }
};

// GB/s of one read and one write of rows x cols T in `ms` milliseconds.
template <typename T>
double softmaxGBs(int rows, int cols, float ms) { return 2.0 * rows * cols * sizeof(T) / (ms * 1e-3) / 1e9; }

// One run of launch() on an output filled with NaN first, checked on the
// listed rows (worstRowError), then launch() timed (timeMs).
struct Measured { double worst; float ms; };
template <typename T, typename F>
Measured checkAndTime(F launch, T* dy, const std::vector<float>& hx, int rows, int cols,
                      std::initializer_list<int> checkRows, int reps) {
  CK(cudaMemset(dy, 0xff, (size_t)rows * cols * sizeof(T)));
  launch();
  CK(cudaDeviceSynchronize());
  double worst = worstRowError(dy, hx, cols, checkRows);
  return {worst, timeMs(launch, reps)};
}

// The largest element of C vectors of T (f16 compared in pairs, as raw
// f16x2), then the vectors "laundered" through empty asm so that nvcc
// cannot keep their f32 widenings live until the next use.
template <typename T, int C>
__device__ __forceinline__ float sliceMax(uint4 (&v)[C]) {
  float m = -INFINITY;
  if constexpr (sizeof(T) == 2) {
    __half2 hm = __float2half2_rn(-INFINITY);
#pragma unroll
    for (int j = 0; j < C; ++j) { const __half2* h = reinterpret_cast<const __half2*>(&v[j]); for (int k = 0; k < 4; ++k) hm = __hmax2(hm, h[k]); }
    m = fmaxf(__low2float(hm), __high2float(hm));
  } else {
#pragma unroll
    for (int j = 0; j < C; ++j) { float e[4]; Elems<float>::get(v[j], e); for (int k = 0; k < 4; ++k) m = fmaxf(m, e[k]); }
  }
#pragma unroll
  for (int j = 0; j < C; ++j) asm volatile("" : "+r"(v[j].x), "+r"(v[j].y), "+r"(v[j].z), "+r"(v[j].w));
  return m;
}
