//===- ResultsTable.cpp - The results of a run as a table -----------------===//
//
// printResultsTable (Bench.h): one row per stage, matmul and softmax stages
// in separate tables, function stages (several ops) in a third with a row
// per op, then the notes and messages.
//
//===----------------------------------------------------------------------===//
#include "gemm-opt/Runtime/Bench.h"

#include <algorithm>
#include <cstdio>
#include <set>

namespace gemm_opt::runtime {

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

/// One line per operand layout other than nn: "layout nt (B stored
/// transposed): stages a, b" (each stage named once: a suite runs a stage
/// per shape).
void layoutNotes(std::ostream &os, const std::vector<StageResult> &results) {
  for (const char *layout : {"nt", "tn", "tt"}) {
    std::string stages;
    std::set<std::string> seen;
    for (const StageResult &r : results)
      if (r.op == "matmul" && r.layout == layout && seen.insert(r.stage).second)
        stages += (stages.empty() ? "" : ", ") + r.stage;
    if (stages.empty())
      continue;
    const char *what = layout[0] == 't' ? (layout[1] == 't' ? "A and B" : "A") : "B";
    os << "layout " << layout << " (" << what << " stored transposed): stages " << stages << "\n";
  }
}

/// One line per batch count above 1 (and B shared or not): "batch 32 (one
/// matmul per entry; cuBLAS strided batched): stages a, b".
void batchNotes(std::ostream &os, const std::vector<StageResult> &results) {
  std::set<std::pair<int64_t, bool>> batches;
  for (const StageResult &r : results)
    if (r.op == "matmul" && r.batch > 1)
      batches.insert({r.batch, r.sharedB});
  for (auto [batch, shared] : batches) {
    std::string stages;
    std::set<std::string> seen;
    for (const StageResult &r : results)
      if (r.op == "matmul" && r.batch == batch && r.sharedB == shared && seen.insert(r.stage).second)
        stages += (stages.empty() ? "" : ", ") + r.stage;
    os << "batch " << batch << " (one matmul per entry" << (shared ? ", B shared by every entry" : "")
       << "; cuBLAS strided batched): stages " << stages << "\n";
  }
}
/// Function stages (version 2): a row for the whole function (its ms
/// beside the sum of its ops' references), then one per op.
void functionTable(std::ostream &os, const std::vector<StageResult> &results) {
  std::vector<std::vector<std::string>> rows;
  for (const StageResult &r : results) {
    if (r.op != "function")
      continue;
    const bool timed = r.ms > 0;
    rows.push_back({r.stage, "function", r.shape, orDash(timed, f("%.4f", r.ms)), orDash(timed, f("%.4f", r.opsMs)),
                    orDash(timed, f("%.4f", r.refsMs)), orDash(timed, f("%.1f", r.pctRefs)), "-", "-", "-",
                    stageStatusName(r.status)});
    for (const OpResult &o : r.ops) {
      const bool opTimed = o.ms > 0 && o.refMs > 0, il = o.msInterleaved > 0 && o.refMsInterleaved > 0;
      std::string check = stageStatusName(o.status);
      if (o.status == StageStatus::Pass || o.status == StageStatus::Fail)
        check += " " + f("%.1e", o.error);
      rows.push_back({"", std::to_string(o.index) + " " + o.op, o.shape, "-", orDash(opTimed, f("%.4f", o.ms)),
                      orDash(opTimed, f("%.4f", o.refMs)), orDash(opTimed, f("%.1f", 100.0 * o.refMs / o.ms)),
                      orDash(il, f("%.4f", o.msInterleaved)), orDash(il, f("%.4f", o.refMsInterleaved)),
                      orDash(il, f("%.1f", o.pctRef)), check});
    }
  }
  if (rows.empty())
    return;
  table(os, {"stage", "op", "shape", "ms", "ops ms", "ref ms", "%ref", "il ms", "il ref ms", "il %ref", "check"},
        rows);
  os << "function: ms = all kernels back to back; ops ms = each op's kernels alone (the function row: their sum); "
        "ref = cuBLAS (matmul) or a device copy (softmax), the function row their sum; il: interleaved with "
        "cuBLAS\n";
}

/// One line per epilogue: "epilogue bias,gelu: stages a, b; cuBLASLt
/// gelu_bias" (and why cuBLASLt did not run, when it did not).
void epilogueNotes(std::ostream &os, const std::vector<StageResult> &results) {
  std::set<std::string> epilogues;
  for (const StageResult &r : results)
    if (r.op == "matmul" && !r.epilogue.empty())
      epilogues.insert(r.epilogue);
  for (const std::string &e : epilogues) {
    std::string stages, lt, note;
    std::set<std::string> seen;
    for (const StageResult &r : results) {
      if (r.op != "matmul" || r.epilogue != e || !seen.insert(r.stage).second)
        continue;
      stages += (stages.empty() ? "" : ", ") + r.stage;
      lt = r.cublasLtEpilogue.empty() ? lt : r.cublasLtEpilogue;
      note = r.cublasLtNote.empty() ? note : r.cublasLtNote;
    }
    os << "epilogue " << e << " (fused; reference: cuBLAS into f32, the steps on the host in double): stages "
       << stages << (lt.empty() ? "" : "; cuBLASLt " + lt + " (Lt columns)")
       << (lt.empty() && !note.empty() ? "; not against cuBLASLt: " + note : "") << "\n";
  }
}

/// Dynamic stages (version 3): what the labels say, then each dynamic
/// stage beside the static peer of its size that ran after it (--static-peer):
/// "wgmma M=127: 0.0123 ms, static 0.0120 ms: 102.5% of the static time"
/// (interleaved medians where both have them).
void dynamicNotes(std::ostream &os, const std::vector<StageResult> &results) {
  if (std::none_of(results.begin(), results.end(), [](const StageResult &r) { return !r.dynamicSizes.empty(); }))
    return;
  os << "dynamic: \"stage M=127 v1\" is a version-3 stage at that size, run by variant 1 of its dispatch table; "
        "\"stage static\" the static compile of the size before it\n";
  for (size_t i = 0; i + 1 < results.size(); ++i) {
    const StageResult &d = results[i], &s = results[i + 1];
    if (d.dynamicSizes.empty() || !s.staticPeer || s.stage != d.stage)
      continue;
    const bool il = d.msInterleaved > 0 && s.msInterleaved > 0;
    const double dm = il ? d.msInterleaved : d.ms, sm = il ? s.msInterleaved : s.ms;
    if (dm > 0 && sm > 0)
      os << stageLabel(d) << ": " << f("%.4f", dm) << " ms, static " << f("%.4f", sm) << " ms: "
         << f("%.1f", 100.0 * dm / sm) << "% of the static time" << (il ? " (interleaved)" : "") << "\n";
  }
}

/// The cuBLASLt columns (when some stage has them): back-to-back ms,
/// interleaved ms and our % of it interleaved.
std::vector<std::string> cublasLtCells(const StageResult &r) {
  const bool timed = r.cublasLtMs > 0, il = r.cublasLtMsInterleaved > 0 && r.msInterleavedLt > 0;
  return {orDash(timed, f("%.3f", r.cublasLtMs)), orDash(il, f("%.3f", r.cublasLtMsInterleaved)),
          orDash(il, f("%.1f", r.pctCublasLtInterleaved))};
}
} // namespace

std::string stageFunctionLabel(const std::string &stage, const std::string &func) {
  return func.empty() ? stage : stage + " @" + func;
}

std::string stageLabel(const StageResult &r) {
  std::string label = stageFunctionLabel(r.stage, r.func);
  for (size_t i = 0; i < r.dynamicSizes.size(); ++i)
    label += (i ? "," : " ") + r.dynamicSizes[i].first + "=" + std::to_string(r.dynamicSizes[i].second);
  if (r.variant >= 0)
    label += " v" + std::to_string(r.variant);
  return label + (r.staticPeer ? " static" : "");
}

void printResultsTable(std::ostream &os, const std::vector<StageResult> &results) {
  const bool withLt = std::any_of(results.begin(), results.end(), [](const StageResult &r) {
    return r.op == "matmul" && r.cublasLtMs > 0;
  });
  std::vector<std::vector<std::string>> mm, sm;
  for (const StageResult &r : results) {
    bool timed = r.ms > 0;
    std::string compile = r.compileMs < 0 ? "-" : f("%.1f", r.compileMs);
    if (r.op == "function")
      continue;
    if (r.op == "matmul") {
      const bool il = r.msInterleaved > 0 && r.cublasMsInterleaved > 0;
      mm.push_back({stageLabel(r), orDash(timed, f("%.3f", r.ms)), orDash(timed, f("%.1f", r.tflops)),
                    orDash(r.cublasMs > 0, f("%.3f", r.cublasMs)),
                    orDash(timed && r.cublasMs > 0, f("%.1f", r.pctCublas)), orDash(il, f("%.3f", r.msInterleaved)),
                    orDash(il, f("%.3f", r.cublasMsInterleaved)), orDash(il, f("%.1f", r.pctCublasInterleaved)),
                    orDash(timed && r.peakTflops > 0, f("%.1f", r.pctPeak)), orDash(r.intensity > 0, f("%.0f", r.intensity)),
                    orDash(r.rooflineTflops > 0, f("%.0f", r.rooflineTflops)), joinKernels(r, regsOf),
                    joinKernels(r, smemOf), joinKernels(r, spillOf), compile, checkCell(r)});
      if (withLt) {
        std::vector<std::string> lt = cublasLtCells(r);
        mm.back().insert(mm.back().begin() + 8, lt.begin(), lt.end());
      }
    } else {
      sm.push_back({stageLabel(r), orDash(timed, f("%.4f", r.ms)), orDash(timed, f("%.0f", r.gbps)),
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
    std::vector<std::string> header = {"stage", "ms", "TFLOPS", "cuBLAS ms", "%cuBLAS", "il ms", "il cuBLAS ms",
                                       "il %cuBLAS", "%peak", "AI", "roofline TFLOPS", "regs", "smem", "spill",
                                       "compile ms", "check"};
    if (withLt)
      header.insert(header.begin() + 8, {"Lt ms", "il Lt ms", "il %Lt"});
    table(os, header, mm);
    if (first) {
      os << "cuBLAS mode " << first->cublasMode << "; first stage: cuBLAS " << f("%.1f", first->cublasTflops)
         << " TFLOPS, peak " << f("%.0f", first->peakTflops) << " TFLOPS\n";
      os << "ms/cuBLAS ms: back-to-back medians; il: interleaved (our launch, then cuBLAS, alternating) medians\n";
    }
    if (withLt)
      os << "Lt: cuBLASLt's fused matmul with the same epilogue (cublasLtMatmul, heuristic algorithm), "
            "back-to-back and interleaved with our launches\n";
    layoutNotes(os, results);
    batchNotes(os, results);
    epilogueNotes(os, results);
    dynamicNotes(os, results);
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
  if (!mm.empty() || !sm.empty())
    if (std::any_of(results.begin(), results.end(), [](const StageResult &r) { return r.op == "function"; }))
      os << "\n";
  functionTable(os, results);
  for (const StageResult &r : results)
    if (!r.message.empty())
      os << stageLabel(r) << ": " << stageStatusName(r.status) << ": " << r.message << "\n";
}

void printStageLine(std::ostream &os, const StageResult &r, bool checkOnly) {
  char buf[512];
  const bool function = r.op == "function";
  if (r.status == StageStatus::Error) {
    std::snprintf(buf, sizeof buf, "%-20s %-7s %s\n", stageLabel(r).c_str(), stageStatusName(r.status),
                  r.message.substr(0, r.message.find('\n')).c_str());
    os << buf;
    if (!function || r.ops.empty())
      return;
  } else if (function) {
    std::snprintf(buf, sizeof buf, "%-20s %-7s %zu ops", stageLabel(r).c_str(), stageStatusName(r.status),
                  r.ops.size());
    os << buf;
    if (!checkOnly)
      os << f(", %.4f ms", r.ms) << f(" (ops alone %.4f ms", r.opsMs) << f(", references %.4f ms)", r.refsMs);
    os << "\n";
    // The buffer of each result, where some are one buffer or an argument.
    for (size_t i = 0; i < r.results.size(); ++i)
      os << (i ? ", " : "  returns ") << r.results[i] << (i + 1 < r.results.size() ? "" : "\n");
  } else {
    std::snprintf(buf, sizeof buf, "%-20s %-7s error %.3g (threshold %.0e)", stageLabel(r).c_str(),
                  stageStatusName(r.status), r.error, r.threshold);
    os << buf << (checkOnly ? "" : f(", %.4f ms", r.ms)) << "\n";
    return;
  }
  for (const OpResult &o : r.ops) {
    std::snprintf(buf, sizeof buf, "  op %d %-7s %-16s %-7s", o.index, o.op.c_str(), o.shape.c_str(),
                  stageStatusName(o.status));
    os << buf;
    if (o.status == StageStatus::Pass || o.status == StageStatus::Fail) {
      std::snprintf(buf, sizeof buf, " error %.3g (threshold %.0e)", o.error, o.threshold);
      os << buf;
    }
    if (!checkOnly && o.ms > 0)
      os << f(", %.4f ms", o.ms) << ", " << (o.op == "matmul" ? "cuBLAS" : "copy") << f(" %.4f ms", o.refMs)
         << f(" (%.1f%%)", o.pctRef);
    os << "\n";
  }
}

} // namespace gemm_opt::runtime
