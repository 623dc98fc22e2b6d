//===- DynamicRun.cpp - gemm-run's stages with dynamic dimensions ---------===//
#include "DynamicRun.h"
#include "RunFiles.h"

#include "gemm-opt/Runtime/ModuleManifest.h"
#include "gemm-opt/Runtime/PtxEntries.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"

#include <cstdio>
#include <iostream>
#include <iterator>
#include <map>

using namespace gemm_opt::runtime;
namespace cl = llvm::cl;

namespace gemm_run {

llvm::cl::OptionCategory &dynamicCategory() {
  static cl::OptionCategory category("Dynamic dimensions (version-3 manifests, --dynamic)");
  return category;
}

namespace {
cl::opt<std::string> sizesList(
    "sizes", cl::value_desc("LIST"),
    cl::desc("the sizes to run a stage with dynamic dimensions at (a version-3 --manifest, --dynamic, an input "
             "with `?`), comma separated: each a value of its one symbol (M), or AxB... for its symbols in "
             "declared order; every size is instantiated and checked before anything runs"),
    cl::init(""), cl::cat(dynamicCategory()));
cl::opt<std::string> dynamicOption(
    "dynamic", cl::value_desc("DIMS"), cl::ValueOptional,
    cl::desc("matmul, the embedded default: compile it once with dynamic sizes (`?`; DIMS: letters of 'bmnk', "
             "b the batch count, default m) into a version-3 manifest and run that at each of --sizes (default: "
             "--batch's and --shape's sizes of DIMS)"),
    cl::cat(dynamicCategory()));
cl::opt<bool> staticPeer("static-peer",
                         cl::desc("with --dynamic: also compile the static embedded default of each size and run "
                                  "it right after the dynamic stage, both timed against cuBLAS (interleaved); the "
                                  "table compares them"),
                         cl::cat(dynamicCategory()));
cl::opt<bool> printManifest("print-manifest",
                            cl::desc("print the manifest of every stage (a version-3 one instantiated at each of "
                                     "--sizes) as a runner reads it, then exit; nothing runs"),
                            cl::cat(dynamicCategory()));

/// The sizes of `dyn`'s symbols in declared order.
std::vector<std::pair<std::string, int64_t>> orderedSizes(const DynamicManifest &dyn, const SymbolSizes &sizes) {
  std::vector<std::pair<std::string, int64_t>> out;
  for (const DynamicSymbol &s : dyn.symbols)
    out.push_back({s.name, sizes.at(s.name)});
  return out;
}

/// Whether --dynamic was given.
bool dynamicM() { return dynamicOption.getNumOccurrences() > 0; }

/// A size list (--sizes' syntax) against `dyn`'s symbols, one entry per
/// item; `where` names the manifest in errors. Bounds are
/// instantiateManifest's to judge.
std::vector<SymbolSizes> parseSizes(const DynamicManifest &dyn, const std::string &list, const std::string &where) {
  std::string names = symbolSizesString(dyn, {});
  if (list.empty())
    usageError(where + " has dynamic dimensions (" + names + "): give the sizes to run it at with --sizes");
  llvm::SmallVector<llvm::StringRef> items;
  llvm::StringRef(list).split(items, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/true);
  std::vector<SymbolSizes> out;
  for (llvm::StringRef item : items) {
    llvm::SmallVector<llvm::StringRef> parts;
    item.trim().split(parts, 'x');
    SymbolSizes sizes;
    bool ok = parts.size() == dyn.symbols.size();
    for (size_t i = 0; ok && i < parts.size(); ++i)
      ok = !parts[i].getAsInteger(10, sizes[dyn.symbols[i].name]);
    if (!ok)
      usageError("--sizes: '" + item.str() + "' is not a size of " + where + " (expected " +
                 (dyn.symbols.size() == 1 ? "an integer, its " + names
                                          : "integers AxB... for its symbols " + names) +
                 ")");
    out.push_back(std::move(sizes));
  }
  return out;
}

/// A job per item of `list` for a version-3 manifest, each instantiation
/// held against the PTX; `where` names the manifest in errors.
std::vector<Job> instantiateJobs(const DynamicManifest &dyn, const std::string &list, const std::string &ptx,
                                 double compileMs, const std::string &where) {
  std::vector<Job> jobs;
  for (const SymbolSizes &sizes : parseSizes(dyn, list, where)) {
    Job j;
    std::string err;
    if (!instantiateManifest(dyn, sizes, j.manifest, j.variant, err))
      usageError("--sizes: " + err + " (" + where + ")");
    if (!checkManifestAgainstPtx(j.manifest, ptx, err))
      usageError(where + " at " + symbolSizesString(dyn, sizes) + " does not fit its PTX: " + err);
    j.ptx = ptx;
    j.compileMs = compileMs;
    j.sizes = orderedSizes(dyn, sizes);
    jobs.push_back(std::move(j));
  }
  return jobs;
}

/// The default size list of --dynamic: --batch's count and --shape's sizes
/// of its dimensions, "AxB..." (the embedded default's 4096 without
/// --shape).
std::string shapeSizes(const std::string &shape, int64_t batch, const std::string &dynamicDims) {
  std::vector<int64_t> dims;
  if (!parseShape(shape, dims) || dims.size() != 3)
    dims = {4096, 4096, 4096};
  dims.insert(dims.begin(), batch);
  std::string out;
  for (size_t i = 0; i < 4; ++i)
    if (dynamicDims.find("bmnk"[i]) != std::string::npos)
      out += (out.empty() ? "" : "x") + std::to_string(dims[i]);
  return out;
}
/// "NxK" of --shape (the embedded default's 4096x4096 without it).
std::string shapeColumns(const std::string &shape) {
  std::vector<int64_t> dims;
  return parseShape(shape, dims) && dims.size() == 3 ? std::to_string(dims[1]) + "x" + std::to_string(dims[2])
                                                     : "4096x4096";
}
} // namespace

std::string dynamicUsageError(bool aot, bool softmax, bool inputFile, bool suite) {
  if (dynamicM() && aot)
    return "--dynamic compiles the embedded default with dynamic sizes; in AOT mode the manifest says which "
           "dimensions are dynamic";
  if (dynamicM() && inputFile)
    return "--dynamic makes the embedded default's sizes dynamic; an input file fixes its own (write `?` in it)";
  if (dynamicM() && softmax)
    return "--dynamic applies to matmul only";
  if ((dynamicM() || !sizesList.empty()) && suite)
    return "--dynamic and --sizes run the sizes of --sizes; they exclude --suite";
  if (staticPeer && !dynamicM())
    return "--static-peer compares the --dynamic compile with the static compile of each size: it needs --dynamic";
  if (!sizesList.empty() && !aot && !dynamicM() && !inputFile)
    return "--sizes gives the sizes of dynamic dimensions: it needs a version-3 --manifest, --dynamic or an input "
           "file with `?`";
  return "";
}

bool dynamicRequested() { return dynamicM(); }
std::string dynamicDims() {
  if (!dynamicM())
    return "";
  return dynamicOption.empty() ? "m" : dynamicOption.getValue();
}
bool printManifestRequested() { return printManifest; }

/// The jobs of one function's manifest `json` (any version but 4) and the
/// PTX module it launches from.
void loadAotManifest(const std::string &ptx, const std::string &json, const std::string &ptxFile,
                     const std::string &where, const std::string &func, std::vector<Job> &jobs) {
  std::string err;
  if (manifestVersionOf(json) == kManifestVersionDynamic) {
    DynamicManifest dyn;
    if (!parseDynamicManifest(json, dyn, err))
      usageError(where + ": " + err);
    std::vector<Job> more = instantiateJobs(dyn, sizesList, ptx, -1, where);
    for (Job &j : more)
      j.func = func;
    std::move(more.begin(), more.end(), std::back_inserter(jobs));
    return;
  }
  Job j;
  j.ptx = ptx;
  j.func = func;
  if (!parseManifest(json, j.manifest, err))
    usageError(where + ": " + err);
  // Kernel names and parameter lists against the PTX, before any CUDA
  // call: a mismatch would otherwise be a launch with garbage arguments.
  if (!checkManifestAgainstPtx(j.manifest, j.ptx, err))
    usageError(where + " does not fit " + ptxFile + ": " + err);
  jobs.push_back(std::move(j));
}

void loadAotPair(const std::string &ptxFile, const std::string &manifestFile, std::vector<Job> &jobs) {
  std::string ptx, json, err;
  if (!readFile(ptxFile, ptx))
    usageError("cannot read PTX file '" + ptxFile + "'");
  if (!readFile(manifestFile, json))
    usageError("cannot read manifest file '" + manifestFile + "'");
  if (manifestVersionOf(json) != kManifestVersionModule)
    return loadAotManifest(ptx, json, ptxFile, manifestFile, "", jobs);
  // Several functions: each runs as a stage of its own.
  ModuleManifest module;
  if (!parseModuleManifest(json, module, err))
    usageError(manifestFile + ": " + err);
  for (const ModuleFunction &f : module.functions)
    loadAotManifest(ptx, f.text, ptxFile, manifestFile + " (@" + f.func + ")", f.func, jobs);
}

void checkSizesUsed(const std::vector<Job> &jobs) {
  if (!sizesList.empty() && llvm::none_of(jobs, [](const Job &j) { return !j.sizes.empty(); }))
    usageError("--sizes gives the sizes of dynamic dimensions, and no stage has any (the manifests are version " +
               std::string(jobs.empty() ? "?" : std::to_string(jobs[0].manifest.version)) +
               "; a manifest with dynamic dimensions is version 3)");
}

std::vector<Job> compiledStageJobs(CompiledStage &stage, const std::string &shape, int64_t batch, bool compileOnly) {
  std::string label = stageFunctionLabel(stage.stage, stage.function());
  std::printf("compiled %-20s %9.1f ms (dynamic: %s; %zu variants)\n", label.c_str(), stage.compileMs,
              symbolSizesString(stage.dynamic, {}).c_str(), stage.dynamic.variants.size());
  // --dynamic runs --shape's sizes unless --sizes says otherwise. The
  // compiler's kernels are held against its PTX as AOT mode's are: a
  // mismatch is a compiler bug, reported before anything runs.
  std::string list = dynamicM() && sizesList.empty() ? shapeSizes(shape, batch, dynamicDims()) : sizesList.getValue();
  if (list.empty() && compileOnly) // e.g. Python's compile through --emit-dir
    for (const DynamicSymbol &s : stage.dynamic.symbols)
      list += (list.empty() ? "" : "x") + std::to_string(s.min);
  std::vector<Job> jobs = instantiateJobs(stage.dynamic, list, stage.ptx, stage.compileMs, "stage " + stage.stage);
  for (Job &j : jobs)
    j.dynamicManifestText = stage.dynamicManifestText;
  return jobs;
}

std::vector<Job> compileDynamicJobs(const std::string &shape,
                                    llvm::function_ref<std::vector<Job>(const std::string &, bool)> compileFor) {
  std::vector<Job> dynamic = compileFor(shape, /*dynamic=*/true);
  if (!staticPeer)
    return dynamic;
  // Each size's static stages, compiled once, then each after its dynamic twin.
  std::map<int64_t, std::vector<Job>> statics;
  std::vector<Job> jobs;
  for (Job &d : dynamic) {
    if (d.sizes.size() != 1 || d.sizes[0].first != "M")
      usageError("--static-peer compiles a static M for each size; stage " + d.manifest.stage +
                 " has other dynamic dimensions");
    const int64_t m = d.sizes[0].second;
    if (!statics.count(m))
      statics[m] = compileFor(std::to_string(m) + "x" + shapeColumns(shape), /*dynamic=*/false);
    std::string stage = d.manifest.stage;
    jobs.push_back(std::move(d));
    for (Job &s : statics[m])
      if (s.manifest.stage == stage) {
        jobs.push_back(s);
        jobs.back().staticPeer = true;
      }
  }
  return jobs;
}

void printManifests(const std::vector<Job> &jobs) {
  for (const Job &j : jobs) {
    std::string what = "stage " + j.manifest.stage;
    for (size_t i = 0; i < j.sizes.size(); ++i)
      what += (i ? ", " : " at ") + j.sizes[i].first + " = " + std::to_string(j.sizes[i].second);
    if (j.variant >= 0)
      what += ": variant " + std::to_string(j.variant);
    std::printf("%s%s\n%s", what.c_str(), j.staticPeer ? " (static peer)" : "", toJson(j.manifest).c_str());
  }
}

std::pair<std::string, std::string> emittedManifest(const Job &job) {
  if (!job.moduleManifestText.empty())
    return {job.manifest.stage, job.moduleManifestText};
  if (!job.dynamicManifestText.empty())
    return {job.manifest.stage, job.dynamicManifestText};
  std::string name = job.manifest.stage;
  if (job.staticPeer)
    name += "-static-M" + std::to_string(job.manifest.matmul.m);
  return {name, toJson(job.manifest)};
}

void emitJobs(const std::vector<Job> &jobs, const std::string &dir) {
  (void)llvm::sys::fs::create_directories(dir);
  for (const Job &j : jobs) {
    auto [name, manifest] = emittedManifest(j);
    std::string base = dir + "/" + name;
    if (!writeFile(base + ".ptx", j.ptx) || !writeFile(base + ".json", manifest)) {
      std::cerr << "gemm-run: error: cannot write " << base << ".ptx/.json\n";
      std::exit(2);
    }
  }
}

void printCompileSummary(const std::vector<Job> &jobs) {
  for (const Job &j : jobs) {
    const KernelManifest &m = j.manifest;
    std::string label = stageFunctionLabel(m.stage, j.func);
    std::printf("  %-20s %zu kernel(s), %zu bytes of PTX\n", label.c_str(), m.kernels.size(), j.ptx.size());
    for (const KernelDesc &k : m.kernels) {
      std::printf("      %s grid [%u, %u, %u] block [%u, %u, %u] dynamic smem "
                  "%u B, %zu params",
                  k.name.c_str(), k.grid[0], k.grid[1], k.grid[2], k.block[0],
                  k.block[1], k.block[2], k.dynamicSharedMemory,
                  k.params.size());
      // Thread-block clusters (the manifest's "cluster"), where there are some.
      if (k.cluster)
        std::printf(", cluster [%u, %u, %u]", (*k.cluster)[0], (*k.cluster)[1],
                    (*k.cluster)[2]);
      // Launched with at most this grid: the clusters that fit at once.
      if (k.residentGrid)
        std::printf(", resident grid");
      std::printf("\n");
    }
  }
}

void recordJob(const Job &job, StageResult &result) {
  result.dynamicSizes = job.sizes;
  result.variant = job.variant;
  result.staticPeer = job.staticPeer;
  result.func = job.func;
}

/// Without a device, or with --compile-only: the --json file still lists
/// the stages, none run (`why` says so per stage). False when it cannot be
/// written.
bool writeNotRunResults(const std::string &jsonFile, RunInfo info, const std::string &reason, const std::string &why,
                        const std::vector<Job> &jobs, bool tf32) {
  info.haveDevice = false;
  info.noDeviceReason = reason;
  std::vector<StageResult> none;
  for (const Job &j : jobs) {
    none.push_back(describeStage(j.manifest, j.compileMs, tf32));
    recordJob(j, none.back());
    none.back().message = why;
  }
  if (writeFile(jsonFile, resultsToJson(info, none)))
    return true;
  std::cerr << "gemm-run: error: cannot write " << jsonFile << "\n";
  return false;
}

} // namespace gemm_run
