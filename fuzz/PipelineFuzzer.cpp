//===- PipelineFuzzer.cpp - libFuzzer target: parser + stage pipelines ----===//
//
// What `gemm-opt --gemm-compile=...` and gemm-run's JIT (lib/Runner/
// StageCompiler.cpp) do with an input: parse MLIR, then run one stage's
// pipeline (buildCompilePipeline: gemm-verify-input, bufferization, the rung
// passes, the lowering to PTX) and extract the PTX + manifest.
//
// Input: MLIR text. A first line "// stage=NAME chip=sm_XY tf32=1" picks the
// stage (every seed in fuzz/corpus/pipeline has one); without a known stage
// one is picked from a hash of the input, so mutations reach every stage.
//
// Diagnostics are the expected outcome. Findings: crashes, assertions,
// sanitizer reports, hangs (libFuzzer -timeout), and a compiled stage whose
// manifest validateManifest rejects or that does not fit its own PTX (what
// gemm-run would refuse to run).
//
//===----------------------------------------------------------------------===//
#include "gemm-opt/InitGemmOpt.h"
#include "gemm-opt/Pipelines/Pipelines.h"
#include "gemm-opt/Runtime/DynamicManifest.h"
#include "gemm-opt/Runtime/PtxEntries.h"
#include "gemm-opt/Target/KernelBundle.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>

using namespace mlir;
namespace rt = ::gemm_opt::runtime;

namespace {

/// Inputs whose tensors or memrefs hold more elements than this are skipped
/// before any pass runs. The compile does not allocate per element, but a
/// folder may materialise a constant of such a type, and the fuzzer likes
/// inventing shapes like 2^40 x 2^40; 2^28 still reaches every plan that the
/// heuristics keep for large problems (4097^3, 1024 x 131072 rows, ...).
constexpr int64_t kMaxElements = int64_t(1) << 28;

bool hasHugeShape(ModuleOp module) {
  bool huge = false;
  auto checkType = [&](Type t) {
    t.walk([&](ShapedType s) {
      if (!s.hasRank())
        return;
      int64_t n = 1;
      for (int64_t d : s.getShape())
        if (!ShapedType::isDynamic(d) && (d < 0 || llvm::MulOverflow(n, d, n) || n > kMaxElements))
          huge = true;
    });
  };
  module->walk([&](Operation *op) {
    for (Type t : op->getResultTypes())
      checkType(t);
    for (Region &r : op->getRegions())
      for (Block &b : r)
        for (BlockArgument a : b.getArguments())
          checkType(a.getType());
    op->getAttrDictionary().walk([&](Type t) { checkType(t); });
  });
  return huge;
}

/// The value of "key=" in the first line, if it is a comment.
std::string headerValue(StringRef input, StringRef key) {
  StringRef line = input.split('\n').first;
  if (!line.starts_with("//"))
    return "";
  size_t at = line.find((key + "=").str());
  if (at == StringRef::npos)
    return "";
  return line.drop_front(at + key.size() + 1).split(' ').first.trim().str();
}

/// FNV-1a: stable across runs and builds (llvm::hash_value may be seeded).
uint64_t stableHash(StringRef s) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : s)
    h = (h ^ c) * 0x100000001b3ull;
  return h;
}

[[noreturn]] void finding(const std::string &what, StringRef stage) {
  std::fprintf(stderr, "gemm-opt-fuzz-pipeline: stage %s: %s\n", stage.str().c_str(), what.c_str());
  std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static DialectRegistry *registry = [] {
    auto *r = new DialectRegistry();
    mlir::gemm_opt::registerGemmOptDialects(*r);
    return r;
  }();
  // MLIR's lexer and SourceMgr read the buffer up to its terminating NUL
  // (what a file or a std::string has); libFuzzer's data has none, so the
  // input is copied into a string first.
  const std::string text(reinterpret_cast<const char *>(data), size);
  StringRef input(text);

  // A fresh context per input: nothing carries over, so every finding
  // reproduces from its input alone. One thread, like a CI machine.
  MLIRContext context(*registry, MLIRContext::Threading::DISABLED);
  context.loadAllAvailableDialects();
  // GEMM_OPT_FUZZ_VERBOSE=1 prints the diagnostics and the outcome, to
  // see what an input does (gemm-opt-fuzz-pipeline FILE).
  static const bool verbose = std::getenv("GEMM_OPT_FUZZ_VERBOSE") != nullptr;
  ScopedDiagnosticHandler quiet(&context, [](Diagnostic &d) {
    if (verbose)
      llvm::errs() << d.getLocation() << ": " << d << "\n";
    return success();
  });
  auto outcome = [](const char *what, StringRef stage) {
    if (verbose)
      llvm::errs() << "gemm-opt-fuzz-pipeline: stage " << stage << ": " << what << "\n";
  };

  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(input, ParserConfig(&context));
  if (!module || hasHugeShape(*module)) {
    outcome(module ? "skipped: a shape beyond kMaxElements" : "does not parse", "-");
    return -1; // not worth keeping in the corpus
  }

  mlir::gemm_opt::CompileOptions options;
  options.stage = headerValue(input, "stage");
  ArrayRef<mlir::gemm_opt::StageInfo> stages = mlir::gemm_opt::getStages();
  if (!mlir::gemm_opt::lookupStage(options.stage))
    options.stage = stages[stableHash(input) % stages.size()].name.str();
  options.chip = headerValue(input, "chip");
  if (!mlir::gemm_opt::isSupportedChip(options.chip))
    options.chip = "sm_90";
  options.allowTf32 = headerValue(input, "tf32") == "1";

  PassManager pm(&context);
  std::string error;
  if (failed(mlir::gemm_opt::buildCompilePipeline(pm, options, error)) || failed(pm.run(*module))) {
    outcome("diagnosed", options.stage);
    return 0;
  }
  FailureOr<std::string> chip =
      mlir::gemm_opt::resolveStageChip(*mlir::gemm_opt::lookupStage(options.stage), options.chip, error);
  if (failed(chip))
    finding("compiled, but resolveStageChip fails: " + error, options.stage);
  FailureOr<mlir::gemm_opt::KernelBundle> bundle =
      mlir::gemm_opt::extractKernelBundle(*module, options.stage, *chip); // = the module's target
  if (failed(bundle)) {
    outcome("diagnosed by extractKernelBundle", options.stage); // e.g. a grid beyond CUDA's limits
    return 0;
  }
  for (const mlir::gemm_opt::FunctionManifest &f : bundle->functions) {
    if (f.isDynamic()) {
      rt::DynamicManifest dynamic;
      if (!rt::parseDynamicManifest(f.dynamicManifest, dynamic, error))
        finding("the compiled version-3 manifest is invalid: " + error, options.stage);
      continue;
    }
    if (!rt::validateManifest(f.manifest, error))
      finding("the compiled manifest is invalid: " + error, options.stage);
    if (!rt::checkManifestAgainstPtx(f.manifest, bundle->ptx, error))
      finding("the compiled manifest does not fit its PTX: " + error, options.stage);
  }
  outcome("compiled", options.stage);
  return 0;
}
