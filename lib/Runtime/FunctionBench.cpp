//===- FunctionBench.cpp - Check and time a function of several ops -------===//
//
// runFunction (Bench.h): a version-2 manifest's ops checked one by one
// against references computed from what the earlier ops wrote, the whole
// function compared with that op-by-op run bit for bit, then the function,
// each op and each op's reference timed. The steps it shares with a
// one-op stage are StageSetup.cpp's.
//
//===----------------------------------------------------------------------===//
#include "MatmulReference.h"
#include "StageSetup.h"
#include "gemm-opt/Runtime/Bench.h"
#include "gemm-opt/Runtime/Cublas.h"
#include "gemm-opt/Runtime/FunctionManifest.h"

#include <algorithm>
#include <tuple>

namespace gemm_opt::runtime {

namespace {

/// One function stage in progress: the manifest, its buffers' uses and the
/// inputs as uploaded (to restore them before the whole-function run).
struct FunctionRun {
  CudaDriver &drv;
  Cublas *cublas;
  const KernelManifest &m;
  Prepared &p;
  const BenchOptions &opt;
  StageResult &r;
  std::vector<BufferUse> uses;
  std::vector<std::vector<uint8_t>> inputBytes; // per buffer; empty unless an input
};

/// "op 1 (softmax 130x259)".
std::string opName(const KernelManifest &m, size_t i) {
  return "op " + std::to_string(i) + " (" + opSummary(m, i) + ")";
}

/// Whether an op after `op` reads what `op` writes.
bool readLater(const KernelManifest &m, size_t op) {
  const std::string out = opOutput(m.ops[op]);
  for (size_t j = op + 1; j < m.ops.size(); ++j) {
    const std::vector<std::string> in = opInputs(m.ops[j]);
    if (std::find(in.begin(), in.end(), out) != in.end())
      return true;
  }
  return false;
}

/// Random values for input buffer `b`, by the op that reads it first: a
/// matmul operand in [-1, 1), a softmax input as a one-op stage draws it.
std::vector<float> inputValues(const KernelManifest &m, size_t b, uint64_t seed) {
  const BufferDesc &buf = m.buffers[b];
  for (size_t i = 0; i < m.ops.size(); ++i) {
    const OpDesc &op = m.ops[i];
    if (op.isSoftmax() && op.operand("X") == buf.name)
      return softmaxInputs(op.softmax, seed, /*specialRows=*/!readLater(m, i));
    const std::vector<std::string> in = opInputs(op);
    if (std::find(in.begin(), in.end(), buf.name) != in.end())
      break;
  }
  return randomValues(buf.elem, buf.numElements(), -1.0f, 1.0f, seed);
}

/// Set 0: fresh inputs (kept in f.inputBytes), 0xFF (NaN) everywhere else.
void fillInputs(FunctionRun &f) {
  uint64_t st = f.r.seed;
  f.inputBytes.assign(f.m.buffers.size(), {});
  for (size_t b = 0; b < f.m.buffers.size(); ++b) {
    const uint64_t seed = splitmix64(st);
    if (f.uses[b].input)
      f.inputBytes[b] = encode(f.m.buffers[b].elem, inputValues(f.m, b, seed));
  }
}

/// Set 0 as fillInputs left it: the same inputs, the rest NaN again.
void restoreInputs(FunctionRun &f) {
  auto &set0 = f.p.sets[0];
  for (size_t b = 0; b < set0.size(); ++b) {
    if (f.uses[b].input)
      f.drv.copyHtoD(set0[b].get(), f.inputBytes[b].data(), f.inputBytes[b].size());
    else
      f.drv.memsetD8(set0[b].get(), 0xFF, set0[b].size());
  }
  f.drv.synchronize();
}

std::vector<float> toFloat(const std::vector<double> &v) { return std::vector<float>(v.begin(), v.end()); }

void checkMatmulOp(FunctionRun &f, size_t i, OpResult &o) {
  const OpDesc &op = f.m.ops[i];
  const MatmulProblem &pr = op.matmul;
  if (!f.cublas)
    throw CudaError("cuBLAS is not available; the matmul reference cannot be computed");
  CudaDriver &drv = f.drv;
  auto &set0 = f.p.sets[0];
  const BufferDesc &a = *f.m.findBuffer(op.operand("A")), &b = *f.m.findBuffer(op.operand("B")),
                   &c = *f.m.findBuffer(op.operand("C"));
  const DeviceBuffer &da = set0[bufferIndex(f.m, a.name)], &db = set0[bufferIndex(f.m, b.name)],
                     &dc = set0[bufferIndex(f.m, c.name)];
  // The host copies for the spot check: what the earlier ops left.
  std::vector<float> A = toFloat(download(drv, da.get(), a.elem, a.numElements()));
  std::vector<float> B = toFloat(download(drv, db.get(), b.elem, b.numElements()));
  std::vector<float> C0;
  if (pr.beta == 1)
    C0 = toFloat(download(drv, dc.get(), c.elem, c.numElements()));
  else
    drv.memsetD8(dc.get(), 0xFF, dc.size()); // NaN poison
  const EpilogueOperandValues operands = downloadEpilogueOperands(drv, f.m, op, set0);
  drv.synchronize();
  auto [first, last] = opKernelRange(f.m, i);
  launchRange(f.m, f.p, 0, first, last);
  drv.synchronize();
  MatmulReference ref = matmulReference(drv, *f.cublas, pr, da.get(), db.get(), C0, operands);
  std::vector<double> out = inReferenceLayout(pr, download(drv, dc.get(), c.elem, c.numElements()));
  o.error = relativeFrobeniusError(out, ref.c, &o.badValues);
  o.refSpotError = matmulSpotError(pr, A, B, C0, ref.product, f.r.seed + i);
  std::tie(o.status, o.message) = judgeMatmul(
      o.error, o.badValues, o.refSpotError, o.threshold, pr, out, ref.c);
}

void checkSoftmaxOp(FunctionRun &f, size_t i, OpResult &o) {
  const OpDesc &op = f.m.ops[i];
  const SoftmaxProblem &pr = op.softmax;
  CudaDriver &drv = f.drv;
  auto &set0 = f.p.sets[0];
  const DeviceBuffer &dx = set0[bufferIndex(f.m, op.operand("X"))], &dy = set0[bufferIndex(f.m, op.operand("Y"))];
  const size_t count = static_cast<size_t>(pr.rows) * static_cast<size_t>(pr.cols);
  std::vector<double> x = download(drv, dx.get(), pr.x, count);
  // Finite and above 1 (Bench.h): an unwritten element fails, and so does
  // an unwritten NaN row.
  drv.memsetD8(dy.get(), kSoftmaxPoisonByte, dy.size());
  drv.synchronize();
  auto [first, last] = opKernelRange(f.m, i);
  launchRange(f.m, f.p, 0, first, last);
  drv.synchronize();
  std::vector<double> out = download(drv, dy.get(), pr.y, count);
  SoftmaxError e = softmaxError(out, softmaxReference(x, pr.rows, pr.cols), pr.rows, pr.cols, pr.y);
  o.error = e.maxRowError;
  o.badValues = e.nanMismatches + e.infCount;
  std::tie(o.status, o.message) = judgeSoftmax(e, o.threshold);
}

/// Ops in program order, each against its reference; a CUDA error names
/// the op it happened in.
void checkOps(FunctionRun &f) {
  for (size_t i = 0; i < f.m.ops.size(); ++i) {
    OpResult &o = f.r.ops[i];
    try {
      if (f.m.ops[i].isMatmul())
        checkMatmulOp(f, i, o);
      else
        checkSoftmaxOp(f, i, o);
    } catch (const std::exception &e) {
      throw CudaError(opName(f.m, i) + ": " + e.what());
    }
  }
}

/// After the whole run: an argument the function returns as it is (no op
/// writes it) must come back with the bytes the caller passed: a runner
/// hands back the caller's buffer, so a kernel writing into it would change
/// that result. Returns "" or what differs.
std::string checkReturnedArguments(FunctionRun &f) {
  for (size_t b = 0; b < f.m.buffers.size(); ++b) {
    if (f.m.buffers[b].role != "arg" || !f.uses[b].returned || f.uses[b].written)
      continue;
    std::vector<uint8_t> after = downloadBytes(f.drv, f.p.sets[0][b]);
    auto diff = std::mismatch(after.begin(), after.end(), f.inputBytes[b].begin());
    if (diff.first != after.end())
      return f.m.buffers[b].name + ", which the function returns as it is, changed during its run, first at byte " +
             std::to_string(diff.first - after.begin()) + " of " + std::to_string(after.size());
  }
  return "";
}

/// The whole function from the restored inputs, back to back; its outputs
/// against the op-by-op run's. Returns "" or what differs.
std::string compareWholeRun(FunctionRun &f) {
  std::vector<std::vector<uint8_t>> stepwise(f.m.buffers.size());
  for (size_t b = 0; b < f.m.buffers.size(); ++b)
    if (f.uses[b].output)
      stepwise[b] = downloadBytes(f.drv, f.p.sets[0][b]);
  restoreInputs(f);
  launchAll(f.m, f.p, 0);
  f.drv.synchronize();
  for (size_t b = 0; b < f.m.buffers.size(); ++b) {
    if (!f.uses[b].output)
      continue;
    std::vector<uint8_t> whole = downloadBytes(f.drv, f.p.sets[0][b]);
    auto diff = std::mismatch(whole.begin(), whole.end(), stepwise[b].begin());
    if (diff.first == whole.end())
      continue;
    size_t writer = 0;
    for (size_t i = 0; i < f.m.ops.size(); ++i)
      if (opOutput(f.m.ops[i]) == f.m.buffers[b].name)
        writer = i;
    return "the whole function's run differs from the op-by-op run in " + f.m.buffers[b].name +
           " (last written by " + opName(f.m, writer) + "), first at byte " +
           std::to_string(diff.first - whole.begin()) + " of " + std::to_string(whole.size());
  }
  return "";
}

/// The stage's status and message from its ops' (the worst wins; each
/// failing op named) and the whole-run comparison.
void summarizeChecks(StageResult &r, const KernelManifest &m, const std::string &wholeRun) {
  r.status = StageStatus::Pass;
  auto worse = [&](StageStatus s) {
    if (s == StageStatus::Error || (s == StageStatus::Fail && r.status == StageStatus::Pass))
      r.status = s;
  };
  for (size_t i = 0; i < r.ops.size(); ++i) {
    const OpResult &o = r.ops[i];
    worse(o.status);
    if (o.status != StageStatus::Pass)
      r.message += (r.message.empty() ? "" : "; ") + opName(m, i) + ": " + o.message;
  }
  if (!wholeRun.empty()) {
    // Elements an op leaves unwritten differ too: each run poisons them.
    const bool opsPassed = r.status == StageStatus::Pass;
    worse(StageStatus::Fail);
    r.message += (r.message.empty() ? "" : "; ") + wholeRun +
                 (opsPassed ? ": the kernels are expected to be deterministic"
                            : " (also where a failing op left elements unwritten)");
  }
}

/// The function, each op alone and each op's reference over the rotated sets.
void timeFunction(FunctionRun &f) {
  CudaDriver &drv = f.drv;
  const KernelManifest &m = f.m;
  Prepared &p = f.p;
  replicateSet0(drv, p);
  const size_t sets = p.sets.size();
  Timing t = timeSequences(drv, f.opt.warmup, f.opt.repeat, sets, [&](size_t s) { launchAll(m, p, s); });
  f.r.ms = t.median;
  f.r.msMin = t.min;
  f.r.msMax = t.max;
  for (size_t i = 0; i < m.ops.size(); ++i) {
    const OpDesc &op = m.ops[i];
    OpResult &o = f.r.ops[i];
    auto [first, last] = opKernelRange(m, i);
    auto ours = [&, first = first, last = last](size_t s) { launchRange(m, p, s, first, last); };
    o.ms = timeSequences(drv, f.opt.warmup, f.opt.repeat, sets, ours).median;
    if (op.isMatmul()) {
      const size_t ia = bufferIndex(m, op.operand("A")), ib = bufferIndex(m, op.operand("B")),
                   ic = bufferIndex(m, op.operand("C"));
      const CublasMode mode = timedCublasMode(op.matmul, f.opt, o.reference);
      const TimedGemm gemm = timedGemm(drv, op.matmul); // without the epilogue
      ReferenceTimes rt = timeAgainstReference(drv, sets, f.opt, ours, [&](size_t s) {
        f.cublas->gemm(gemm.problem, p.sets[s][ia].get(), p.sets[s][ib].get(), gemm.output(p.sets[s][ic].get()),
                       mode, nullptr);
      });
      o.refMs = rt.refMs;
      o.msInterleaved = rt.msInterleaved;
      o.refMsInterleaved = rt.refMsInterleaved;
      o.pctRef = 100.0 * o.refMsInterleaved / o.msInterleaved;
    } else {
      // As a one-op softmax stage: a copy of min(bytes X, bytes Y) from X to Y.
      const size_t ix = bufferIndex(m, op.operand("X")), iy = bufferIndex(m, op.operand("Y"));
      const size_t bytes = std::min(p.sets[0][ix].size(), p.sets[0][iy].size());
      o.reference = "copy";
      o.refMs = timeSequences(drv, f.opt.warmup, f.opt.repeat, sets, [&](size_t s) {
                  drv.copyDtoDAsync(p.sets[s][iy].get(), p.sets[s][ix].get(), bytes, nullptr);
                }).median;
      o.pctRef = 100.0 * o.refMs / o.ms;
    }
    f.r.opsMs += o.ms;
    f.r.refsMs += o.refMs;
  }
  f.r.pctRefs = 100.0 * f.r.refsMs / f.r.ms;
}

} // namespace

StageResult runFunction(CudaDriver &drv, Cublas *cublas, const std::string &ptx, const KernelManifest &m,
                        double compileMs, const BenchOptions &opt) {
  StageResult r;
  if (!beginStage(m, compileMs, opt, r))
    return r;
  try {
    Prepared p(drv);
    prepareStage(drv, ptx, m, opt, r, p);
    for (size_t k = 0; k < m.kernels.size(); ++k)
      r.kernels[k].op = static_cast<int>(m.kernels[k].op);
    FunctionRun f{drv, cublas, m, p, opt, r, functionBufferUses(m), {}};
    fillInputs(f);
    restoreInputs(f);
    checkOps(f);
    summarizeChecks(r, m, compareWholeRun(f));
    if (std::string changed = checkReturnedArguments(f); !changed.empty()) {
      if (r.status == StageStatus::Pass)
        r.status = StageStatus::Fail;
      r.message += (r.message.empty() ? "" : "; ") + changed;
    }
    if (!opt.checkOnly && r.status != StageStatus::Error)
      timeFunction(f);
  } catch (const std::exception &e) {
    r.status = StageStatus::Error;
    r.message = e.what();
  }
  return r;
}

} // namespace gemm_opt::runtime
