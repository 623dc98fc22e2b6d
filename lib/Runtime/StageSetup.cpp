//===- StageSetup.cpp - What checking one op and a function share ---------===//
#include "StageSetup.h"
#include "gemm-opt/Runtime/FunctionManifest.h"
#include "gemm-opt/Runtime/MemoryBudget.h"
#include "gemm-opt/Runtime/MismatchMap.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <limits>

namespace gemm_opt::runtime {

using cu::CUdeviceptr;

namespace {
OpResult describeOp(const KernelManifest &m, size_t i, bool tf32) {
  const KernelManifest v1 = opManifest(m, i);
  OpResult o;
  o.index = static_cast<int>(i);
  o.op = v1.op;
  o.shape = manifestShapeString(v1);
  o.dtype = manifestDtypeString(v1);
  if (v1.isMatmul()) {
    o.beta = v1.matmul.beta;
    o.layout = matmulLayoutName(v1.matmul);
    o.batch = v1.matmul.batch;
    o.sharedB = v1.matmul.sharedB;
    o.epilogue = epilogueListString(v1.matmul.epilogue);
    o.threshold = matmulThreshold(v1.matmul, tf32);
  } else {
    o.threshold = softmaxThreshold(v1.softmax);
  }
  return o;
}
} // namespace

StageResult describeStage(const KernelManifest &m, double compileMs, bool tf32) {
  StageResult r;
  r.stage = m.stage;
  r.op = m.op;
  r.chip = m.chip;
  r.compileMs = compileMs;
  if (m.isFunction()) {
    r.op = "function";
    r.shape = std::to_string(m.ops.size()) + " ops";
    r.results = m.results;
    for (size_t i = 0; i < m.ops.size(); ++i)
      r.ops.push_back(describeOp(m, i, tf32));
    return r;
  }
  r.shape = manifestShapeString(m);
  r.dtype = manifestDtypeString(m);
  r.beta = m.isMatmul() ? m.matmul.beta : 0;
  r.layout = m.isMatmul() ? matmulLayoutName(m.matmul) : "";
  r.batch = m.isMatmul() ? m.matmul.batch : 1;
  r.sharedB = m.isMatmul() && m.matmul.sharedB;
  r.epilogue = m.isMatmul() ? epilogueListString(m.matmul.epilogue) : "";
  r.threshold = m.isMatmul() ? matmulThreshold(m.matmul, tf32) : softmaxThreshold(m.softmax);
  return r;
}

bool beginStage(const KernelManifest &m, double compileMs, const BenchOptions &opt, StageResult &r) {
  r.stage = m.stage;
  r.op = m.isFunction() ? "function" : m.op;
  r.chip = m.chip;
  r.compileMs = compileMs;
  r.repeat = opt.repeat;
  r.warmup = opt.warmup;
  std::string err;
  if (!validateManifest(m, err)) {
    r.status = StageStatus::Error;
    r.message = err;
    return false;
  }
  r = describeStage(m, compileMs, opt.tf32);
  r.repeat = opt.repeat;
  r.warmup = opt.warmup;
  {
    uint64_t st = opt.seed ^ (0xA24BAED4963EE407ull * static_cast<uint64_t>(opt.stageIndex + 1));
    r.seed = splitmix64(st);
  }
  if (opt.repeat < 1 || opt.warmup < 0) {
    r.status = StageStatus::Error;
    r.message = "repeat must be >= 1 and warmup >= 0";
    return false;
  }
  return true;
}

namespace {

KernelResources resourcesOf(const KernelDesc &kd, const PreparedKernel &pk) {
  const KernelAttributes &a = pk.attributes;
  KernelResources kr;
  kr.name = kd.name;
  kr.registers = a.numRegs;
  kr.staticSharedBytes = a.staticSharedBytes;
  kr.dynamicSharedBytes = static_cast<int>(kd.dynamicSharedMemory);
  kr.localBytes = a.localBytes;
  kr.maxThreadsPerBlock = a.maxThreadsPerBlock;
  kr.ptxVersion = a.ptxVersion;
  kr.binaryVersion = a.binaryVersion;
  // As launched: a resident grid's clusters that fit at once.
  kr.grid = launchGrid(kd, pk.maxActiveClusters);
  kr.block = kd.block;
  kr.cluster = kd.cluster;
  return kr;
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

} // namespace

void prepareStage(CudaDriver &drv, const std::string &ptx, const KernelManifest &m, const BenchOptions &opt,
                  StageResult &r, Prepared &p) {
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
  p.module = lm.module;
  r.jitMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  r.jitInfoLog = lm.infoLog;

  p.kernels = prepareKernels(drv, lm.module, m);
  for (size_t k = 0; k < m.kernels.size(); ++k)
    r.kernels.push_back(resourcesOf(m.kernels[k], p.kernels[k]));

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
}

void launchRange(const KernelManifest &m, Prepared &p, size_t set, size_t first, size_t last) {
  launchKernelRange(p.drv, m, p.kernels, p.args[set], nullptr, first, last);
}

size_t roleIndex(const KernelManifest &m, const char *role) {
  for (size_t i = 0; i < m.buffers.size(); ++i)
    if (m.buffers[i].role == role)
      return i;
  throw CudaError(std::string("manifest: no buffer with role ") + role);
}

size_t bufferIndex(const KernelManifest &m, const std::string &name) {
  for (size_t i = 0; i < m.buffers.size(); ++i)
    if (m.buffers[i].name == name)
      return i;
  throw CudaError("manifest: no buffer \"" + name + "\"");
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

std::vector<uint8_t> downloadBytes(CudaDriver &drv, const DeviceBuffer &buf) {
  std::vector<uint8_t> bytes(buf.size());
  drv.copyDtoH(bytes.data(), buf.get(), bytes.size());
  return bytes;
}

void replicateSet0(CudaDriver &drv, Prepared &p) {
  for (size_t s = 1; s < p.sets.size(); ++s)
    for (size_t b = 0; b < p.sets[s].size(); ++b)
      drv.copyDtoD(p.sets[s][b].get(), p.sets[0][b].get(), p.sets[0][b].size());
  drv.synchronize();
}

std::string fmtErr(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

std::pair<StageStatus, std::string>
judgeMatmul(double error, size_t badValues, double refSpotError,
            double threshold, const MatmulProblem &pr,
            const std::vector<double> &out, const std::vector<double> &ref) {
  if (!(refSpotError <= threshold))
    return {StageStatus::Error, "the cuBLAS reference disagrees with the host spot check (error " +
                                    fmtErr(refSpotError) + "); the check is not trustworthy"};
  std::string message;
  if (badValues)
    message = std::to_string(badValues) +
              " NaN/Inf values in C (unwritten elements are NaN-poisoned)";
  else if (!(error <= threshold))
    message = "relative Frobenius error " + fmtErr(error) + " > threshold " +
              fmtErr(threshold);
  else
    return {StageStatus::Pass, ""};
  appendMismatchMap(message, out, ref, pr.batch * pr.m, pr.n, threshold);
  return {StageStatus::Fail, message};
}

std::pair<StageStatus, std::string> judgeSoftmax(const SoftmaxError &e, double threshold) {
  if (e.nanMismatches + e.infCount)
    return {StageStatus::Fail, std::to_string(e.nanMismatches) + " NaN position mismatches, " +
                                   std::to_string(e.infCount) + " Inf values in Y"};
  if (!(e.maxRowError <= threshold))
    return {StageStatus::Fail, "max row relative error " + fmtErr(e.maxRowError) + " (row " +
                                   std::to_string(e.worstRow) + ") > threshold " + fmtErr(threshold)};
  return {StageStatus::Pass, ""};
}

std::vector<float> softmaxInputs(const SoftmaxProblem &pr, uint64_t seed, bool specialRows) {
  const size_t R = static_cast<size_t>(pr.rows), C = static_cast<size_t>(pr.cols);
  uint64_t st = seed;
  std::vector<float> X = randomValues(pr.x, R * C, -8.0f, 8.0f, splitmix64(st));
  if (!specialRows || R < 4)
    return X;
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
  return X;
}

CublasMode timedCublasMode(const MatmulProblem &pr, const BenchOptions &opt, std::string &name) {
  const bool tf32 = opt.tf32 && pr.a == ElemType::F32;
  name = pr.a == ElemType::F32 ? (tf32 ? "gemmex-fast-tf32" : "sgemm-pedantic") : "gemmex-compute-32f";
  return tf32 ? CublasMode::TF32 : CublasMode::Accurate;
}

ReferenceTimes timeAgainstReference(CudaDriver &drv, size_t sets, const BenchOptions &opt, EnqueueFn ours,
                                    EnqueueFn reference) {
  ReferenceTimes t;
  t.refMs = timeSequences(drv, opt.warmup, opt.repeat, sets, reference).median;
  auto [ti, tri] = timeInterleaved(drv, opt.warmup, opt.repeat, sets, ours, reference);
  t.msInterleaved = ti.median;
  t.refMsInterleaved = tri.median;
  return t;
}

} // namespace gemm_opt::runtime
