//===- DynamicOpsManifest.cpp - Variants of ops sharing a token count -----===//
//
// A variant of a function of several ops whose rows are one dynamic token
// count M is described as a version-2 manifest at its planned M
// (OpsManifest.cpp) and validated as such; its JSON is then read back and the
// planned M replaced by the symbol where it stands for the actual tokens: every
// op's rows, the token dimension of every buffer an op reads or writes by row
// (arguments, results and the intermediates between ops alike, so that a
// runner sizes the intermediates for the actual M), tensor maps over those
// rows, and the grids and parameters computed from each op's M argument.
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

/// Which of the first `leading` dimensions of `shape` holds the tokens: one
/// an earlier op already made the symbol, else the dynamic dimension of the
/// rows collapsed there (dynamicLeadingDim).
static FailureOr<size_t> tokensDimension(const json::Array &shape,
                                         size_t leading, int64_t planned) {
  for (size_t d = 0; d < leading && d < shape.size(); ++d)
    if (shape[d].getAsObject())
      return d;
  return dynamicLeadingDim(shape, leading, planned, planned);
}

namespace {
/// The template parts of one variant, made op by op.
class OpsSymbolizer {
public:
  OpsSymbolizer(func::FuncOp f, int64_t planned) : f(f), planned(planned) {
    SymbolicInt e;
    e.sym = "M";
    tokens = symbolicJson(e);
  }
  LogicalResult symbolizeOp(size_t index, const rt::OpDesc &op,
                            json::Object &problem, json::Array &buffers);
  LogicalResult symbolizeKernel(json::Object &kernel,
                                const KernelSymbols &symbols);

private:
  func::FuncOp f;
  int64_t planned;
  json::Value tokens = nullptr;
  /// The buffers whose first size is the tokens (A stored M x K, C, X, Y,
  /// epilogue operands read by row): a tensor map's outer extent over them
  /// is the rows.
  std::set<std::string> rowsFirst;
};
} // namespace

LogicalResult OpsSymbolizer::symbolizeOp(size_t index, const rt::OpDesc &op,
                                         json::Object &problem,
                                         json::Array &buffers) {
  int64_t rows = op.isMatmul() ? op.matmul.m : op.softmax.rows;
  if (rows != planned || (op.isMatmul() && op.matmul.batch != 1))
    return f.emitError("op #")
           << index << " (" << op.op << ") has " << rows
           << " rows in the variant planned at " << planned
           << " tokens; every op's rows must be the dynamic token count";
  StringRef rowsSize = op.isMatmul() ? "M" : kSoftmaxRowsSymbol;
  problem[op.isMatmul() ? "m" : "rows"] = tokens;
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
    // Rows spread over leading dimensions ([1, ?, K]): the dynamic one.
    if (position == 0 && shape->size() > sizes.size()) {
      FailureOr<size_t> lead = tokensDimension(*shape, d + 1, planned);
      if (failed(lead))
        return f.emitError("buffer ")
               << name << " holds the token rows of op #" << index << " in "
               << d + 1 << " dimensions, none of them its planned " << planned
               << " beside static ones of product 1";
      d = *lead;
    }
    if ((*shape)[d] != tokens && (*shape)[d].getAsInteger() != planned)
      return f.emitError("buffer ")
             << name << " of op #" << index << " does not have the planned "
             << planned << " tokens in dimension " << d;
    (*shape)[d] = tokens;
    if (position == 0)
      rowsFirst.insert(name);
  }
  return success();
}

LogicalResult OpsSymbolizer::symbolizeKernel(json::Object &kernel,
                                             const KernelSymbols &symbols) {
  json::Array &grid = *kernel.getArray("grid");
  for (int d = 0; d < 3; ++d)
    if (symbols.grid[d])
      grid[d] = symbolicJson(*symbols.grid[d]);
  json::Array &params = *kernel.getArray("params");
  for (auto [i, e] : symbols.params)
    (*params[i].getAsObject())["value"] = symbolicJson(e);
  for (json::Value &param : params) {
    json::Object &p = *param.getAsObject();
    if (*p.getString("abi") != "tensormap" ||
        !rowsFirst.count(p.getString("buffer")->str()))
      continue;
    // A map over token rows: its outer extent is the rows.
    json::Array &dims = *p.getArray("dims");
    if (dims.size() != 2 || dims[1].getAsInteger() != planned)
      return f.emitError("a tensor map over buffer ")
             << *p.getString("buffer") << " does not cover its planned "
             << planned << " token rows";
    dims[1] = tokens;
  }
  return success();
}

FailureOr<VariantJson>
mlir::gemm_opt::symbolizeOpsVariant(func::FuncOp f, const rt::KernelManifest &m,
                                    const std::vector<KernelSymbols> &symbols,
                                    int64_t planned) {
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
  OpsSymbolizer symbolizer(f, planned);
  for (auto [i, op] : llvm::enumerate(out.ops))
    if (failed(symbolizer.symbolizeOp(
            i, m.ops[i], *op.getAsObject()->getObject("problem"), out.buffers)))
      return failure();
  for (auto [k, kernel] : llvm::enumerate(out.kernels))
    if (failed(symbolizer.symbolizeKernel(*kernel.getAsObject(), symbols[k])))
      return failure();
  return out;
}
