//===- Bench.h - Check and time one compiled stage --------------*- C++ -*-===//
//
// runStage() loads a stage's PTX, checks its result against a reference and
// times it; resultsToJson()/printResultsTable() report the numbers.
//
// Correctness thresholds (error metric <= threshold passes; NaN/Inf never
// passes; every output element is poisoned with 0xFF bytes = NaN before the
// checked run when beta == 0, so an unwritten element fails):
//
//   matmul: relative Frobenius error ||out - ref||_F / ||ref||_F in double
//   against cuBLAS on the same device inputs (so f16/bf16 input rounding is
//   not part of the error; only accumulation order/precision and output
//   rounding are):
//     f32  inputs, f32 out, true f32 FMA .............. 1e-4 (f32 arithmetic
//                 with K = 4096 lands near 1e-6; 1e-4 leaves room for any
//                 summation order but catches TF32, which lands near 3e-4)
//     f32  inputs, TF32 allowed (--tf32) ............... 5e-3
//     f16/bf16 inputs, f32 out, f32 accumulation ....... 1e-3
//     f16 out (one f16 rounding of each side: ~2.4e-4) . 5e-3
//     bf16 out (one bf16 rounding each side: ~2e-3) .... 1e-2
//   A host spot check (256 entries computed in double) also verifies the
//   cuBLAS reference itself with the same threshold. A fused epilogue
//   (Epilogue.h): cuBLAS into f32, the steps applied on the host in double
//   to the same operand values (fresh random values in [-1, 1) like A and
//   B), rounded to C's type; the same metric and thresholds.
//
//   softmax: max over rows of max_j |out_ij - ref_ij| / max_j |ref_ij|, with
//   ref computed on the host in double from the exact device inputs; NaN
//   positions must match the reference's exactly (an all -inf row is NaN by
//   the definition y = exp(x - max) / sum exp(x - max)); Inf in out fails.
//     y f32 ........ 1e-4 (f32 exp/sum rounding is ~1e-6; room for exp2-based
//                    kernels, catches wrong max handling or f16 math)
//     y f16 ........ 2e-3 (output rounding alone is up to 4.9e-4)
//     y bf16 ....... 1e-2 (output rounding alone is up to 3.9e-3)
//
// Timing: CUDA events around each launch sequence (all kernels of the
// manifest in order) on the null stream; `warmup` unmeasured sequences, then
// the median of `repeat` measured ones; inputs rotate over N identical-size
// buffer sets, N = ceil(3 * L2 / bytes per set) capped so that N * set size
// <= 8 GiB (at least 1). cuBLAS (matmul) and a device-to-device copy
// (softmax) are timed the same way, over the same sets, in the same process.
// Matmul stages are also timed interleaved (issue 7; cuBLAS back-to-back is
// noisy on the H200): after the same warm-up, `repeat` rounds of one launch
// sequence of ours then one cuBLAS call, each between its own pair of
// events, one set counter shared by both so that every launch reads the
// set after the previous launch's; medians of each side.
//
// Tensor maps: every tensormap parameter gets one CUtensorMap per buffer
// set, encoded once per stage with cuTensorMapEncodeTiled over that set's
// buffer and copied into one device allocation (128 bytes per map) before
// the first launch; the launch passes the map's device address.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_OPT_RUNTIME_BENCH_H
#define GEMM_OPT_RUNTIME_BENCH_H

#include "gemm-opt/Runtime/CudaDriver.h"
#include "gemm-opt/Runtime/Manifest.h"

#include <array>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace gemm_opt::runtime {

class Cublas;
class CublasLt;

//===--- Performance model ------------------------------------------------===//

/// Peak rates used for "% of peak" and the roofline. Zero means unknown.
struct PeakTable {
  double fp32Tflops = 0;
  double tf32Tflops = 0;
  double f16Tflops = 0;  // dense, f32 accumulation
  double bf16Tflops = 0; // dense, f32 accumulation
  double bandwidthGBs = 0;
};
/// sm_90 (H200 SXM): fp32 67, tf32 495, f16/bf16 990 TFLOPS, 4800 GB/s.
/// Other chips: all zero (percentages then print as "-").
PeakTable peaksForChip(const std::string &chip);
/// The relevant peak for a matmul problem: by input type; f32 with
/// `tf32` uses the TF32 rate.
double matmulPeakTflops(const PeakTable &peaks, const MatmulProblem &p, bool tf32);

double matmulFlops(const MatmulProblem &p); // 2*batch*M*N*K
/// bytes(A) + bytes(B) + bytes(C) * (1 + beta): the fewest bytes moved.
double matmulMinBytes(const MatmulProblem &p);
double matmulArithmeticIntensity(const MatmulProblem &p); // flops / min bytes
/// min(peak, AI * bandwidth), in TFLOPS.
double rooflineTflops(double intensity, double peakTflops, double bandwidthGBs);
/// bytes(X) + bytes(Y).
double softmaxMinBytes(const SoftmaxProblem &p);

/// The thresholds documented above.
double matmulThreshold(const MatmulProblem &p, bool tf32);
double softmaxThreshold(const SoftmaxProblem &p);

/// At most this many buffer sets rotate (tiny problems live in L2 anyway).
inline constexpr size_t kMaxRotationSets = 64;

/// The byte softmax outputs are filled with before a stage runs: 0x5A...
/// is finite and above 1 as f32 (1.5e16), f16 (203.25) and bf16 (1.5e16),
/// which no softmax output is, and is not NaN, which an all -inf row's
/// outputs must be.
inline constexpr unsigned char kSoftmaxPoisonByte = 0x5A;
/// Number of buffer sets for rotation (documented above); 1..kMaxRotationSets.
size_t rotationSetCount(size_t bytesPerSet, size_t l2Bytes, size_t capBytes = size_t(8) << 30,
                        double l2Factor = 3.0);

/// The cuTensorMapEncodeTiled arguments for a (validated) manifest tensor
/// map: data type by elem, element strides 1, interleave NONE, OOB fill NONE.
cu::TensorMapEncodeArgs tensorMapEncodeArgs(const TensorMapDesc &d);

/// Empty when PTX compiled for `chip` ("sm_90", "sm_90a") can run on a
/// device of compute capability ccMajor.ccMinor; otherwise why not. Plain
/// targets need a device at least as new; arch-specific ones ("a") exactly
/// that compute capability.
std::string chipSupportError(const std::string &chip, int ccMajor, int ccMinor);

/// Parses "4096x4096x4096" / "1024x4096" into positive dims; false on error.
bool parseShape(const std::string &s, std::vector<int64_t> &dims);

/// "MxNxK" / "RxC" and "a,b->c" / "x->y" for a manifest's problem.
std::string manifestShapeString(const KernelManifest &m);
std::string manifestDtypeString(const KernelManifest &m);

//===--- Running a stage ---------------------------------------------------===//

struct BenchOptions {
  int repeat = 20; // measured launch sequences (median reported)
  int warmup = 3;  // unmeasured launch sequences first
  uint64_t seed = 1;
  /// Accept TF32 precision for f32 matmuls (threshold 5e-3) and compare the
  /// time with cuBLAS in TF32 mode and the TF32 peak.
  bool tf32 = false;
  size_t maxRotationBytes = size_t(8) << 30;
  double l2Factor = 3.0;
  /// Index of the stage in this run; mixed into the seed so that every check
  /// draws fresh inputs.
  int stageIndex = 0;
  /// Check only: one launch against the reference, no timing and no rotation
  /// sets (what a compute-sanitizer sweep needs; the tools slow every launch).
  bool checkOnly = false;
};

struct KernelResources {
  std::string name;
  int registers = 0;
  int staticSharedBytes = 0;
  int dynamicSharedBytes = 0;
  int localBytes = 0; // spills + stack, per thread
  int maxThreadsPerBlock = 0;
  int ptxVersion = 0, binaryVersion = 0;
  // The grid as launched: a "resident_grid" kernel's may be smaller than
  // its manifest's (launchGrid).
  std::array<uint32_t, 3> grid{{1, 1, 1}}, block{{1, 1, 1}};
  std::optional<std::array<uint32_t, 3>> cluster; // reported only when present
  int op = -1; // version 2: the op the kernel belongs to (reported only then)
};

enum class StageStatus { Pass, Fail, Error, NotRun };
const char *stageStatusName(StageStatus s); // "PASS" | "FAIL" | "ERROR" | "NOT RUN"

/// One op of a function stage (a version-2 manifest): checked against its
/// reference computed from what the earlier ops wrote into its inputs, and
/// timed alone (its kernels only) beside that reference.
struct OpResult {
  int index = 0;
  std::string op;    // "matmul" | "softmax"
  std::string shape; // as StageResult's
  std::string dtype;
  int beta = 0;
  std::string layout; // matmul only
  int64_t batch = 1;
  bool sharedB = false;
  std::string epilogue; // matmul only: as StageResult's
  StageStatus status = StageStatus::NotRun;
  std::string message;
  double error = 0, threshold = 0;
  size_t badValues = 0;
  double refSpotError = -1;
  std::string reference; // "cublas" (cublasMode) | "copy" (the device-to-device copy)
  // Timing (ms, medians): the op's kernels alone and its reference, each
  // back-to-back; matmuls also interleaved (ours, cuBLAS, alternating).
  double ms = 0, refMs = 0, msInterleaved = 0, refMsInterleaved = 0;
  /// 100 * reference ms / ms: interleaved for matmuls, back-to-back for softmax.
  double pctRef = 0;
};

struct StageResult {
  std::string stage, op, chip;
  std::string shape; // "MxNxK" or "RxC"
  std::string dtype; // "a,b->c" or "x->y"
  int beta = 0;
  std::string layout; // matmul: "nn" | "nt" | "tn" | "tt" (the manifest's); softmax: empty
  int64_t batch = 1;  // matmul: batch entries (the manifest's "batch"; the shape then starts with it)
  bool sharedB = false; // matmul: one B for every batch entry (the manifest's "shared_b")
  /// matmul: the manifest's epilogue as gemm-run's --epilogue list
  /// (epilogueListString; "" for none).
  std::string epilogue;
  StageStatus status = StageStatus::NotRun;
  std::string message; // why FAIL/ERROR (or notes)
  double error = 0;     // the metric above (+inf if NaN/Inf found)
  double threshold = 0;
  size_t badValues = 0; // NaN/Inf in the output (matmul) or NaN mismatches + Inf (softmax)
  double refSpotError = -1; // matmul: cuBLAS vs host double on sampled entries (-1: not computed)
  uint64_t seed = 0;
  double compileMs = -1; // from the caller; -1 if unknown (AOT)
  double jitMs = 0;      // cuModuleLoadDataEx wall time (host clock)
  int rotationSets = 0;
  int repeat = 0, warmup = 0;
  // Timing (ms): median, min, max of the measured sequences.
  double ms = 0, msMin = 0, msMax = 0;
  // matmul
  double tflops = 0;
  double cublasMs = 0, cublasTflops = 0, pctCublas = 0;
  // The same, timed interleaved (0: not timed).
  double msInterleaved = 0, tflopsInterleaved = 0;
  double cublasMsInterleaved = 0, cublasTflopsInterleaved = 0, pctCublasInterleaved = 0;
  std::string cublasMode; // "pedantic-f32" | "tf32" | "gemmex-32f"
  // cuBLASLt's fused matmul with the same epilogue, where it has it
  // (CublasLt.h): "bias" | "relu_bias" | "gelu_bias", "" when not run
  // (cublasLtNote says why, when an epilogue was there). Timed like
  // cuBLAS: back-to-back, and interleaved with our launches (our side's
  // median msInterleavedLt); pct = 100 * its ms / ours. cublasLtError: our
  // output against its (a second reference; -1 not computed).
  std::string cublasLtEpilogue, cublasLtNote;
  double cublasLtMs = 0, pctCublasLt = 0;
  double msInterleavedLt = 0, cublasLtMsInterleaved = 0, pctCublasLtInterleaved = 0;
  double cublasLtError = -1;
  double peakTflops = 0, pctPeak = 0;
  double intensity = 0, rooflineTflops = 0, pctRoofline = 0;
  // softmax
  double gbps = 0, copyMs = 0, copyGbps = 0, pctCopy = 0, peakGBs = 0, pctPeakBw = 0;
  std::vector<KernelResources> kernels;
  std::string jitInfoLog;
  // Function stages (version 2, op "function"): each op, and the sums of
  // the ops' ms and of their references' ms (back-to-back medians) beside
  // the whole function's `ms`; pctRefs = 100 * refsMs / ms.
  std::vector<OpResult> ops;
  double opsMs = 0, refsMs = 0, pctRefs = 0;
  /// A function stage whose manifest has "results": the buffer each result
  /// is, in return order (a buffer twice, an argument returned as it is).
  std::vector<std::string> results;
  /// A version-3 stage (dynamic dimensions) run at one size: each symbol's
  /// size in declared order ({"M", 127}) and the variant of the dispatch
  /// table that ran (-1 for a static stage).
  std::vector<std::pair<std::string, int64_t>> dynamicSizes;
  int variant = -1;
  /// The static compile of a dynamic stage's size, run beside it to compare
  /// (gemm-run --static-peer).
  bool staticPeer = false;
  /// The function run, when the manifest holds several (version 4); ""
  /// otherwise.
  std::string func;
};
/// "wgmma @proj": a stage of function `func` of a manifest of several
/// ("" for others: the stage alone).
std::string stageFunctionLabel(const std::string &stage, const std::string &func);
/// The stage as tables and stage lines name it: "wgmma", "wgmma M=127 v1"
/// (a dynamic stage at a size, its variant), "wgmma static" (a static peer),
/// "wgmma @proj" (function proj of a manifest of several).
std::string stageLabel(const StageResult &r);

/// Checks then times one stage. Never throws: CUDA errors, JIT failures and
/// invalid manifests give status Error with `message`. `cublas` may be null
/// (matmul stages then report Error). `compileMs` < 0: unknown. With
/// `cublasLt`, a matmul whose epilogue cuBLASLt fuses is also checked
/// against and timed beside cublasLtMatmul (a failure there is a note, not
/// an error of the stage).
StageResult runStage(CudaDriver &drv, Cublas *cublas, const std::string &ptx, const KernelManifest &manifest,
                     double compileMs, const BenchOptions &options, CublasLt *cublasLt = nullptr);

/// runStage for a manifest of several ops (version 2; runStage dispatches
/// to it). The check: every buffer is allocated once; the inputs (arguments
/// some op reads before any op writes them, functionBufferUses) get fresh
/// random values, everything else 0xFF bytes (NaN). Then op by op, in
/// program order: its output is poisoned again (softmax outputs with
/// kSoftmaxPoisonByte, as in a one-op stage), its kernels launch, and its
/// result is compared, by the thresholds above, with its reference computed
/// from the current device contents of its inputs (cuBLAS with the op's
/// layout, batch and shared B; the host softmax in double). A softmax
/// argument gets the special rows (-inf, all -inf) only when no later op
/// reads its output, whose NaN rows would make the rest uncheckable. Then
/// the inputs are restored, the rest poisoned again, and the whole function
/// runs once more, all kernels back to back as it is timed; every output
/// (results and written arguments) must equal the op-by-op run bit for bit,
/// since our kernels are deterministic (fixed reduction orders, no atomics
/// on values). A FAIL or ERROR names the op (index, kind, shape); the stage
/// fails when any op or the comparison does. Timing: the function, each op
/// alone and each op's reference (cuBLAS back-to-back and interleaved with
/// the op, as a one-op matmul stage; the device-to-device copy for a
/// softmax) over the same rotated sets.
StageResult runFunction(CudaDriver &drv, Cublas *cublas, const std::string &ptx, const KernelManifest &manifest,
                        double compileMs, const BenchOptions &options);

//===--- Reporting ---------------------------------------------------------===//

struct RunInfo {
  std::string commandLine;
  bool haveDevice = false;
  std::string noDeviceReason;
  DeviceInfo device;
  int cublasVersion = 0; // 0: not loaded
  std::string cublasPath;
  size_t cublasLtVersion = 0; // 0: not loaded
  BenchOptions options;
};

/// The line gemm-run prints as a stage ends: status, error and threshold,
/// ms; a function stage's instead names its ops' count and is followed by
/// a line per op ("  op 1 softmax 130x259 PASS error ...").
void printStageLine(std::ostream &os, const StageResult &r, bool checkOnly);
/// What a stage is before it runs (status NotRun): stage, op ("function"
/// for several ops, each then in `ops`), chip, shape, dtype, layout, batch,
/// thresholds. Used by runStage and for stages that never run.
StageResult describeStage(const KernelManifest &m, double compileMs, bool tf32);
/// Pretty JSON of the whole run (device, versions, options, every stage).
std::string resultsToJson(const RunInfo &info, const std::vector<StageResult> &results);
/// Human table, one row per stage (matmul and softmax stages in separate tables).
void printResultsTable(std::ostream &os, const std::vector<StageResult> &results);

} // namespace gemm_opt::runtime

#endif // GEMM_OPT_RUNTIME_BENCH_H
