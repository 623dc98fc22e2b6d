//===- MismatchMap.h - Where a failed matmul check is wrong -----*- C++ -*-===//
//
// A failed check says how wrong C is; the mismatch map says where: which
// 64 x 64 blocks of C are off, as runs of block rows and block columns,
// and the first wrong element. A kernel bug usually shows a pattern there
// (every other tile row, the last three panels of every tile, the ragged
// edge) that points at its cause.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_MISMATCHMAP_H
#define GEMM_OPT_RUNTIME_MISMATCHMAP_H

#include <cstdint>
#include <string>
#include <vector>

namespace gemm_opt {
namespace runtime {

/// The blocks of `out` against `ref` (both `rows` x `cols`, row-major) whose
/// relative Frobenius error exceeds `threshold` (a block with NaN or Inf
/// counts as wrong, one whose reference is all zero as wrong when `out` is
/// not), summarized in one line: "wrong 64x64 blocks: W of T (block rows
/// 1, 3-5; block columns 0-2), first wrong element (r, c)". Block rows and
/// columns list runs of indices, at most `maxRuns` each ("..." after).
/// Empty when no block is wrong.
std::string describeMismatch(const std::vector<double> &out,
                             const std::vector<double> &ref, int64_t rows,
                             int64_t cols, double threshold,
                             int64_t block = 64, int maxRuns = 6);

/// Appends "; " and describeMismatch(...) to `message` where some block is
/// wrong.
void appendMismatchMap(std::string &message, const std::vector<double> &out,
                       const std::vector<double> &ref, int64_t rows,
                       int64_t cols, double threshold);

/// "a-b" runs of the sorted, distinct `indices`: {0, 1, 2, 5, 7, 8} ->
/// "0-2, 5, 7-8"; at most `maxRuns` runs, then ", ...".
std::string formatRuns(const std::vector<int64_t> &indices, int maxRuns);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_MISMATCHMAP_H
