//===- Suite.cpp - A list of matmul shapes run as one benchmark -----------===//

#include "gemm-opt/Runtime/Suite.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <sstream>

namespace gemm_opt::runtime {

bool parseSuite(const std::string &text, std::vector<SuiteShape> &shapes, std::string &err) {
  std::istringstream in(text);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    std::string body = line.substr(0, line.find('#'));
    std::istringstream fields(body);
    std::vector<std::string> words;
    for (std::string w; fields >> w;)
      words.push_back(w);
    if (words.empty())
      continue;
    SuiteShape s{};
    bool ok = words.size() == 3;
    for (size_t i = 0; ok && i < 3; ++i) {
      char *end = nullptr;
      long long v = std::strtoll(words[i].c_str(), &end, 10);
      ok = *end == '\0' && v >= 1 && v <= (int64_t(1) << 31);
      s[i] = v;
    }
    if (!ok) {
      err = "line " + std::to_string(number) + ": expected \"M N K\" (three positive integers), got '" + line + "'";
      return false;
    }
    shapes.push_back(s);
  }
  if (shapes.empty()) {
    err = "no shapes (expected lines of \"M N K\")";
    return false;
  }
  return true;
}

namespace {
double geomean(const std::vector<double> &v) {
  double logSum = 0;
  for (double x : v)
    logSum += std::log(x);
  return v.empty() ? 0 : std::exp(logSum / static_cast<double>(v.size()));
}
int64_t rowsOf(const std::string &shape) { return std::strtoll(shape.c_str(), nullptr, 10); }
} // namespace

std::vector<std::pair<std::string, SuiteStageSummary>> summarizeSuite(const std::vector<StageResult> &results) {
  std::vector<std::string> order;
  std::map<std::string, std::vector<const StageResult *>> byStage;
  for (const StageResult &r : results) {
    if (r.op != "matmul")
      continue;
    if (!byStage.count(r.stage))
      order.push_back(r.stage);
    byStage[r.stage].push_back(&r);
  }
  std::vector<std::pair<std::string, SuiteStageSummary>> out;
  for (const std::string &stage : order) {
    SuiteStageSummary s;
    std::vector<double> all;
    std::map<int64_t, std::vector<double>> perM;
    for (const StageResult *r : byStage[stage]) {
      double pct = r->pctCublasInterleaved;
      if (r->status != StageStatus::Pass || !(pct > 0)) {
        ++s.notTimed;
        continue;
      }
      all.push_back(pct);
      perM[rowsOf(r->shape)].push_back(pct);
      if (s.worstShape.empty() || pct < s.worst) {
        s.worst = pct;
        s.worstShape = r->shape;
      }
    }
    s.shapes = static_cast<int>(all.size());
    s.geomean = geomean(all);
    for (auto &[m, v] : perM)
      s.byM[m] = geomean(v);
    out.emplace_back(stage, s);
  }
  return out;
}

void printSuiteSummary(std::ostream &os, const std::vector<std::pair<std::string, SuiteStageSummary>> &summary) {
  char buf[256];
  for (const auto &[stage, s] : summary) {
    os << "suite, stage " << stage << ": % of cuBLAS (interleaved medians), geometric means\n";
    for (const auto &[m, g] : s.byM) {
      std::snprintf(buf, sizeof buf, "  M = %-6lld %6.1f\n", static_cast<long long>(m), g);
      os << buf;
    }
    std::snprintf(buf, sizeof buf, "  all        %6.1f over %d shapes; worst %.1f (%s)", s.geomean, s.shapes, s.worst,
                  s.worstShape.empty() ? "-" : s.worstShape.c_str());
    os << buf;
    if (s.notTimed)
      os << "; " << s.notTimed << " shape(s) failed or were not timed";
    os << "\n";
  }
}

llvm::json::Value suiteSummaryToJson(const std::vector<std::pair<std::string, SuiteStageSummary>> &summary) {
  llvm::json::Object stages;
  for (const auto &[stage, s] : summary) {
    llvm::json::Object byM;
    for (const auto &[m, g] : s.byM)
      byM[std::to_string(m)] = g;
    stages[stage] = llvm::json::Object{{"geomean_pct_cublas_interleaved", s.geomean},
                                       {"by_m", std::move(byM)},
                                       {"shapes", s.shapes},
                                       {"not_timed", s.notTimed},
                                       {"worst_pct_cublas_interleaved", s.worst},
                                       {"worst_shape", s.worstShape}};
  }
  return llvm::json::Value(std::move(stages));
}

std::string withSuiteSummary(const std::string &json, const std::string &suiteFile,
                             const std::vector<std::pair<std::string, SuiteStageSummary>> &summary) {
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(json);
  if (!parsed) {
    llvm::consumeError(parsed.takeError());
    return json;
  }
  parsed->getAsObject()->insert(
      {"suite", llvm::json::Object{{"file", suiteFile}, {"stages", suiteSummaryToJson(summary)}}});
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::formatv("{0:2}", *parsed) << "\n";
  return out;
}

} // namespace gemm_opt::runtime
