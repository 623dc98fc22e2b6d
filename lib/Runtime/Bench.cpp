//===- Bench.cpp - Check and time one compiled stage ----------------------===//
#include "gemm-opt/Runtime/Bench.h"
#include "gemm-opt/Runtime/Cublas.h"
#include "gemm-opt/Runtime/Json.h"
#include "gemm-opt/Runtime/Launcher.h"
#include "gemm-opt/Runtime/MemoryBudget.h"
#include "gemm-opt/Runtime/Numerics.h"

#include <algorithm>
#include <chrono>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <sstream>
#include <utility>

namespace gemm_opt::runtime {

//===----------------------------------------------------------------------===//
// Performance model
//===----------------------------------------------------------------------===//

PeakTable peaksForChip(const std::string &chip) {
  PeakTable p;
  if (chip == "sm_90" || chip == "sm_90a") {
    p.fp32Tflops = 67;
    p.tf32Tflops = 495;
    p.f16Tflops = 990;
    p.bf16Tflops = 990;
    p.bandwidthGBs = 4800;
  }
  return p;
}

double matmulPeakTflops(const PeakTable &peaks, const MatmulProblem &p, bool tf32) {
  switch (p.a) {
  case ElemType::F32: return tf32 ? peaks.tf32Tflops : peaks.fp32Tflops;
  case ElemType::F16: return peaks.f16Tflops;
  case ElemType::BF16: return peaks.bf16Tflops;
  }
  return 0;
}

double matmulFlops(const MatmulProblem &p) {
  return 2.0 * static_cast<double>(p.m) * static_cast<double>(p.n) * static_cast<double>(p.k);
}

double matmulMinBytes(const MatmulProblem &p) {
  double m = static_cast<double>(p.m), n = static_cast<double>(p.n), k = static_cast<double>(p.k);
  return m * k * elemTypeSize(p.a) + k * n * elemTypeSize(p.b) + m * n * elemTypeSize(p.c) * (1.0 + p.beta);
}

double matmulArithmeticIntensity(const MatmulProblem &p) { return matmulFlops(p) / matmulMinBytes(p); }

double rooflineTflops(double intensity, double peakTflops, double bandwidthGBs) {
  if (peakTflops <= 0 || bandwidthGBs <= 0)
    return 0;
  return std::min(peakTflops, intensity * bandwidthGBs / 1000.0);
}

double softmaxMinBytes(const SoftmaxProblem &p) {
  double n = static_cast<double>(p.rows) * static_cast<double>(p.cols);
  return n * (elemTypeSize(p.x) + elemTypeSize(p.y));
}

double matmulThreshold(const MatmulProblem &p, bool tf32) {
  if (p.c == ElemType::BF16)
    return 1e-2;
  if (p.c == ElemType::F16)
    return 5e-3;
  if (p.a == ElemType::F32 && p.b == ElemType::F32)
    return tf32 ? 5e-3 : 1e-4;
  return 1e-3;
}

double softmaxThreshold(const SoftmaxProblem &p) {
  switch (p.y) {
  case ElemType::F32: return 1e-4;
  case ElemType::F16: return 2e-3;
  case ElemType::BF16: return 1e-2;
  }
  return 1e-4;
}

size_t rotationSetCount(size_t bytesPerSet, size_t l2Bytes, size_t capBytes, double l2Factor) {
  if (bytesPerSet == 0)
    return 1;
  double want = std::ceil(l2Factor * static_cast<double>(l2Bytes) / static_cast<double>(bytesPerSet));
  size_t n = want < 1 ? 1 : static_cast<size_t>(want);
  size_t cap = capBytes / bytesPerSet;
  if (n > cap)
    n = cap;
  // A problem so small that this many sets stay inside L2 is cache-resident
  // whatever we do; without the cap a 1x1x1 matmul asked for millions.
  if (n > kMaxRotationSets)
    n = kMaxRotationSets;
  return n < 1 ? 1 : n;
}

cu::TensorMapEncodeArgs tensorMapEncodeArgs(const TensorMapDesc &d) {
  cu::TensorMapEncodeArgs a;
  switch (d.elem) {
  case ElemType::F16: a.dataType = cu::CU_TENSOR_MAP_DATA_TYPE_FLOAT16; break;
  case ElemType::BF16: a.dataType = cu::CU_TENSOR_MAP_DATA_TYPE_BFLOAT16; break;
  case ElemType::F32: a.dataType = cu::CU_TENSOR_MAP_DATA_TYPE_FLOAT32; break;
  }
  a.rank = static_cast<unsigned>(std::min(d.dims.size(), kMaxTensorMapRank));
  for (unsigned i = 0; i < a.rank; ++i) {
    a.globalDim[i] = d.dims[i];
    a.boxDim[i] = i < d.box.size() ? d.box[i] : 0;
    a.elementStrides[i] = 1;
    if (i + 1 < a.rank)
      a.globalStrides[i] = i < d.strides.size() ? d.strides[i] : 0;
  }
  a.interleave = cu::CU_TENSOR_MAP_INTERLEAVE_NONE;
  switch (d.swizzle) {
  case 32: a.swizzle = cu::CU_TENSOR_MAP_SWIZZLE_32B; break;
  case 64: a.swizzle = cu::CU_TENSOR_MAP_SWIZZLE_64B; break;
  case 128: a.swizzle = cu::CU_TENSOR_MAP_SWIZZLE_128B; break;
  default: a.swizzle = cu::CU_TENSOR_MAP_SWIZZLE_NONE; break;
  }
  switch (d.l2Promotion) {
  case 64: a.l2Promotion = cu::CU_TENSOR_MAP_L2_PROMOTION_L2_64B; break;
  case 128: a.l2Promotion = cu::CU_TENSOR_MAP_L2_PROMOTION_L2_128B; break;
  case 256: a.l2Promotion = cu::CU_TENSOR_MAP_L2_PROMOTION_L2_256B; break;
  default: a.l2Promotion = cu::CU_TENSOR_MAP_L2_PROMOTION_NONE; break;
  }
  a.oobFill = cu::CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;
  return a;
}

std::string chipSupportError(const std::string &chip, int ccMajor, int ccMinor) {
  // "sm_" digits [ "a" ]; anything else is left to the JIT to judge.
  if (chip.rfind("sm_", 0) != 0)
    return "";
  size_t end = 3;
  while (end < chip.size() && std::isdigit(static_cast<unsigned char>(chip[end])))
    ++end;
  if (end == 3 || end - 3 > 4)
    return "";
  const std::string suffix = chip.substr(end);
  if (!suffix.empty() && suffix != "a")
    return "";
  const int target = std::atoi(chip.substr(3, end - 3).c_str());
  const int device = ccMajor * 10 + ccMinor;
  const std::string cc = std::to_string(target / 10) + "." + std::to_string(target % 10);
  const std::string have =
      "the device is sm_" + std::to_string(device) + " (compute capability " + std::to_string(ccMajor) + "." +
      std::to_string(ccMinor) + ")";
  if (suffix == "a" && device != target)
    return "the stage was compiled for " + chip + " (arch-specific features such as wgmma/setmaxnreg), which runs "
           "only on a compute capability " + cc + " device; " + have;
  if (device < target)
    return "the stage was compiled for " + chip + ", which needs compute capability " + cc + " or newer; " + have;
  return "";
}

bool parseShape(const std::string &s, std::vector<int64_t> &dims) {
  dims.clear();
  size_t pos = 0;
  while (true) {
    size_t x = s.find_first_of("xX", pos);
    std::string part = s.substr(pos, x == std::string::npos ? std::string::npos : x - pos);
    if (part.empty() || part.size() > 12 || part.find_first_not_of("0123456789") != std::string::npos)
      return false;
    int64_t v = std::strtoll(part.c_str(), nullptr, 10);
    if (v <= 0)
      return false;
    dims.push_back(v);
    if (x == std::string::npos)
      break;
    pos = x + 1;
  }
  return !dims.empty();
}

const char *stageStatusName(StageStatus s) {
  switch (s) {
  case StageStatus::Pass: return "PASS";
  case StageStatus::Fail: return "FAIL";
  case StageStatus::Error: return "ERROR";
  case StageStatus::NotRun: return "NOT RUN";
  }
  return "?";
}

//===----------------------------------------------------------------------===//
// Running a stage
//===----------------------------------------------------------------------===//

namespace {

using cu::CUdeviceptr;

struct ModuleGuard {
  CudaDriver &drv;
  cu::CUmodule module;
  ~ModuleGuard() { drv.unload(module); }
};

struct EventPool {
  CudaDriver &drv;
  std::vector<cu::CUevent> events;
  EventPool(CudaDriver &d, size_t n) : drv(d) {
    events.reserve(n);
    for (size_t i = 0; i < n; ++i)
      events.push_back(d.createEvent());
  }
  ~EventPool() {
    for (auto e : events)
      drv.destroyEvent(e);
  }
};

struct Prepared {
  std::vector<PreparedKernel> kernels;
  std::vector<std::vector<DeviceBuffer>> sets; // [set][buffer index in manifest]
  std::vector<std::vector<LaunchArgs>> args;   // [set][kernel]
  DeviceBuffer tensorMaps;                     // every CUtensorMap of the stage, 128 bytes each
};

size_t roleIndex(const KernelManifest &m, const char *role) {
  for (size_t i = 0; i < m.buffers.size(); ++i)
    if (m.buffers[i].role == role)
      return i;
  throw CudaError(std::string("manifest: no buffer with role ") + role);
}

/// Fills p.args. Tensor maps: one per (set, kernel, tensormap parameter),
/// encoded over that set's buffer, all copied into p.tensorMaps at once.
void buildArgs(CudaDriver &drv, const KernelManifest &m, Prepared &p) {
  std::vector<cu::CUtensorMap> maps;
  for (const auto &set : p.sets) {
    std::vector<CUdeviceptr> buffers;
    for (const DeviceBuffer &b : set)
      buffers.push_back(b.get());
    // Offsets from the map buffer's base, which is added below.
    p.args.push_back(buildLaunchArgs(drv, m, buffers, 0, &maps));
  }
  if (maps.empty())
    return;
  // cuMemAlloc returns memory aligned to at least 256 bytes, so every
  // 128-byte slot meets the 64-byte alignment TMA needs; checked anyway.
  p.tensorMaps = DeviceBuffer(drv, maps.size() * sizeof(cu::CUtensorMap));
  const CUdeviceptr base = p.tensorMaps.get();
  if (base % 64 != 0)
    throw CudaError("cuMemAlloc_v2 returned a tensor map buffer that is not 64-byte aligned");
  drv.copyHtoD(base, maps.data(), maps.size() * sizeof(cu::CUtensorMap));
  drv.synchronize();
  for (size_t s = 0; s < p.sets.size(); ++s)
    for (size_t k = 0; k < m.kernels.size(); ++k)
      for (size_t i = 0; i < m.kernels[k].params.size(); ++i)
        if (m.kernels[k].params[i].abi == ParamAbi::TensorMap)
          p.args[s][k].slots[i] += base;
}

void launchAll(CudaDriver &drv, const KernelManifest &m, Prepared &p, size_t set) {
  launchKernels(drv, m, p.kernels, p.args[set], nullptr);
}

struct Timing {
  double median = 0, min = 0, max = 0;
};

/// Warm-up, then `repeat` event-timed calls of enqueue(set), rotating sets.
template <typename F> Timing timeSequences(CudaDriver &drv, int warmup, int repeat, size_t sets, F &&enqueue) {
  for (int i = 0; i < warmup; ++i)
    enqueue(static_cast<size_t>(i) % sets);
  drv.synchronize();
  EventPool ev(drv, 2 * static_cast<size_t>(repeat));
  for (int i = 0; i < repeat; ++i) {
    drv.record(ev.events[2 * i], nullptr);
    enqueue(static_cast<size_t>(i) % sets);
    drv.record(ev.events[2 * i + 1], nullptr);
  }
  drv.syncEvent(ev.events.back());
  drv.synchronize(); // surfaces asynchronous launch errors
  std::vector<double> t;
  for (int i = 0; i < repeat; ++i)
    t.push_back(drv.elapsedMs(ev.events[2 * i], ev.events[2 * i + 1]));
  Timing r;
  r.median = median(t);
  r.min = *std::min_element(t.begin(), t.end());
  r.max = *std::max_element(t.begin(), t.end());
  return r;
}

/// Warm-up (alternating), then `repeat` rounds of enqueueA(set) and
/// enqueueB(set'), each between its own pair of events. One set counter runs
/// across both sides (A on set 2i, B on set 2i+1, modulo `sets`), so each
/// launch reads a different set than the one before it, as back-to-back
/// rotation does.
template <typename FA, typename FB>
std::pair<Timing, Timing> timeInterleaved(CudaDriver &drv, int warmup, int repeat, size_t sets, FA &&enqueueA,
                                          FB &&enqueueB) {
  size_t next = 0;
  for (int i = 0; i < warmup; ++i) {
    enqueueA(next++ % sets);
    enqueueB(next++ % sets);
  }
  drv.synchronize();
  EventPool ev(drv, 4 * static_cast<size_t>(repeat));
  for (int i = 0; i < repeat; ++i) {
    drv.record(ev.events[4 * i], nullptr);
    enqueueA(next++ % sets);
    drv.record(ev.events[4 * i + 1], nullptr);
    drv.record(ev.events[4 * i + 2], nullptr);
    enqueueB(next++ % sets);
    drv.record(ev.events[4 * i + 3], nullptr);
  }
  drv.syncEvent(ev.events.back());
  drv.synchronize();
  std::vector<double> ta, tb;
  for (int i = 0; i < repeat; ++i) {
    ta.push_back(drv.elapsedMs(ev.events[4 * i], ev.events[4 * i + 1]));
    tb.push_back(drv.elapsedMs(ev.events[4 * i + 2], ev.events[4 * i + 3]));
  }
  auto summarize = [](const std::vector<double> &t) {
    Timing r;
    r.median = median(t);
    r.min = *std::min_element(t.begin(), t.end());
    r.max = *std::max_element(t.begin(), t.end());
    return r;
  };
  return {summarize(ta), summarize(tb)};
}

void upload(CudaDriver &drv, const DeviceBuffer &buf, ElemType t, const std::vector<float> &values) {
  std::vector<uint8_t> bytes = encode(t, values);
  drv.copyHtoD(buf.get(), bytes.data(), bytes.size());
}

std::vector<double> download(CudaDriver &drv, CUdeviceptr ptr, ElemType t, size_t count) {
  std::vector<uint8_t> bytes(count * elemTypeSize(t));
  drv.copyDtoH(bytes.data(), ptr, bytes.size());
  return decode(t, bytes.data(), count);
}

/// Copies set 0's contents into every other set (random data everywhere, never zeros).
void replicateSet0(CudaDriver &drv, Prepared &p) {
  for (size_t s = 1; s < p.sets.size(); ++s)
    for (size_t b = 0; b < p.sets[s].size(); ++b)
      drv.copyDtoD(p.sets[s][b].get(), p.sets[0][b].get(), p.sets[0][b].size());
  drv.synchronize();
}

/// Times the stage's kernels over the rotated buffer sets (set 0's inputs
/// copied to the others first) into r.ms / msMin / msMax; returns the number
/// of sets, which the reference (cuBLAS, copy) is timed over as well.
size_t timeKernels(CudaDriver &drv, const KernelManifest &m, Prepared &p, const BenchOptions &opt,
                   StageResult &r) {
  replicateSet0(drv, p);
  const size_t sets = p.sets.size();
  Timing t = timeSequences(drv, opt.warmup, opt.repeat, sets, [&](size_t s) { launchAll(drv, m, p, s); });
  r.ms = t.median;
  r.msMin = t.min;
  r.msMax = t.max;
  return sets;
}

std::string fmtErr(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

void runMatmul(CudaDriver &drv, Cublas *cublas, const KernelManifest &m, Prepared &p, uint64_t seed,
               const BenchOptions &opt, StageResult &r) {
  const MatmulProblem &pr = m.matmul;
  if (!cublas)
    throw CudaError("cuBLAS is not available; the matmul reference cannot be computed");
  const size_t ia = roleIndex(m, "A"), ib = roleIndex(m, "B"), ic = roleIndex(m, "C");
  const size_t M = static_cast<size_t>(pr.m), N = static_cast<size_t>(pr.n), K = static_cast<size_t>(pr.k);
  uint64_t st = seed;
  std::vector<float> A = randomValues(pr.a, M * K, -1.0f, 1.0f, splitmix64(st));
  std::vector<float> B = randomValues(pr.b, K * N, -1.0f, 1.0f, splitmix64(st));
  std::vector<float> C0;
  if (pr.beta == 1)
    C0 = randomValues(pr.c, M * N, -1.0f, 1.0f, splitmix64(st));
  auto &set0 = p.sets[0];
  upload(drv, set0[ia], pr.a, A);
  upload(drv, set0[ib], pr.b, B);
  for (size_t b = 0; b < m.buffers.size(); ++b)
    if (m.buffers[b].role == "scratch")
      drv.memsetD8(set0[b].get(), 0xFF, set0[b].size());
  DeviceBuffer refC(drv, set0[ic].size());
  if (pr.beta == 1) {
    upload(drv, set0[ic], pr.c, C0);
    upload(drv, refC, pr.c, C0);
  } else {
    drv.memsetD8(set0[ic].get(), 0xFF, set0[ic].size()); // NaN poison
    drv.memsetD8(refC.get(), 0xFF, refC.size());         // cuBLAS ignores C when beta == 0
  }
  drv.synchronize();

  // Checked run.
  launchAll(drv, m, p, 0);
  drv.synchronize();
  cublas->gemm(pr, set0[ia].get(), set0[ib].get(), refC.get(), CublasMode::Accurate, nullptr);
  drv.synchronize();
  std::vector<double> out = download(drv, set0[ic].get(), pr.c, M * N);
  std::vector<double> ref = download(drv, refC.get(), pr.c, M * N);
  r.error = relativeFrobeniusError(out, ref, &r.badValues);

  // Spot-check the cuBLAS reference itself against the host in double.
  {
    Rng rng(seed ^ 0x5eed5eed5eed5eedull);
    std::vector<double> hostVals, refVals;
    for (int s = 0; s < 256; ++s) {
      size_t i = rng.next() % M, j = rng.next() % N;
      double acc = pr.beta == 1 ? static_cast<double>(C0[i * N + j]) : 0.0;
      for (size_t k = 0; k < K; ++k)
        acc += static_cast<double>(A[i * K + k]) * static_cast<double>(B[k * N + j]);
      hostVals.push_back(acc);
      refVals.push_back(ref[i * N + j]);
    }
    r.refSpotError = relativeFrobeniusError(refVals, hostVals);
  }
  if (!(r.refSpotError <= r.threshold)) {
    r.status = StageStatus::Error;
    r.message = "the cuBLAS reference disagrees with the host spot check (error " + fmtErr(r.refSpotError) +
                "); the check is not trustworthy";
    return;
  }
  if (r.badValues) {
    r.status = StageStatus::Fail;
    r.message = std::to_string(r.badValues) + " NaN/Inf values in C (unwritten elements are NaN-poisoned)";
  } else if (!(r.error <= r.threshold)) {
    r.status = StageStatus::Fail;
    r.message = "relative Frobenius error " + fmtErr(r.error) + " > threshold " + fmtErr(r.threshold);
  } else {
    r.status = StageStatus::Pass;
  }
  refC.reset();

  // Timing: kernels, then cuBLAS, over the same rotated sets.
  const size_t sets = timeKernels(drv, m, p, opt, r);
  const bool tf32 = opt.tf32 && pr.a == ElemType::F32;
  const CublasMode mode = tf32 ? CublasMode::TF32 : CublasMode::Accurate;
  r.cublasMode = pr.a == ElemType::F32 ? (tf32 ? "gemmex-fast-tf32" : "sgemm-pedantic") : "gemmex-compute-32f";
  Timing tc = timeSequences(drv, opt.warmup, opt.repeat, sets, [&](size_t s) {
    cublas->gemm(pr, p.sets[s][ia].get(), p.sets[s][ib].get(), p.sets[s][ic].get(), mode, nullptr);
  });
  r.cublasMs = tc.median;
  auto [ti, tci] = timeInterleaved(
      drv, opt.warmup, opt.repeat, sets, [&](size_t s) { launchAll(drv, m, p, s); },
      [&](size_t s) {
        cublas->gemm(pr, p.sets[s][ia].get(), p.sets[s][ib].get(), p.sets[s][ic].get(), mode, nullptr);
      });
  r.msInterleaved = ti.median;
  r.cublasMsInterleaved = tci.median;

  const double flops = matmulFlops(pr);
  const PeakTable peaks = peaksForChip(drv.device().chip());
  r.tflops = flops / (r.ms * 1e9);
  r.cublasTflops = flops / (r.cublasMs * 1e9);
  r.pctCublas = 100.0 * r.cublasMs / r.ms;
  r.tflopsInterleaved = flops / (r.msInterleaved * 1e9);
  r.cublasTflopsInterleaved = flops / (r.cublasMsInterleaved * 1e9);
  r.pctCublasInterleaved = 100.0 * r.cublasMsInterleaved / r.msInterleaved;
  r.peakTflops = matmulPeakTflops(peaks, pr, tf32);
  r.pctPeak = r.peakTflops > 0 ? 100.0 * r.tflops / r.peakTflops : 0;
  r.intensity = matmulArithmeticIntensity(pr);
  r.rooflineTflops = rooflineTflops(r.intensity, r.peakTflops, peaks.bandwidthGBs);
  r.pctRoofline = r.rooflineTflops > 0 ? 100.0 * r.tflops / r.rooflineTflops : 0;
}

void runSoftmax(CudaDriver &drv, const KernelManifest &m, Prepared &p, uint64_t seed, const BenchOptions &opt,
                StageResult &r) {
  const SoftmaxProblem &pr = m.softmax;
  const size_t ix = roleIndex(m, "X"), iy = roleIndex(m, "Y");
  const size_t R = static_cast<size_t>(pr.rows), C = static_cast<size_t>(pr.cols);
  uint64_t st = seed;
  std::vector<float> X = randomValues(pr.x, R * C, -8.0f, 8.0f, splitmix64(st));
  if (R >= 4) {
    Rng rng(splitmix64(st));
    float *large = &X[(R / 3) * C];
    for (size_t j = 0; j < C; ++j)
      large[j] = roundTo(pr.x, rng.uniform(-1e4f, 1e4f));
    if (C >= 2) {
      float *withInf = &X[(R / 2) * C];
      for (size_t j = 0; j < C; j += 7)
        withInf[j] = -std::numeric_limits<float>::infinity();
    }
    float *constant = &X[(R - 1) * C];
    for (size_t j = 0; j < C; ++j)
      constant[j] = roundTo(pr.x, 3.0f);
    // All -inf: NaN, as in PyTorch (issue 5).
    std::fill(X.begin(), X.begin() + C, -std::numeric_limits<float>::infinity());
  }
  auto &set0 = p.sets[0];
  upload(drv, set0[ix], pr.x, X);
  // Y poisoned with a finite value above 1 in every type (not NaN), so that
  // an unwritten element fails the error check and an unwritten all -inf
  // row fails the NaN-position check.
  drv.memsetD8(set0[iy].get(), kSoftmaxPoisonByte, set0[iy].size());
  for (size_t b = 0; b < m.buffers.size(); ++b)
    if (m.buffers[b].role == "scratch")
      drv.memsetD8(set0[b].get(), 0xFF, set0[b].size());
  drv.synchronize();

  launchAll(drv, m, p, 0);
  drv.synchronize();
  std::vector<double> out = download(drv, set0[iy].get(), pr.y, R * C);
  std::vector<double> xd(X.begin(), X.end());
  std::vector<double> ref = softmaxReference(xd, pr.rows, pr.cols);
  SoftmaxError e = softmaxError(out, ref, pr.rows, pr.cols, pr.y);
  r.error = e.maxRowError;
  r.badValues = e.nanMismatches + e.infCount;
  if (r.badValues) {
    r.status = StageStatus::Fail;
    r.message = std::to_string(e.nanMismatches) + " NaN position mismatches, " + std::to_string(e.infCount) +
                " Inf values in Y";
  } else if (!(r.error <= r.threshold)) {
    r.status = StageStatus::Fail;
    r.message = "max row relative error " + fmtErr(r.error) + " (row " + std::to_string(e.worstRow) +
                ") > threshold " + fmtErr(r.threshold);
  } else {
    r.status = StageStatus::Pass;
  }

  const size_t sets = timeKernels(drv, m, p, opt, r);
  // Reference copy with the same traffic when X and Y have the same type:
  // read min(bytes X, bytes Y) + write as many; bandwidth counts both.
  const size_t copyBytes = std::min(p.sets[0][ix].size(), p.sets[0][iy].size());
  Timing tc = timeSequences(drv, opt.warmup, opt.repeat, sets, [&](size_t s) {
    drv.copyDtoDAsync(p.sets[s][iy].get(), p.sets[s][ix].get(), copyBytes, nullptr);
  });
  r.copyMs = tc.median;
  const PeakTable peaks = peaksForChip(drv.device().chip());
  r.gbps = softmaxMinBytes(pr) / (r.ms * 1e6);
  r.copyGbps = 2.0 * static_cast<double>(copyBytes) / (r.copyMs * 1e6);
  r.pctCopy = 100.0 * r.gbps / r.copyGbps;
  r.peakGBs = peaks.bandwidthGBs;
  r.pctPeakBw = r.peakGBs > 0 ? 100.0 * r.gbps / r.peakGBs : 0;
}

} // namespace

std::string manifestDtypeString(const KernelManifest &m) {
  if (m.isMatmul())
    return std::string(elemTypeName(m.matmul.a)) + "," + elemTypeName(m.matmul.b) + "->" + elemTypeName(m.matmul.c);
  return std::string(elemTypeName(m.softmax.x)) + "->" + elemTypeName(m.softmax.y);
}

std::string manifestShapeString(const KernelManifest &m) {
  if (m.isMatmul())
    return std::to_string(m.matmul.m) + "x" + std::to_string(m.matmul.n) + "x" + std::to_string(m.matmul.k);
  return std::to_string(m.softmax.rows) + "x" + std::to_string(m.softmax.cols);
}

StageResult runStage(CudaDriver &drv, Cublas *cublas, const std::string &ptx, const KernelManifest &m,
                     double compileMs, const BenchOptions &opt) {
  StageResult r;
  r.stage = m.stage;
  r.op = m.op;
  r.chip = m.chip;
  r.compileMs = compileMs;
  r.repeat = opt.repeat;
  r.warmup = opt.warmup;
  std::string err;
  if (!validateManifest(m, err)) {
    r.status = StageStatus::Error;
    r.message = err;
    return r;
  }
  r.shape = manifestShapeString(m);
  r.dtype = manifestDtypeString(m);
  r.beta = m.isMatmul() ? m.matmul.beta : 0;
  r.threshold = m.isMatmul() ? matmulThreshold(m.matmul, opt.tf32) : softmaxThreshold(m.softmax);
  {
    uint64_t st = opt.seed ^ (0xA24BAED4963EE407ull * static_cast<uint64_t>(opt.stageIndex + 1));
    r.seed = splitmix64(st);
  }
  if (opt.repeat < 1 || opt.warmup < 0) {
    r.status = StageStatus::Error;
    r.message = "repeat must be >= 1 and warmup >= 0";
    return r;
  }
  try {
    const DeviceInfo &dev = drv.device();
    checkDeviceSupport(drv, m);
    // Memory first, before the JIT and any allocation (issue 14).
    size_t freeBytes = 0, totalBytes = 0;
    drv.memInfo(freeBytes, totalBytes);
    std::string memErr = deviceMemoryError(m, freeBytes, totalBytes);
    if (memErr.empty())
      memErr = hostMemoryError(m, hostAvailableBytes());
    if (!memErr.empty())
      throw CudaError(memErr);
    auto t0 = std::chrono::steady_clock::now();
    LoadedModule lm = drv.loadPtx(ptx);
    ModuleGuard guard{drv, lm.module};
    r.jitMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    r.jitInfoLog = lm.infoLog;

    Prepared p;
    p.kernels = prepareKernels(drv, lm.module, m);
    for (size_t k = 0; k < m.kernels.size(); ++k) {
      const KernelDesc &kd = m.kernels[k];
      const KernelAttributes &a = p.kernels[k].attributes;
      KernelResources kr;
      kr.name = kd.name;
      kr.registers = a.numRegs;
      kr.staticSharedBytes = a.staticSharedBytes;
      kr.dynamicSharedBytes = static_cast<int>(kd.dynamicSharedMemory);
      kr.localBytes = a.localBytes;
      kr.maxThreadsPerBlock = a.maxThreadsPerBlock;
      kr.ptxVersion = a.ptxVersion;
      kr.binaryVersion = a.binaryVersion;
      kr.grid = kd.grid;
      kr.block = kd.block;
      kr.cluster = kd.cluster;
      r.kernels.push_back(kr);
    }

    size_t bytesPerSet = 0;
    for (const auto &b : m.buffers)
      bytesPerSet += b.sizeBytes();
    // Rotation sets beyond the first only from what is free after the rest.
    const size_t spare = freeBytes - (stageDeviceBytes(m) - bytesPerSet) - kDeviceHeadroomBytes;
    size_t cap = std::min({opt.maxRotationBytes, dev.totalMemBytes / 2, spare});
    size_t sets = rotationSetCount(bytesPerSet, static_cast<size_t>(dev.l2Bytes), cap, opt.l2Factor);
    r.rotationSets = static_cast<int>(sets);
    p.sets.resize(sets);
    for (size_t s = 0; s < sets; ++s)
      for (const auto &b : m.buffers)
        p.sets[s].emplace_back(drv, b.sizeBytes());
    buildArgs(drv, m, p);

    if (m.isMatmul())
      runMatmul(drv, cublas, m, p, r.seed, opt, r);
    else
      runSoftmax(drv, m, p, r.seed, opt, r);
  } catch (const std::exception &e) {
    r.status = StageStatus::Error;
    r.message = e.what();
  }
  return r;
}

//===----------------------------------------------------------------------===//
// Reporting
//===----------------------------------------------------------------------===//

namespace {
std::string num(double v) { return jsonNumber(v); }
std::string dims3(const std::array<uint32_t, 3> &d) {
  return "[" + std::to_string(d[0]) + ", " + std::to_string(d[1]) + ", " + std::to_string(d[2]) + "]";
}
} // namespace

std::string resultsToJson(const RunInfo &info, const std::vector<StageResult> &results) {
  std::ostringstream os;
  os << "{\n";
  os << "  \"format\": \"gemm-run-results\",\n";
  os << "  \"version\": 1,\n";
  os << "  \"command\": " << jsonQuote(info.commandLine) << ",\n";
  if (info.haveDevice) {
    const DeviceInfo &d = info.device;
    os << "  \"device\": {\"ordinal\": " << d.ordinal << ", \"name\": " << jsonQuote(d.name)
       << ", \"chip\": " << jsonQuote(d.chip()) << ", \"sm_count\": " << d.smCount
       << ", \"clock_khz\": " << d.clockKHz << ", \"mem_clock_khz\": " << d.memClockKHz
       << ", \"bus_width_bits\": " << d.busWidthBits << ", \"l2_bytes\": " << d.l2Bytes
       << ", \"max_shared_optin_bytes\": " << d.maxSharedOptinBytes << ", \"total_mem_bytes\": " << d.totalMemBytes
       << ", \"driver_version\": " << d.driverVersion << "},\n";
  } else {
    os << "  \"device\": null,\n";
    os << "  \"no_device_reason\": " << jsonQuote(info.noDeviceReason) << ",\n";
  }
  os << "  \"cublas_version\": " << info.cublasVersion << ",\n";
  os << "  \"cublas_path\": " << jsonQuote(info.cublasPath) << ",\n";
  os << "  \"options\": {\"repeat\": " << info.options.repeat << ", \"warmup\": " << info.options.warmup
     << ", \"seed\": " << info.options.seed << ", \"tf32\": " << (info.options.tf32 ? "true" : "false") << "},\n";
  os << "  \"stages\": [";
  for (size_t i = 0; i < results.size(); ++i) {
    const StageResult &r = results[i];
    os << (i ? ",\n" : "\n") << "    {\n";
    os << "      \"stage\": " << jsonQuote(r.stage) << ", \"op\": " << jsonQuote(r.op)
       << ", \"chip\": " << jsonQuote(r.chip) << ",\n";
    os << "      \"shape\": " << jsonQuote(r.shape) << ", \"dtype\": " << jsonQuote(r.dtype)
       << ", \"beta\": " << r.beta << ",\n";
    os << "      \"status\": " << jsonQuote(stageStatusName(r.status)) << ", \"message\": " << jsonQuote(r.message)
       << ",\n";
    os << "      \"error\": " << num(r.error) << ", \"threshold\": " << num(r.threshold)
       << ", \"bad_values\": " << r.badValues << ", \"ref_spot_error\": " << num(r.refSpotError)
       << ", \"seed\": " << r.seed << ",\n";
    os << "      \"compile_ms\": " << (r.compileMs < 0 ? std::string("null") : num(r.compileMs))
       << ", \"jit_ms\": " << num(r.jitMs) << ",\n";
    os << "      \"rotation_sets\": " << r.rotationSets << ", \"repeat\": " << r.repeat << ", \"warmup\": " << r.warmup
       << ",\n";
    os << "      \"ms\": " << num(r.ms) << ", \"ms_min\": " << num(r.msMin) << ", \"ms_max\": " << num(r.msMax)
       << ",\n";
    if (r.op == "matmul") {
      os << "      \"tflops\": " << num(r.tflops) << ", \"cublas_ms\": " << num(r.cublasMs)
         << ", \"cublas_tflops\": " << num(r.cublasTflops) << ", \"cublas_mode\": " << jsonQuote(r.cublasMode)
         << ", \"pct_cublas\": " << num(r.pctCublas) << ",\n";
      os << "      \"ms_interleaved\": " << num(r.msInterleaved) << ", \"tflops_interleaved\": "
         << num(r.tflopsInterleaved) << ", \"cublas_ms_interleaved\": " << num(r.cublasMsInterleaved)
         << ", \"cublas_tflops_interleaved\": " << num(r.cublasTflopsInterleaved)
         << ", \"pct_cublas_interleaved\": " << num(r.pctCublasInterleaved) << ",\n";
      os << "      \"peak_tflops\": " << num(r.peakTflops) << ", \"pct_peak\": " << num(r.pctPeak)
         << ", \"arithmetic_intensity\": " << num(r.intensity) << ", \"roofline_tflops\": " << num(r.rooflineTflops)
         << ", \"pct_roofline\": " << num(r.pctRoofline) << ",\n";
    } else {
      os << "      \"gbps\": " << num(r.gbps) << ", \"copy_ms\": " << num(r.copyMs)
         << ", \"copy_gbps\": " << num(r.copyGbps) << ", \"pct_copy\": " << num(r.pctCopy)
         << ", \"peak_gbps\": " << num(r.peakGBs) << ", \"pct_peak_bw\": " << num(r.pctPeakBw) << ",\n";
    }
    os << "      \"kernels\": [";
    for (size_t k = 0; k < r.kernels.size(); ++k) {
      const KernelResources &kr = r.kernels[k];
      os << (k ? ",\n" : "\n") << "        {\"name\": " << jsonQuote(kr.name) << ", \"grid\": " << dims3(kr.grid)
         << ", \"block\": " << dims3(kr.block) << ", \"registers\": " << kr.registers
         << ", \"static_shared_bytes\": " << kr.staticSharedBytes
         << ", \"dynamic_shared_bytes\": " << kr.dynamicSharedBytes << ", \"local_bytes\": " << kr.localBytes
         << ", \"max_threads_per_block\": " << kr.maxThreadsPerBlock << ", \"ptx_version\": " << kr.ptxVersion
         << ", \"binary_version\": " << kr.binaryVersion;
      if (kr.cluster)
        os << ", \"cluster\": " << dims3(*kr.cluster);
      os << "}";
    }
    os << (r.kernels.empty() ? "]" : "\n      ]") << "\n    }";
  }
  os << (results.empty() ? "]\n" : "\n  ]\n");
  os << "}\n";
  return os.str();
}

namespace {
std::string f(const char *fmt, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, fmt, v);
  return buf;
}
std::string orDash(bool ok, const std::string &s) { return ok ? s : "-"; }
std::string joinKernels(const StageResult &r, int (*get)(const KernelResources &)) {
  std::string s;
  for (size_t i = 0; i < r.kernels.size(); ++i)
    s += (i ? "/" : "") + std::to_string(get(r.kernels[i]));
  return s.empty() ? "-" : s;
}
std::string checkCell(const StageResult &r) {
  std::string s = stageStatusName(r.status);
  if (r.status == StageStatus::Pass || r.status == StageStatus::Fail)
    s += " " + f("%.1e", r.error);
  return s;
}
void row(std::ostream &os, const std::vector<std::string> &cells, const std::vector<int> &widths) {
  for (size_t i = 0; i < cells.size(); ++i) {
    char buf[256];
    if (i == 0)
      std::snprintf(buf, sizeof buf, "%-*s", widths[i], cells[i].c_str());
    else
      std::snprintf(buf, sizeof buf, " | %*s", widths[i], cells[i].c_str());
    os << buf;
  }
  os << "\n";
}
void table(std::ostream &os, const std::vector<std::string> &header, const std::vector<std::vector<std::string>> &rows) {
  std::vector<int> w(header.size());
  for (size_t i = 0; i < header.size(); ++i) {
    w[i] = static_cast<int>(header[i].size());
    for (const auto &r : rows)
      w[i] = std::max(w[i], static_cast<int>(r[i].size()));
  }
  row(os, header, w);
  int total = 0;
  for (int x : w)
    total += x + 3;
  os << std::string(static_cast<size_t>(std::max(0, total - 3)), '-') << "\n";
  for (const auto &r : rows)
    row(os, r, w);
}
int regsOf(const KernelResources &k) { return k.registers; }
int smemOf(const KernelResources &k) { return k.staticSharedBytes + k.dynamicSharedBytes; }
int spillOf(const KernelResources &k) { return k.localBytes; }
} // namespace

void printResultsTable(std::ostream &os, const std::vector<StageResult> &results) {
  std::vector<std::vector<std::string>> mm, sm;
  for (const StageResult &r : results) {
    bool timed = r.ms > 0;
    std::string compile = r.compileMs < 0 ? "-" : f("%.1f", r.compileMs);
    if (r.op == "matmul") {
      const bool il = r.msInterleaved > 0 && r.cublasMsInterleaved > 0;
      mm.push_back({r.stage, orDash(timed, f("%.3f", r.ms)), orDash(timed, f("%.1f", r.tflops)),
                    orDash(r.cublasMs > 0, f("%.3f", r.cublasMs)),
                    orDash(timed && r.cublasMs > 0, f("%.1f", r.pctCublas)), orDash(il, f("%.3f", r.msInterleaved)),
                    orDash(il, f("%.3f", r.cublasMsInterleaved)), orDash(il, f("%.1f", r.pctCublasInterleaved)),
                    orDash(timed && r.peakTflops > 0, f("%.1f", r.pctPeak)), orDash(r.intensity > 0, f("%.0f", r.intensity)),
                    orDash(r.rooflineTflops > 0, f("%.0f", r.rooflineTflops)), joinKernels(r, regsOf),
                    joinKernels(r, smemOf), joinKernels(r, spillOf), compile, checkCell(r)});
    } else {
      sm.push_back({r.stage, orDash(timed, f("%.4f", r.ms)), orDash(timed, f("%.0f", r.gbps)),
                    orDash(timed && r.copyMs > 0, f("%.1f", r.pctCopy)),
                    orDash(timed && r.peakGBs > 0, f("%.1f", r.pctPeakBw)), joinKernels(r, regsOf),
                    joinKernels(r, smemOf), joinKernels(r, spillOf), compile, checkCell(r)});
    }
  }
  if (!mm.empty()) {
    const StageResult *first = nullptr;
    for (const auto &r : results)
      if (r.op == "matmul" && r.cublasMs > 0) {
        first = &r;
        break;
      }
    table(os, {"stage", "ms", "TFLOPS", "cuBLAS ms", "%cuBLAS", "il ms", "il cuBLAS ms", "il %cuBLAS", "%peak", "AI",
               "roofline TFLOPS", "regs", "smem", "spill", "compile ms", "check"},
          mm);
    if (first) {
      os << "cuBLAS mode " << first->cublasMode << "; first stage: cuBLAS " << f("%.1f", first->cublasTflops)
         << " TFLOPS, peak " << f("%.0f", first->peakTflops) << " TFLOPS\n";
      os << "ms/cuBLAS ms: back-to-back medians; il: interleaved (our launch, then cuBLAS, alternating) medians\n";
    }
  }
  if (!sm.empty()) {
    if (!mm.empty())
      os << "\n";
    table(os, {"stage", "ms", "GB/s", "%copy", "%peakBW", "regs", "smem", "spill", "compile ms", "check"}, sm);
    for (const auto &r : results)
      if (r.op == "softmax" && r.copyMs > 0) {
        os << "device copy: " << f("%.4f", r.copyMs) << " ms, " << f("%.0f", r.copyGbps) << " GB/s (read+write)\n";
        break;
      }
  }
  for (const StageResult &r : results)
    if (!r.message.empty())
      os << r.stage << ": " << stageStatusName(r.status) << ": " << r.message << "\n";
}

} // namespace gemm_opt::runtime
