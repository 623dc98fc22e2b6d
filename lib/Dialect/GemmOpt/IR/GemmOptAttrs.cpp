//===- GemmOptAttrs.cpp - Problems and plans of gemm-opt ------------------===//
//
// The attributes' verifiers: what must hold on every chip. The plans'
// rules are in PlanChecks.cpp, shared with the C++ plans' validate(chip).
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Dialect/GemmOpt/IR/GemmOptAttrs.h"
#include "gemm-opt/Support/EpilogueVocabulary.h"
#include "gemm-opt/Support/LaunchLimits.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <cstdlib>
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::gemm_opt;

// The steps of #gemm_opt.epilogue<[...]>, each without its
// #gemm_opt.epilogue_step prefix.
static ParseResult parseEpilogueSteps(AsmParser &parser,
                                      SmallVector<EpilogueStepAttr> &steps) {
  return parser.parseCommaSeparatedList([&]() -> ParseResult {
    EpilogueStepAttr step;
    if (parser.parseCustomAttributeWithFallback(step))
      return failure();
    steps.push_back(step);
    return success();
  });
}
static void printEpilogueSteps(AsmPrinter &printer,
                               ArrayRef<EpilogueStepAttr> steps) {
  llvm::interleaveComma(steps, printer, [&](EpilogueStepAttr step) {
    printer.printStrippedAttrOrType(step);
  });
}

#define GET_ATTRDEF_CLASSES
#include "gemm-opt/Dialect/GemmOpt/IR/GemmOptAttrs.cpp.inc"

void GemmOptDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "gemm-opt/Dialect/GemmOpt/IR/GemmOptAttrs.cpp.inc"
      >();
}

FailureOr<bool> mlir::gemm_opt::parseBoolParameter(AsmParser &parser) {
  if (succeeded(parser.parseOptionalKeyword("true")))
    return true;
  if (succeeded(parser.parseOptionalKeyword("false")))
    return false;
  return parser.emitError(parser.getCurrentLocation(),
                          "expected 'true' or 'false'");
}

FailureOr<llvm::APFloat>
mlir::gemm_opt::parseF64Parameter(AsmParser &parser) {
  double value;
  if (parser.parseFloat(value))
    return failure();
  return llvm::APFloat(value);
}

FailureOr<std::optional<llvm::APFloat>>
mlir::gemm_opt::parseOptionalF64Parameter(AsmParser &parser) {
  FailureOr<llvm::APFloat> value = parseF64Parameter(parser);
  if (failed(value))
    return failure();
  return std::optional<llvm::APFloat>(*value);
}

void mlir::gemm_opt::printF64Parameter(AsmPrinter &printer,
                                       const llvm::APFloat &apValue) {
  // Shortest form that reads back exactly, always with a '.' or exponent.
  double value = apValue.convertToDouble();
  std::string text;
  for (int precision = 6; precision <= 17; ++precision) {
    text = llvm::formatv("{0}", llvm::format("%.*g", precision, value)).str();
    if (std::strtod(text.c_str(), nullptr) == value)
      break;
  }
  // MLIR's float literals need a '.' before any exponent.
  if (text.find('.') == std::string::npos)
    text.insert(std::min(text.find('e'), text.size()), ".0");
  printer << text;
}

/// Fails with `why` when it is not empty.
static LogicalResult failIf(function_ref<InFlightDiagnostic()> emitError,
                            const std::string &why) {
  if (why.empty())
    return success();
  return emitError() << why;
}

//===----------------------------------------------------------------------===//
// Problems
//===----------------------------------------------------------------------===//

std::string mlir::gemm_opt::elementTypeName(Type type) {
  if (type.isF32())
    return "f32";
  if (type.isF16())
    return "f16";
  if (type.isBF16())
    return "bf16";
  std::string name;
  llvm::raw_string_ostream os(name);
  type.print(os);
  return name;
}

std::string mlir::gemm_opt::checkMatmulElementTypes(Type a, Type b, Type c) {
  auto isSupported = [](Type t) { return t.isF32() || t.isF16() || t.isBF16(); };
  for (Type t : {a, b, c})
    if (!isSupported(t))
      return "element type " + elementTypeName(t) +
             " is not supported; expected f32, f16 or bf16";
  if (a != b)
    return "A and B must have the same element type, got " +
           elementTypeName(a) + " and " + elementTypeName(b);
  if (a.isF32() && !c.isF32())
    return "f32 inputs need an f32 result, got " + elementTypeName(c);
  if (!a.isF32() && !c.isF32() && c != a)
    return elementTypeName(a) + " inputs accumulate into f32 or " +
           elementTypeName(a) + ", got " + elementTypeName(c);
  return "";
}

/// Every extent of a problem is at least 1.
static std::string checkExtents(
    std::initializer_list<std::pair<const char *, int64_t>> extents) {
  for (auto [name, v] : extents)
    if (v < 1)
      return std::string(name) + " = " + std::to_string(v) +
             " must be at least 1";
  return "";
}

//===----------------------------------------------------------------------===//
// Epilogues
//===----------------------------------------------------------------------===//

bool EpilogueStepAttr::isUnary() const {
  return llvm::is_contained(::gemm_opt::epilogue::kUnaryOps, getOp());
}

LogicalResult
EpilogueStepAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         StringRef broadcast, bool cycle, StringRef op,
                         int64_t operand, llvm::APFloat operandScaleValue,
                         std::optional<llvm::APFloat> scalar, int64_t span) {
  double operandScale = operandScaleValue.convertToDouble();
  bool hasOperand = operand != -1;
  if (!std::isfinite(operandScale) ||
      (scalar && !std::isfinite(scalar->convertToDouble())))
    return emitError() << "epilogue numbers must be finite";
  if (llvm::is_contained(::gemm_opt::epilogue::kUnaryOps, op)) {
    if (hasOperand || scalar || !broadcast.empty() || operandScale != 1.0 ||
        span || cycle)
      return emitError() << "unary step '" << op << "' takes no operand";
    return success();
  }
  if (!llvm::is_contained(::gemm_opt::epilogue::kBinaryOps, op))
    return emitError() << "unknown epilogue step '" << op
                       << "'; expected add, sub, mul, div, max, min, relu, "
                          "gelu_tanh, gelu_erf, silu, sigmoid or tanh";
  if (hasOperand == scalar.has_value())
    return emitError() << "binary step '" << op
                       << "' needs exactly one of scalar and operand";
  if (scalar && (!broadcast.empty() || operandScale != 1.0 || span || cycle))
    return emitError()
           << "a scalar step has no broadcast, operand_scale, span or cycle";
  if (hasOperand && (operand < 0 || operand >= ::gemm_opt::epilogue::kMaxOperands))
    return emitError() << "operand = " << operand << " must name E0..E"
                       << ::gemm_opt::epilogue::kMaxOperands - 1;
  if (hasOperand &&
      !llvm::is_contained({"col", "row", "none", "batch", "group", "cycle"},
                          broadcast))
    return emitError() << "broadcast '" << broadcast
                       << "' must be col, row, none, batch, group or cycle";
  // A group or cycle of one entry is "none"'s read; a vector per group of
  // one entry is a vector per entry.
  bool spanned = broadcast == "group" || broadcast == "cycle";
  bool vector = broadcast == "col" || broadcast == "row";
  if (spanned ? span < 2 : vector ? span < 0 : span != 0)
    return emitError() << "span = " << span
                       << (spanned  ? " must be at least 2 for broadcast '"
                           : vector ? " must not be negative for broadcast '"
                                    : " applies only to broadcast group or "
                                      "cycle (at least 2), col or row, not "
                                      "to '")
                       << broadcast << "'";
  // Vectors read in turn: as a cycle of matrices, at least 2 of them.
  if (cycle && (!vector || span < 2))
    return emitError() << "cycle applies only to broadcast col or row with a "
                          "span of at least 2, not to '"
                       << broadcast << "' with span = " << span;
  return success();
}

int64_t EpilogueAttr::getNumOperands() const {
  int64_t count = 0;
  for (EpilogueStepAttr step : getSteps())
    count = std::max(count, step.getOperand() + 1);
  return count;
}

LogicalResult
EpilogueAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                     ArrayRef<EpilogueStepAttr> steps) {
  if (steps.empty())
    return emitError() << "an epilogue has at least one step";
  // E0, E1, ... in order of first use; a later step may read one again
  // (with the same broadcast: it is one buffer).
  SmallVector<StringRef> broadcasts;
  SmallVector<int64_t> spans;
  SmallVector<bool> cycles;
  for (EpilogueStepAttr step : steps) {
    if (!step)
      return emitError() << "null epilogue step";
    int64_t i = step.getOperand();
    if (i < 0)
      continue;
    int64_t next = broadcasts.size();
    if (i > next)
      return emitError() << "operand steps must name E0, E1, ... in order of "
                            "first use; expected at most E"
                         << next << ", got E" << i;
    if (i == next) {
      broadcasts.push_back(step.getBroadcast());
      spans.push_back(step.getSpan());
      cycles.push_back(step.getCycle());
    } else if (broadcasts[i] != step.getBroadcast() ||
               spans[i] != step.getSpan() || cycles[i] != step.getCycle()) {
      auto named = [](StringRef broadcast, int64_t span, bool cycle) {
        return "'" + broadcast.str() + "'" +
               (span ? " (span " + std::to_string(span) +
                           (cycle ? ", cycle" : "") + ")"
                     : "");
      };
      return emitError() << "E" << i << " is read with broadcasts "
                         << named(broadcasts[i], spans[i], cycles[i]) << " and "
                         << named(step.getBroadcast(), step.getSpan(),
                                  step.getCycle());
    }
  }
  return success();
}

LogicalResult MatmulProblemAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, Type a, bool accumulate,
    Type b, int64_t bGroup, int64_t batch, Type c, int64_t cHeads,
    EpilogueAttr epilogue, int64_t k, int64_t m, int64_t n, bool sharedB,
    bool transposeA, bool transposeB) {
  // The kernel writes the fused consumer's output: nothing to add to.
  if (epilogue && accumulate)
    return emitError() << "a fused epilogue needs accumulate = false (C is "
                          "the epilogue's output)";
  std::string why =
      checkExtents({{"batch", batch}, {"m", m}, {"n", n}, {"k", k}});
  // The kernels' grid (z, or x past 65535 entries) and cuBLAS's int count.
  if (why.empty() && batch > ::gemm_opt::kMaxBatch)
    why = "batch = " + std::to_string(batch) + " exceeds 2^31 - 1";
  if (why.empty())
    why = checkMatmulElementTypes(a, b, c);
  // Heads of C split the batch; nothing is added to such a C.
  if (why.empty() && (cHeads < 1 || batch % cHeads))
    why = "c_heads = " + std::to_string(cHeads) +
          " must be positive and divide batch = " + std::to_string(batch);
  if (why.empty() && cHeads > 1 && accumulate)
    why = "c_heads needs accumulate = false (C is written, never read)";
  // A group of entries reading one B entry divides the batch; a shared B
  // is already one for every entry.
  if (why.empty() && (bGroup < 1 || batch % bGroup))
    why = "b_group = " + std::to_string(bGroup) +
          " must be positive and divide batch = " + std::to_string(batch);
  if (why.empty() && bGroup > 1 && sharedB)
    why = "b_group needs a batched B (shared_b already shares one B)";
  // A group or cycle of entries divides the batch.
  if (why.empty() && epilogue)
    for (EpilogueStepAttr step : epilogue.getSteps())
      if (step.getSpan() > 0 && batch % step.getSpan())
        return emitError() << "epilogue operand E" << step.getOperand()
                           << " (broadcast " << step.getBroadcast() << ", span "
                           << step.getSpan()
                           << ") needs a batch that span divides, got batch = "
                           << batch;
  return failIf(emitError, why);
}

LogicalResult
SoftmaxProblemAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           int64_t cols, int64_t rows, Type x, Type y) {
  std::string why = checkExtents({{"rows", rows}, {"cols", cols}});
  // The kernels compute in f32: X and Y may each be any of the three
  // (torch's softmax(x.float()).half() once its casts are folded).
  for (Type t : {x, y})
    if (why.empty() && !(t.isF32() || t.isF16() || t.isBF16()))
      why = "element type " + elementTypeName(t) +
            " is not supported; expected f32, f16 or bf16";
  return failIf(emitError, why);
}

//===----------------------------------------------------------------------===//
// Plans
//===----------------------------------------------------------------------===//

LogicalResult SimtPlanAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, int64_t aPad,
    bool aTransposed, int64_t bPad, int64_t bXor, int64_t bk, int64_t bm,
    int64_t bn, int64_t fragM, int64_t fragN, int64_t groupM, int64_t maxRegs,
    bool pipelineEdges, bool programmaticReduction, bool readOnly,
    bool registerPrefetch, int64_t splitK, bool stagedA, bool stagedB,
    int64_t stages, int64_t tm, int64_t tn, int64_t vector, bool warpTiled,
    int64_t wm, int64_t wn) {
  return failIf(emitError,
                checkSimtPlan(aPad, aTransposed, bPad, bXor, bk, bm, bn, fragM,
                              fragN, groupM, maxRegs, pipelineEdges,
                              programmaticReduction, readOnly,
                              registerPrefetch, splitK, stagedA, stagedB,
                              stages, tm, tn, vector, warpTiled, wm, wn));
}

LogicalResult
MmaPlanAttr::verify(function_ref<InFlightDiagnostic()> emitError, int64_t bk,
                    int64_t bm, int64_t bn, int64_t elemBytes, int64_t groupM,
                    int64_t maxRegs, int64_t stages, int64_t wm, int64_t wn) {
  return failIf(emitError, checkMmaPlan(bk, bm, bn, elemBytes, groupM, maxRegs,
                                        stages, wm, wn));
}

LogicalResult
GemvPlanAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                     int64_t unroll, int64_t warps) {
  return failIf(emitError, checkGemvPlan(unroll, warps));
}

LogicalResult
SwapAbPlanAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                       int64_t kWarps, int64_t rowTiles, int64_t unroll) {
  return failIf(emitError, checkSwapAbPlan(kWarps, rowTiles, unroll));
}

LogicalResult WgmmaPlanAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, int64_t bk, int64_t bm,
    int64_t bn, int64_t cElemBytes, int64_t clusterM, int64_t clusterN,
    int64_t consumerRegs, int64_t elemBytes, int64_t groupM, int64_t maxRegs,
    bool persistent, int64_t persistentBlocks, bool pingpong,
    int64_t producerRegs, int64_t splitK, bool stagedA, bool stagedB,
    int64_t stages, int64_t storeBuffers, bool streamK, bool swapAb,
    bool tmaStore, bool warpSpecialized, int64_t warpgroups) {
  return failIf(emitError,
                checkWgmmaPlan(bk, bm, bn, cElemBytes, clusterM, clusterN,
                               consumerRegs, elemBytes, groupM, maxRegs,
                               persistent, persistentBlocks, pingpong,
                               producerRegs, splitK, stagedA, stagedB, stages,
                               storeBuffers, streamK, swapAb, tmaStore,
                               warpSpecialized, warpgroups));
}

static bool isPow2(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

LogicalResult SoftmaxPlanAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, StringRef algo,
    int64_t chunks, int64_t cluster, bool ftzExp, StringRef kernel,
    int64_t maxRegisters, bool packed, int64_t pipelineRows, StringRef reduce,
    int64_t rowsPerBlock, int64_t sharedChunks, StringRef storage,
    int64_t streamChunks, int64_t threadsPerRow, int64_t vector) {
  auto oneOf = [](StringRef v, std::initializer_list<StringRef> names) {
    return llvm::is_contained(names, v);
  };
  auto s = [](int64_t v) { return std::to_string(v); };
  std::string why;
  if (!oneOf(algo, {"three-pass", "fused", "online"}))
    why = "algo \"" + algo.str() + "\" must be three-pass, fused or online";
  else if (!oneOf(storage, {"registers", "shared", "reread", "hybrid"}))
    why = "storage \"" + storage.str() +
          "\" must be registers, shared, reread or hybrid";
  else if (!oneOf(reduce, {"smem-tree", "shuffle"}))
    why = "reduce \"" + reduce.str() + "\" must be smem-tree or shuffle";
  else if (kernel.empty())
    why = "kernel must name the launch's part of the plan";
  else if (!isPow2(threadsPerRow) || threadsPerRow > 1024)
    why = "threads_per_row = " + s(threadsPerRow) +
          " must be a power of two in [1, 1024]";
  else if (rowsPerBlock < 1 || threadsPerRow * rowsPerBlock > 1024)
    why = "rows_per_block = " + s(rowsPerBlock) + " must be at least 1 and " +
          "give at most 1024 threads per block";
  else if (!isPow2(vector) || vector > 8)
    why = "vector = " + s(vector) + " must be a power of two in [1, 8]";
  else if (chunks < 1 || streamChunks < 1 || sharedChunks < 0)
    why = "chunks and stream_chunks must be at least 1, shared_chunks at "
          "least 0";
  else if (cluster < 1 || cluster > 16)
    why = "cluster = " + s(cluster) + " must be in [1, 16]";
  else if (pipelineRows < 1 || (pipelineRows > 1 && cluster == 1))
    why = "pipeline_rows = " + s(pipelineRows) +
          " must be at least 1, and 1 without a cluster";
  else if (maxRegisters < 0 || maxRegisters > 255)
    why = "max_registers = " + s(maxRegisters) + " must be in [0, 255]";
  return failIf(emitError, why);
}
