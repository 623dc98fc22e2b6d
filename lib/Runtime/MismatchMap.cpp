//===- MismatchMap.cpp - Where a failed matmul check is wrong -------------===//

#include "gemm-opt/Runtime/MismatchMap.h"

#include <algorithm>
#include <cmath>

namespace gemm_opt {
namespace runtime {

std::string formatRuns(const std::vector<int64_t> &indices, int maxRuns) {
  std::string s;
  int runs = 0;
  for (size_t i = 0; i < indices.size();) {
    size_t j = i;
    while (j + 1 < indices.size() && indices[j + 1] == indices[j] + 1)
      ++j;
    if (runs == maxRuns)
      return s + ", ...";
    s += (s.empty() ? "" : ", ") + std::to_string(indices[i]);
    if (j > i)
      s += "-" + std::to_string(indices[j]);
    ++runs;
    i = j + 1;
  }
  return s;
}

namespace {

struct BlockSums {
  double diff = 0, ref = 0;
  bool bad = false;
};

bool wrong(const BlockSums &b, double threshold) {
  if (b.bad)
    return true;
  if (b.ref == 0)
    return b.diff != 0;
  return !(std::sqrt(b.diff / b.ref) <= threshold);
}

} // namespace

std::string describeMismatch(const std::vector<double> &out,
                             const std::vector<double> &ref, int64_t rows,
                             int64_t cols, double threshold, int64_t block,
                             int maxRuns) {
  if (rows <= 0 || cols <= 0 || block <= 0 ||
      out.size() < size_t(rows * cols) || ref.size() < size_t(rows * cols))
    return "";
  int64_t br = (rows + block - 1) / block, bc = (cols + block - 1) / block;
  std::vector<BlockSums> sums(size_t(br * bc));
  int64_t firstR = -1, firstC = -1;
  // An element is wrong where it differs from the reference by more than
  // the threshold relative to the whole reference's RMS (relative to its
  // own value, every rounding near a zero would count).
  double refSq = 0;
  for (int64_t i = 0; i < rows * cols; ++i)
    if (std::isfinite(ref[i]))
      refSq += ref[i] * ref[i];
  double tol = threshold * std::sqrt(refSq / double(rows * cols));
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c) {
      double o = out[r * cols + c], e = ref[r * cols + c];
      BlockSums &s = sums[(r / block) * bc + c / block];
      bool bad = !std::isfinite(o) || !std::isfinite(e);
      double d = bad ? 0 : o - e;
      s.bad |= bad;
      s.diff += d * d;
      s.ref += bad ? 0 : e * e;
      if (firstR < 0 && (bad || std::abs(d) > tol)) {
        firstR = r;
        firstC = c;
      }
    }
  std::vector<int64_t> badRows, badCols;
  int64_t count = 0;
  for (int64_t i = 0; i < br; ++i)
    for (int64_t j = 0; j < bc; ++j)
      if (wrong(sums[i * bc + j], threshold)) {
        ++count;
        badRows.push_back(i);
        badCols.push_back(j);
      }
  if (!count)
    return "";
  for (auto *v : {&badRows, &badCols}) {
    std::sort(v->begin(), v->end());
    v->erase(std::unique(v->begin(), v->end()), v->end());
  }
  std::string b = std::to_string(block);
  std::string s = "wrong " + b + "x" + b + " blocks: " + std::to_string(count) +
                  " of " + std::to_string(br * bc) + " (block rows " +
                  formatRuns(badRows, maxRuns) + "; block columns " +
                  formatRuns(badCols, maxRuns) + ")";
  if (firstR >= 0)
    s += ", first wrong element (" + std::to_string(firstR) + ", " +
         std::to_string(firstC) + ")";
  return s;
}

void appendMismatchMap(std::string &message, const std::vector<double> &out,
                       const std::vector<double> &ref, int64_t rows,
                       int64_t cols, double threshold) {
  std::string where = describeMismatch(out, ref, rows, cols, threshold);
  if (!where.empty())
    message += (message.empty() ? "" : "; ") + where;
}

} // namespace runtime
} // namespace gemm_opt
