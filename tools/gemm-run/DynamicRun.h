//===- DynamicRun.h - gemm-run's stages with dynamic dimensions -*- C++ -*-===//
//
// A version-3 manifest (docs/manifest.md, "Dynamic dimensions") runs once
// per size: --sizes lists them, each is instantiated into a version-1
// manifest (a job) before anything touches a device. AOT mode reads such a
// manifest from --manifest; JIT mode compiles one with --dynamic (the
// embedded default matmul with M dynamic) and, with --static-peer, also the
// static compile of each size, run right after the dynamic stage so that
// both are timed against cuBLAS in the same run. --print-manifest prints
// every job's version-1 manifest instead of running it. Kept apart from
// gemm-run.cpp's other options.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_RUN_DYNAMICRUN_H
#define GEMM_RUN_DYNAMICRUN_H

#include "gemm-opt/Runtime/Bench.h"
#include "gemm-opt/Runtime/DynamicManifest.h"
#include "gemm-opt/Runtime/Manifest.h"
#include "gemm-opt/Runtime/StageCompiler.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/CommandLine.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace gemm_run {

/// One stage to check and time: its PTX and (version-1 or -2) manifest.
struct Job {
  std::string ptx;
  gemm_opt::runtime::KernelManifest manifest;
  double compileMs = -1;
  /// A version-3 stage at one size: each symbol's size in declared order
  /// and the variant chosen (empty and -1 for a static stage).
  std::vector<std::pair<std::string, int64_t>> sizes;
  int variant = -1;
  bool staticPeer = false; // the static compile of the dynamic stage before it
  /// JIT mode, a dynamic stage: the version-3 manifest it was instantiated from.
  std::string dynamicManifestText;
  /// A function of a manifest of several (version 4): its name, and in JIT
  /// mode the whole manifest (what --emit-dir writes). Empty otherwise.
  std::string func, moduleManifestText;
};

/// Prints "gemm-run: error: MSG" and exits 2 (gemm-run.cpp).
[[noreturn]] void usageError(const std::string &msg);

llvm::cl::OptionCategory &dynamicCategory();

/// What makes --sizes, --dynamic, --static-peer wrong: "" when fine. `aot`:
/// --ptx/--manifest; `softmax`: the op is a softmax; `inputFile`: an input
/// file is given; `suite`: --suite.
std::string dynamicUsageError(bool aot, bool softmax, bool inputFile, bool suite);
/// --dynamic: compile the embedded default matmul with dynamic sizes.
bool dynamicRequested();
/// The letters of 'mnk' --dynamic makes dynamic ("m" by default; "" without
/// --dynamic).
std::string dynamicDims();
/// --print-manifest: print each job's manifest, run nothing.
bool printManifestRequested();

/// AOT mode: the jobs of one --ptx/--manifest pair, appended to `jobs`: one
/// for a version-1 or -2 manifest, one per --sizes item for a version-3
/// manifest. Every manifest read, instantiated and held against the PTX;
/// exits 2 on any input error.
void loadAotPair(const std::string &ptxFile, const std::string &manifestFile, std::vector<Job> &jobs);
/// After all jobs are made: --sizes when no stage has dynamic dimensions is
/// an error.
void checkSizesUsed(const std::vector<Job> &jobs);

/// JIT mode with --dynamic: the jobs of `compileFor(shape, true)` (the
/// embedded default of --shape `shape` with M dynamic, a job per size);
/// with --static-peer each followed by the job of the same stage from
/// `compileFor("<size>xNxK", false)` (each size compiled once). Exits 2 on
/// an error.
std::vector<Job>
compileDynamicJobs(const std::string &shape,
                   llvm::function_ref<std::vector<Job>(const std::string &shape, bool dynamic)> compileFor);
/// The jobs of a compiled stage with dynamic dimensions: one per --sizes
/// item (with --dynamic and no --sizes: `batch` and `shape`'s sizes of its
/// dimensions, 4096 without one; with `compileOnly` and neither: one at every symbol's
/// smallest size, for the summary, the version-3 manifest emitted as it
/// is). Exits 2 on an error.
std::vector<Job> compiledStageJobs(gemm_opt::runtime::CompiledStage &stage, const std::string &shape,
                                   int64_t batch, bool compileOnly);

/// --print-manifest: each job's version-1 (or -2) manifest after a line
/// naming its stage, sizes and variant.
void printManifests(const std::vector<Job> &jobs);

/// --emit-dir: the name to write a job's PTX and manifest under, and the
/// manifest's text. A dynamic stage's version-3 manifest under the stage's
/// name (each size the same), a static peer's under "<stage>-static-M<m>",
/// a function's of a module of several the module's version-4 manifest,
/// every other job's own manifest under its stage's name.
std::pair<std::string, std::string> emittedManifest(const Job &job);
/// --emit-dir: DIR/<name>.ptx and DIR/<name>.json of every job (names and
/// texts as emittedManifest says); exits 2 when one cannot be written.
void emitJobs(const std::vector<Job> &jobs, const std::string &dir);

/// --compile-only's summary: each job's kernels, grids and blocks.
void printCompileSummary(const std::vector<Job> &jobs);

/// Copies the job's sizes, variant, peer mark and function into its result.
void recordJob(const Job &job, gemm_opt::runtime::StageResult &result);

/// Without a device, or with --compile-only: `jsonFile` still lists the
/// jobs' stages, none run (`why` says so per stage, `reason` at the top).
/// False, said on stderr, when it cannot be written.
bool writeNotRunResults(const std::string &jsonFile, gemm_opt::runtime::RunInfo info, const std::string &reason,
                        const std::string &why, const std::vector<Job> &jobs, bool tf32);

} // namespace gemm_run

#endif // GEMM_RUN_DYNAMICRUN_H
