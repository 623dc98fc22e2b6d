//===- Bench.cpp - Check and time one compiled stage ----------------------===//
//
// runStage (Bench.h): load the PTX, prepare the rotated buffer sets, check
// the result against the reference, then time the stage and the reference.
// The numbers around it are BenchModel.cpp's, the shared steps
// StageSetup.cpp's, the timing loops Timing.cpp's. A manifest of several
// ops (version 2) goes to runFunction (FunctionBench.cpp).
//
//===----------------------------------------------------------------------===//
#include "gemm-opt/Runtime/Bench.h"
#include "StageSetup.h"
#include "gemm-opt/Runtime/Cublas.h"
#include "gemm-opt/Runtime/FunctionManifest.h"

#include <algorithm>
#include <tuple>

namespace gemm_opt::runtime {

namespace {

using cu::CUdeviceptr;

/// Times the stage's kernels over the rotated buffer sets (set 0's inputs
/// copied to the others first) into r.ms / msMin / msMax; returns the number
/// of sets, which the reference (cuBLAS, copy) is timed over as well.
size_t timeKernels(CudaDriver &drv, const KernelManifest &m, Prepared &p, const BenchOptions &opt,
                   StageResult &r) {
  replicateSet0(drv, p);
  const size_t sets = p.sets.size();
  Timing t = timeSequences(drv, opt.warmup, opt.repeat, sets, [&](size_t s) { launchAll(m, p, s); });
  r.ms = t.median;
  r.msMin = t.min;
  r.msMax = t.max;
  return sets;
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
  launchAll(m, p, 0);
  drv.synchronize();
  cublas->gemm(pr, set0[ia].get(), set0[ib].get(), refC.get(), CublasMode::Accurate, nullptr);
  drv.synchronize();
  std::vector<double> out = download(drv, set0[ic].get(), pr.c, E * M * N);
  std::vector<double> ref = download(drv, refC.get(), pr.c, E * M * N);
  r.error = relativeFrobeniusError(out, ref, &r.badValues);

  // Spot-check the cuBLAS reference itself against the host in double.
  r.refSpotError = matmulSpotError(pr, A, B, C0, ref, seed);
  std::tie(r.status, r.message) = judgeMatmul(r.error, r.badValues, r.refSpotError, r.threshold);
  if (r.status == StageStatus::Error)
    return;
  refC.reset();
  if (opt.checkOnly)
    return;

  // Timing: kernels, then cuBLAS, over the same rotated sets.
  const size_t sets = timeKernels(drv, m, p, opt, r);
  const CublasMode mode = timedCublasMode(pr, opt, r.cublasMode);
  ReferenceTimes rt = timeAgainstReference(
      drv, sets, opt, [&](size_t s) { launchAll(m, p, s); },
      [&](size_t s) {
        cublas->gemm(pr, p.sets[s][ia].get(), p.sets[s][ib].get(), p.sets[s][ic].get(), mode, nullptr);
      });
  r.cublasMs = rt.refMs;
  r.msInterleaved = rt.msInterleaved;
  r.cublasMsInterleaved = rt.refMsInterleaved;

  const bool tf32 = mode == CublasMode::TF32;
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
  std::vector<float> X = softmaxInputs(pr, seed, /*specialRows=*/true);
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

  launchAll(m, p, 0);
  drv.synchronize();
  std::vector<double> out = download(drv, set0[iy].get(), pr.y, R * C);
  std::vector<double> xd(X.begin(), X.end());
  std::vector<double> ref = softmaxReference(xd, pr.rows, pr.cols);
  SoftmaxError e = softmaxError(out, ref, pr.rows, pr.cols, pr.y);
  r.error = e.maxRowError;
  r.badValues = e.nanMismatches + e.infCount;
  std::tie(r.status, r.message) = judgeSoftmax(e, r.threshold);
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
  if (m.isFunction())
    return runFunction(drv, cublas, ptx, m, compileMs, opt);
  StageResult r;
  if (!beginStage(m, compileMs, opt, r))
    return r;
  try {
    Prepared p(drv);
    prepareStage(drv, ptx, m, opt, r, p);
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
