//===- DynamicManifest.cpp - The version-3 manifest of dynamic variants ---===//
//
// Each variant is first described exactly as a static function of one op
// (KernelBundle.cpp) at its planned sizes, and validated as such: what
// holds there holds for the template (a variant of several ops sharing a
// token count: DynamicOpsManifest.cpp). The version-1 JSON is then read back
// and each planned size replaced by expressions of its symbol where the IR
// says it stands for the actual one: grids and parameters from the ops the
// kernel builders computed on the host (describeLaunches), buffer
// dimensions and tensor map rows from the problem's roles and layout.
//
//===----------------------------------------------------------------------===//

#include "DynamicManifest.h"
#include "DynamicTemplate.h"
#include "OpsManifest.h"
#include "gemm-opt/Runtime/DynamicManifest.h"
#include "gemm-opt/Runtime/Manifest.h"
#include "gemm-opt/Support/EpilogueVocabulary.h"
#include "gemm-opt/Support/LaunchLimits.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Dispatch/DynamicVariants.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <set>

using namespace mlir;
using namespace mlir::gemm_opt;
namespace rt = ::gemm_opt::runtime;
namespace json = llvm::json;

/// The size each dimension of a buffer of `role` stands for: A, B and C by
/// the layout, epilogue operands by how they broadcast ("col": [N], "row":
/// [M], none and batch: [M, N]); empty for other buffers.
SmallVector<StringRef, 2>
mlir::gemm_opt::dimensionSizes(const rt::MatmulProblem &p, StringRef role) {
  if (role == "X" || role == "Y") // a softmax's
    return {kSoftmaxRowsSymbol, kSoftmaxColsSymbol};
  if (role == "A")
    return p.transposeA ? SmallVector<StringRef, 2>{"K", "M"}
                        : SmallVector<StringRef, 2>{"M", "K"};
  if (role == "B")
    return p.transposeB ? SmallVector<StringRef, 2>{"N", "K"}
                        : SmallVector<StringRef, 2>{"K", "N"};
  if (role == "C")
    return {"M", "N"};
  for (const rt::EpilogueStep &step : p.epilogue)
    if (step.operand == role)
      return step.broadcast == rt::EpilogueBroadcast::Col   ? SmallVector<StringRef, 2>{"N"}
             : step.broadcast == rt::EpilogueBroadcast::Row ? SmallVector<StringRef, 2>{"M"}
                                                            : SmallVector<StringRef, 2>{"M", "N"};
  return {};
}

/// The buffers whose first dimension is M: A (stored M x K), C and
/// epilogue operands read by row.
static std::set<std::string> rowBuffers(const rt::MatmulProblem &p) {
  std::set<std::string> roles;
  std::vector<std::string> candidates = {"A", "C"};
  for (const rt::EpilogueStep &step : p.epilogue)
    candidates.push_back(step.operand);
  for (const std::string &role : candidates)
    if (SmallVector<StringRef, 2> sizes = dimensionSizes(p, role);
        !sizes.empty() && sizes.front() == "M")
      roles.insert(role);
  return roles;
}

void mlir::gemm_opt::symbolizeLaunch(json::Object &kernel,
                                     const KernelSymbols &symbols) {
  json::Array &grid = *kernel.getArray("grid");
  for (int d = 0; d < 3; ++d)
    if (symbols.grid[d])
      grid[d] = symbolicJson(*symbols.grid[d]);
  json::Array &params = *kernel.getArray("params");
  for (auto [i, e] : symbols.params)
    (*params[i].getAsObject())["value"] = symbolicJson(e);
}

/// A tensor map over a batched buffer covers its entries stacked (dims
/// [cols, batch * rows], LaunchDescription.cpp): with a dynamic batch count
/// its outer extent is that many entries' rows.
LogicalResult mlir::gemm_opt::symbolizeBatchedMap(func::FuncOp f,
                                                  json::Object &param,
                                                  const json::Array &buffers,
                                                  const SymbolBinding &batch) {
  StringRef name = *param.getString("buffer");
  const json::Array *shape = nullptr;
  for (const json::Value &b : buffers)
    if (b.getAsObject()->getString("name") == name)
      shape = b.getAsObject()->getArray("shape");
  json::Array &dims = *param.getArray("dims");
  // Buffers of one entry (a shared B) keep their static map.
  if (!shape || shape->size() != 3 || !(*shape)[0].getAsObject())
    return success();
  std::optional<int64_t> rows = (*shape)[1].getAsInteger();
  if (!rows || dims.size() != 2 ||
      dims[1].getAsInteger() != batch.planned * *rows)
    return f.emitError("a tensor map over buffer ")
           << name << " does not cover its planned batch of entries";
  SymbolicInt e;
  e.sym = batch.name;
  e.mul = *rows;
  dims[1] = symbolicJson(e);
  return success();
}

/// Of the first `leading` dimensions of `shape`, collapsed into the
/// matmul's `rows`, which one is the dynamic dimension planned at `planned`
/// (rows / planned is the static dimensions' product: 1 for a [1, ?, K]
/// activation, 4 for [4, ?, K]); failure when there is none. Several may
/// have the extent (a variant planned at one row, [1, 1, K]): the last is
/// taken, the tokens of [batch, ?, K] and [batch, heads, ?, d] (the other
/// variants, planned at other sizes, must agree, or the manifest writer
/// reports that they disagree).
FailureOr<size_t> mlir::gemm_opt::dynamicLeadingDim(const json::Array &shape,
                                                    size_t leading,
                                                    int64_t rows,
                                                    int64_t planned) {
  int64_t product = 1;
  std::optional<size_t> found;
  for (size_t d = 0; d < leading; ++d) {
    std::optional<int64_t> extent = shape[d].getAsInteger();
    if (!extent)
      return failure();
    product *= *extent;
    if (*extent == planned)
      found = d;
  }
  if (!found || product != rows)
    return failure();
  return *found;
}

/// Records `factor`, the rows per planned dynamic size, as the manifest's
/// step (`first` variant) or checks it against the step of the variants
/// before.
static LogicalResult takeStep(func::FuncOp f, const DynamicVariant &v,
                              StringRef rowsName, int64_t factor, bool first,
                              int64_t &step) {
  if (!first && factor != step)
    return f.emitError("the variants of '")
           << v.of << "' collapse different static dimensions into "
           << rowsName;
  step = factor;
  return success();
}

/// How many rows of M each of the variant's planned dynamic dimension holds:
/// the static dimensions collapsed with it into the rows ([4, ?, K]: 4); 1
/// when it is M itself. The buffers then hold M / factor (symbolize), which
/// only a variant of M alone describes so far. Sets `step` for the `first`
/// variant; every other's must be the same.
static LogicalResult rowsFactor(func::FuncOp f, const DynamicVariant &v,
                                const rt::KernelManifest &m,
                                ArrayRef<SymbolBinding> bindings, bool first,
                                int64_t &step) {
  // A softmax's rows ([b, ?, C]: b times the dynamic dimension) are its
  // binding's planned extent, that dimension the variant's planned size.
  bool softmax = m.op == "softmax";
  StringRef rowsName = softmax ? StringRef(kSoftmaxRowsSymbol) : "M";
  int64_t rows = softmax ? m.softmax.rows : m.matmul.m;
  int64_t factor = 1;
  if (v.planned && v.symbol == rowsName && *v.planned >= 1 &&
      rows % *v.planned == 0)
    factor = rows / *v.planned;
  else if (v.planned && v.symbol == rowsName)
    return f.emitError("the planned ")
           << rowsName << " " << rows
           << " is no multiple of the planned dynamic size " << *v.planned;
  if (failed(takeStep(f, v, rowsName, factor, first, step)))
    return failure();
  // A softmax's columns are independent of its rows.
  if (factor == 1 || softmax)
    return success();
  if (bindings.size() != 1 || m.matmul.batch != 1)
    return f.emitError("the dynamic M is ")
           << m.matmul.m / *v.planned
           << " times a dynamic dimension (static ones collapsed with it into "
              "the rows) beside another dynamic size: not compiled yet; "
              "only M may then be dynamic";
  return success();
}

static FailureOr<VariantJson>
symbolize(func::FuncOp f, const rt::KernelManifest &m,
          ArrayRef<SymbolBinding> bindings,
          const std::vector<KernelSymbols> &symbols, int64_t rowsFactor) {
  llvm::Expected<json::Value> parsed = json::parse(rt::toJson(m));
  if (!parsed) {
    llvm::consumeError(parsed.takeError());
    return f.emitError("cannot read back the variant's manifest");
  }
  json::Object &doc = *parsed->getAsObject();
  VariantJson out;
  out.problem = std::move(*doc.getObject("problem"));
  out.buffers = std::move(*doc.getArray("buffers"));
  out.kernels = std::move(*doc.getArray("kernels"));
  if (json::Value *arguments = doc.get("arguments"))
    out.arguments = std::move(*arguments);
  auto bound = [&](StringRef name) -> const SymbolBinding * {
    for (const SymbolBinding &b : bindings)
      if (b.name == name)
        return &b;
    return nullptr;
  };
  auto plain = [](StringRef name) {
    SymbolicInt e;
    e.sym = name.str();
    return symbolicJson(e);
  };
  // A group's or cycle's extent is no multiple of a dynamic batch count.
  for (const rt::EpilogueStep &step : m.matmul.epilogue)
    if (step.span && bound(kBatchSymbol))
      return f.emitError("epilogue operand ")
             << step.operand
             << " is read per group or cycle of batch entries (a mask per "
                "sequence or a bias per head): not compiled with a dynamic "
                "batch count yet";
  for (const SymbolBinding &b : bindings)
    out.problem[StringRef(b.name).lower()] = plain(b.name);
  // Buffer dimensions by what they stand for; a batched buffer's first is
  // the batch (scratch copies of batched operands included).
  for (json::Value &buffer : out.buffers) {
    json::Object &b = *buffer.getAsObject();
    SmallVector<StringRef, 3> sizes(
        dimensionSizes(m.matmul, *b.getString("role")));
    json::Array &shape = *b.getArray("shape");
    if (m.matmul.batch > 1 && shape.size() == 3 &&
        (sizes.size() == 2 || *b.getString("role") == "scratch"))
      sizes.insert(sizes.begin(), kBatchSymbol);
    // Which dimension of the buffer each size is: the first size may be
    // spread over several leading dimensions (rows of a 3-D activation
    // collapsed into the matmul's rows).
    // A scratch copy of a batched operand knows only its batch, first.
    bool batchOnly = sizes.size() == 1 && sizes.front() == kBatchSymbol;
    SmallVector<size_t, 3> at(sizes.size());
    for (size_t i = 0; i < sizes.size(); ++i)
      at[i] = shape.size() >= sizes.size() && !batchOnly
                  ? shape.size() - sizes.size() + i
                  : i; // too few: the check below
    // Spread over them, the rows' dimension is M / rowsFactor.
    int64_t divisor = 1;
    if (!batchOnly && shape.size() > sizes.size() && !sizes.empty() &&
        bound(sizes.front())) {
      divisor = sizes.front() == "M" || sizes.front() == kSoftmaxRowsSymbol
                    ? rowsFactor
                    : 1;
      int64_t rows = bound(sizes.front())->planned;
      FailureOr<size_t> d = dynamicLeadingDim(
          shape, shape.size() - sizes.size() + 1, rows, rows / divisor);
      if (failed(d))
        return f.emitError("buffer ")
               << *b.getString("name") << " holds the dynamic " << sizes.front()
               << " in " << shape.size()
               << " dimensions, none of them its planned " << rows / divisor
               << " beside static ones of product " << divisor;
      at.front() = *d;
    }
    for (auto [i, size] : llvm::enumerate(sizes)) {
      const SymbolBinding *binding = bound(size);
      if (!binding)
        continue;
      size_t d = at[i];
      int64_t q = i == 0 ? divisor : 1;
      if (d >= shape.size() || shape[d].getAsInteger() != binding->planned / q)
        return f.emitError("buffer ")
               << *b.getString("name") << " does not have the planned " << size
               << (q == 1 ? "" : " / " + std::to_string(q)) << " in dimension "
               << d;
      SymbolicInt e;
      e.sym = size;
      e.div = q;
      shape[d] = symbolicJson(e);
    }
  }
  std::set<std::string> rows = rowBuffers(m.matmul);
  for (auto [k, kernel] : llvm::enumerate(out.kernels)) {
    json::Object &o = *kernel.getAsObject();
    symbolizeLaunch(o, symbols[k]);
    for (json::Value &param : *o.getArray("params")) {
      json::Object &p = *param.getAsObject();
      if (*p.getString("abi") != "tensormap")
        continue;
      StringRef buffer = *p.getString("buffer");
      SmallVector<StringRef, 2> sizes = dimensionSizes(m.matmul, buffer);
      if (llvm::any_of(sizes, [&](StringRef s) { return s != "M" && bound(s); }))
        return f.emitError("a tensor map over buffer ")
               << buffer << " has a dynamic N or K; only rows may be dynamic";
      if (const SymbolBinding *batch = bound(kBatchSymbol)) {
        if (failed(symbolizeBatchedMap(f, p, out.buffers, *batch)))
          return failure();
        continue;
      }
      if (!bound("M") || !rows.count(buffer.str()))
        continue;
      // A map over an M-row buffer: its outer extent is the rows.
      json::Array &dims = *p.getArray("dims");
      if (dims.size() != 2 || dims[1].getAsInteger() != bound("M")->planned)
        return f.emitError("a tensor map over buffer ")
               << buffer << " does not cover its planned M rows";
      dims[1] = plain("M");
    }
  }
  return out;
}

/// The largest M for which `m`'s grids computed from M (`symbols`) stay
/// within CUDA's grid limits and its M-row buffers within
/// rt::kMaxBufferBytes together.
static int64_t largestM(const rt::KernelManifest &m,
                        const std::vector<KernelSymbols> &symbols) {
  int64_t most = kMaxSymbolValue;
  const int64_t limits[3] = {::gemm_opt::kMaxGridX, ::gemm_opt::kMaxGridYZ,
                             ::gemm_opt::kMaxGridYZ};
  for (const KernelSymbols &k : symbols)
    for (int d = 0; d < 3; ++d)
      if (const std::optional<SymbolicInt> &e = k.grid[d]; e && !e->min)
        most = std::min(most, limits[d] / e->mul * e->ceilDiv);
  // Bytes per row of M over the M-row buffers; the others are fixed.
  std::set<std::string> rows = rowBuffers(m.matmul);
  uint64_t rowBytes = 0, fixed = 0;
  for (const rt::BufferDesc &b : m.buffers) {
    if (rows.count(b.role) && !b.shape.empty())
      rowBytes += b.sizeBytes() / m.matmul.m; // [M, N], [4, M / 4, N]
    else
      fixed += b.sizeBytes();
  }
  if (rowBytes && fixed < rt::kMaxBufferBytes)
    most = std::min<int64_t>(most, (rt::kMaxBufferBytes - fixed) / rowBytes);
  return most;
}

/// The size arguments of a variant compiling `problem` (a matmul or a
/// softmax), each with the size it is planned for.
static SmallVector<SymbolBinding> bindingsOf(func::FuncOp f,
                                             Attribute problem) {
  SmallVector<std::pair<StringRef, int64_t>> sizes;
  if (auto matmul = dyn_cast<MatmulProblemAttr>(problem))
    sizes = {{kBatchSymbol, matmul.getBatch()},
             {"M", matmul.getM()},
             {"N", matmul.getN()},
             {"K", matmul.getK()}};
  else if (auto softmax = dyn_cast<SoftmaxProblemAttr>(problem))
    sizes = {{kSoftmaxRowsSymbol, softmax.getRows()},
             {kSoftmaxColsSymbol, softmax.getCols()}};
  SmallVector<SymbolBinding> bindings;
  for (auto [name, planned] : sizes)
    if (Value argument = getSymbolArgument(f, name))
      bindings.push_back({name.str(), argument, planned});
  return bindings;
}

/// A variant of one op described at its planned sizes, validated, and
/// turned into template parts; `maxM` gets the largest M its launches take.
static FailureOr<VariantJson>
describeOneOpVariant(func::FuncOp f, const DynamicVariant &v, StringRef ptx,
                     DynamicParts &d, SmallVector<SymbolBinding> &bindings,
                     int64_t &maxM) {
  auto problems = f->getAttrOfType<ArrayAttr>(kFunctionProblemsAttr);
  Attribute problem =
      problems && problems.size() == 1 ? problems[0] : Attribute();
  bindings = problem ? bindingsOf(f, problem) : SmallVector<SymbolBinding>();
  if (bindings.empty() || !getSymbolArgument(f, v.symbol))
    return f.emitError("a dynamic variant must compile one matmul or "
                       "softmax and carry its size arguments");
  std::vector<KernelSymbols> symbols;
  FailureOr<rt::KernelManifest> m =
      describeOneOpFunction(f, ptx, bindings, &symbols);
  if (failed(m))
    return failure();
  m->stage = d.stage;
  m->chip = d.chip;
  m->func = v.of;
  std::string error;
  if (!rt::validateManifest(*m, error))
    return f.emitError("cannot describe the compiled kernels: ") << error;
  // largestM counts the M-row buffers of a 2-D matmul.
  if (v.hi == kMaxSymbolValue && v.symbol == "M" && bindings.size() == 1 &&
      m->matmul.batch == 1)
    maxM = std::min(maxM, largestM(*m, symbols));
  if (failed(rowsFactor(f, v, *m, bindings, !d.first, d.step)))
    return failure();
  d.op = m->op;
  return symbolize(f, *m, bindings, symbols, d.step);
}

/// A variant of several ops sharing the token count M, described as a
/// version-2 manifest at its planned M, validated, and turned into template
/// parts (DynamicOpsManifest.cpp).
static FailureOr<VariantJson>
describeOpsVariant(func::FuncOp f, const DynamicVariant &v, StringRef ptx,
                   DynamicParts &d, SmallVector<SymbolBinding> &bindings) {
  // Of the sizes of one op (x @ x.T outlined: its N too), none is taken.
  Value shared = getSymbolArgument(f, v.symbol);
  bool onlyShared = llvm::all_of(f.getArguments(), [&](BlockArgument arg) {
    auto name = f.getArgAttrOfType<StringAttr>(arg.getArgNumber(), kSymbolAttr);
    return !name || name.getValue() == v.symbol;
  });
  bool batch = v.symbol == kBatchSymbol;
  if ((v.symbol != "M" && !batch) || !v.planned || !shared || !onlyShared)
    return f.emitError("a dynamic variant whose ops have functions of their "
                       "own (several ops, or one reading a buffer twice) "
                       "must have the token count M or a batch count as its "
                       "one dynamic size");
  rt::KernelManifest m;
  m.stage = d.stage;
  m.chip = d.chip;
  m.func = v.of;
  std::vector<KernelSymbols> symbols;
  if (failed(describeOpsFunction(f, ptx, m, &symbols)))
    return failure();
  std::string error;
  if (!rt::validateManifest(m, error))
    return f.emitError("cannot describe the compiled kernels: ") << error;
  int64_t factor = 1;
  FailureOr<VariantJson> parts =
      batch ? symbolizeBatchOpsVariant(f, m, symbols, *v.planned)
            : symbolizeOpsVariant(f, m, symbols, *v.planned, factor);
  if (failed(parts))
    return failure();
  if (failed(takeStep(f, v, v.symbol, factor, !d.first, d.step)))
    return failure();
  bindings = {{v.symbol, shared, *v.planned * factor}};
  return parts;
}

FailureOr<std::string> mlir::gemm_opt::describeDynamicFunction(
    ArrayRef<func::FuncOp> variants, StringRef ptx, StringRef stage,
    StringRef chip) {
  DynamicParts d;
  d.stage = stage.str();
  d.chip = chip.str();
  // With M alone: the largest M every launch of the last variant can
  // take: a grid dimension computed from M stays within CUDA's limits, and
  // the M-row buffers within the manifest's bytes.
  int64_t maxM = kMaxSymbolValue;
  bool firstIsOneRow = false;
  for (func::FuncOp f : variants) {
    DynamicVariant v = *getDynamicVariant(f);
    SmallVector<SymbolBinding> bindings;
    FailureOr<VariantJson> parts =
        callsOutlinedOps(f)
            ? describeOpsVariant(f, v, ptx, d, bindings)
            : describeOneOpVariant(f, v, ptx, d, bindings, maxM);
    if (failed(parts))
      return failure();
    if (!d.first) {
      firstIsOneRow = v.lo == 1 && v.hi == 1;
      d.first = *parts;
      d.source = v.of;
      for (const SymbolBinding &b : bindings)
        d.symbols.push_back({b.name, maxM});
    } else if (d.first->problem != parts->problem ||
               d.first->ops != parts->ops ||
               !mergeBuffers(d.first->buffers, parts->buffers,
                             firstIsOneRow && !(v.lo == 1 && v.hi == 1))) {
      return f.emitError("the variants of '")
             << v.of << "' disagree on the problem or the buffers";
    }
    json::Object entry;
    if (v.hi != kMaxSymbolValue) // over the dimension M is step times
      entry["when"] =
          json::Object{{v.symbol, json::Array{v.lo * d.step, v.hi * d.step}}};
    entry["kernels"] = std::move(parts->kernels);
    d.table.push_back(std::move(entry));
  }
  // M is a multiple of the step (the rows per token).
  int64_t most =
      (maxM != kMaxSymbolValue ? maxM : largestCommonSize(d)) / d.step * d.step;
  for (auto &symbol : d.symbols)
    symbol.second = most;
  return writeDynamicManifest(d);
}
