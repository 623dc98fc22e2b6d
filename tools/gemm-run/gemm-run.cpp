//===- gemm-run.cpp - Compile, check and time gemm-opt stages -------------===//
//
// JIT mode (needs the MLIR build): compiles the requested stages through
// compileStages() (StageCompiler.h), then checks and times each on the GPU.
// AOT mode (any build): --ptx FILE --manifest FILE [--ptx ... --manifest ...].
// The command line is llvm::cl's; usage errors exit 2 before anything runs.
//
//===----------------------------------------------------------------------===//
#include "gemm-opt/Runtime/Bench.h"
#include "gemm-opt/Runtime/Cublas.h"
#include "gemm-opt/Runtime/CudaDriver.h"
#include "gemm-opt/Runtime/FunctionManifest.h"
#include "gemm-opt/Runtime/Manifest.h"
#include "gemm-opt/Runtime/StageCompiler.h"
#include "gemm-opt/Runtime/Suite.h"
#include "gemm-opt/Support/LaunchLimits.h"
#include "DynamicRun.h"
#include "EpilogueOptions.h"
#include "ReferenceLibraries.h"
#include "RunFiles.h"
#include "Tune.h"
#include "TuneOptions.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

using namespace gemm_opt::runtime;
namespace cl = llvm::cl;

namespace {

enum ExitCode {
  kExitPass = 0,
  kExitFail = 1,     // some stage computed a wrong result
  kExitUsage = 2,    // usage, input or compile error (nothing was run)
  kExitNoDevice = 3, // no CUDA device; nothing was run
  kExitRunError = 4, // a stage could not be run or checked (PTX JIT, CUDA or cuBLAS error)
};

const char *kOverview = R"(compile, check and time gemm-opt stages

  gemm-run [input.mlir] [options]
  gemm-run --ptx FILE --manifest FILE [--ptx FILE --manifest FILE ...] [options]

Compiles gemm-opt stages (JIT mode) or loads precompiled PTX + manifest pairs
(AOT mode), checks every stage against a reference (cuBLAS for matmul, a host
double-precision softmax), then times it with CUDA events. Matmul stages are
timed twice against cuBLAS: back-to-back (ms, cublas_ms, pct_cublas) and
interleaved, our launch then cuBLAS's, alternating (ms_interleaved,
cublas_ms_interleaved, pct_cublas_interleaved; "il" columns of the table).
)";

cl::extrahelp exitCodesHelp(R"(
Exit codes:
  0  every stage ran and PASSed its check
  1  some stage FAILed its check (wrong result, NaN/Inf, unwritten output)
  2  usage, input, manifest or compile error; nothing was run
  3  no CUDA device available (no libcuda, cuInit failed, 0 devices); nothing was run
  4  some stage could not be run or checked (PTX JIT failure, CUDA error,
     cuBLAS unavailable); takes precedence over 1

Thresholds (see include/gemm-opt/Runtime/Bench.h): matmul relative Frobenius
error vs cuBLAS: f32 1e-4, tf32 5e-3, f16/bf16 inputs with f32 out 1e-3,
f16 out 5e-3, bf16 out 1e-2; softmax max per-row relative error (beyond one
unit of the output type per element): f32 1e-4, f16 2e-3, bf16 1e-2. A fused
epilogue: the same. A failed matmul check also says where C is wrong: the
64x64 blocks over the threshold as runs of block rows and block columns, and
the first wrong element. Environment: GEMM_OPT_CUBLAS, GEMM_OPT_CUBLASLT=/path/to/lib.
)");

cl::OptionCategory compileCategory("Compile options (JIT mode; needs a build with MLIR)");
cl::OptionCategory aotCategory("AOT mode (works in every build)");
cl::OptionCategory runCategory("Run options");

cl::opt<std::string> inputFile(cl::Positional, cl::desc("[input.mlir]"), cl::init(""), cl::cat(compileCategory));
cl::opt<std::string> opName("op", cl::value_desc("matmul|softmax"),
                            cl::desc("the op (default: from --shape: MxNxK matmul, RxC softmax)"),
                            cl::cat(compileCategory));
cl::opt<std::string> stagesList("stages", cl::value_desc("a,b,...|all"),
                                cl::desc("stages to compile and run, in order (default: all)"), cl::init("all"),
                                cl::cat(compileCategory));
cl::opt<std::string> shapeText("shape", cl::value_desc("MxNxK|RxC"),
                               cl::desc("problem shape (softmax: rows x cols)"), cl::cat(compileCategory));
cl::opt<std::string> dtypeName("dtype", cl::value_desc("f32|f16|bf16"), cl::desc("element type"),
                               cl::cat(compileCategory));
cl::opt<std::string> layoutName("layout", cl::value_desc("nn|nt|tn|tt"),
                                cl::desc("matmul operand layout, A's letter then B's: n = as in C = A*B (A MxK, B "
                                         "KxN, row-major), t = stored transposed (A KxM, B NxK); nt is nn.Linear's "
                                         "x*W^T (default nn)"),
                                cl::init("nn"), cl::cat(compileCategory));
cl::opt<int> smallM("small-m", cl::value_desc("-1|0|1"),
                    cl::desc("the mma rung's kernels that stream B once for few rows of A (weight-streaming, "
                             "swap-AB): -1 where the heuristics pick them (default), 0 never, 1 wherever they apply"),
                    cl::init(-1), cl::cat(compileCategory));
cl::opt<int64_t> batchCount("batch", cl::value_desc("B"),
                            cl::desc("matmul batch: B independent matmuls of --shape (the embedded input becomes a "
                                     "linalg.batch_matmul, A, B and C 3-D with the batch first; checked against "
                                     "cublasGemmStridedBatchedEx; default 1)"),
                            cl::init(1), cl::cat(compileCategory));
cl::opt<bool> sharedB("shared-b",
                      cl::desc("with --batch: one 2-D B for every batch entry (a 3-D activation times a weight; "
                               "batch_matmul's B map without the batch dimension)"),
                      cl::cat(compileCategory));
cl::opt<std::string> chipName("chip", cl::value_desc("sm_90"),
                              cl::desc("target chip (default: the input's gemm_opt.target, else sm_90; one that "
                                       "disagrees with the input's target is an error)"),
                              cl::cat(compileCategory));
cl::opt<std::string> suiteFile("suite", cl::value_desc("FILE"),
                              cl::desc("run every matmul shape of FILE (lines \"M N K\", # comments) through "
                                       "--stages; prints per stage the geometric mean of % of cuBLAS (interleaved) "
                                       "over all shapes and per M, also in the JSON (\"suite\")"),
                              cl::init(""), cl::cat(compileCategory));
cl::opt<bool> compileOnly("compile-only", cl::desc("compile and print a summary; do not touch the GPU"),
                          cl::cat(compileCategory));
cl::opt<std::string> emitDir("emit-dir", cl::value_desc("DIR"),
                             cl::desc("also write DIR/<stage>.ptx and DIR/<stage>.json"), cl::cat(compileCategory));

cl::list<std::string> ptxFiles("ptx", cl::value_desc("FILE"),
                               cl::desc("a PTX module; each --ptx pairs with the --manifest at the same position"),
                               cl::cat(aotCategory));
cl::list<std::string> manifestFiles("manifest", cl::value_desc("FILE"),
                                    cl::desc("its launch manifest (docs/manifest.md); repeat the pair for more "
                                             "stages"),
                                    cl::cat(aotCategory));

cl::opt<int> repeatCount("repeat", cl::value_desc("N"),
                         cl::desc("measured runs per stage, median reported (default 20)"), cl::init(20),
                         cl::cat(runCategory));
cl::opt<int> warmupCount("warmup", cl::value_desc("N"), cl::desc("unmeasured runs first (default 3)"), cl::init(3),
                         cl::cat(runCategory));
cl::opt<unsigned long long> seed("seed", cl::value_desc("N"), cl::desc("random seed for inputs (default 1)"),
                                 cl::init(1), cl::cat(runCategory));
cl::opt<bool> tf32("tf32",
                   cl::desc("accept TF32 precision for f32 matmuls (threshold 5e-3, compared with cuBLAS TF32 and "
                            "the TF32 peak); also lets the mma and wgmma rungs use TF32 tensor cores (allow-tf32)"),
                   cl::cat(runCategory));
cl::opt<bool> checkOnly("check-only",
                        cl::desc("check every stage once against the reference, time nothing (for slow tools such "
                                 "as compute-sanitizer; --repeat and --warmup are ignored)"),
                        cl::cat(runCategory));
cl::opt<int> deviceOrdinal("device", cl::value_desc("N"), cl::desc("CUDA device ordinal (default 0)"), cl::init(0),
                           cl::cat(runCategory));
cl::opt<std::string> jsonFile("json", cl::value_desc("FILE"), cl::desc("write all results as JSON"),
                              cl::cat(runCategory));
cl::opt<bool> verbose("verbose", cl::desc("print the PTX JIT info log of every stage"), cl::cat(runCategory));
cl::alias verboseShort("v", cl::desc("alias for --verbose"), cl::aliasopt(verbose), cl::cat(runCategory));
cl::opt<bool> probe("probe",
                    cl::desc("only check for a usable CUDA device: exit 0 if there is one, 3 if not (lit uses it)"),
                    cl::cat(runCategory));
cl::opt<bool> shortHelp("h", cl::desc("alias for --help"), cl::Hidden);

using gemm_run::Job, gemm_run::readFile, gemm_run::usageError, gemm_run::writeFile;

/// Parses the command line; exits 0 after --help and 2 on a usage error.
void parseCommandLine(int argc, char **argv) {
#ifdef GEMM_OPT_HAVE_MLIR
  gemm_run::addVersionPrinter();
#endif
  cl::HideUnrelatedOptions({&compileCategory, &gemm_run::epilogueCategory(), &gemm_run::dynamicCategory(),
                           &aotCategory, &runCategory, &gemm_run::tuneOptionCategory()});
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  if (!cl::ParseCommandLineOptions(argc, argv, kOverview, &errorStream, /*VFS=*/nullptr, /*EnvVar=*/nullptr,
                                   /*LongOptionsUseDoubleDash=*/true)) {
    // cl's message starts with the program name, as ours do.
    std::cerr << errors << "(see gemm-run --help)\n";
    std::exit(kExitUsage);
  }
  if (shortHelp) {
    cl::PrintHelpMessage();
    std::exit(kExitPass);
  }
  auto inRange = [](const char *name, long long v, long long lo, long long hi) {
    if (v < lo || v > hi)
      usageError(std::string("--") + name + " must be in [" + std::to_string(lo) + ", " + std::to_string(hi) +
                 "], got " + std::to_string(v));
  };
  inRange("repeat", repeatCount, 1, 100000);
  inRange("warmup", warmupCount, 0, 100000);
  inRange("device", deviceOrdinal, 0, 1023);
  inRange("small-m", smallM, -1, 1);
  gemm_run::checkTuneUsage();
  if (opName.getNumOccurrences() && opName != "matmul" && opName != "softmax")
    usageError("--op must be matmul or softmax");
  std::vector<int64_t> dims;
  if (shapeText.getNumOccurrences() && (!parseShape(shapeText, dims) || (dims.size() != 2 && dims.size() != 3)))
    usageError("--shape expects MxNxK (matmul) or RxC (softmax), got '" + shapeText + "'");
  ElemType elem;
  if (dtypeName.getNumOccurrences() && !parseElemType(dtypeName, elem))
    usageError("--dtype must be f32, f16 or bf16");
  bool transposeA, transposeB;
  if (!parseMatmulLayout(layoutName, transposeA, transposeB))
    usageError("--layout must be nn, nt, tn or tt (A's letter, then B's; t = stored transposed), got '" +
               layoutName + "'");
  if (layoutName.getNumOccurrences() && (opName == "softmax" || (!dims.empty() && dims.size() == 2)))
    usageError("--layout applies to matmul only");
  inRange("batch", batchCount, 1, gemm_opt::kMaxBatch);
  if (batchCount.getNumOccurrences() && (opName == "softmax" || (!dims.empty() && dims.size() == 2)))
    usageError("--batch applies to matmul only");
  const bool softmax = opName == "softmax" || (!dims.empty() && dims.size() == 2);
  std::string epilogueError = gemm_run::epilogueUsageError(softmax, !ptxFiles.empty(), !inputFile.empty(), batchCount);
  if (epilogueError.empty())
    epilogueError = gemm_run::dynamicUsageError(!ptxFiles.empty(), softmax, !inputFile.empty(), !suiteFile.empty());
  if (!epilogueError.empty())
    usageError(epilogueError);
  if (sharedB && batchCount < 2)
    usageError("--shared-b shares B over a batch: it needs --batch 2 or more");
  if (sharedB && transposeB)
    usageError("--shared-b takes B as K x N (layout nn or tn): MLIR 22's linalg.batch_matmul cannot broadcast a "
               "transposed B");

  if (!suiteFile.empty()) {
    if (shapeText.getNumOccurrences() || !inputFile.empty() || !ptxFiles.empty())
      usageError("--suite gives the shapes; it excludes --shape, an input file and --ptx/--manifest");
    if (opName.getNumOccurrences() && opName != "matmul")
      usageError("--suite runs matmul shapes");
    if (batchCount.getNumOccurrences())
      usageError("--suite runs 2-D matmul shapes; --batch applies to --shape");
  }
  if (ptxFiles.size() != manifestFiles.size())
    usageError("--ptx and --manifest must come in pairs (" + std::to_string(ptxFiles.size()) + " --ptx, " +
               std::to_string(manifestFiles.size()) + " --manifest)");
  if (!ptxFiles.empty()) {
    if (!inputFile.empty())
      usageError("an input file and --ptx/--manifest exclude each other");
    if (compileOnly)
      usageError("--compile-only makes no sense in AOT mode (--ptx/--manifest)");
    if (stagesList.getNumOccurrences())
      usageError("--stages selects stages to compile; in AOT mode pass one --ptx/--manifest pair per stage");
    if (layoutName.getNumOccurrences())
      usageError("--layout sets the operand layout of the compiled matmul; in AOT mode the manifest's problem "
                 "says the layout");
    if (batchCount.getNumOccurrences() || sharedB)
      usageError("--batch and --shared-b set the batch of the compiled matmul; in AOT mode the manifest's problem "
                 "says it");
  }
}

BenchOptions benchOptions() {
  BenchOptions o;
  o.repeat = repeatCount;
  o.warmup = warmupCount;
  o.seed = seed;
  o.tf32 = tf32;
  o.checkOnly = checkOnly;
  return o;
}

std::string shellQuote(const std::string &s) {
  if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=./:,@%") ==
                        std::string::npos)
    return s;
  std::string r = "'";
  for (char c : s)
    r += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return r + "'";
}

/// AOT mode: every --ptx/--manifest pair, checked before any CUDA call.
std::vector<Job> loadAotJobs() {
  std::vector<Job> jobs;
  for (size_t i = 0; i < ptxFiles.size(); ++i)
    gemm_run::loadAotPair(ptxFiles[i], manifestFiles[i], jobs);
  const bool function = llvm::any_of(jobs, [](const Job &j) { return j.manifest.isFunction(); });
  if (function && (!shapeText.empty() || !dtypeName.empty() || opName.getNumOccurrences()))
    usageError("a manifest of several ops (version 2) fixes the problem of each: --op, --shape and --dtype "
               "describe one op");
  if (!shapeText.empty() || !dtypeName.empty())
    std::cerr << "gemm-run: note: --shape/--dtype are ignored in AOT mode (the manifest decides)\n";
  return jobs;
}

#ifdef GEMM_OPT_HAVE_MLIR
/// The compile request of `shapeText` without its stages; exits 2 on a usage error.
gemm_opt::runtime::CompileRequest compileRequest(const std::string &shapeText, std::string &op) {
  op = opName;
  std::vector<int64_t> d;
  if (op.empty())
    op = (parseShape(shapeText, d) && d.size() == 2) ? "softmax" : "matmul";
  if (!shapeText.empty() && parseShape(shapeText, d) && (op == "matmul") != (d.size() == 3))
    usageError("--shape '" + shapeText + "' does not fit op " + op + " (matmul: MxNxK, softmax: RxC)");
  CompileRequest req;
  req.inputPath = inputFile;
  req.op = op;
  req.shape = shapeText;
  req.dtype = dtypeName;
  if (op != "matmul" && (layoutName.getNumOccurrences() || batchCount.getNumOccurrences()))
    usageError(std::string(layoutName.getNumOccurrences() ? "--layout" : "--batch") + " applies to matmul only");
  if (layoutName.getNumOccurrences())
    req.layout = layoutName;
  if (batchCount.getNumOccurrences()) {
    req.batch = batchCount;
    req.sharedB = sharedB;
  }
  gemm_run::addEpilogueOptions(req);
  req.chip = chipName;
  req.allowTf32 = tf32;
  req.smallM = smallM;
  req.tuningDb = gemm_run::tuneSettings().rungDb;
  req.tuningDevice = gemm_run::tuneSettings().device;
  return req;
}

/// --print-input: the embedded default input, printed; exits.
[[noreturn]] void printDefaultInput() {
  std::string op, source, err;
  CompileRequest req = compileRequest(shapeText, op);
  req.dynamicDims = gemm_run::dynamicDims();
  if (!gemm_opt::runtime::defaultInputSource(req, source, err))
    usageError(err);
  std::fputs(source.c_str(), stdout);
  std::exit(kExitPass);
}

/// The stages to compile: --stages, checked against the op's stages when
/// the op is known (--op, or the embedded default).
std::vector<std::string> requestedStages(const std::string &op) {
  // With an input file and no --op, the op is the input's: let the compiler
  // expand "all" and judge stage names.
  const bool opFromInput = !inputFile.empty() && opName.empty();
  std::vector<std::string> known = availableStages(op);
  if (stagesList == "all")
    return opFromInput ? std::vector<std::string>{"all"} : known;
  llvm::SmallVector<llvm::StringRef> names;
  llvm::StringRef(stagesList).split(names, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/true);
  std::vector<std::string> stages;
  for (llvm::StringRef name : names) { // an empty or repeated name is a typo, not a second run
    if (name.empty() || llvm::is_contained(stages, name))
      usageError("--stages lists each stage once, comma separated, got '" + stagesList + "'");
    stages.push_back(name.str());
  }
  if (opFromInput)
    return stages;
  for (const std::string &s : stages)
    if (!llvm::is_contained(known, s))
      usageError("unknown " + op + " stage '" + s + "' (known: " + llvm::join(known, ", ") + ")");
  return stages;
}

/// What to compile for --shape `shapeText` and the other options.
CompileRequest compileRequestFor(const std::string &shapeText) {
  std::string op;
  CompileRequest req = compileRequest(shapeText, op);
  req.stages = requestedStages(op);
  if (req.stages.empty())
    usageError("no stages to compile");
  return req;
}

/// JIT mode: compiles the requested stages (the embedded default with the
/// sizes of --dynamic dynamic: `dynamic`); exits 2 on a compile error.
std::vector<Job> compileJobsFor(const std::string &shapeText, bool dynamic = false) {
  CompileRequest req = compileRequestFor(shapeText);
  req.dynamicDims = dynamic ? gemm_run::dynamicDims() : "";
  std::vector<CompiledStage> compiled;
  std::string err;
  if (!compileStages(req, compiled, err)) {
    std::cerr << "gemm-run: compile error: " << err << "\n";
    std::exit(kExitUsage);
  }
  std::vector<Job> jobs;
  for (CompiledStage &c : compiled) {
    std::cerr << c.warnings;
    if (c.isDynamic()) { // a job per size
      std::vector<Job> sized = gemm_run::compiledStageJobs(c, shapeText, batchCount, compileOnly);
      for (Job &j : sized)
        j.func = c.function(), j.moduleManifestText = c.moduleManifestText;
      std::move(sized.begin(), sized.end(), std::back_inserter(jobs));
      continue;
    }
    std::string verr;
    if (!validateManifest(c.manifest, verr)) {
      std::cerr << "gemm-run: compile error: stage " << c.stage << ": " << verr << "\n";
      std::exit(kExitUsage);
    }
    // The reference reads A and B as the manifest says; it must be what was asked.
    if (!req.layout.empty() && c.manifest.isMatmul() && req.layout != matmulLayoutName(c.manifest.matmul)) {
      std::cerr << "gemm-run: compile error: stage " << c.stage << ": the manifest's layout is "
                << matmulLayoutName(c.manifest.matmul) << ", --layout asked for " << req.layout << "\n";
      std::exit(kExitUsage);
    }
    std::string note = gemm_run::epilogueMismatchNote(c.manifest);
    if (!note.empty())
      std::cerr << "gemm-run: note: " << note << "\n";
    std::string func = c.function();
    std::string label = stageFunctionLabel(c.stage, func);
    std::printf("compiled %-20s %9.1f ms\n", label.c_str(), c.compileMs);
    jobs.push_back(
        {std::move(c.ptx), std::move(c.manifest), c.compileMs, {}, -1, false, "", func, c.moduleManifestText});
  }
  return jobs;
}

/// Options that describe one op, given: "--shape, --dtype".
std::string oneOpOptionsGiven() {
  std::string given;
  for (const cl::Option *o :
       std::initializer_list<const cl::Option *>{&opName, &shapeText, &dtypeName, &layoutName, &batchCount, &sharedB})
    if (o->getNumOccurrences())
      given += (given.empty() ? "--" : ", --") + o->ArgStr.str();
  return given;
}

/// An input of several kernel ops (a function of several, version 2, or
/// several functions, version 4) fixes every op's problem: options that
/// describe one op are a usage error with it.
void checkFunctionInput() {
  std::vector<std::string> ops;
  std::string err, given = oneOpOptionsGiven();
  if (inputFile.empty() || given.empty() || !inputKernelOps(inputFile, ops, err) || ops.size() < 2)
    return; // the compiler reports what it cannot read
  usageError(inputFile + " holds " + std::to_string(ops.size()) + " kernel ops (" + llvm::join(ops, ", ") +
             "), whose input fixes the problem of each: " + given + " describe one op");
}

/// The jobs of --shape, or of every line of --suite.
std::vector<Job> compileJobs() {
  if (gemm_run::printInputRequested())
    printDefaultInput();
  checkFunctionInput();
  if (suiteFile.empty())
    return gemm_run::dynamicRequested() ? gemm_run::compileDynamicJobs(shapeText, compileJobsFor)
                                        : compileJobsFor(shapeText);
  std::string text, err;
  std::vector<SuiteShape> shapes;
  if (!readFile(suiteFile, text))
    usageError("cannot read --suite file '" + suiteFile + "'");
  if (!parseSuite(text, shapes, err))
    usageError("--suite " + suiteFile + ": " + err);
  std::vector<Job> jobs;
  for (const SuiteShape &s : shapes) {
    std::vector<Job> more = compileJobsFor(std::to_string(s[0]) + "x" + std::to_string(s[1]) + "x" +
                                           std::to_string(s[2]));
    std::move(more.begin(), more.end(), std::back_inserter(jobs));
  }
  return jobs;
}
/// --tune / --tune-dry-run (Tune.h): the sweep of --shape or --suite.
int runTuneMode(const std::string &commandLine) { // exits 2 on a usage error
  return gemm_run::runTune({compileRequestFor(shapeText), shapeText, suiteFile, stagesList.getNumOccurrences() > 0,
                            jsonFile, benchOptions(), deviceOrdinal, commandLine,
                            !inputFile.empty() || !ptxFiles.empty() || compileOnly || opName == "softmax" ||
                                gemm_run::dynamicRequested()});
}
#else
std::vector<Job> compileJobs() {
  std::cerr << "gemm-run: this is a runtime-only build (no MLIR, GEMM_OPT_RUNTIME_ONLY): it cannot compile; use "
               "AOT mode: gemm-run --ptx FILE --manifest FILE\n";
  std::exit(kExitUsage);
}
#endif

/// Checks and times every job on the device, one line per stage as it ends.
std::vector<StageResult> runJobs(CudaDriver &drv, Cublas *cublas, CublasLt *cublasLt, const std::vector<Job> &jobs) {
  const DeviceInfo &dev = drv.device();
  std::vector<StageResult> results;
  for (size_t i = 0; i < jobs.size(); ++i) {
    const Job &j = jobs[i];
    if (j.manifest.chip != dev.chip() && j.manifest.chip + "a" != dev.chip() && j.manifest.chip != dev.chip() + "a")
      std::cerr << "gemm-run: note: stage " << j.manifest.stage << " was compiled for " << j.manifest.chip
                << ", the device is " << dev.chip() << "\n";
    BenchOptions bo = benchOptions();
    bo.stageIndex = static_cast<int>(i);
    StageResult r = runStage(drv, cublas, j.ptx, j.manifest, j.compileMs, bo, cublasLt);
    gemm_run::recordJob(j, r);
    std::ostringstream line;
    printStageLine(line, r, bo.checkOnly);
    std::fputs(line.str().c_str(), stdout);
    if (verbose && !r.jitInfoLog.empty())
      std::printf("JIT info log for %s:\n%s\n", r.stage.c_str(), r.jitInfoLog.c_str());
    std::fflush(stdout);
    results.push_back(std::move(r));
  }
  return results;
}

} // namespace

[[noreturn]] void gemm_run::usageError(const std::string &msg) {
  std::cerr << "gemm-run: error: " << msg << "\n(see gemm-run --help)\n";
  std::exit(kExitUsage);
}

int main(int argc, char **argv) {
#ifdef GEMM_OPT_HAVE_MLIR
  if (argc > 1 && llvm::StringRef(argv[1]) == "--merge-tuning-db")
    return gemm_run::mergeTuningDbMain(argc, argv);
#endif
  parseCommandLine(argc, argv);
  std::string commandLine;
  for (int i = 0; i < argc; ++i)
    commandLine += (i ? " " : "") + shellQuote(argv[i]);
#ifdef GEMM_OPT_HAVE_MLIR
  if (gemm_run::tuneSettings().tune || gemm_run::tuneSettings().dryRun)
    return runTuneMode(commandLine);
#endif

  if (probe) {
    std::string reason;
    if (std::unique_ptr<CudaDriver> drv = gemm_run::openDriver(deviceOrdinal, reason)) {
      std::printf("gemm-run: CUDA device %d: %s\n", deviceOrdinal.getValue(), drv->device().name.c_str());
      return kExitPass;
    }
    std::cerr << "gemm-run: no CUDA device available (" << reason << ")\n";
    return kExitNoDevice;
  }

  // JIT mode opens the GPU first: its name picks the tuning database's entries (--tuning-device auto).
  std::string reason;
  std::unique_ptr<CudaDriver> drv = ptxFiles.empty() && !compileOnly ? gemm_run::openDriver(deviceOrdinal, reason) : nullptr;
  gemm_run::resolveTuningDevice(drv ? drv->device().name : "");
  std::vector<Job> jobs = ptxFiles.empty() ? compileJobs() : loadAotJobs();
  if (jobs.empty())
    usageError("nothing to run");
  gemm_run::checkSizesUsed(jobs);
  if (gemm_run::printManifestRequested()) {
    gemm_run::printManifests(jobs);
    return kExitPass;
  }
  if (!emitDir.empty())
    gemm_run::emitJobs(jobs, emitDir);
  RunInfo info;
  info.commandLine = commandLine;
  info.options = benchOptions();
  if (compileOnly) {
    std::printf("compile-only: %zu stage(s) compiled; the GPU was not touched\n", jobs.size());
    gemm_run::printCompileSummary(jobs);
    if (!jsonFile.empty() &&
        !gemm_run::writeNotRunResults(jsonFile, info, "--compile-only", "compiled only", jobs, tf32))
      return kExitUsage;
    return kExitPass;
  }

  if (!drv && reason.empty())
    drv = gemm_run::openDriver(deviceOrdinal, reason);
  if (!drv) {
    std::cerr << "gemm-run: no CUDA device available (" << reason << "); nothing was run\n";
    if (!jsonFile.empty())
      gemm_run::writeNotRunResults(jsonFile, info, reason, "no CUDA device", jobs, tf32);
    return kExitNoDevice;
  }
  info.haveDevice = true;
  info.device = drv->device();
  const DeviceInfo &dev = info.device;
  std::printf("device %d: %s (%s), %d SMs, %.0f MHz, L2 %.0f MiB, %.0f GiB, driver %d.%d\n", dev.ordinal,
              dev.name.c_str(), dev.chip().c_str(), dev.smCount, dev.clockKHz / 1000.0, dev.l2Bytes / 1048576.0,
              dev.totalMemBytes / 1073741824.0, dev.driverVersion / 1000, (dev.driverVersion % 1000) / 10);

  std::vector<const KernelManifest *> manifests;
  for (const Job &j : jobs)
    manifests.push_back(&j.manifest);
  gemm_run::ReferenceLibraries refs = gemm_run::loadReferenceLibraries(manifests, info);
  std::vector<StageResult> results = runJobs(*drv, refs.cublas.get(), refs.cublasLt.get(), jobs);

  std::printf("\n");
  std::ostringstream table;
  printResultsTable(table, results);
  std::fputs(table.str().c_str(), stdout);

  std::string json = resultsToJson(info, results);
  if (!suiteFile.empty()) {
    auto summary = summarizeSuite(results);
    std::printf("\n");
    std::ostringstream suiteTable;
    printSuiteSummary(suiteTable, summary);
    std::fputs(suiteTable.str().c_str(), stdout);
    json = withSuiteSummary(json, suiteFile, summary);
  }
  // A results file that cannot be written is a failed run, not a pass.
  bool anyError = false, anyFail = false;
  if (!jsonFile.empty() && !writeFile(jsonFile, json)) {
    std::cerr << "gemm-run: error: cannot write " << jsonFile << "\n";
    anyError = true;
  }

  for (const StageResult &r : results) {
    anyError = anyError || r.status == StageStatus::Error || r.status == StageStatus::NotRun;
    anyFail = anyFail || r.status == StageStatus::Fail;
  }
  return anyError ? kExitRunError : anyFail ? kExitFail : kExitPass;
}
