//===- TuningDb.h - The persistent tuning database --------------*- C++ -*-===//
//
// What the autotuner (gemm-run --tune) measured: one JSON object per line,
// the problem (chip, op, dtypes, layout, batch, M, N, K), the stage, the
// plan as each rung's options, the interleaved median times of the plan and
// of cuBLAS, and the compiler version it was measured with. The rungs
// (tuning-db=FILE) prefer a plan of the database to their heuristics;
// entries of another compiler version are ignored, as their kernels may
// differ. MLIR-free: gemm-run reads, writes and merges it too.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_SUPPORT_TUNINGDB_H
#define GEMM_OPT_SUPPORT_TUNINGDB_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace gemm_opt::tuning {

/// The value of `tuning-db` that names the committed database
/// (benchmarks/tuning/*.jsonl, compiled in: the H200's, and the H100's for
/// the shapes where the two GPUs' best plans differ); "" disables the
/// database.
inline constexpr llvm::StringLiteral kDefaultTuningDb = "default";

/// The GPU whose entries a lookup takes first when none is named: the
/// project's reference GPU, the one its speed targets are stated for.
inline constexpr llvm::StringLiteral kReferenceTuningDevice = "NVIDIA H200";
/// The GPU a lookup for `device` takes first: `device`, or the reference.
inline llvm::StringRef preferredTuningDevice(llvm::StringRef device) {
  return device.empty() ? llvm::StringRef(kReferenceTuningDevice) : device;
}

/// The version entries must carry to be used: the project's version
/// (GEMM_OPT_VERSION in CMakeLists.txt; bump it when kernels change so that
/// old timings retire), and `git describe` at configure time (provenance).
llvm::StringRef compilerVersion();
llvm::StringRef compilerCommit();

/// The matmul a plan was tuned for, and the stage it was compiled at.
struct TuningProblem {
  std::string chip;  ///< the compile target, e.g. "sm_90a"
  std::string op = "matmul";
  std::string aType, bType, cType; ///< "f32" | "f16" | "bf16"
  std::string layout = "nn";       ///< A's letter then B's ("nt": B N x K)
  int64_t batch = 1, m = 0, n = 0, k = 0;
  std::string stage; ///< e.g. "wgmma"

  /// Everything but M: the entries one M bucket may borrow from.
  bool sameFamily(const TuningProblem &o) const;
  /// The same family but for types of the same widths in A, B and C (f16
  /// for bf16): the same kernels at the same rate, so a plan measured for
  /// one serves the other where the problem's own types have none.
  bool kindredFamily(const TuningProblem &o) const;
  bool operator==(const TuningProblem &o) const {
    return sameFamily(o) && m == o.m;
  }
  /// "sm_90a matmul bf16,bf16->f32 nt 128x8192x8192 wgmma".
  std::string str() const;
};

/// One measured plan.
struct TuningEntry {
  TuningProblem problem;
  /// Per rung ("mma", "wgmma") its pass options, e.g. "block-m=64 ...".
  std::map<std::string, std::string> plan;
  double ms = 0;       ///< interleaved median of the plan's kernels
  double cublasMs = 0; ///< interleaved median of cuBLAS, same process
  std::string device;  ///< provenance: the GPU's name
  std::string version, commit;
  /// The plan is the heuristics' own (the tuner's baseline won; JSON
  /// "heuristic": true, absent = false): its problem compiles it, while
  /// the other problems of its M bucket keep their own heuristics rather
  /// than borrow it (TuningLookup.h).
  bool heuristic = false;
};

/// The entry as one JSON line (no newline).
std::string toJsonLine(const TuningEntry &e);
/// Parses one line; false with `error` when it is not an entry.
bool parseTuningEntry(llvm::StringRef line, TuningEntry &e, std::string &error);

/// A database as read: the entries of `version`, and what was skipped.
struct TuningDb {
  std::string source; ///< the file, or "the default database"
  std::vector<TuningEntry> entries;
  int malformed = 0;   ///< lines that are not entries
  std::string firstMalformed;
  int otherVersion = 0; ///< entries of another compiler version, ignored
  std::string otherVersionSeen;
  /// "" when nothing was skipped, else one line that says what was.
  std::string warning() const;
};

/// Parses JSON lines (blank lines and `#` comments skipped), keeping the
/// entries of `version`.
TuningDb parseTuningDb(llvm::StringRef text, llvm::StringRef source,
                       llvm::StringRef version = compilerVersion());
/// Reads `spec`: "" = no database (empty), kDefaultTuningDb = the committed
/// one, else a file. False with `error` when the file cannot be read (a
/// missing default is no error: heuristics only).
bool loadTuningDb(llvm::StringRef spec, TuningDb &db, std::string &error,
                  llvm::StringRef version = compilerVersion());

/// Appends `entries` to `path` (created if needed), one line each.
bool appendTuningEntries(const std::string &path,
                         const std::vector<TuningEntry> &entries,
                         std::string &error);

/// One entry per problem and GPU (TuningEntry::device): of duplicates, the
/// fastest (then the first). Order: first appearance.
std::vector<TuningEntry> mergeTuningEntries(std::vector<TuningEntry> entries);

/// The M bucket a plan may be borrowed within: its upper bound (<= 8: the
/// kernels that stream B; <= 64: one 64-row tile; <= 256: two 128-row
/// tiles; <= 2048: a few waves; larger: INT64_MAX).
int64_t mBucket(int64_t m);

/// Whether M's last 128-row tile would be over half padding in a grid of a
/// few waves (256 <= M <= 2048, M % 128 in 1..64): the heuristics give
/// such an M 64-row tiles of its own
/// (TensorCoreHeuristics.cpp, chooseStreamKWgmmaTiles), which a plan tuned
/// at an M of whole tiles does not know; the lookup lends no plan between
/// the two (results/2026-12-04-stream-k: M = 300 borrowing M = 512's plans
/// ran 51-74% of cuBLAS where its own 64-row tiles ran 69-85%).
bool mostlyPaddedLastTile(int64_t m);

/// The lookup: the exact entry of `q`, else the one of its family in its M
/// bucket with the nearest M (by ratio; the smaller M on a tie) and the
/// same mostlyPaddedLastTile, else null.
/// A kindred family's entries (kindredFamily) count where the problem's
/// own types have none at that distance in M.
/// The entries measured on `device` (a GPU's name as CUDA reports it,
/// "NVIDIA H100 80GB HBM3"; "" = kReferenceTuningDevice) come first, then
/// the reference GPU's, then any GPU's: another GPU's entry counts only
/// where the one asked for has none for the problem's bucket. Chips of one
/// architecture differ in memory bandwidth and L2, and so in their best tiles
/// (the H200's 128x128 plans ran 83-94 % of cuBLAS on an H100, where 128x256
/// ones ran 92-98 %: results/2026-12-06-h100-tuning).
struct TuningMatch {
  const TuningEntry *entry = nullptr;
  bool exact = false;      ///< the problem itself: same types, same M
  bool otherTypes = false; ///< borrowed from a kindred family
  bool otherDevice = false; ///< measured on another GPU than the one asked
};
TuningMatch findTuning(const TuningDb &db, const TuningProblem &q,
                       llvm::StringRef device = "");

/// --shard i/n: parses "i/n" (0 <= i < n); false when malformed.
bool parseShard(llvm::StringRef text, unsigned &index, unsigned &count);
/// Whether item `position` belongs to shard `index` of `count`.
inline bool inShard(size_t position, unsigned index, unsigned count) {
  return position % count == index;
}

/// The candidates a sweep measures again before it picks (the winner's
/// curse: the best of many noisy first-round times is mostly luck when the
/// plans are close). `pct[i]` is candidate i's first-round % of cuBLAS,
/// <= 0 where it did not pass; `heuristic` the index of the heuristics'
/// plan or -1. Returns the `best` highest passing ones, best first, and the
/// heuristics' plan (when it passed and is not among them) last, so that a
/// plan replaces it only by winning a round that did not select it. Fewer
/// than two: no second round is needed.
std::vector<size_t> confirmationCandidates(const std::vector<double> &pct,
                                           int heuristic, unsigned best);

} // namespace gemm_opt::tuning

#endif // GEMM_OPT_SUPPORT_TUNINGDB_H
