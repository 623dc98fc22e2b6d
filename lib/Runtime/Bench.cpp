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
#include "MatmulReference.h"
#include "StageSetup.h"
#include "gemm-opt/Runtime/Cublas.h"
#include "gemm-opt/Runtime/CublasLt.h"
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

/// A matmul stage's inputs as uploaded into set 0 (the host spot check
/// and the epilogue reference read them).
struct MatmulInputs {
  std::vector<float> a, b, c0;
  EpilogueOperandValues operands;
};

/// Fresh inputs into set 0; C (and scratch) NaN-poisoned unless beta = 1.
MatmulInputs fillMatmulInputs(CudaDriver &drv, const KernelManifest &m, Prepared &p, uint64_t seed) {
  const MatmulProblem &pr = m.matmul;
  const size_t M = static_cast<size_t>(pr.m), N = static_cast<size_t>(pr.n), K = static_cast<size_t>(pr.k);
  const size_t E = static_cast<size_t>(pr.batch); // batch entries, stored one after another
  const size_t ia = roleIndex(m, "A"), ib = roleIndex(m, "B"), ic = roleIndex(m, "C");
  uint64_t st = seed;
  MatmulInputs in;
  // Element counts do not depend on the layout; the buffers' shapes do.
  in.a = randomValues(pr.a, E * M * K, -1.0f, 1.0f, splitmix64(st));
  in.b = randomValues(pr.b, static_cast<size_t>(pr.bEntries()) * K * N, -1.0f,
                      1.0f, splitmix64(st));
  if (pr.beta == 1)
    in.c0 = randomValues(pr.c, E * M * N, -1.0f, 1.0f, splitmix64(st));
  auto &set0 = p.sets[0];
  upload(drv, set0[ia], pr.a, in.a);
  upload(drv, set0[ib], pr.b, in.b);
  in.operands = fillEpilogueOperands(drv, m, set0, seed);
  for (size_t b = 0; b < m.buffers.size(); ++b)
    if (m.buffers[b].role == "scratch")
      drv.memsetD8(set0[b].get(), 0xFF, set0[b].size());
  if (pr.beta == 1)
    upload(drv, set0[ic], pr.c, in.c0);
  else
    drv.memsetD8(set0[ic].get(), 0xFF, set0[ic].size()); // NaN poison
  drv.synchronize();
  return in;
}

/// cuBLASLt's fused matmul for this stage, when it has the epilogue.
struct LtSide {
  CublasLt *lt = nullptr;
  std::shared_ptr<CublasLt::Matmul> mm;
  size_t bias = 0; // the bias buffer's index
  explicit operator bool() const { return mm != nullptr; }
  void run(Prepared &p, size_t set, size_t ia, size_t ib, size_t ic) {
    lt->run(*mm, p.sets[set][ia].get(), p.sets[set][ib].get(), p.sets[set][ic].get(), p.sets[set][bias].get(),
            nullptr);
  }
};

/// Prepares cuBLASLt's matmul and compares our checked output `out` with
/// its (r.cublasLtError). A failure is a note (r.cublasLtNote).
LtSide checkAgainstCublasLt(CudaDriver &drv, CublasLt *lt, const KernelManifest &m, Prepared &p,
                            const MatmulInputs &in, const std::vector<double> &out, StageResult &r) {
  const MatmulProblem &pr = m.matmul;
  LtSide side;
  if (pr.epilogue.empty())
    return side;
  const std::string &biasRole = pr.epilogue[0].operand; // a bias comes first
  const ElemType biasElem = biasRole.empty() ? pr.c : m.buffers[roleIndex(m, biasRole.c_str())].elem;
  LtEpilogue e = cublasLtEpilogueFor(pr, biasElem, r.cublasLtNote);
  if (e == LtEpilogue::None)
    return side;
  const size_t bias = roleIndex(m, biasRole.c_str());
  if (!lt) {
    r.cublasLtNote = "cuBLASLt unavailable";
    return side;
  }
  try {
    const size_t ia = roleIndex(m, "A"), ib = roleIndex(m, "B"), ic = roleIndex(m, "C");
    auto &set0 = p.sets[0];
    side = {lt, lt->prepare(drv, pr, e, set0[bias].get()), bias};
    DeviceBuffer ltC(drv, set0[ic].size());
    if (pr.beta == 1)
      upload(drv, ltC, pr.c, in.c0);
    drv.synchronize();
    lt->run(*side.mm, set0[ia].get(), set0[ib].get(), ltC.get(), set0[bias].get(), nullptr);
    drv.synchronize();
    std::vector<double> ref = download(drv, ltC.get(), pr.c, out.size());
    r.cublasLtError = relativeFrobeniusError(out, ref);
    r.cublasLtEpilogue = ltEpilogueName(e);
  } catch (const std::exception &ex) {
    r.cublasLtNote = std::string("cuBLASLt: ") + ex.what();
    side = {};
  }
  return side;
}

/// Times ours, cuBLAS (without the epilogue) and cuBLASLt (with it, when
/// `lt`) over the rotated sets, and derives the rates.
void timeMatmul(CudaDriver &drv, Cublas &cublas, LtSide &lt, const KernelManifest &m, Prepared &p,
                const BenchOptions &opt, StageResult &r) {
  const MatmulProblem &pr = m.matmul;
  const size_t ia = roleIndex(m, "A"), ib = roleIndex(m, "B"), ic = roleIndex(m, "C");
  const size_t sets = timeKernels(drv, m, p, opt, r);
  const CublasMode mode = timedCublasMode(pr, opt, r.cublasMode);
  const TimedGemm gemm = timedGemm(drv, pr);
  auto ours = [&](size_t s) { launchAll(m, p, s); };
  ReferenceTimes rt = timeAgainstReference(drv, sets, opt, ours, [&](size_t s) {
    cublas.gemm(gemm.problem, p.sets[s][ia].get(), p.sets[s][ib].get(), gemm.output(p.sets[s][ic].get()), mode,
                nullptr);
  });
  r.cublasMs = rt.refMs;
  r.msInterleaved = rt.msInterleaved;
  r.cublasMsInterleaved = rt.refMsInterleaved;
  if (lt) {
    ReferenceTimes lr = timeAgainstReference(drv, sets, opt, ours, [&](size_t s) { lt.run(p, s, ia, ib, ic); });
    r.cublasLtMs = lr.refMs;
    r.msInterleavedLt = lr.msInterleaved;
    r.cublasLtMsInterleaved = lr.refMsInterleaved;
    r.pctCublasLt = 100.0 * r.cublasLtMs / r.ms;
    r.pctCublasLtInterleaved = 100.0 * r.cublasLtMsInterleaved / r.msInterleaved;
  }

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

void runMatmul(CudaDriver &drv, Cublas *cublas, CublasLt *cublasLt, const KernelManifest &m, Prepared &p,
               uint64_t seed, const BenchOptions &opt, StageResult &r) {
  const MatmulProblem &pr = m.matmul;
  if (!cublas)
    throw CudaError("cuBLAS is not available; the matmul reference cannot be computed");
  const size_t ia = roleIndex(m, "A"), ib = roleIndex(m, "B"), ic = roleIndex(m, "C");
  MatmulInputs in = fillMatmulInputs(drv, m, p, seed);

  // Checked run.
  launchAll(m, p, 0);
  drv.synchronize();
  MatmulReference ref = matmulReference(drv, *cublas, pr, p.sets[0][ia].get(), p.sets[0][ib].get(), in.c0,
                                        in.operands);
  std::vector<double> out = inReferenceLayout(pr, download(drv, p.sets[0][ic].get(), pr.c, ref.c.size()));
  r.error = relativeFrobeniusError(out, ref.c, &r.badValues);
  // Spot-check the cuBLAS reference itself against the host in double.
  r.refSpotError = matmulSpotError(pr, in.a, in.b, in.c0, ref.product, seed);
  std::tie(r.status, r.message) = judgeMatmul(
      r.error, r.badValues, r.refSpotError, r.threshold, pr, out, ref.c);
  if (r.status == StageStatus::Error)
    return;
  LtSide lt = checkAgainstCublasLt(drv, cublasLt, m, p, in, out, r);
  if (!opt.checkOnly)
    timeMatmul(drv, *cublas, lt, m, p, opt, r);
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
                     double compileMs, const BenchOptions &opt, CublasLt *cublasLt) {
  if (m.isFunction())
    return runFunction(drv, cublas, ptx, m, compileMs, opt);
  StageResult r;
  if (!beginStage(m, compileMs, opt, r))
    return r;
  try {
    Prepared p(drv);
    prepareStage(drv, ptx, m, opt, r, p);
    if (m.isMatmul())
      runMatmul(drv, cublas, cublasLt, m, p, r.seed, opt, r);
    else
      runSoftmax(drv, m, p, r.seed, opt, r);
  } catch (const std::exception &e) {
    r.status = StageStatus::Error;
    r.message = e.what();
  }
  return r;
}

} // namespace gemm_opt::runtime
