//===- DynamicOpsManifest.cpp - Variants of ops sharing a dynamic size ----===//
//
// A variant of a function of several ops whose rows are one dynamic token
// count is described as a version-2 manifest at its planned tokens
// (OpsManifest.cpp) and validated as such; its JSON is then read back and the
// planned rows replaced by the symbol M where they stand for the actual rows:
// every op's rows, the rows of every buffer an op reads or writes by row
// (arguments, results and the intermediates between ops alike, so that a
// runner sizes the intermediates for the actual M), tensor maps over those
// rows, and the grids and parameters computed from each op's M argument.
// With static dimensions collapsed beside the tokens ([2, ?, K] read as
// 2 * tokens rows) M is the rows, a multiple of that factor, and a buffer's
// token dimension M / factor.
//
// A variant of ops batched over one dynamic count (attention's batch_matmuls
// and softmaxes over [?, q, k]) is symbolized alike over the symbol batch:
// each matmul's batch, each softmax's rows (batch * q), the first dimension
// of every buffer of entries, the tensor maps over them (symbolizeBatchedMap)
// and the grids and parameters computed from the batch argument.
//
//===----------------------------------------------------------------------===//

#include "DynamicTemplate.h"
#include "gemm-opt/Transforms/Dispatch/DynamicVariants.h"

#include "llvm/ADT/STLExtras.h"

#include <set>

using namespace mlir;
using namespace mlir::gemm_opt;
namespace rt = ::gemm_opt::runtime;
namespace json = llvm::json;

/// Which of the first `leading` dimensions of `shape`, collapsed into
/// `rows`, holds the tokens: one an earlier op already made an expression
/// of the symbol, else the dynamic dimension planned at `planned`
/// (dynamicLeadingDim).
static FailureOr<size_t> tokensDimension(const json::Array &shape,
                                         size_t leading, int64_t rows,
                                         int64_t planned) {
  for (size_t d = 0; d < leading && d < shape.size(); ++d)
    if (shape[d].getAsObject())
      return d;
  return dynamicLeadingDim(shape, leading, rows, planned);
}

namespace {
/// The template parts of one variant, made op by op.
class OpsSymbolizer {
public:
  OpsSymbolizer(func::FuncOp f, int64_t planned, int64_t factor)
      : f(f), planned(planned), rows(planned * factor) {
    SymbolicInt e;
    e.sym = "M";
    allRows = symbolicJson(e);
    e.div = factor;
    tokens = symbolicJson(e);
  }
  LogicalResult symbolizeOp(size_t index, const rt::OpDesc &op,
                            json::Object &problem, json::Array &buffers);
  LogicalResult symbolizeKernel(json::Object &kernel,
                                const KernelSymbols &symbols);

private:
  func::FuncOp f;
  /// The planned tokens, and the rows every op has at them.
  int64_t planned, rows;
  /// M (the rows) and M / factor (the tokens) as the manifest writes them.
  json::Value allRows = nullptr, tokens = nullptr;
  /// The buffers whose first size is the tokens (A stored M x K, C, X, Y,
  /// epilogue operands read by row): a tensor map's outer extent over them
  /// is the rows.
  std::set<std::string> rowsFirst;
};
} // namespace

LogicalResult OpsSymbolizer::symbolizeOp(size_t index, const rt::OpDesc &op,
                                         json::Object &problem,
                                         json::Array &buffers) {
  int64_t opRows = op.isMatmul() ? op.matmul.m : op.softmax.rows;
  if (opRows != rows || (op.isMatmul() && op.matmul.batch != 1))
    return f.emitError("op #")
           << index << " (" << op.op << ") has " << opRows
           << " rows in the variant planned at " << planned
           << " tokens, where the first op has " << rows
           << "; every op's rows must be the dynamic token count, times the "
              "same static dimensions collapsed with it";
  StringRef rowsSize = op.isMatmul() ? "M" : kSoftmaxRowsSymbol;
  problem[op.isMatmul() ? "m" : "rows"] = allRows;
  for (const auto &[role, name] : op.operands) {
    SmallVector<StringRef, 2> sizes =
        op.isMatmul() ? dimensionSizes(op.matmul, role)
                      : SmallVector<StringRef, 2>{rowsSize, "cols"};
    const auto *at = llvm::find(sizes, rowsSize);
    if (at == sizes.end())
      continue; // B, column vectors
    json::Object *buffer = nullptr;
    for (json::Value &b : buffers)
      if (b.getAsObject()->getString("name") == StringRef(name))
        buffer = b.getAsObject();
    json::Array *shape = buffer ? buffer->getArray("shape") : nullptr;
    size_t position = at - sizes.begin();
    if (!shape || shape->size() < sizes.size())
      return f.emitError("buffer ")
             << name << " of op #" << index
             << " does not have the shape of its role " << role;
    size_t d = shape->size() - sizes.size() + position;
    // Rows spread over leading dimensions ([2, ?, K]): the dynamic one, the
    // tokens; else the dimension holds all rows (an intermediate [M, N]).
    bool spread = position == 0 && shape->size() > sizes.size();
    if (spread) {
      FailureOr<size_t> lead = tokensDimension(*shape, d + 1, rows, planned);
      if (failed(lead))
        return f.emitError("buffer ")
               << name << " holds the token rows of op #" << index << " in "
               << d + 1 << " dimensions, none of them its planned " << planned
               << " beside static ones of product " << rows / planned;
      d = *lead;
    }
    const json::Value &size = spread ? tokens : allRows;
    if ((*shape)[d] != size &&
        (*shape)[d].getAsInteger() != (spread ? planned : rows))
      return f.emitError("buffer ")
             << name << " of op #" << index << " does not have the planned "
             << (spread ? planned : rows) << " " << (spread ? "tokens" : "rows")
             << " in dimension " << d;
    (*shape)[d] = size;
    if (position == 0)
      rowsFirst.insert(name);
  }
  return success();
}

LogicalResult OpsSymbolizer::symbolizeKernel(json::Object &kernel,
                                             const KernelSymbols &symbols) {
  symbolizeLaunch(kernel, symbols);
  for (json::Value &param : *kernel.getArray("params")) {
    json::Object &p = *param.getAsObject();
    if (*p.getString("abi") != "tensormap" ||
        !rowsFirst.count(p.getString("buffer")->str()))
      continue;
    // A map over token rows: its outer extent is the rows.
    json::Array &dims = *p.getArray("dims");
    if (dims.size() != 2 || dims[1].getAsInteger() != rows)
      return f.emitError("a tensor map over buffer ")
             << *p.getString("buffer") << " does not cover its planned " << rows
             << " token rows";
    dims[1] = allRows;
  }
  return success();
}

/// The variant's version-2 JSON as template parts, not yet symbolized.
static FailureOr<VariantJson>
readBackOps(func::FuncOp f, const rt::KernelManifest &m,
            const std::vector<KernelSymbols> &symbols) {
  llvm::Expected<json::Value> parsed = json::parse(rt::toJson(m));
  if (!parsed) {
    llvm::consumeError(parsed.takeError());
    return f.emitError("cannot read back the variant's manifest");
  }
  json::Object &doc = *parsed->getAsObject();
  if (doc.get("results"))
    return f.emitError("a variant of several ops names its results; a "
                       "function with dynamic dimensions returns each "
                       "buffer of its own once");
  VariantJson out;
  out.ops = std::move(*doc.getArray("ops"));
  out.buffers = std::move(*doc.getArray("buffers"));
  out.kernels = std::move(*doc.getArray("kernels"));
  if (out.kernels.size() != symbols.size())
    return f.emitError("the variant's kernels and their sizes disagree");
  if (m.ops.empty())
    return f.emitError("a variant of several ops describes no op");
  return out;
}

FailureOr<VariantJson>
mlir::gemm_opt::symbolizeOpsVariant(func::FuncOp f, const rt::KernelManifest &m,
                                    const std::vector<KernelSymbols> &symbols,
                                    int64_t planned, int64_t &factor) {
  FailureOr<VariantJson> out = readBackOps(f, m, symbols);
  if (failed(out))
    return failure();
  // The first op's rows per token; every op must have as many.
  const rt::OpDesc &first = m.ops.front();
  int64_t firstRows = first.isMatmul() ? first.matmul.m : first.softmax.rows;
  if (planned < 1 || firstRows % planned != 0)
    return f.emitError("op #0 (")
           << first.op << ") has " << firstRows
           << " rows, no multiple of the variant's planned " << planned
           << " tokens; every op's rows must be the dynamic token count, "
              "times static dimensions collapsed with it";
  factor = firstRows / planned;
  OpsSymbolizer symbolizer(f, planned, factor);
  for (auto [i, op] : llvm::enumerate(out->ops))
    if (failed(symbolizer.symbolizeOp(i, m.ops[i],
                                      *op.getAsObject()->getObject("problem"),
                                      out->buffers)))
      return failure();
  for (auto [k, kernel] : llvm::enumerate(out->kernels))
    if (failed(symbolizer.symbolizeKernel(*kernel.getAsObject(), symbols[k])))
      return failure();
  return out;
}

/// The shape of buffer `name` of `buffers`, or null.
static json::Array *shapeOf(json::Array &buffers, StringRef name) {
  for (json::Value &b : buffers)
    if (b.getAsObject()->getString("name") == name)
      return b.getAsObject()->getArray("shape");
  return nullptr;
}

FailureOr<VariantJson> mlir::gemm_opt::symbolizeBatchOpsVariant(
    func::FuncOp f, const rt::KernelManifest &m,
    const std::vector<KernelSymbols> &symbols, int64_t planned) {
  FailureOr<VariantJson> out = readBackOps(f, m, symbols);
  if (failed(out))
    return failure();
  auto batchTimes = [](int64_t mul) {
    SymbolicInt e;
    e.sym = kBatchSymbol.str();
    e.mul = mul;
    return symbolicJson(e);
  };
  // Every buffer of entries (3-D, the planned count first: arguments,
  // results, intermediates and the kernels' scratch) holds the actual count;
  // a static mask broadcast over the entries or a shared B keeps its shape.
  for (json::Value &b : out->buffers) {
    json::Array &shape = *b.getAsObject()->getArray("shape");
    if (shape.size() == 3 && shape[0].getAsInteger() == planned)
      shape[0] = batchTimes(1);
  }
  for (auto [i, opJson] : llvm::enumerate(out->ops)) {
    const rt::OpDesc &op = m.ops[i];
    json::Object &problem = *opJson.getAsObject()->getObject("problem");
    int64_t entries = op.isMatmul() ? op.matmul.batch : planned;
    if (entries != planned ||
        (!op.isMatmul() && op.softmax.rows % planned != 0))
      return f.emitError("op #")
             << i << " (" << op.op << ") is not batched over the variant's "
             << planned << " planned entries";
    if (op.isMatmul())
      problem["batch"] = batchTimes(1);
    else
      problem["rows"] = batchTimes(op.softmax.rows / planned);
    // A matmul's A and C, a softmax's X and Y: buffers of entries.
    for (const auto &[role, name] : op.operands) {
      if (role != "A" && role != "C" && role != "X" && role != "Y")
        continue;
      json::Array *shape = shapeOf(out->buffers, name);
      if (!shape || shape->empty() || !(*shape)[0].getAsObject())
        return f.emitError("buffer ") << name << " of op #" << i << " (" << role
                                      << ") is not 3-D with the planned "
                                      << planned << " entries first";
    }
  }
  SymbolBinding batch{kBatchSymbol.str(), Value(), planned};
  for (auto [k, kernel] : llvm::enumerate(out->kernels)) {
    json::Object &o = *kernel.getAsObject();
    symbolizeLaunch(o, symbols[k]);
    for (json::Value &param : *o.getArray("params"))
      if (*param.getAsObject()->getString("abi") == "tensormap" &&
          failed(symbolizeBatchedMap(f, *param.getAsObject(), out->buffers,
                                     batch)))
        return failure();
  }
  return out;
}
