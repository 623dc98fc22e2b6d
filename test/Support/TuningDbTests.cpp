//===- TuningDbTests.cpp - Read, merge, look up and shard the database ----===//
//
// Prints "N passed, 0 failed" (tuning-unit-tests.test); no GPU needed.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Support/TuningDb.h"
#include "../Runtime/TestHarness.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace gemm_opt::tuning;

static TuningEntry entry(int64_t m, double ms, std::string plan = "block-m=64") {
  TuningEntry e;
  e.problem = {"sm_90a", "matmul", "bf16", "bf16", "f32", "nt", 1, m, 8192, 8192, "wgmma"};
  e.plan["wgmma"] = std::move(plan);
  e.plan["mma"] = "small-m=0";
  e.ms = ms;
  e.cublasMs = 1.0;
  e.device = "NVIDIA H200";
  e.version = compilerVersion().str();
  e.commit = "abc";
  return e;
}

static void testRoundTrip() {
  TuningEntry e = entry(128, 0.25, "block-m=128 block-n=256 tma-store=1");
  std::string line = toJsonLine(e), error;
  TuningEntry back;
  EXPECT_MSG(parseTuningEntry(line, back, error), error);
  EXPECT(back.problem == e.problem);
  EXPECT(back.plan == e.plan);
  EXPECT(back.ms == e.ms && back.cublasMs == e.cublasMs);
  EXPECT(back.version == e.version && back.commit == "abc" && back.device == "NVIDIA H200");
  // "heuristic": the heuristics' own plan won; written only when true.
  EXPECT(!back.heuristic && !contains(line, "heuristic"));
  e.heuristic = true;
  line = toJsonLine(e);
  EXPECT(contains(line, "\"heuristic\":true"));
  EXPECT_MSG(parseTuningEntry(line, back, error), error);
  EXPECT(back.heuristic);
  EXPECT(!parseTuningEntry("{\"chip\": \"sm_90a\"}", back, error));
  EXPECT(contains(error, "no string \"op\""));
  EXPECT(!parseTuningEntry("[1, 2]", back, error));
  EXPECT(!parseTuningEntry("{oops", back, error) && contains(error, "not JSON"));
}

static void testReadSkips() {
  std::string text = "# comment\n\n" + toJsonLine(entry(32, 0.1)) + "\nnot json\n";
  TuningEntry old = entry(64, 0.1);
  old.version = "0.0.0-old";
  text += toJsonLine(old) + "\n";
  TuningEntry noMs = entry(16, 0.1);
  noMs.ms = 0;
  text += toJsonLine(noMs) + "\n";
  TuningDb db = parseTuningDb(text, "t.jsonl");
  EXPECT(db.entries.size() == 1);
  EXPECT(db.malformed == 2);
  EXPECT(contains(db.firstMalformed, "line 4: not JSON"));
  EXPECT(db.otherVersion == 1);
  EXPECT(contains(db.warning(), "2 malformed line(s) skipped"));
  EXPECT(contains(db.warning(), "1 entry of another compiler version ignored (\"0.0.0-old\" on line 5"));
  EXPECT(parseTuningDb(toJsonLine(entry(32, 0.1)), "t").warning().empty());
}

static void testLoad() {
  TuningDb db;
  std::string error;
  EXPECT(loadTuningDb("", db, error) && db.entries.empty());
  EXPECT(loadTuningDb(kDefaultTuningDb, db, error) && db.warning().empty());
  EXPECT(!loadTuningDb("/nonexistent/tuning.jsonl", db, error));
  EXPECT(contains(error, "cannot read tuning database '/nonexistent/tuning.jsonl'"));
}

static void testAppendAndMerge() {
  llvm::SmallString<128> path;
  EXPECT(!llvm::sys::fs::createTemporaryFile("tuning", "jsonl", path));
  std::string error;
  EXPECT_MSG(appendTuningEntries(path.str().str(), {entry(32, 0.3, "slow"), entry(128, 0.2)}, error), error);
  EXPECT_MSG(appendTuningEntries(path.str().str(), {entry(32, 0.1, "fast"), entry(32, 0.2, "mid")}, error), error);
  TuningDb db;
  EXPECT(loadTuningDb(path.str(), db, error));
  EXPECT(db.entries.size() == 4);
  std::vector<TuningEntry> merged = mergeTuningEntries(db.entries);
  EXPECT(merged.size() == 2);
  EXPECT(merged[0].problem.m == 32 && merged[0].plan["wgmma"] == "fast");
  EXPECT(merged[1].problem.m == 128);
  // Duplicates unmerged: the lookup takes the fastest.
  TuningMatch match = findTuning(db, entry(32, 0).problem);
  EXPECT(match.exact && match.entry->plan.at("wgmma") == "fast");
  llvm::sys::fs::remove(path);
}

static void testLookup() {
  TuningDb db;
  for (int64_t m : {1, 8, 32, 128, 512, 2048, 8192})
    db.entries.push_back(entry(m, 0.1, "m" + std::to_string(m)));
  auto plan = [&](int64_t m) {
    TuningMatch match = findTuning(db, entry(m, 0).problem);
    return match.entry ? match.entry->plan.at("wgmma") + (match.exact ? "!" : "") : "";
  };
  EXPECT(plan(32) == "m32!");
  EXPECT(plan(2) == "m1"); // 2/1 against 8/2: nearer by ratio to 1
  EXPECT(plan(3) == "m8"); // 3/1 against 8/3
  EXPECT(plan(24) == "m32");
  EXPECT(plan(9) == "m32");  // the <= 64 bucket, not M = 8's
  EXPECT(plan(480) == "m512"); // (256, 2048]: 512, not 128
  // An M whose last 128-row tile is mostly padding borrows nothing from
  // whole tiles (300 = 2 x 128 + 44), nor lends to them.
  EXPECT(plan(300) == "");
  EXPECT(mostlyPaddedLastTile(300) && !mostlyPaddedLastTile(480) && !mostlyPaddedLastTile(512) &&
         !mostlyPaddedLastTile(200));
  EXPECT(plan(1500) == "m2048");
  EXPECT(plan(3000) == "m8192");
  EXPECT(mBucket(8) == 8 && mBucket(9) == 64 && mBucket(257) == 2048);
  // Other families never lend plans.
  TuningProblem q = entry(32, 0).problem;
  q.layout = "nn";
  EXPECT(!findTuning(db, q).entry);
  q = entry(32, 0).problem;
  q.n = 4096;
  EXPECT(!findTuning(db, q).entry);
  q = entry(32, 0).problem;
  q.chip = "sm_80";
  EXPECT(!findTuning(db, q).entry);
  // f16 borrows bf16's plans (same widths), never f32's or tf32's.
  q = entry(32, 0).problem;
  q.aType = q.bType = "f16";
  TuningMatch kindred = findTuning(db, q);
  EXPECT(kindred.entry && kindred.otherTypes && !kindred.exact && kindred.entry->plan.at("wgmma") == "m32");
  q.cType = "f16";
  EXPECT(!findTuning(db, q).entry); // C of 2 bytes against f32's 4
  q = entry(32, 0).problem;
  q.aType = q.bType = "f32";
  EXPECT(!findTuning(db, q).entry);
  q = entry(32, 0).problem;
  q.aType = "i8";
  EXPECT(!findTuning(db, q).entry);
  // The problem's own types win at the same distance in M, but a kindred
  // entry nearer in M wins over an own one farther away.
  TuningEntry f16 = entry(32, 0.1, "f16-m32");
  f16.problem.aType = f16.problem.bType = "f16";
  db.entries.push_back(f16);
  EXPECT(plan(32) == "m32!");
  TuningEntry f16at24 = entry(24, 0.1, "f16-m24");
  f16at24.problem.aType = f16at24.problem.bType = "f16";
  db.entries.push_back(f16at24);
  EXPECT(plan(24) == "f16-m24");
  q = entry(32, 0).problem;
  q.aType = q.bType = "f16";
  EXPECT(findTuning(db, q).exact && findTuning(db, q).entry->plan.at("wgmma") == "f16-m32");
}

/// A GPU's own entries first, another GPU's where it has none in the
/// bucket; merging keeps one entry per problem and GPU.
static void testDevices() {
  const std::string h100 = "NVIDIA H100 80GB HBM3";
  TuningDb db;
  db.entries.push_back(entry(2048, 0.1, "h200-m2048"));
  db.entries.push_back(entry(8192, 0.1, "h200-m8192"));
  db.entries.push_back(entry(32, 0.1, "h200-m32"));
  TuningEntry own = entry(1024, 0.2, "h100-m1024");
  own.device = h100;
  db.entries.push_back(own);
  auto plan = [&](int64_t m, llvm::StringRef device) {
    TuningMatch match = findTuning(db, entry(m, 0).problem, device);
    if (!match.entry)
      return std::string();
    return match.entry->plan.at("wgmma") + (match.exact ? "!" : "") + (match.otherDevice ? "*" : "");
  };
  // The H100's entry of the bucket wins over the H200's exact one.
  EXPECT(plan(2048, h100) == "h100-m1024");
  EXPECT(plan(1024, h100) == "h100-m1024!");
  // Without a device the reference GPU's (the H200's) entries first; a GPU
  // without entries takes the reference GPU's, then any GPU's.
  EXPECT(plan(2048, "") == "h200-m2048!");
  EXPECT(plan(1024, "") == "h200-m2048");
  EXPECT(plan(2048, "NVIDIA H200") == "h200-m2048!");
  EXPECT(plan(1024, "NVIDIA A100-SXM4-80GB") == "h200-m2048*");
  EXPECT(plan(2048, "NVIDIA A100-SXM4-80GB") == "h200-m2048!*");
  // Buckets the H100 has no entry in fall back to the H200's.
  EXPECT(plan(8192, h100) == "h200-m8192!*");
  EXPECT(plan(32, h100) == "h200-m32!*");
  // Neither the GPU asked for nor the reference has one: any GPU's.
  TuningDb h100Only;
  h100Only.entries.push_back(own);
  TuningMatch any = findTuning(h100Only, entry(1024, 0).problem, "NVIDIA A100-SXM4-80GB");
  EXPECT(any.entry && any.exact && any.otherDevice);
  EXPECT(findTuning(h100Only, entry(1024, 0).problem).otherDevice);
  // Merging: the same problem on two GPUs stays two entries; duplicates of
  // one GPU keep the fastest.
  TuningEntry slower = entry(2048, 0.3, "h100-slow"), faster = entry(2048, 0.2, "h100-fast");
  slower.device = faster.device = h100;
  std::vector<TuningEntry> merged = mergeTuningEntries({entry(2048, 0.1, "h200"), slower, faster});
  EXPECT(merged.size() == 2);
  EXPECT(merged[0].device == "NVIDIA H200" && merged[1].plan.at("wgmma") == "h100-fast");
}

static void testShard() {
  unsigned i = 9, n = 9;
  EXPECT(parseShard("1/4", i, n) && i == 1 && n == 4);
  EXPECT(!parseShard("4/4", i, n));
  EXPECT(!parseShard("0/0", i, n));
  EXPECT(!parseShard("x/2", i, n));
  EXPECT(!parseShard("1", i, n));
  int counts[3] = {0, 0, 0};
  for (size_t pos = 0; pos < 10; ++pos)
    for (unsigned s = 0; s < 3; ++s)
      counts[s] += inShard(pos, s, 3);
  EXPECT(counts[0] == 4 && counts[1] == 3 && counts[2] == 3);
}

void testConfirmation() {
  // Candidate 0 is the heuristics' plan; 3 failed its check.
  std::vector<double> pct = {95.0, 99.0, 97.5, 0.0, 99.0, 96.0};
  // The best three (ties keep their order), the heuristics' plan last.
  EXPECT(
      (confirmationCandidates(pct, 0, 3) == std::vector<size_t>{1, 4, 2, 0}));
  // Among the best: listed once, where it ranks.
  EXPECT((confirmationCandidates(pct, 2, 3) == std::vector<size_t>{1, 4, 2}));
  // No baseline: the best alone.
  EXPECT((confirmationCandidates(pct, -1, 2) == std::vector<size_t>{1, 4}));
  // A failed baseline is not measured again.
  EXPECT((confirmationCandidates(pct, 3, 1) == std::vector<size_t>{}));
  // One candidate to measure: no second round.
  EXPECT(confirmationCandidates(pct, 1, 1).empty());
  EXPECT(confirmationCandidates({98.0}, 0, 3).empty());
  EXPECT(confirmationCandidates({0.0, 0.0}, 0, 3).empty());
  // Off: the heuristics' plan is not confirmed against nothing.
  EXPECT(confirmationCandidates(pct, 0, 0).empty());
}

int main() {
  testRoundTrip();
  testReadSkips();
  testLoad();
  testAppendAndMerge();
  testLookup();
  testDevices();
  testShard();
  testConfirmation();
  std::printf("%d passed, %d failed\n", gPassed, gFailed);
  return gFailed ? 1 : 0;
}
