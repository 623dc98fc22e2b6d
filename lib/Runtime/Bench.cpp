//===- Bench.cpp - Check and time one compiled stage ----------------------===//
//
// runStage (Bench.h): load the PTX, prepare the rotated buffer sets, check
// the result against the reference, then time the stage and the reference.
// The numbers around it are BenchModel.cpp's, the timing loops Timing.cpp's.
//
//===----------------------------------------------------------------------===//
#include "gemm-opt/Runtime/Bench.h"
#include "Timing.h"
#include "gemm-opt/Runtime/Cublas.h"
#include "gemm-opt/Runtime/Launcher.h"
#include "gemm-opt/Runtime/MemoryBudget.h"
#include "gemm-opt/Runtime/Numerics.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <utility>

namespace gemm_opt::runtime {

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
  const size_t E = static_cast<size_t>(pr.batch); // batch entries, stored one after another
  uint64_t st = seed;
  // Element counts do not depend on the layout; the buffers' shapes do.
  std::vector<float> A = randomValues(pr.a, E * M * K, -1.0f, 1.0f, splitmix64(st));
  std::vector<float> B = randomValues(pr.b, (pr.sharedB ? 1 : E) * K * N, -1.0f, 1.0f, splitmix64(st));
  std::vector<float> C0;
  if (pr.beta == 1)
    C0 = randomValues(pr.c, E * M * N, -1.0f, 1.0f, splitmix64(st));
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
  std::vector<double> out = download(drv, set0[ic].get(), pr.c, E * M * N);
  std::vector<double> ref = download(drv, refC.get(), pr.c, E * M * N);
  r.error = relativeFrobeniusError(out, ref, &r.badValues);

  // Spot-check the cuBLAS reference itself against the host in double.
  r.refSpotError = matmulSpotError(pr, A, B, C0, ref, seed);
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
  if (opt.checkOnly)
    return;

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
  if (opt.checkOnly)
    return;

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
  r.layout = m.isMatmul() ? matmulLayoutName(m.matmul) : "";
  r.batch = m.isMatmul() ? m.matmul.batch : 1;
  r.sharedB = m.isMatmul() && m.matmul.sharedB;
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
    size_t sets =
        opt.checkOnly ? 1 : rotationSetCount(bytesPerSet, static_cast<size_t>(dev.l2Bytes), cap, opt.l2Factor);
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

} // namespace gemm_opt::runtime
