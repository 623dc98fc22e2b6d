//===- gemm-run.cpp - Compile, check and time gemm-opt stages -------------===//
//
// JIT mode (needs the MLIR build): compiles the requested stages through
// compileStages() (StageCompiler.h), then checks and times each on the GPU.
// AOT mode (any build): --ptx FILE --manifest FILE [--ptx ... --manifest ...].
//
//===----------------------------------------------------------------------===//
#include "gemm-opt/Runtime/Bench.h"
#include "gemm-opt/Runtime/Cublas.h"
#include "gemm-opt/Runtime/CudaDriver.h"
#include "gemm-opt/Runtime/Manifest.h"
#include "gemm-opt/Runtime/PtxEntries.h"
#include "gemm-opt/Runtime/StageCompiler.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

using namespace gemm_opt::runtime;

namespace {

enum ExitCode {
  kExitPass = 0,
  kExitFail = 1,     // some stage computed a wrong result
  kExitUsage = 2,    // usage, input or compile error (nothing was run)
  kExitNoDevice = 3, // no CUDA device; nothing was run
  kExitRunError = 4, // a stage could not be run or checked (PTX JIT, CUDA or cuBLAS error)
};

const char *kUsage = R"(usage: gemm-run [input.mlir] [options]
       gemm-run --ptx FILE --manifest FILE [--ptx FILE --manifest FILE ...] [options]

Compiles gemm-opt stages (JIT mode) or loads precompiled PTX + manifest pairs
(AOT mode), checks every stage against a reference (cuBLAS for matmul, a host
double-precision softmax), then times it with CUDA events. Matmul stages are
timed twice against cuBLAS: back-to-back (ms, cublas_ms, pct_cublas) and
interleaved, our launch then cuBLAS's, alternating (ms_interleaved,
cublas_ms_interleaved, pct_cublas_interleaved; "il" columns of the table).

Compile options (JIT mode; needs a build with MLIR):
  input.mlir              input function (default: the embedded one for --op)
  --op matmul|softmax     the op (default: from --shape: MxNxK matmul, RxC softmax)
  --stages a,b,...|all    stages to compile and run, in order (default: all)
  --shape MxNxK | RxC     problem shape (softmax: rows x cols)
  --dtype f32|f16|bf16    element type
  --chip sm_90            target chip (default: sm_90)
  --compile-only          compile and print a summary; do not touch the GPU
  --emit-dir DIR          also write DIR/<stage>.ptx and DIR/<stage>.json

AOT mode (works in every build):
  --ptx FILE --manifest FILE   a PTX module and its launch manifest
                               (docs/manifest.md); repeat the pair for more stages

Run options:
  --repeat N              measured runs per stage, median reported (default 20)
  --warmup N              unmeasured runs first (default 3)
  --seed N                random seed for inputs (default 1)
  --tf32                  accept TF32 precision for f32 matmuls (threshold 5e-3,
                          compared with cuBLAS TF32 and the TF32 peak); also
                          lets the mma and wgmma rungs use TF32 tensor cores
                          (allow-tf32)
  --device N              CUDA device ordinal (default 0)
  --json FILE             write all results as JSON
  --verbose               print the PTX JIT info log of every stage
  --probe                 only check for a usable CUDA device: exit 0 if
                          there is one, 3 if not (lit uses it)
  --help                  this text

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
unit of the output type per element): f32 1e-4,
f16 2e-3, bf16 1e-2. Environment: GEMM_OPT_CUBLAS=/path/to/libcublas.so.N.
)";

struct Options {
  std::string input;
  std::string op;
  std::string stages = "all";
  std::string shape, dtype, chip = "sm_90";
  std::vector<std::string> ptxFiles, manifestFiles;
  bool compileOnly = false;
  bool probe = false;
  std::string emitDir;
  std::string jsonFile;
  bool verbose = false;
  int device = 0;
  BenchOptions bench;
};

struct Job {
  std::string ptx;
  KernelManifest manifest;
  double compileMs = -1;
};

[[noreturn]] void usageError(const std::string &msg) {
  std::cerr << "gemm-run: error: " << msg << "\n(see gemm-run --help)\n";
  std::exit(kExitUsage);
}

bool readFile(const std::string &path, std::string &out) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return static_cast<bool>(in) || in.eof();
}

bool writeFile(const std::string &path, const std::string &text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  return static_cast<bool>(out);
}

long long parseInt(const std::string &opt, const std::string &v, long long lo, long long hi) {
  if (v.empty() || v.size() > 19 || v.find_first_not_of("0123456789") != std::string::npos)
    usageError(opt + " expects a non-negative integer, got '" + v + "'");
  long long x = std::strtoll(v.c_str(), nullptr, 10);
  if (x < lo || x > hi)
    usageError(opt + " must be in [" + std::to_string(lo) + ", " + std::to_string(hi) + "], got " + v);
  return x;
}

[[maybe_unused]] std::vector<std::string> splitList(const std::string &s) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == ',') {
      if (!cur.empty())
        out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty())
    out.push_back(cur);
  return out;
}

Options parseArgs(int argc, char **argv) {
  Options o;
  bool stagesGiven = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    std::string name = a, value;
    bool hasValue = false;
    if (a.rfind("--", 0) == 0) {
      size_t eq = a.find('=');
      if (eq != std::string::npos) {
        name = a.substr(0, eq);
        value = a.substr(eq + 1);
        hasValue = true;
      }
    }
    auto need = [&]() -> std::string {
      if (hasValue)
        return value;
      if (i + 1 >= argc)
        usageError(name + " needs a value");
      return argv[++i];
    };
    auto flag = [&]() {
      if (hasValue)
        usageError(name + " takes no value");
    };
    if (name == "--help" || name == "-h") {
      std::cout << kUsage;
      std::exit(kExitPass);
    } else if (name == "--stages") {
      o.stages = need();
      stagesGiven = true;
    } else if (name == "--op") {
      o.op = need();
      if (o.op != "matmul" && o.op != "softmax")
        usageError("--op must be matmul or softmax");
    } else if (name == "--shape") {
      o.shape = need();
      std::vector<int64_t> d;
      if (!parseShape(o.shape, d) || (d.size() != 2 && d.size() != 3))
        usageError("--shape expects MxNxK (matmul) or RxC (softmax), got '" + o.shape + "'");
    } else if (name == "--dtype") {
      o.dtype = need();
      ElemType t;
      if (!parseElemType(o.dtype, t))
        usageError("--dtype must be f32, f16 or bf16");
    } else if (name == "--chip") {
      o.chip = need();
    } else if (name == "--repeat") {
      o.bench.repeat = static_cast<int>(parseInt(name, need(), 1, 100000));
    } else if (name == "--warmup") {
      o.bench.warmup = static_cast<int>(parseInt(name, need(), 0, 100000));
    } else if (name == "--seed") {
      std::string v = need();
      if (v.empty() || v.size() > 20 || v.find_first_not_of("0123456789") != std::string::npos)
        usageError("--seed expects a non-negative integer");
      o.bench.seed = std::strtoull(v.c_str(), nullptr, 10);
    } else if (name == "--json") {
      o.jsonFile = need();
    } else if (name == "--ptx") {
      o.ptxFiles.push_back(need());
    } else if (name == "--manifest") {
      o.manifestFiles.push_back(need());
    } else if (name == "--compile-only") {
      flag();
      o.compileOnly = true;
    } else if (name == "--emit-dir") {
      o.emitDir = need();
    } else if (name == "--tf32") {
      flag();
      o.bench.tf32 = true;
    } else if (name == "--device") {
      o.device = static_cast<int>(parseInt(name, need(), 0, 1023));
    } else if (name == "--probe") {
      flag();
      o.probe = true;
    } else if (name == "--verbose" || name == "-v") {
      flag();
      o.verbose = true;
    } else if (a.size() > 1 && a[0] == '-') {
      usageError("unknown option '" + a + "'");
    } else {
      if (!o.input.empty())
        usageError("more than one input file ('" + o.input + "', '" + a + "')");
      o.input = a;
    }
  }
  if (o.ptxFiles.size() != o.manifestFiles.size())
    usageError("--ptx and --manifest must come in pairs (" + std::to_string(o.ptxFiles.size()) + " --ptx, " +
               std::to_string(o.manifestFiles.size()) + " --manifest)");
  bool aot = !o.ptxFiles.empty();
  if (aot) {
    if (!o.input.empty())
      usageError("an input file and --ptx/--manifest exclude each other");
    if (o.compileOnly)
      usageError("--compile-only makes no sense in AOT mode (--ptx/--manifest)");
    if (stagesGiven)
      usageError("--stages selects stages to compile; in AOT mode pass one --ptx/--manifest pair per stage");
  }
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

void printCompileSummary(const std::vector<Job> &jobs) {
  for (const Job &j : jobs) {
    const KernelManifest &m = j.manifest;
    std::printf("  %-20s %zu kernel(s), %zu bytes of PTX\n", m.stage.c_str(), m.kernels.size(), j.ptx.size());
    for (const KernelDesc &k : m.kernels)
      std::printf("      %s grid [%u, %u, %u] block [%u, %u, %u] dynamic smem %u B, %zu params\n", k.name.c_str(),
                  k.grid[0], k.grid[1], k.grid[2], k.block[0], k.block[1], k.block[2], k.dynamicSharedMemory,
                  k.params.size());
  }
}

} // namespace

int main(int argc, char **argv) {
  Options o = parseArgs(argc, argv);
  std::string commandLine;
  for (int i = 0; i < argc; ++i)
    commandLine += (i ? " " : "") + shellQuote(argv[i]);

  if (o.probe) {
    std::string reason;
    std::unique_ptr<CudaDriver> drv = CudaDriver::load(reason);
    if (drv && drv->openDevice(o.device, reason)) {
      std::printf("gemm-run: CUDA device %d: %s\n", o.device, drv->device().name.c_str());
      return kExitPass;
    }
    std::cerr << "gemm-run: no CUDA device available (" << reason << ")\n";
    return kExitNoDevice;
  }

  std::vector<Job> jobs;
  const bool aot = !o.ptxFiles.empty();
  if (aot) {
    for (size_t i = 0; i < o.ptxFiles.size(); ++i) {
      Job j;
      std::string json, err;
      if (!readFile(o.ptxFiles[i], j.ptx))
        usageError("cannot read PTX file '" + o.ptxFiles[i] + "'");
      if (!readFile(o.manifestFiles[i], json))
        usageError("cannot read manifest file '" + o.manifestFiles[i] + "'");
      if (!parseManifest(json, j.manifest, err))
        usageError(o.manifestFiles[i] + ": " + err);
      // Kernel names and parameter lists against the PTX, before any CUDA
      // call: a mismatch would otherwise be a launch with garbage arguments.
      if (!checkManifestAgainstPtx(j.manifest, j.ptx, err))
        usageError(o.manifestFiles[i] + " does not fit " + o.ptxFiles[i] + ": " + err);
      jobs.push_back(std::move(j));
    }
    if (!o.shape.empty() || !o.dtype.empty())
      std::cerr << "gemm-run: note: --shape/--dtype are ignored in AOT mode (the manifest decides)\n";
  } else {
#ifdef GEMM_OPT_HAVE_MLIR
    std::string op = o.op;
    if (op.empty()) {
      std::vector<int64_t> d;
      op = (parseShape(o.shape, d) && d.size() == 2) ? "softmax" : "matmul";
    }
    if (!o.shape.empty()) {
      std::vector<int64_t> d;
      parseShape(o.shape, d);
      if ((op == "matmul") != (d.size() == 3))
        usageError("--shape '" + o.shape + "' does not fit op " + op + " (matmul: MxNxK, softmax: RxC)");
    }
    CompileRequest req;
    req.inputPath = o.input;
    req.op = op;
    req.shape = o.shape;
    req.dtype = o.dtype;
    req.chip = o.chip;
    req.allowTf32 = o.bench.tf32;
    // With an input file and no --op, the op is the input's: let the compiler
    // expand "all" and judge stage names.
    const bool opFromInput = !o.input.empty() && o.op.empty();
    std::vector<std::string> known = availableStages(op);
    if (o.stages == "all") {
      if (opFromInput)
        req.stages = {"all"};
      else
        req.stages = known;
    } else if (opFromInput) {
      req.stages = splitList(o.stages);
    } else {
      req.stages = splitList(o.stages);
      for (const auto &s : req.stages) {
        bool found = false;
        for (const auto &k : known)
          found = found || k == s;
        if (!found) {
          std::string list;
          for (const auto &k : known)
            list += (list.empty() ? "" : ", ") + k;
          usageError("unknown " + op + " stage '" + s + "' (known: " + list + ")");
        }
      }
    }
    if (req.stages.empty())
      usageError("no stages to compile");
    std::vector<CompiledStage> compiled;
    std::string err;
    if (!compileStages(req, compiled, err)) {
      std::cerr << "gemm-run: compile error: " << err << "\n";
      return kExitUsage;
    }
    for (auto &c : compiled) {
      std::string verr;
      if (!validateManifest(c.manifest, verr)) {
        std::cerr << "gemm-run: compile error: stage " << c.stage << ": " << verr << "\n";
        return kExitUsage;
      }
      std::printf("compiled %-20s %9.1f ms\n", c.stage.c_str(), c.compileMs);
      Job j;
      j.ptx = std::move(c.ptx);
      j.manifest = std::move(c.manifest);
      j.compileMs = c.compileMs;
      jobs.push_back(std::move(j));
    }
#else
    std::cerr << "gemm-run: this is a runtime-only build (no MLIR, GEMM_OPT_RUNTIME_ONLY): it cannot compile; use "
                 "AOT mode: gemm-run --ptx FILE --manifest FILE\n";
    return kExitUsage;
#endif
  }
  if (jobs.empty())
    usageError("nothing to run");

  if (!o.emitDir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(o.emitDir, ec);
    for (const Job &j : jobs) {
      std::string base = o.emitDir + "/" + j.manifest.stage;
      if (!writeFile(base + ".ptx", j.ptx) || !writeFile(base + ".json", toJson(j.manifest))) {
        std::cerr << "gemm-run: error: cannot write " << base << ".ptx/.json\n";
        return kExitUsage;
      }
    }
  }
  if (o.compileOnly) {
    std::printf("compile-only: %zu stage(s) compiled; the GPU was not touched\n", jobs.size());
    printCompileSummary(jobs);
    return kExitPass;
  }

  RunInfo info;
  info.commandLine = commandLine;
  info.options = o.bench;
  std::string reason;
  std::unique_ptr<CudaDriver> drv = CudaDriver::load(reason);
  if (drv && !drv->openDevice(o.device, reason))
    drv.reset();
  if (!drv) {
    std::cerr << "gemm-run: no CUDA device available (" << reason << "); nothing was run\n";
    if (!o.jsonFile.empty()) {
      info.haveDevice = false;
      info.noDeviceReason = reason;
      std::vector<StageResult> none;
      for (const Job &j : jobs) {
        StageResult r;
        r.stage = j.manifest.stage;
        r.op = j.manifest.op;
        r.chip = j.manifest.chip;
        r.compileMs = j.compileMs;
        r.shape = manifestShapeString(j.manifest);
        r.dtype = manifestDtypeString(j.manifest);
        r.beta = j.manifest.isMatmul() ? j.manifest.matmul.beta : 0;
        r.message = "no CUDA device";
        none.push_back(r);
      }
      if (!writeFile(o.jsonFile, resultsToJson(info, none)))
        std::cerr << "gemm-run: error: cannot write " << o.jsonFile << "\n";
    }
    return kExitNoDevice;
  }
  info.haveDevice = true;
  info.device = drv->device();
  const DeviceInfo &dev = info.device;
  std::printf("device %d: %s (%s), %d SMs, %.0f MHz, L2 %.0f MiB, %.0f GiB, driver %d.%d\n", dev.ordinal,
              dev.name.c_str(), dev.chip().c_str(), dev.smCount, dev.clockKHz / 1000.0, dev.l2Bytes / 1048576.0,
              dev.totalMemBytes / 1073741824.0, dev.driverVersion / 1000, (dev.driverVersion % 1000) / 10);

  std::unique_ptr<Cublas> cublas;
  bool needCublas = false;
  for (const Job &j : jobs)
    needCublas = needCublas || j.manifest.isMatmul();
  if (needCublas) {
    std::string cerr;
    cublas = Cublas::load(cerr);
    if (cublas) {
      try {
        cublas->init();
        info.cublasVersion = cublas->version();
        info.cublasPath = cublas->path();
        std::printf("cuBLAS %d (%s)\n", cublas->version(), cublas->path().c_str());
      } catch (const CudaError &e) {
        cerr = e.what();
        cublas.reset();
      }
    }
    if (!cublas)
      std::cerr << "gemm-run: warning: cuBLAS unavailable (" << cerr << "); matmul stages cannot be checked\n";
  }

  std::vector<StageResult> results;
  for (size_t i = 0; i < jobs.size(); ++i) {
    const Job &j = jobs[i];
    if (j.manifest.chip != dev.chip() && j.manifest.chip + "a" != dev.chip() && j.manifest.chip != dev.chip() + "a")
      std::cerr << "gemm-run: note: stage " << j.manifest.stage << " was compiled for " << j.manifest.chip
                << ", the device is " << dev.chip() << "\n";
    BenchOptions bo = o.bench;
    bo.stageIndex = static_cast<int>(i);
    StageResult r = runStage(*drv, cublas.get(), j.ptx, j.manifest, j.compileMs, bo);
    if (r.status == StageStatus::Error)
      std::printf("%-20s %-7s %s\n", r.stage.c_str(), stageStatusName(r.status),
                  r.message.substr(0, r.message.find('\n')).c_str());
    else
      std::printf("%-20s %-7s error %.3g (threshold %.0e), %.4f ms\n", r.stage.c_str(), stageStatusName(r.status),
                  r.error, r.threshold, r.ms);
    if (o.verbose && !r.jitInfoLog.empty())
      std::printf("JIT info log for %s:\n%s\n", r.stage.c_str(), r.jitInfoLog.c_str());
    std::fflush(stdout);
    results.push_back(std::move(r));
  }

  std::printf("\n");
  std::ostringstream table;
  printResultsTable(table, results);
  std::fputs(table.str().c_str(), stdout);

  if (!o.jsonFile.empty()) {
    if (!writeFile(o.jsonFile, resultsToJson(info, results)))
      std::cerr << "gemm-run: error: cannot write " << o.jsonFile << "\n";
  }

  bool anyError = false, anyFail = false;
  for (const StageResult &r : results) {
    anyError = anyError || r.status == StageStatus::Error || r.status == StageStatus::NotRun;
    anyFail = anyFail || r.status == StageStatus::Fail;
  }
  return anyError ? kExitRunError : anyFail ? kExitFail : kExitPass;
}
