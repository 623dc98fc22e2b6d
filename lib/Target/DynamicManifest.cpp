//===- DynamicManifest.cpp - The version-3 manifest of dynamic variants ---===//
//
// Each variant is first described exactly as a static function of one op
// (KernelBundle.cpp) at its planned sizes, and validated as such: what
// holds there holds for the template. The version-1 JSON is then read back
// and each planned size replaced by expressions of its symbol where the IR
// says it stands for the actual one: grids and parameters from the ops the
// kernel builders computed on the host (describeLaunches), buffer
// dimensions and tensor map rows from the problem's roles and layout.
//
//===----------------------------------------------------------------------===//

#include "DynamicManifest.h"
#include "LaunchDescription.h"
#include "gemm-opt/Runtime/DynamicManifest.h"
#include "gemm-opt/Runtime/Manifest.h"
#include "gemm-opt/Support/EpilogueVocabulary.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Dispatch/DynamicVariants.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <set>

using namespace mlir;
using namespace mlir::gemm_opt;
namespace rt = ::gemm_opt::runtime;
namespace json = llvm::json;

static json::Value symbolic(const SymbolicInt &e) {
  json::Object o{{"sym", e.sym}};
  if (e.div != 1)
    o["div"] = e.div;
  if (e.ceilDiv != 1)
    o["ceil_div"] = e.ceilDiv;
  if (e.mul != 1)
    o["mul"] = e.mul;
  if (e.min)
    o["min"] = *e.min;
  return o;
}

/// The size each dimension of a buffer of `role` stands for: A, B and C by
/// the layout, epilogue operands by how they broadcast ("col": [N], "row":
/// [M], none and batch: [M, N]); empty for other buffers.
static SmallVector<StringRef, 2> dimensionSizes(const rt::MatmulProblem &p,
                                                StringRef role) {
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

/// A tensor map over a batched buffer covers its entries stacked (dims
/// [cols, batch * rows], LaunchDescription.cpp): with a dynamic batch count
/// its outer extent is that many entries' rows.
static LogicalResult symbolizeBatchedMap(func::FuncOp f, json::Object &param,
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
  dims[1] = symbolic(e);
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
static FailureOr<size_t> dynamicLeadingDim(const json::Array &shape,
                                           size_t leading, int64_t rows,
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

/// How many rows of M each of the variant's planned dynamic dimension holds:
/// the static dimensions collapsed with it into the rows ([4, ?, K]: 4); 1
/// when it is M itself. The buffers then hold M / factor (symbolize), which
/// only a variant of M alone describes so far. Sets `step` for the `first`
/// variant; every other's must be the same.
static LogicalResult rowsFactor(func::FuncOp f, const DynamicVariant &v,
                                const rt::KernelManifest &m,
                                ArrayRef<SymbolBinding> bindings, bool first,
                                int64_t &step) {
  int64_t factor = 1;
  if (v.planned && v.symbol == "M" && *v.planned >= 1 &&
      m.matmul.m % *v.planned == 0)
    factor = m.matmul.m / *v.planned;
  else if (v.planned && v.symbol == "M")
    return f.emitError("the planned M ")
           << m.matmul.m << " is no multiple of the planned dynamic size "
           << *v.planned;
  if (!first && factor != step)
    return f.emitError("the variants of '")
           << v.of << "' collapse different static dimensions into M";
  step = factor;
  if (factor == 1)
    return success();
  if (bindings.size() != 1 || m.matmul.batch != 1)
    return f.emitError("the dynamic M is ")
           << m.matmul.m / *v.planned
           << " times a dynamic dimension (static ones collapsed with it into "
              "the rows) beside another dynamic size: not compiled yet; "
              "only M may then be dynamic";
  return success();
}

namespace {
/// One variant's version-1 description turned into template parts.
struct VariantJson {
  json::Object problem;
  json::Array buffers, kernels;
  json::Value arguments = nullptr; // the function's order, when recorded
};
} // namespace

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
  VariantJson out{std::move(*doc.getObject("problem")),
                  std::move(*doc.getArray("buffers")),
                  std::move(*doc.getArray("kernels"))};
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
    return symbolic(e);
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
      divisor = sizes.front() == "M" ? rowsFactor : 1;
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
      shape[d] = symbolic(e);
    }
  }
  std::set<std::string> rows = rowBuffers(m.matmul);
  for (auto [k, kernel] : llvm::enumerate(out.kernels)) {
    json::Object &o = *kernel.getAsObject();
    json::Array &grid = *o.getArray("grid");
    for (int d = 0; d < 3; ++d)
      if (symbols[k].grid[d])
        grid[d] = symbolic(*symbols[k].grid[d]);
    json::Array &params = *o.getArray("params");
    for (auto [i, e] : symbols[k].params)
      (*params[i].getAsObject())["value"] = symbolic(e);
    for (json::Value &param : params) {
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

/// `v` on one line: objects' keys sorted, except an expression's, which
/// are written sym, ceil_div, mul, min (docs/manifest.md).
static std::string compactJson(const json::Value &v) {
  const json::Object *o = v.getAsObject();
  if (const json::Array *a = v.getAsArray()) {
    std::string out = "[";
    for (auto [i, e] : llvm::enumerate(*a))
      out += (i ? "," : "") + compactJson(e);
    return out + "]";
  }
  if (!o)
    return llvm::formatv("{0}", v).str();
  SmallVector<std::string> keys;
  if (o->get("sym")) {
    for (StringRef k : ::gemm_opt::symbolic::kExpressionKeys)
      if (o->get(k))
        keys.push_back(k.str());
  } else {
    for (const auto &kv : *o)
      keys.push_back(kv.first.str());
    llvm::sort(keys);
  }
  std::string out = "{";
  for (auto [i, k] : llvm::enumerate(keys))
    out += (i ? "," : "") + llvm::formatv("{0}", json::Value(k)).str() + ":" +
           compactJson(*o->get(k));
  return out + "}";
}

/// The largest M for which `m`'s grids computed from M (`symbols`) stay
/// within CUDA's grid limits and its M-row buffers within
/// rt::kMaxBufferBytes together.
static int64_t largestM(const rt::KernelManifest &m,
                        const std::vector<KernelSymbols> &symbols) {
  int64_t most = kMaxSymbolValue;
  const int64_t limits[3] = {2147483647, 65535, 65535};
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

/// Adds a variant's `buffers` to the template's `into`: the same but for
/// scratch buffers, which only the variant's own kernels use (a variant of
/// one M is compiled as a static function, split-K partials included): a
/// new one is added, one of the same name and type grows to the larger
/// extent of each dimension. False when the buffers disagree otherwise.
/// Whether `one` (a buffer's shape in the variant planned at one row) and
/// `other` (another variant's) differ only in where the symbol stands among
/// dimensions of 1: at one row every dimension collapsed into the rows is 1
/// and dynamicLeadingDim takes the last ([1, ?, K]); a row vector stored
/// [?, 1] has it first, which the other variants show.
static bool sameButOneRowGuess(const json::Array &one,
                               const json::Array &other) {
  if (one.size() != other.size())
    return false;
  for (auto [a, b] : llvm::zip(one, other))
    if (a != b && !(a.getAsInteger() == 1 && b.getAsObject()) &&
        !(b.getAsInteger() == 1 && a.getAsObject()))
      return false;
  return true;
}

static bool mergeBuffers(json::Array &into, const json::Array &buffers,
                         bool intoIsOneRow) {
  auto scratch = [](const json::Object &b) {
    return b.getString("role") == StringRef("scratch");
  };
  auto find = [&](StringRef name) -> json::Object * {
    for (json::Value &b : into)
      if (b.getAsObject()->getString("name") == name)
        return b.getAsObject();
    return nullptr;
  };
  for (const json::Value &value : buffers) {
    const json::Object &b = *value.getAsObject();
    json::Object *mine = find(*b.getString("name"));
    if (mine && *mine == b)
      continue;
    if (mine && !scratch(b) && intoIsOneRow &&
        sameButOneRowGuess(*mine->getArray("shape"), *b.getArray("shape"))) {
      // The one-row variant's guess gives way to a variant of more rows.
      json::Object same = b;
      same["shape"] = json::Array(*mine->getArray("shape"));
      if (same == *mine) {
        *mine = b;
        continue;
      }
    }
    if (!scratch(b))
      return false;
    if (!mine) {
      into.push_back(value);
      continue;
    }
    const json::Array &shape = *b.getArray("shape");
    json::Array &grown = *mine->getArray("shape");
    if (!scratch(*mine) || mine->get("elem") != b.get("elem") ||
        grown.size() != shape.size())
      return false;
    for (auto [g, e] : llvm::zip(grown, shape))
      g = std::max(*g.getAsInteger(), *e.getAsInteger());
  }
  // Every template buffer but scratch is every variant's.
  return llvm::all_of(into, [&](const json::Value &value) {
    const json::Object &b = *value.getAsObject();
    return scratch(b) || llvm::any_of(buffers, [&](const json::Value &v) {
             return *v.getAsObject() == b;
           });
  });
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

namespace {
/// What the manifest's text is made of.
struct DynamicParts {
  std::string op, stage, chip, source;
  int64_t step = 1; // every M a multiple of it (rowsFactor), its min
  /// The symbols in declared order and their largest values.
  SmallVector<std::pair<std::string, int64_t>> symbols;
  std::optional<VariantJson> first;
  json::Array table;
};
} // namespace

/// One line per buffer and kernel, as the other versions write them
/// (llvm::json's compact form, keys sorted).
static std::string writeDynamicManifest(const DynamicParts &d) {
  std::string text;
  llvm::raw_string_ostream os(text);
  auto compact = [](const json::Value &v) { return compactJson(v); };
  os << "{\n  \"format\": \"" << rt::kManifestFormat << "\",\n"
     << "  \"version\": 3,\n  \"op\": " << compact(d.op)
     << ",\n  \"stage\": " << compact(d.stage)
     << ",\n  \"chip\": " << compact(d.chip)
     << ",\n  \"func\": " << compact(d.source) << ",\n"
     << "  \"symbols\": [";
  for (auto [i, symbol] : llvm::enumerate(d.symbols))
    os << (i ? ", " : "") << "{\"name\": \"" << symbol.first
       << "\", \"min\": " << d.step << ", \"max\": " << symbol.second << "}";
  os << "],\n"
     << "  \"problem\": " << compact(json::Object(d.first->problem))
     << ",\n  \"buffers\": [";
  for (auto [i, buffer] : llvm::enumerate(d.first->buffers))
    os << (i ? "," : "") << "\n    " << compact(buffer);
  os << "\n  ],\n";
  if (d.first->arguments.kind() != json::Value::Null)
    os << "  \"arguments\": " << compact(d.first->arguments) << ",\n";
  os << "  \"variants\": [";
  for (auto [i, variant] : llvm::enumerate(d.table)) {
    const json::Object &v = *variant.getAsObject();
    os << (i ? "," : "") << "\n    {";
    if (const json::Value *when = v.get("when"))
      os << "\"when\": " << compact(*when) << ", ";
    os << "\"kernels\": [";
    for (auto [k, kernel] : llvm::enumerate(*v.getArray("kernels")))
      os << (k ? "," : "") << "\n      " << compact(kernel);
    os << "\n    ]}";
  }
  os << "\n  ]\n}\n";
  return text;
}

/// Several symbols (or a softmax's rows): the largest value all of them may
/// take at once, which
/// the reader checks by instantiating every symbol at its max (grids within
/// CUDA's limits, buffers within the manifest's bytes), found by bisection
/// with the reader itself.
static int64_t largestCommonSize(DynamicParts d) {
  auto fits = [&](int64_t v) {
    for (auto &symbol : d.symbols)
      symbol.second = v;
    rt::DynamicManifest parsed;
    std::string error;
    return rt::parseDynamicManifest(writeDynamicManifest(d), parsed, error);
  };
  int64_t lo = 1, hi = kMaxSymbolValue;
  if (fits(hi))
    return hi;
  while (lo + 1 < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    (fits(mid) ? lo : hi) = mid;
  }
  return lo;
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
    auto problems = f->getAttrOfType<ArrayAttr>(kFunctionProblemsAttr);
    Attribute problem =
        problems && problems.size() == 1 ? problems[0] : Attribute();
    SmallVector<SymbolBinding> bindings =
        problem ? bindingsOf(f, problem) : SmallVector<SymbolBinding>();
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
    FailureOr<VariantJson> parts = symbolize(f, *m, bindings, symbols, d.step);
    if (failed(parts))
      return failure();
    if (!d.first) {
      firstIsOneRow = v.lo == 1 && v.hi == 1;
      d.first = *parts;
      d.op = m->op;
      d.source = v.of;
      for (const SymbolBinding &b : bindings)
        d.symbols.push_back({b.name, maxM});
    } else if (d.first->problem != parts->problem ||
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
  int64_t most =
      maxM != kMaxSymbolValue ? maxM / d.step * d.step : largestCommonSize(d);
  for (auto &symbol : d.symbols)
    symbol.second = most;
  return writeDynamicManifest(d);
}
