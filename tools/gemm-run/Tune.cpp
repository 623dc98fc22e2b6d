//===- Tune.cpp - gemm-run --tune and --merge-tuning-db -------------------===//

#include "Tune.h"
#include "TuneCandidates.h"
#include "RunFiles.h"
#include "TuneOptions.h"
#include "gemm-opt/Runtime/Suite.h"

#include "gemm-opt/Runtime/Cublas.h"
#include "gemm-opt/Runtime/CudaDriver.h"
#include "gemm-opt/Runtime/Manifest.h"
#include "gemm-opt/Runtime/Watchdog.h"
#include "gemm-opt/Support/TuningDb.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <sstream>

using namespace gemm_run;
using namespace gemm_opt::runtime;
namespace tuning = gemm_opt::tuning;

namespace {

/// The sweep: gemm-run's request and the --tune options.
struct Sweep {
  TuneRequest r = {};
  TuneSettings o = tuneSettings();
  std::vector<std::string> shapes;
  bool suite = false;
  unsigned shard = 0, shards = 1;
};

[[noreturn]] void usageError(const std::string &msg) {
  std::cerr << "gemm-run: error: " << msg << "\n(see gemm-run --help)\n";
  std::exit(2);
}

/// One compiled candidate.
struct TuneJob {
  TuneCandidate candidate;
  CompiledStage compiled;
};

/// The device side of a sweep: driver, cuBLAS and what the JSON says.
struct Bench {
  std::unique_ptr<CudaDriver> drv;
  std::unique_ptr<Cublas> cublas;
  RunInfo info;
  /// A candidate faulted and took the CUDA context with it (an illegal
  /// instruction or address is sticky): nothing after it can run, and
  /// what ran before is an incomplete sweep (why, for the message).
  std::string lost;
};

/// Whether `res`, an error, left the context unusable (a sticky fault:
/// every later call fails alike); `bench.lost` says so.
void checkContext(Bench &bench, const StageResult &res) {
  if (res.status != StageStatus::Error || !bench.lost.empty())
    return;
  try {
    bench.drv->synchronize();
  } catch (const CudaError &e) {
    bench.lost = res.stage + ": " + e.what();
  }
}

/// The database's key for what `m` compiled at `stage`.
tuning::TuningProblem tuningKey(const KernelManifest &m,
                                const std::string &stage) {
  tuning::TuningProblem p;
  p.chip = m.chip;
  p.aType = elemTypeName(m.matmul.a);
  p.bType = elemTypeName(m.matmul.b);
  p.cType = elemTypeName(m.matmul.c);
  p.layout = matmulLayoutName(m.matmul);
  p.batch = m.matmul.batch;
  p.m = m.matmul.m;
  p.n = m.matmul.n;
  p.k = m.matmul.k;
  p.stage = stage;
  return p;
}

/// The first error line of a compile log, without its location: why the
/// rungs refused a candidate (counted per reason).
std::string compileReason(const std::string &log) {
  std::istringstream in(log);
  std::string line;
  while (std::getline(in, line)) {
    size_t at = line.find("error: ");
    if (at == std::string::npos)
      continue;
    std::string why = line.substr(at + 7);
    // The rung's reason follows the entry's description.
    size_t applies = why.find("does not apply: ");
    if (applies != std::string::npos)
      why = why.substr(applies + 16);
    return why.size() > 160 ? why.substr(0, 157) + "..." : why;
  }
  return "compile error";
}

/// Compiles `candidate` through a one-entry database (tuning-db-strict):
/// true with the stage, or false with why the rungs refused it.
bool compileCandidate(CompileRequest req,
                      const tuning::TuningProblem &key,
                      const TuneCandidate &candidate, CompiledStage &out,
                      std::string &why) {
  llvm::SmallString<128> path;
  if (llvm::sys::fs::createTemporaryFile("gemm-tune", "jsonl", path)) {
    why = "cannot create a temporary file";
    return false;
  }
  tuning::TuningEntry e;
  e.problem = key;
  e.plan = candidate.plan;
  e.ms = 1; // not measured yet; only the plan is read
  e.version = tuning::compilerVersion().str();
  std::string error;
  bool ok = tuning::appendTuningEntries(path.str().str(), {e}, error);
  std::vector<CompiledStage> compiled;
  req.tuningDb = path.str().str();
  req.tuningDbStrict = true;
  if (ok && !compileStages(req, compiled, error))
    ok = false;
  llvm::sys::fs::remove(path);
  if (!ok) {
    why = compileReason(error);
    return false;
  }
  out = std::move(compiled.front());
  return true;
}

/// The shared memory a block may take on `chip` (what the cost model
/// prunes by; the rungs check exactly).
int64_t maxSharedBytes(const std::string &chip) {
  if (chip.rfind("sm_90", 0) == 0)
    return 232448;
  if (chip == "sm_80")
    return 166912;
  return 101376;
}

void printPruned(const std::map<std::string, int> &pruned,
                 const char *indent) {
  for (const auto &[why, count] : pruned)
    std::printf("%s%4d pruned: %s\n", indent, count, why.c_str());
}

/// Checks and times the jobs of `which` (stage names with `suffix`): the
/// index of each one's result in `results`.
std::vector<size_t> runRound(const Sweep &w, Bench &bench,
                             std::vector<TuneJob> &jobs,
                             llvm::ArrayRef<size_t> which,
                             const std::string &suffix,
                             std::vector<StageResult> &results) {
  std::vector<size_t> at;
  for (size_t i : which) {
    if (!bench.lost.empty())
      break;
    BenchOptions bo = w.r.bench;
    bo.stageIndex = int(i);
    TuneJob &j = jobs[i];
    j.compiled.manifest.stage = j.candidate.name + suffix;
    at.push_back(results.size());
    {
      // A candidate whose kernel never finishes would hold the sweep
      // forever: name it and leave (the database already has the shapes
      // swept before; this one's round is lost with the context anyway).
      std::string name = j.compiled.manifest.stage;
      double limit = w.o.candidateTimeout;
      Watchdog guard(limit, [name, limit] {
        std::printf("  %s: no result within %g s (--tune-candidate-timeout): "
                    "the sweep stops here, nothing recorded for this shape\n",
                    name.c_str(), limit);
        std::fflush(stdout);
        std::_Exit(5);
      });
      results.push_back(runStage(*bench.drv, bench.cublas.get(), j.compiled.ptx,
                                 j.compiled.manifest, j.compiled.compileMs,
                                 bo));
    }
    std::ostringstream line;
    printStageLine(line, results.back(), false);
    std::fputs(line.str().c_str(), stdout);
    std::fflush(stdout);
    checkContext(bench, results.back());
  }
  return at;
}

/// What a passing, timed result ranks by: its % of cuBLAS, each against its
/// own interleaved cuBLAS runs (the ratio drifts less with the clocks than
/// the times); 0 where it did not pass.
double rankOf(const StageResult &res) {
  return res.status == StageStatus::Pass && res.msInterleaved > 0
             ? res.pctCublasInterleaved
             : 0;
}

/// A sweep cut short by a fault is no measurement of the plan space (the
/// heuristics' plan would "win" against candidates that never ran): says
/// so and records nothing (true) once the context is lost.
bool lostContext(const Bench &bench, size_t ran, size_t planned, int &status) {
  if (bench.lost.empty())
    return false;
  std::printf("  the CUDA context is lost (%s): %zu of %zu runs of this round done; nothing recorded for this "
              "shape\n",
              bench.lost.c_str(), ran, planned);
  status = std::max(status, 4);
  return true;
}

/// Checks and times the jobs, then measures the closest again
/// (--tune-confirm) and picks by that round alone; the entries to record
/// (the winner, or every candidate that passed with recordAll). Exit
/// status in `status`.
std::vector<tuning::TuningEntry>
measure(const Sweep &w, Bench &bench, std::vector<TuneJob> &jobs,
        const tuning::TuningProblem &key, std::vector<StageResult> &results,
        int &status) {
  // Where each job's deciding measurement is: round 1, then round 2's.
  std::vector<size_t> at = runRound(w, bench, jobs, llvm::to_vector(llvm::seq<size_t>(0, jobs.size())), "",
                                    results);
  if (lostContext(bench, at.size(), jobs.size(), status))
    return {};
  // The heuristics' plan as recorded: a winner that is that plan is
  // marked so (TuningEntry::heuristic), and lent to no other M.
  int baseline = -1;
  std::vector<double> pct(jobs.size());
  for (size_t i = 0; i < jobs.size(); ++i) {
    const StageResult &res = results[at[i]];
    if (res.status == StageStatus::Error || res.status == StageStatus::NotRun)
      status = std::max(status, 4);
    pct[i] = rankOf(res); // a candidate that fails its check is never recorded
    if (jobs[i].candidate.name == "heuristic")
      baseline = int(i);
  }
  std::vector<size_t> finalists =
      tuning::confirmationCandidates(pct, baseline, w.o.confirm);
  if (!finalists.empty()) {
    std::printf("  confirmation round: %zu plans measured again, the winner "
                "by this round alone\n",
                finalists.size());
    std::vector<size_t> again =
        runRound(w, bench, jobs, finalists, " (again)", results);
    if (lostContext(bench, again.size(), finalists.size(), status))
      return {};
    for (size_t f = 0; f < finalists.size(); ++f) {
      size_t i = finalists[f];
      at[i] = again[f];
      // A finalist that fails the second time is not recorded either.
      pct[i] = rankOf(results[at[i]]);
    }
  }
  std::vector<tuning::TuningEntry> entries;
  int best = -1;
  for (size_t i = 0; i < jobs.size(); ++i) {
    if (pct[i] <= 0 || (!finalists.empty() && !llvm::is_contained(finalists, i)))
      continue;
    if (best < 0 || pct[i] > pct[best])
      best = int(i);
  }
  for (size_t i = 0; i < jobs.size(); ++i) {
    const StageResult &res = results[at[i]];
    if (pct[i] <= 0 || (!w.o.recordAll && int(i) != best))
      continue;
    tuning::TuningEntry e;
    e.problem = key;
    e.plan = jobs[i].candidate.plan;
    e.ms = res.msInterleaved;
    e.cublasMs = res.cublasMsInterleaved;
    e.device = bench.info.device.name;
    e.version = tuning::compilerVersion().str();
    e.commit = tuning::compilerCommit().str();
    e.heuristic = baseline >= 0 && jobs[i].candidate.plan == jobs[baseline].candidate.plan;
    entries.push_back(e);
  }
  if (best < 0) {
    std::printf("  no candidate passed its check: nothing recorded\n");
    status = std::max(status, 1);
    return {};
  }
  const StageResult &won = results[at[best]];
  std::printf("  winner: %s: %.4f ms, cuBLAS %.4f ms, %.1f%% of cuBLAS "
              "(the heuristics' plan: %.1f%%)\n",
              jobs[best].candidate.name.c_str(), won.msInterleaved,
              won.cublasMsInterleaved, won.pctCublasInterleaved,
              baseline >= 0 ? pct[baseline] : 0.0);
  return entries;
}

/// Tunes one shape: compiles the baseline and the candidates, then (not
/// dry) measures them and appends the entries to the database.
void tuneShape(const Sweep &w, Bench &bench, const std::string &shape,
               unsigned shard, unsigned shards,
               std::vector<StageResult> &results, int &status) {
  const TuneRequest &r = w.r;
  CompileRequest req = r.base;
  req.shape = shape;
  req.tuningDb = ""; // the heuristics' own plan, the baseline
  std::vector<CompiledStage> compiled;
  std::string error;
  if (!compileStages(req, compiled, error) || compiled.empty() ||
      !compiled.front().manifest.isMatmul()) {
    std::cerr << "gemm-run: tune " << shape << ": cannot compile the "
              << "heuristics' plan: " << error << "\n";
    status = std::max(status, 2);
    return;
  }
  const std::string &stage = r.base.stages.front();
  tuning::TuningProblem key = tuningKey(compiled.front().manifest, stage);
  TuneSpace space;
  space.stage = stage;
  space.batch = key.batch;
  space.m = key.m;
  space.n = key.n;
  space.k = key.k;
  space.elemBytes = key.aType == "f32" ? 4 : 2;
  space.cElemBytes = key.cType == "f32" ? 4 : 2;
  space.transposeA = key.layout[0] == 't';
  space.transposeB = key.layout[1] == 't';
  space.numSMs = bench.drv ? bench.drv->device().smCount : 132;
  space.maxSharedBytes = maxSharedBytes(key.chip);
  TuneEnumeration en = enumerateTuneCandidates(space, w.o.maxCount, shard, shards);
  std::printf("tune %s: %d plans considered, %zu to compile (shard %u/%u, "
              "--tune-max %u, --tune-confirm %u)\n",
              key.str().c_str(), en.considered, en.candidates.size(), shard,
              shards, w.o.maxCount, w.o.confirm);
  printPruned(en.pruned, "  ");
  std::vector<TuneJob> jobs;
  std::map<std::string, int> refused;
  std::map<std::string, size_t> samePlan;
  size_t duplicates = 0;
  for (size_t i = 0; i < en.candidates.size(); ++i) {
    const TuneCandidate &c = en.candidates[i];
    TuneJob job{c, {}};
    std::string why;
    bool ok = i == 0 ? (job.compiled = compiled.front(), true)
                     : compileCandidate(req, key, c, job.compiled, why);
    // What the rungs planned, every choice explicit, is what is measured
    // and recorded: the heuristics' plan pinned, not "" that follows them.
    if (ok && !job.compiled.plan.empty())
      job.candidate.plan = job.compiled.plan;
    std::string plan;
    for (const auto &[rung, options] : job.candidate.plan)
      plan += " " + rung + "{" + options + "}";
    // A variant that the rungs planned as an earlier one (the heuristics'
    // own small-M kernel, say) is measured once.
    auto same = ok ? samePlan.find(plan) : samePlan.end();
    if (same != samePlan.end()) {
      std::printf("  [%zu] %-28s same plan as [%zu]\n", i, c.name.c_str(), same->second);
      ++duplicates;
      continue;
    }
    std::printf("  [%zu] %-28s %s%s\n", i, c.name.c_str(),
                ok ? "compiled:" : "refused: ", ok ? plan.c_str() : why.c_str());
    if (!ok) {
      ++refused[why];
      continue;
    }
    samePlan.emplace(plan, i);
    jobs.push_back(std::move(job));
  }
  std::printf("  %zu compiled, %zu refused by the rungs, %zu the same plan "
              "as another\n",
              jobs.size(), en.candidates.size() - jobs.size() - duplicates, duplicates);
  printPruned(refused, "  ");
  std::fflush(stdout);
  if (w.o.dryRun)
    return;
  std::vector<tuning::TuningEntry> entries =
      measure(w, bench, jobs, key, results, status);
  if (!w.o.dbOut.empty() && !entries.empty()) {
    if (!tuning::appendTuningEntries(w.o.dbOut, entries, error)) {
      std::cerr << "gemm-run: error: " << error << "\n";
      status = std::max(status, 4);
    } else {
      std::printf("  %zu entr%s appended to %s\n", entries.size(),
                  entries.size() == 1 ? "y" : "ies", w.o.dbOut.c_str());
    }
  }
}

/// Opens the device and cuBLAS; an exit code when it cannot.
int openBench(const TuneRequest &r, Bench &bench) {
  std::string reason;
  bench.drv = CudaDriver::load(reason);
  if (bench.drv && !bench.drv->openDevice(r.device, reason))
    bench.drv.reset();
  if (!bench.drv) {
    std::cerr << "gemm-run: no CUDA device available (" << reason
              << "); nothing was tuned (--tune-dry-run compiles without one)\n";
    return 3;
  }
  bench.info.haveDevice = true;
  bench.info.device = bench.drv->device();
  bench.info.commandLine = r.commandLine;
  bench.info.options = r.bench;
  bench.cublas = Cublas::load(reason);
  try {
    if (bench.cublas) {
      bench.cublas->init();
      bench.info.cublasVersion = bench.cublas->version();
      bench.info.cublasPath = bench.cublas->path();
    }
  } catch (const CudaError &e) {
    reason = e.what();
    bench.cublas.reset();
  }
  if (!bench.cublas) {
    std::cerr << "gemm-run: cuBLAS unavailable (" << reason
              << "): candidates can be neither checked nor timed\n";
    return 4;
  }
  std::printf("device %d: %s (%s), %d SMs; cuBLAS %d\n", r.device,
              bench.info.device.name.c_str(), bench.info.device.chip().c_str(),
              bench.info.device.smCount, bench.cublas->version());
  return 0;
}

} // namespace

/// The shapes of `r` and the shard; exits 2 on a usage error.
static Sweep sweepOf(const TuneRequest &r) {
  Sweep w;
  w.r = r;
  if (!tuning::parseShard(w.o.shard, w.shard, w.shards))
    usageError("--shard expects i/n with 0 <= i < n, got '" + w.o.shard + "'");
  if (r.otherInputs || r.shape.empty() == r.suiteFile.empty())
    usageError("--tune compiles an embedded matmul of --shape or --suite: no input file, --ptx, --compile-only, "
               "--op softmax or --dynamic");
  if (!r.stagesGiven)
    w.r.base.stages = {"wgmma"};
  // The candidates' plans say small-m; --small-m would override them.
  w.r.base.smallM = -1;
  if (w.r.base.stages.size() != 1 || (w.r.base.stages[0] != "wgmma" && w.r.base.stages[0] != "mma"))
    usageError("--tune sweeps the plans of one tensor-core stage: --stages wgmma or mma");
  if (r.suiteFile.empty()) {
    w.shapes = {r.shape};
    return w;
  }
  std::string text, err;
  std::vector<SuiteShape> shapes;
  if (!readFile(r.suiteFile, text) || !parseSuite(text, shapes, err))
    usageError("--suite " + r.suiteFile + ": " + (err.empty() ? "cannot read it" : err));
  for (const SuiteShape &s : shapes)
    w.shapes.push_back(std::to_string(s[0]) + "x" + std::to_string(s[1]) + "x" + std::to_string(s[2]));
  w.suite = true;
  return w;
}

int gemm_run::runTune(const TuneRequest &request) {
  Sweep w = sweepOf(request);
  const TuneRequest &r = w.r;
  Bench bench;
  if (!w.o.dryRun)
    if (int code = openBench(r, bench))
      return code;
  // The candidates are exact entries of their own; the device matters to
  // the lookups of their mma-rung parts and of the dry run's plans.
  resolveTuningDevice(bench.drv ? bench.info.device.name : "");
  w.r.base.tuningDevice = tuneSettings().device;
  int status = 0;
  std::vector<StageResult> results;
  for (size_t i = 0; i < w.shapes.size(); ++i) {
    // A suite's shapes are split among the shards, each tuned whole; one
    // shape's candidates are.
    if (w.suite && !tuning::inShard(i, w.shard, w.shards))
      continue;
    if (!bench.lost.empty()) {
      std::printf("tune %s: not run: the CUDA context is lost\n", w.shapes[i].c_str());
      continue;
    }
    tuneShape(w, bench, w.shapes[i], w.suite ? 0 : w.shard,
              w.suite ? 1 : w.shards, results, status);
    // Written after every shape: a sweep cut short keeps what it measured.
    if (!w.o.dryRun && !r.jsonOut.empty() &&
        !writeFile(r.jsonOut, resultsToJson(bench.info, results)))
      std::cerr << "gemm-run: error: cannot write " << r.jsonOut << "\n";
  }
  return status;
}

void gemm_run::addVersionPrinter() {
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "gemm-run " << tuning::compilerVersion() << " (" << tuning::compilerCommit() << ")\n";
  });
}

int gemm_run::mergeTuningDbMain(int argc, char **argv) {
  if (argc < 4) {
    std::cerr << "usage: gemm-run --merge-tuning-db OUT IN [IN ...]: the "
                 "entries of every IN, one per problem and GPU (the fastest), "
                 "into OUT\n";
    return 2;
  }
  std::vector<tuning::TuningEntry> all;
  for (int i = 3; i < argc; ++i) {
    tuning::TuningDb db;
    std::string error;
    if (!tuning::loadTuningDb(argv[i], db, error)) {
      std::cerr << "gemm-run: error: " << error << "\n";
      return 2;
    }
    if (!db.warning().empty())
      std::cerr << "gemm-run: warning: " << argv[i] << ": " << db.warning()
                << "\n";
    all.insert(all.end(), db.entries.begin(), db.entries.end());
  }
  size_t read = all.size();
  std::vector<tuning::TuningEntry> merged =
      tuning::mergeTuningEntries(std::move(all));
  std::string text;
  for (const tuning::TuningEntry &e : merged)
    text += tuning::toJsonLine(e) + "\n";
  if (!writeFile(argv[2], text)) {
    std::cerr << "gemm-run: error: cannot write " << argv[2] << "\n";
    return 2;
  }
  std::printf("merged %zu entries of %d file(s) into %zu (one per problem "
              "and GPU, the fastest) in %s\n",
              read, argc - 3, merged.size(), argv[2]);
  return 0;
}
