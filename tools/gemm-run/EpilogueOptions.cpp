//===- EpilogueOptions.cpp - gemm-run's fused-epilogue options ------------===//
#include "EpilogueOptions.h"
#include "gemm-opt/Runtime/Epilogue.h"


using namespace gemm_opt::runtime;
namespace cl = llvm::cl;

namespace gemm_run {

llvm::cl::OptionCategory &epilogueCategory() {
  static cl::OptionCategory category("Fused epilogue options (JIT mode, matmul; the embedded default input)");
  return category;
}

namespace {
cl::opt<std::string> epilogueList(
    "epilogue", cl::value_desc("LIST"),
    cl::desc("elementwise steps fused after the matmul, comma separated, in order: bias (+ a vector of N), "
             "row-scale (* a vector of M), residual (+ an M x N tensor), mask (+ one M x N matrix for every batch "
             "entry), mask-group=S (+ one per S consecutive entries: a mask per sequence over its S heads), "
             "mask-cycle=S (+ S matrices read in turn: a bias per head), bias-group=S (+ a vector of N per S "
             "consecutive entries: a key-padding mask per sequence), bias-cycle=S (+ S vectors of N read in turn: "
             "a column bias per head), row-scale-group=S (* a vector of M per S entries), row-scale-cycle=S (* S "
             "vectors of M read in turn), alpha=F (* F), beta=F (+ F * an M x N tensor), relu, gelu (tanh form), gelu-erf, silu, sigmoid, tanh; the embedded input becomes the "
             "matmul into f32 then one linalg.generic (checked against cuBLAS into f32 with the steps on the "
             "host; bias, bias,relu and bias,gelu also timed against cuBLASLt's fused epilogue)"),
    cl::init(""), cl::cat(epilogueCategory()));
cl::opt<std::string> outDtype(
    "out-dtype", cl::value_desc("f32|f16|bf16"),
    cl::desc(
        "the matmul's output (C) element type, the epilogue's one rounding "
        "(default f32); a softmax's Y, computed in f32 from X of --dtype "
        "(default --dtype)"),
    cl::cat(epilogueCategory()));
cl::opt<bool> printInput("print-input",
                         cl::desc("print the embedded default input (MLIR) that the options describe, then exit"),
                         cl::cat(epilogueCategory()));
} // namespace

std::string epilogueUsageError(bool softmax, bool aot, bool inputFile, int64_t batch) {
  Epilogue steps;
  std::string err;
  if (!parseEpilogueList(epilogueList, steps, err))
    return "--epilogue: " + err;
  for (const EpilogueStep &s : steps)
    if (s.span && batch % s.span)
      return "--epilogue: " + epilogueListString({s}) + " reads one " +
             (isVectorBroadcast(s.broadcast) ? "vector" : "matrix") + " per " + std::to_string(s.span) +
             " batch entries" +
             (isSpannedBroadcast(s.broadcast) || s.cycle ? " or " + std::to_string(s.span) + " in turn" : "") +
             ": --batch must be a multiple of " + std::to_string(s.span) + ", got " + std::to_string(batch);
  ElemType elem;
  if (outDtype.getNumOccurrences() && !parseElemType(outDtype, elem))
    return "--out-dtype must be f32, f16 or bf16, got '" + outDtype + "'";
  const bool given = epilogueOptionsGiven();
  if (!epilogueList.empty() && softmax)
    return "--epilogue applies to matmul only";
  if (given && aot)
    return "--epilogue and --out-dtype describe the compiled matmul; in AOT mode the manifest's problem says the "
           "epilogue and C's type";
  if (given && inputFile)
    return "--epilogue and --out-dtype describe the embedded default input; an input file fixes its own";
  if (printInput && (aot || inputFile))
    return "--print-input prints the embedded default input; it excludes an input file and --ptx/--manifest";
  return "";
}

bool epilogueOptionsGiven() { return !epilogueList.empty() || outDtype.getNumOccurrences(); }

void addEpilogueOptions(CompileRequest &request) {
  request.epilogue = epilogueList;
  request.outDtype = outDtype;
}

bool printInputRequested() { return printInput; }

std::string epilogueMismatchNote(const KernelManifest &m) {
  Epilogue asked;
  std::string err;
  if (epilogueList.empty() || !m.isMatmul() || !parseEpilogueList(epilogueList, asked, err))
    return "";
  const std::string got = epilogueListString(m.matmul.epilogue), want = epilogueListString(asked);
  if (got == want)
    return "";
  return "stage " + m.stage + ": the manifest's epilogue is '" + got + "', --epilogue asked for '" + want +
         "'; the check follows the manifest";
}

} // namespace gemm_run
