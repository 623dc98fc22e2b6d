//===- StageSetup.h - What checking one op and a function share -*- C++ -*-===//
//
// The pieces of a stage run that Bench.cpp (one op, version 1) and
// FunctionBench.cpp (several ops, version 2) share: the stage's header
// fields, loading the module and allocating the rotated buffer sets,
// launching (a range of) the kernels over a set, moving data, judging a
// matmul or softmax result by the thresholds of Bench.h, and timing a
// launch sequence against its reference.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_OPT_RUNTIME_STAGESETUP_H
#define GEMM_OPT_RUNTIME_STAGESETUP_H

#include "Timing.h"
#include "gemm-opt/Runtime/Bench.h"
#include "gemm-opt/Runtime/Cublas.h"
#include "gemm-opt/Runtime/Launcher.h"
#include "gemm-opt/Runtime/Numerics.h"

#include <string>
#include <utility>
#include <vector>

namespace gemm_opt::runtime {

/// A loaded stage: its module (unloaded with it), kernels, buffer sets and
/// launch arguments per set.
struct Prepared {
  explicit Prepared(CudaDriver &d) : drv(d) {}
  ~Prepared() {
    if (module)
      drv.unload(module);
  }
  Prepared(const Prepared &) = delete;
  Prepared &operator=(const Prepared &) = delete;
  CudaDriver &drv;
  cu::CUmodule module = nullptr;
  std::vector<PreparedKernel> kernels;
  std::vector<std::vector<DeviceBuffer>> sets; // [set][buffer index in manifest]
  std::vector<std::vector<LaunchArgs>> args;   // [set][kernel]
  DeviceBuffer tensorMaps;                     // every CUtensorMap of the stage, 128 bytes each
};

/// The fields of `r` every stage has (describeStage's, the seed, ...);
/// false with status Error when the manifest is invalid or the options are.
bool beginStage(const KernelManifest &m, double compileMs, const BenchOptions &opt, StageResult &r);

/// Checks memory and the device, JIT-loads `ptx`, prepares the kernels
/// (their resources into r.kernels), allocates the rotation sets (one with
/// opt.checkOnly) and builds the launch arguments. Throws CudaError.
void prepareStage(CudaDriver &drv, const std::string &ptx, const KernelManifest &m, const BenchOptions &opt,
                  StageResult &r, Prepared &p);

/// Launches kernels [first, last) of `m` over buffer set `set`.
void launchRange(const KernelManifest &m, Prepared &p, size_t set, size_t first, size_t last);
inline void launchAll(const KernelManifest &m, Prepared &p, size_t set) {
  launchRange(m, p, set, 0, m.kernels.size());
}

/// The index of the first buffer with `role` / of the buffer `name`; throws.
size_t roleIndex(const KernelManifest &m, const char *role);
size_t bufferIndex(const KernelManifest &m, const std::string &name);

void upload(CudaDriver &drv, const DeviceBuffer &buf, ElemType t, const std::vector<float> &values);
std::vector<double> download(CudaDriver &drv, cu::CUdeviceptr ptr, ElemType t, size_t count);
std::vector<uint8_t> downloadBytes(CudaDriver &drv, const DeviceBuffer &buf);
/// Copies set 0's contents into every other set.
void replicateSet0(CudaDriver &drv, Prepared &p);
/// "%.3g".
std::string fmtErr(double v);

/// The verdict on a matmul result (Bench.h): the cuBLAS reference must pass
/// its host spot check (else Error), no NaN/Inf, error within threshold. A
/// failure's message ends with where `out` differs from `ref` (C of `pr` in
/// the reference layout; MismatchMap.h).
std::pair<StageStatus, std::string>
judgeMatmul(double error, size_t badValues, double refSpotError,
            double threshold, const MatmulProblem &pr,
            const std::vector<double> &out, const std::vector<double> &ref);
/// The verdict on a softmax result: no NaN position mismatch, no Inf, error
/// within threshold.
std::pair<StageStatus, std::string> judgeSoftmax(const SoftmaxError &e, double threshold);

/// Softmax inputs in [-8, 8), rounded to pr.x. With `specialRows` (and at
/// least 4 rows): a row of large values, one with -inf entries, a constant
/// one and an all -inf one (whose output is NaN by definition).
std::vector<float> softmaxInputs(const SoftmaxProblem &pr, uint64_t seed, bool specialRows);

/// The cuBLAS mode a matmul's reference is timed in (TF32 with --tf32 for
/// f32 inputs) and its name as the results report it.
CublasMode timedCublasMode(const MatmulProblem &pr, const BenchOptions &opt, std::string &name);

/// The reference back-to-back, then interleaved with our launches (ours,
/// reference, alternating), as Bench.h describes, over the same sets.
struct ReferenceTimes {
  double refMs = 0, msInterleaved = 0, refMsInterleaved = 0;
};
ReferenceTimes timeAgainstReference(CudaDriver &drv, size_t sets, const BenchOptions &opt, EnqueueFn ours,
                                    EnqueueFn reference);

} // namespace gemm_opt::runtime

#endif // GEMM_OPT_RUNTIME_STAGESETUP_H
