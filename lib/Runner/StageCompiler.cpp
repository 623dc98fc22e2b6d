//===- StageCompiler.cpp - In-process compilation for gemm-run ------------===//
//
// gemm-run's JIT half: parse the input (or write the embedded default), run
// the same pipeline gemm-opt runs for each requested stage, and hand the PTX
// and launch manifest to the MLIR-free runtime.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Runtime/StageCompiler.h"
#include "EpilogueSource.h"

#include "gemm-opt/InitGemmOpt.h"
#include "gemm-opt/Pipelines/Pipelines.h"
#include "gemm-opt/Support/LaunchLimits.h"
#include "gemm-opt/Target/KernelBundle.h"
#include "gemm-opt/Transforms/Analysis/SoftmaxProblem.h"
#include "gemm-opt/Transforms/Gemm/RungPlanOptions.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/SourceMgr.h"

#include <chrono>

using namespace mlir;
namespace rt = ::gemm_opt::runtime;

namespace {

/// The indexing_maps of a linalg.matmul whose operands are stored as
/// `transposeA` / `transposeB` say (d0 = M, d1 = N, d2 = K; a batch_matmul's
/// batch first, which a shared B leaves out); empty for nn, whose default
/// maps the ops print without them.
std::string matmulIndexingMaps(bool transposeA, bool transposeB, bool batched,
                               bool sharedB) {
  if (!transposeA && !transposeB && !sharedB)
    return "";
  auto map = [&](StringRef results, bool entry = true) {
    if (!batched)
      return ("affine_map<(d0, d1, d2) -> (" + results + ")>").str();
    return ("affine_map<(b, d0, d1, d2) -> (" + StringRef(entry ? "b, " : "") +
            results + ")>")
        .str();
  };
  return "indexing_maps = [" + map(transposeA ? "d2, d0" : "d0, d2") + ", " +
         map(transposeB ? "d1, d2" : "d2, d1", !sharedB) + ", " +
         map("d0, d1") + "] ";
}

/// A dimension of a tensor type: "?" when dynamic.
std::string dimText(int64_t d) {
  return ShapedType::isDynamic(d) ? "?" : std::to_string(d);
}

/// The embedded default: C = A * B with C zero-initialised, on tensors; A
/// and B have their stored shapes (A K x M, B N x K when transposed). With
/// `batch` > 1 (or dynamic) a linalg.batch_matmul, every operand with the batch
/// first (B 2-D when `sharedB`: one weight for every entry). With an epilogue
/// the matmul accumulates into f32 and one linalg.generic applies the steps
/// and truncates to `outType` (EpilogueSource.h); without one the matmul
/// writes `outType` itself. A dynamic batch, `m` or `n` (ShapedType::kDynamic)
/// is read from A or B (tensor.dim: %batch, %m, %n) and sizes every
/// tensor.empty; a dynamic `k` is only in the operands' types.
std::string defaultMatmulSource(int64_t batch, int64_t m, int64_t n, int64_t k,
                                StringRef inType, StringRef outType,
                                bool transposeA, bool transposeB,
                                bool sharedB,
                                const rt::Epilogue &epilogue) {
  bool batched = batch != 1; // a dynamic batch included
  auto tensor = [&](int64_t rows, int64_t cols, StringRef elem,
                    bool entry = true) {
    if (batched && entry)
      return llvm::formatv("tensor<{0}x{1}x{2}x{3}>", dimText(batch),
                           dimText(rows), dimText(cols), elem)
          .str();
    return llvm::formatv("tensor<{0}x{1}x{2}>", dimText(rows), dimText(cols),
                         elem)
        .str();
  };
  std::string a = transposeA ? tensor(k, m, inType) : tensor(m, k, inType);
  std::string b = transposeB ? tensor(n, k, inType, !sharedB)
                             : tensor(k, n, inType, !sharedB);
  StringRef accType = epilogue.empty() ? outType : StringRef("f32");
  std::string acc = tensor(m, n, accType), c = tensor(m, n, outType);
  // Dynamic sizes of the results, read from where A and B store them
  // (after the batch): %m from A, %n from B.
  std::string dynamicSizes, emptySizes;
  auto readSize = [&](StringRef name, int64_t size, StringRef from,
                      int64_t dim, StringRef type) {
    if (!ShapedType::isDynamic(size))
      return;
    dynamicSizes += llvm::formatv("  %{0}dim = arith.constant {1} : index\n"
                                  "  %{0} = tensor.dim {2}, %{0}dim : {3}\n",
                                  name, dim, from, type)
                        .str();
    emptySizes += (emptySizes.empty() ? "%" : ", %") + name.str();
  };
  int64_t entry = batched ? 1 : 0;
  readSize("batch", batch, "%a", 0, a);
  readSize("m", m, "%a", entry + (transposeA ? 1 : 0), a);
  readSize("n", n, "%b", (batched && !sharedB ? 1 : 0) + (transposeB ? 0 : 1),
           b);
  ::gemm_opt::runner::EpilogueSource epi;
  if (!epilogue.empty())
    epi = ::gemm_opt::runner::epilogueSource(epilogue, batch, m, n, inType.str(),
                                           outType.str(), "%mm", "%r");
  return llvm::formatv(
      R"mlir(func.func @matmul(%a: {0}, %b: {1}{7}) -> {2} {{
  %zero = arith.constant 0.0 : {3}
{10}  %empty = tensor.empty({11}) : {6}
  %c = linalg.fill ins(%zero : {3}) outs(%empty : {6}) -> {6}
  %{9} = linalg.{5} {4}ins(%a, %b : {0}, {1}) outs(%c : {6}) -> {6}
{8}  return %r : {2}
}
)mlir",
      a, b, c, accType,
      matmulIndexingMaps(transposeA, transposeB, batched, sharedB),
      batched ? "batch_matmul" : "matmul", acc, epi.arguments, epi.ops,
      epilogue.empty() ? "r" : "mm", dynamicSizes, emptySizes)
      .str();
}

/// The elementwise cast of `%{from}` into `%{to}` by `op` (arith.extf or
/// arith.truncf), as torch-mlir writes `x.float()` / `y.half()`.
static std::string softmaxCastSource(StringRef from, StringRef fromType,
                                     StringRef to, StringRef toType,
                                     StringRef op, StringRef shape) {
  return llvm::formatv(
             R"mlir(  %{2}_empty = tensor.empty() : tensor<{5}x{3}>
  %{2} = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%{0} : tensor<{5}x{1}>) outs(%{2}_empty : tensor<{5}x{3}>) {{
  ^bb0(%in: {1}, %out: {3}):
    %v = {4} %in : {1} to {3}
    linalg.yield %v : {3}
  } -> tensor<{5}x{3}>
)mlir",
             from, fromType, to, toType, op, shape)
      .str();
}

/// The embedded default softmax: Y = softmax(X) over rows, on tensors. X
/// and Y of two types: torch's softmax(x.float()).to(dtype), the casts
/// around an f32 softmax, which gemm-fold-softmax-casts folds.
std::string defaultSoftmaxSource(int64_t rows, int64_t cols, StringRef type,
                                 StringRef outType) {
  std::string shape = llvm::formatv("{0}x{1}", rows, cols).str();
  StringRef soft = type == outType ? type : StringRef("f32");
  std::string body;
  if (type != soft)
    body += softmaxCastSource("x", type, "xf", soft, "arith.extf", shape);
  body +=
      llvm::formatv(
          "  %empty = tensor.empty() : tensor<{0}x{1}>\n"
          "  %{2} = linalg.softmax dimension(1) ins(%{3} : tensor<{0}x{1}>) "
          "outs(%empty : tensor<{0}x{1}>) -> tensor<{0}x{1}>\n",
          shape, soft, outType != soft ? "yf" : "y", type != soft ? "xf" : "x")
          .str();
  if (outType != soft)
    body += softmaxCastSource("yf", soft, "y", outType, "arith.truncf", shape);
  return llvm::formatv(
             "func.func @softmax(%x: tensor<{0}x{1}>) -> "
             "tensor<{0}x{2}> {{\n{3}  return %y : tensor<{0}x{2}>\n}\n",
             shape, type, outType, body)
      .str();
}

/// Parses "AxBxC..." into `rank` positive dimensions.
bool parseDims(const std::string &text, size_t rank,
               SmallVectorImpl<int64_t> &dims, std::string &error) {
  SmallVector<StringRef> parts;
  StringRef(text).split(parts, 'x');
  dims.assign(parts.size(), 0);
  bool ok = parts.size() == rank;
  for (size_t i = 0; ok && i < parts.size(); ++i)
    ok = !parts[i].getAsInteger(10, dims[i]) && dims[i] >= 1;
  if (!ok)
    error = "--shape expects " +
            std::string(rank == 3 ? "MxNxK" : "RxC") +
            " with positive integers, got '" + text + "'";
  return ok;
}

/// The embedded default input of `op` with an optional shape and type.
bool defaultSource(const rt::CompileRequest &request, std::string &source,
                   std::string &error) {
  std::string dtype = request.dtype.empty() ? "f32" : request.dtype;
  if (dtype != "f32" && dtype != "f16" && dtype != "bf16") {
    error = "--dtype expects f32, f16 or bf16, got '" + dtype + "'";
    return false;
  }
  SmallVector<int64_t> dims;
  if (request.op == "softmax") {
    if (!request.layout.empty() || request.batch != 1 || request.sharedB ||
        !request.epilogue.empty() || !request.dynamicDims.empty()) {
      error = "--layout, --batch, --shared-b, --epilogue and --dynamic apply "
              "to matmul only";
      return false;
    }
    std::string outType = request.outDtype.empty() ? dtype : request.outDtype;
    if (outType != "f32" && outType != "f16" && outType != "bf16") {
      error = "--out-dtype expects f32, f16 or bf16, got '" + outType + "'";
      return false;
    }
    dims = {16384, 4096};
    if (!request.shape.empty() && !parseDims(request.shape, 2, dims, error))
      return false;
    source = defaultSoftmaxSource(dims[0], dims[1], dtype, outType);
    return true;
  }
  if (!request.op.empty() && request.op != "matmul") {
    error = "unknown op '" + request.op + "'; expected matmul or softmax";
    return false;
  }
  dims = {4096, 4096, 4096};
  if (!request.shape.empty() && !parseDims(request.shape, 3, dims, error))
    return false;
  bool transposeA = false, transposeB = false;
  if (!request.layout.empty() &&
      !rt::parseMatmulLayout(request.layout, transposeA, transposeB)) {
    error = "--layout expects nn, nt, tn or tt, got '" + request.layout + "'";
    return false;
  }
  // f16/bf16 operands accumulate into an f32 result.
  if (request.batch < 1 || request.batch > ::gemm_opt::kMaxBatch) {
    error =
        "--batch expects 1 to 2147483647, got " + std::to_string(request.batch);
    return false;
  }
  if (request.sharedB && request.batch < 2) {
    error = "--shared-b shares B over a batch: it needs --batch 2 or more";
    return false;
  }
  if (request.sharedB && transposeB) {
    error = "--shared-b takes B as K x N (layout nn or tn): MLIR 22's "
            "linalg.batch_matmul cannot broadcast a transposed B";
    return false;
  }
  std::string outType = request.outDtype.empty() ? "f32" : request.outDtype;
  if (outType != "f32" && outType != "f16" && outType != "bf16") {
    error = "--out-dtype expects f32, f16 or bf16, got '" + outType + "'";
    return false;
  }
  rt::Epilogue epilogue;
  if (!rt::parseEpilogueList(request.epilogue, epilogue, error)) {
    error = "--epilogue: " + error;
    return false;
  }
  // Letters of "bmnk" in that order, at least one.
  StringRef dynamic = request.dynamicDims;
  size_t next = 0;
  bool inOrder = true;
  for (char letter : dynamic) {
    size_t found = StringRef("bmnk").find(letter, next);
    inOrder = inOrder && found != StringRef::npos;
    next = found + 1;
  }
  if (!inOrder) {
    error = "--dynamic expects letters of 'bmnk' in that order (e.g. m, nk, "
            "bmnk; b: the batch count), got '" +
            dynamic.str() + "'";
    return false;
  }
  for (auto [i, letter] : llvm::enumerate(StringRef("mnk")))
    if (dynamic.contains(letter))
      dims[i] = ShapedType::kDynamic;
  int64_t batch = dynamic.contains('b') ? ShapedType::kDynamic : request.batch;
  source =
      defaultMatmulSource(batch, dims[0], dims[1], dims[2], dtype, outType,
                          transposeA, transposeB, request.sharedB, epilogue);
  return true;
}

/// "file:line:col: error: message", as gemm-opt prints diagnostics (the
/// location as MLIR prints it when it holds no file position).
void printDiagnostic(llvm::raw_ostream &os, Location loc, StringRef severity,
                     const Diagnostic &diag) {
  if (auto file = loc->findInstanceOf<FileLineColLoc>())
    os << file.getFilename().getValue() << ":" << file.getLine() << ":"
       << file.getColumn();
  else
    os << loc;
  os << ": " << severity << ": " << diag << "\n";
}

StringRef severityName(DiagnosticSeverity s) {
  switch (s) {
  case DiagnosticSeverity::Error: return "error";
  case DiagnosticSeverity::Warning: return "warning";
  case DiagnosticSeverity::Remark: return "remark";
  case DiagnosticSeverity::Note: return "note";
  }
  return "error";
}

/// Collects diagnostics as text so that the runner can report them.
struct DiagnosticCollector {
  explicit DiagnosticCollector(MLIRContext &ctx)
      : handler(&ctx, [this](Diagnostic &diag) {
          llvm::raw_string_ostream os(text);
          printDiagnostic(os, diag.getLocation(),
                          severityName(diag.getSeverity()), diag);
          for (Diagnostic &note : diag.getNotes())
            printDiagnostic(os, note.getLocation(), "note", note);
          if (diag.getSeverity() == DiagnosticSeverity::Warning) {
            llvm::raw_string_ostream w(warnings);
            printDiagnostic(w, diag.getLocation(), "warning", diag);
          }
          return success();
        }) {}
  std::string text;
  /// The warnings alone (a compile that succeeds still reports them).
  std::string warnings;
  ScopedDiagnosticHandler handler;
};

std::string opOf(ModuleOp module) {
  std::string op = "matmul";
  module.walk([&](Operation *o) {
    if (mlir::gemm_opt::isSoftmaxOp(o))
      op = "softmax";
  });
  return op;
}

/// Parses the input file, or `source` when it is not empty (the embedded
/// default); null with `error` set when the file cannot be opened, null
/// alone when it does not parse (the diagnostics say why).
OwningOpRef<ModuleOp> parseInput(MLIRContext &context,
                                 const std::string &inputPath,
                                 const std::string &source,
                                 const std::string &sourceName,
                                 std::string &error) {
  llvm::SourceMgr sourceMgr;
  if (source.empty()) {
    auto file = openInputFile(inputPath, &error);
    if (!file)
      return nullptr;
    sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  } else {
    sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(source, sourceName),
        llvm::SMLoc());
  }
  return parseSourceFile<ModuleOp>(sourceMgr, &context);
}

} // namespace

bool rt::defaultInputSource(const CompileRequest &request,
                            std::string &source, std::string &error) {
  return defaultSource(request, source, error);
}

bool rt::inputKernelOps(const std::string &inputPath,
                        std::vector<std::string> &ops, std::string &error) {
  DialectRegistry registry;
  mlir::gemm_opt::registerGemmOptDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  DiagnosticCollector diagnostics(context);
  OwningOpRef<ModuleOp> module =
      parseInput(context, inputPath, "", inputPath, error);
  if (!module) {
    if (error.empty())
      error = "cannot parse " + inputPath + ":\n" + diagnostics.text;
    return false;
  }
  module->walk([&](Operation *op) {
    if (isa<linalg::MatmulOp>(op))
      ops.push_back("matmul");
    else if (isa<linalg::BatchMatmulOp>(op))
      ops.push_back("batch_matmul");
    else if (mlir::gemm_opt::isSoftmaxOp(op))
      ops.push_back("softmax");
  });
  return true;
}

std::vector<std::string> rt::availableStages(const std::string &op) {
  std::vector<std::string> names;
  for (const mlir::gemm_opt::StageInfo &s : mlir::gemm_opt::getStages())
    if (s.op == op)
      names.push_back(s.name.str());
  return names;
}

bool rt::compileStages(const CompileRequest &request,
                       std::vector<CompiledStage> &out, std::string &error) {
  DialectRegistry registry;
  mlir::gemm_opt::registerGemmOptDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  DiagnosticCollector diagnostics(context);

  std::string source;
  std::string sourceName = request.inputPath;
  if (!request.inputPath.empty() && !request.dynamicDims.empty()) {
    error = "--dynamic makes the embedded default's sizes dynamic; the input "
            "file '" +
            request.inputPath + "' fixes its own (write `?` in it)";
    return false;
  }
  if (request.inputPath.empty()) {
    if (!defaultSource(request, source, error))
      return false;
    sourceName = "<embedded default>";
  } else if (!request.shape.empty() || !request.dtype.empty() ||
             !request.layout.empty() || request.batch != 1 ||
             request.sharedB || !request.epilogue.empty() ||
             !request.outDtype.empty()) {
    error = "--shape, --dtype, --layout, --batch, --shared-b, --epilogue and "
            "--out-dtype describe the embedded default input; the input "
            "file '" +
            request.inputPath + "' fixes its own";
    return false;
  }

  OwningOpRef<ModuleOp> parsed =
      parseInput(context, request.inputPath, source, sourceName, error);
  if (!parsed && !error.empty())
    return false;
  if (!parsed) {
    error = "cannot parse " + sourceName + ":\n" + diagnostics.text;
    return false;
  }

  std::vector<std::string> stages = request.stages;
  if (stages.empty() || (stages.size() == 1 && stages[0] == "all"))
    stages = availableStages(opOf(*parsed));

  for (const std::string &stage : stages) {
    auto start = std::chrono::steady_clock::now();
    OwningOpRef<ModuleOp> module(cast<ModuleOp>((*parsed)->clone()));
    PassManager pm(&context);
    mlir::gemm_opt::CompileOptions options;
    options.stage = stage;
    options.chip = request.chip; // "": the input's target, else sm_90
    options.allowTf32 = request.allowTf32;
    options.smallM = request.smallM;
    options.tuningDb = request.tuningDb;
    options.tuningDbStrict = request.tuningDbStrict;
    options.tuningDevice = request.tuningDevice;
    // extractKernelBundle below checks the kernels (and gives the bundle).
    options.checkKernels = false;
    std::string pipelineError;
    if (failed(mlir::gemm_opt::buildCompilePipeline(pm, options, pipelineError))) {
      error = pipelineError;
      return false;
    }
    // The tensor-core rungs' plans, as a tuning database entry holds them.
    auto recorder = std::make_unique<mlir::gemm_opt::RungPlanRecorder>();
    mlir::gemm_opt::RungPlanRecorder &plans = *recorder;
    pm.addInstrumentation(std::move(recorder));
    diagnostics.text.clear();
    diagnostics.warnings.clear();
    if (failed(pm.run(*module))) {
      error = "stage '" + stage + "' failed to compile " + sourceName +
              ":\n" + diagnostics.text;
      return false;
    }
    // The manifest names the chip compiled for: the module's target, which
    // the pipeline recorded (wgmma: sm_90a for sm_90).
    FailureOr<mlir::gemm_opt::KernelBundle> bundle =
        mlir::gemm_opt::extractKernelBundle(*module, stage, "");
    if (failed(bundle)) {
      error = "stage '" + stage + "': " + diagnostics.text;
      return false;
    }
    double ms = std::chrono::duration<double, std::milli>(
                    std::chrono::steady_clock::now() - start)
                    .count();
    // A stage per function a runner calls (several: a version-4 manifest).
    std::string moduleManifest =
        bundle->functions.size() > 1 ? bundle->manifestJson() : "";
    for (mlir::gemm_opt::FunctionManifest &f : bundle->functions) {
      rt::CompiledStage compiled;
      compiled.stage = stage;
      compiled.moduleManifestText = moduleManifest;
      compiled.ptx = bundle->ptx;
      compiled.manifest = std::move(f.manifest);
      compiled.compileMs = ms;
      compiled.warnings = diagnostics.warnings;
      if (bundle->functions.size() == 1)
        compiled.plan = plans.parts();
      // A dynamic input gives a version-3 manifest, read as any runner
      // reads it (a compiler bug there is a compile error, not a launch).
      compiled.dynamicManifestText = std::move(f.dynamicManifest);
      if (compiled.isDynamic() &&
          !rt::parseDynamicManifest(compiled.dynamicManifestText,
                                    compiled.dynamic, error)) {
        error = "stage '" + stage + "': the compiler's version-3 " + error;
        return false;
      }
      if (!request.dynamicDims.empty() && !compiled.isDynamic()) {
        error = "stage '" + stage +
                "': the input has dynamic sizes, but the compiler wrote no "
                "version-3 manifest";
        return false;
      }
      out.push_back(std::move(compiled));
    }
  }
  return true;
}
