//===- EpilogueSource.cpp - The embedded default's epilogue generic -------===//
#include "EpilogueSource.h"

#include "gemm-opt/Runtime/JsonWriting.h"

#include "mlir/IR/BuiltinTypeInterfaces.h"

#include <cmath>
#include <vector>

namespace gemm_opt::runner {

namespace rt = ::gemm_opt::runtime;

namespace {

/// An MLIR float literal that reads back as `v`: the shortest "%.Ne" (MLIR
/// needs the '.' that %e always writes).
std::string floatLiteral(double v) { return rt::roundTripDecimal(v, 'e'); }

/// The body of the generic: SSA values %v0, %v1, ... in f32.
class Body {
public:
  std::string text;
  /// Emits `op` and returns its result name.
  std::string emit(const std::string &op) {
    std::string name = "%v" + std::to_string(next++);
    text += "    " + name + " = " + op + "\n";
    return name;
  }
  std::string constant(double v) { return emit("arith.constant " + floatLiteral(v) + " : f32"); }
  std::string binary(const char *op, const std::string &l, const std::string &r) {
    return emit(std::string(op) + " " + l + ", " + r + " : f32");
  }
  std::string unary(const char *op, const std::string &x) { return emit(std::string(op) + " " + x + " : f32"); }

private:
  int next = 0;
};

/// The binary step's arith op, the running value `x` on the left.
const char *binaryOp(rt::EpilogueOp op) {
  switch (op) {
  case rt::EpilogueOp::Add: return "arith.addf";
  case rt::EpilogueOp::Sub: return "arith.subf";
  case rt::EpilogueOp::Mul: return "arith.mulf";
  case rt::EpilogueOp::Div: return "arith.divf";
  case rt::EpilogueOp::Max: return "arith.maximumf";
  case rt::EpilogueOp::Min: return "arith.minimumf";
  default: return "";
  }
}

/// A unary step on `x`, as torch-mlir decomposes it. (One emit per
/// statement: the order of function arguments is unspecified, the
/// numbering of the values must not be.)
std::string unaryStep(Body &b, rt::EpilogueOp op, const std::string &x) {
  switch (op) {
  case rt::EpilogueOp::Relu: {
    std::string zero = b.constant(0.0);
    return b.binary("arith.maximumf", x, zero);
  }
  case rt::EpilogueOp::GeluTanh: { // 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))
    std::string square = b.binary("arith.mulf", x, x);
    std::string cube = b.binary("arith.mulf", square, x);
    std::string k = b.constant(0.044715);
    std::string inner = b.binary("arith.addf", x, b.binary("arith.mulf", cube, k));
    std::string c = b.constant(std::sqrt(2.0 / M_PI));
    std::string t = b.unary("math.tanh", b.binary("arith.mulf", inner, c));
    std::string halfConstant = b.constant(0.5);
    std::string half = b.binary("arith.mulf", x, halfConstant);
    std::string one = b.constant(1.0);
    return b.binary("arith.mulf", half, b.binary("arith.addf", t, one));
  }
  case rt::EpilogueOp::GeluErf: { // 0.5 x (1 + erf(x / sqrt 2))
    std::string r = b.constant(1.0 / std::sqrt(2.0));
    std::string e = b.unary("math.erf", b.binary("arith.mulf", x, r));
    std::string halfConstant = b.constant(0.5);
    std::string half = b.binary("arith.mulf", x, halfConstant);
    std::string one = b.constant(1.0);
    return b.binary("arith.mulf", half, b.binary("arith.addf", e, one));
  }
  case rt::EpilogueOp::Silu:      // x * sigmoid(x) = x / (1 + exp(-x))
  case rt::EpilogueOp::Sigmoid: { // 1 / (1 + exp(-x))
    std::string e = b.unary("math.exp", b.unary("arith.negf", x));
    std::string one = b.constant(1.0);
    std::string d = b.binary("arith.addf", e, one);
    std::string num = op == rt::EpilogueOp::Silu ? x : b.constant(1.0);
    return b.binary("arith.divf", num, d);
  }
  case rt::EpilogueOp::Tanh: return b.unary("math.tanh", x);
  default: return x;
  }
}

} // namespace

EpilogueSource epilogueSource(const rt::Epilogue &steps, int64_t batch, int64_t m, int64_t n,
                              const std::string &operandType, const std::string &outType, const std::string &input,
                              const std::string &result) {
  const bool batched = batch != 1; // a dynamic batch included
  const std::string dims = batched ? "(b, d0, d1)" : "(d0, d1)", whole = batched ? "b, d0, d1" : "d0, d1";
  auto map = [&](const std::string &results) { return "affine_map<" + dims + " -> (" + results + ")>"; };
  auto tensor = [&](const std::string &shape, const std::string &elem) { return "tensor<" + shape + "x" + elem + ">"; };
  auto dimText = [](int64_t d) { return mlir::ShapedType::isDynamic(d) ? std::string("?") : std::to_string(d); };
  const std::string rows = dimText(m), cols = dimText(n);
  const std::string full = (batched ? dimText(batch) + "x" : "") + rows + "x" + cols;
  const std::string accType = tensor(full, "f32"), outTensor = tensor(full, outType);

  // The operands in order of first use (parseEpilogueList numbers them so).
  EpilogueSource src;
  std::vector<std::string> maps = {map(whole)}, ins = {input}, insTypes = {accType}, blockArgs = {"%x: f32"};
  for (const std::string &role : rt::epilogueOperandRoles(steps)) {
    const rt::EpilogueStep *use = nullptr;
    for (const rt::EpilogueStep &s : steps)
      if (s.operand == role && !use)
        use = &s;
    const int i = rt::epilogueOperandIndex(role);
    const std::string name = "%e" + std::to_string(i);
    const bool col = use->broadcast == rt::EpilogueBroadcast::Col, row = use->broadcast == rt::EpilogueBroadcast::Row,
               shared = use->broadcast == rt::EpilogueBroadcast::Batch, // one M x N for every entry
        spanned = batched && rt::isSpannedBroadcast(use->broadcast);     // a group or cycle of them
    const bool cycle = use->broadcast == rt::EpilogueBroadcast::Cycle;
    const std::string span = std::to_string(use->span);
    // A vector per group of entries: [batch / span, N or M], entry b reading b floordiv span; read in turn:
    // [span, N or M], b mod span.
    const std::string groups = !batched || !use->span ? ""
                               : use->cycle           ? span + "x"
                                                      : dimText(batch / use->span) + "x";
    const std::string group = groups.empty()   ? ""
                              : use->cycle     ? "b mod " + span + ", "
                              : use->span == 1 ? "b, "
                                               : "b floordiv " + span + ", ";
    const std::string type = col       ? tensor(groups + cols, operandType)
                             : row     ? tensor(groups + rows, operandType)
                             : shared  ? tensor(rows + "x" + cols, operandType)
                             : spanned ? tensor((cycle ? span : dimText(batch / use->span)) + "x" + rows + "x" + cols,
                                                operandType)
                                       : tensor(full, operandType);
    src.arguments += ", " + name + ": " + type;
    maps.push_back(map(col       ? group + "d1"
                       : row     ? group + "d0"
                       : shared  ? "d0, d1"
                       : spanned ? std::string(cycle ? "b mod " : "b floordiv ") + span + ", d0, d1"
                                 : whole));
    ins.push_back(name);
    insTypes.push_back(type);
    blockArgs.push_back("%in" + std::to_string(i) + ": " + operandType);
  }
  maps.push_back(map(whole));
  blockArgs.push_back("%out: " + outType);

  Body body;
  std::string x = "%x";
  for (const rt::EpilogueStep &s : steps) {
    if (!rt::isBinaryEpilogueOp(s.op)) {
      x = unaryStep(body, s.op, x);
      continue;
    }
    std::string y;
    if (s.scalar) {
      y = body.constant(*s.scalar);
    } else {
      y = "%in" + std::to_string(rt::epilogueOperandIndex(s.operand));
      if (operandType != "f32")
        y = body.emit("arith.extf " + y + " : " + operandType + " to f32");
      if (s.operandScale) {
        std::string scale = body.constant(*s.operandScale);
        y = body.binary("arith.mulf", y, scale);
      }
    }
    x = body.binary(binaryOp(s.op), x, y);
  }
  if (outType != "f32")
    x = body.emit("arith.truncf " + x + " : f32 to " + outType);

  auto join = [](const std::vector<std::string> &v) {
    std::string s;
    for (const std::string &e : v)
      s += (s.empty() ? "" : ", ") + e;
    return s;
  };
  // The dynamic sizes in the type's order (%batch, %m, %n: the matmul's).
  std::string emptySizes;
  for (auto [size, name] : {std::pair{batch, "%batch"}, {m, "%m"}, {n, "%n"}})
    if (mlir::ShapedType::isDynamic(size))
      emptySizes += (emptySizes.empty() ? "" : ", ") + std::string(name);
  src.ops = "  %out_empty = tensor.empty(" + emptySizes + ") : " + outTensor + "\n" + "  " + result +
            " = linalg.generic {indexing_maps = [" + join(maps) + "], iterator_types = [" +
            (batched ? "\"parallel\", " : "") + "\"parallel\", \"parallel\"]}\n" + "      ins(" + join(ins) +
            " : " + join(insTypes) + ") outs(%out_empty : " + outTensor + ") {\n" + "  ^bb0(" + join(blockArgs) +
            "):\n" + body.text + "    linalg.yield " + x + " : " + outType + "\n  } -> " + outTensor + "\n";
  return src;
}

} // namespace gemm_opt::runner
