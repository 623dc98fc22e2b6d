//===- EpilogueActivations.cpp - Which activation a linalg body computes --===//
//
// Frontends spell an activation in many algebraic forms (x * sigmoid(x),
// x / (1 + exp(-x)), max/select forms of relu, torch-mlir's GELU
// decompositions). Rather than match each spelling, the scalar subgraph
// between the running value and the result is evaluated on the host at
// probe points and compared with each activation of the vocabulary.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Analysis/EpilogueMatch.h"
#include "gemm-opt/Support/EpilogueVocabulary.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {
/// Evaluates a scalar expression of one leaf, memoised per value.
struct Evaluator {
  Value input;
  double x = 0.0;
  DenseMap<Value, double> values;

  FailureOr<double> eval(Value v);
  FailureOr<double> evalOp(Operation *op);
};
} // namespace

static bool cmpfHolds(arith::CmpFPredicate pred, double l, double r) {
  using P = arith::CmpFPredicate;
  bool unordered = std::isnan(l) || std::isnan(r);
  switch (pred) {
  case P::OGT: return !unordered && l > r;
  case P::OGE: return !unordered && l >= r;
  case P::OLT: return !unordered && l < r;
  case P::OLE: return !unordered && l <= r;
  case P::OEQ: return !unordered && l == r;
  case P::ONE: return !unordered && l != r;
  case P::UGT: return unordered || l > r;
  case P::UGE: return unordered || l >= r;
  case P::ULT: return unordered || l < r;
  case P::ULE: return unordered || l <= r;
  case P::UEQ: return unordered || l == r;
  case P::UNE: return unordered || l != r;
  case P::ORD: return !unordered;
  case P::UNO: return unordered;
  case P::AlwaysTrue: return true;
  case P::AlwaysFalse: return false;
  }
  return false;
}

FailureOr<double> Evaluator::eval(Value v) {
  if (input && v == input)
    return x;
  auto it = values.find(v);
  if (it != values.end())
    return it->second;
  Operation *op = v.getDefiningOp();
  if (!op || op->getNumResults() != 1)
    return failure();
  FailureOr<double> r = evalOp(op);
  if (succeeded(r))
    values[v] = *r;
  return r;
}

FailureOr<double> Evaluator::evalOp(Operation *op) {
  SmallVector<double, 3> in;
  if (!isa<arith::ConstantOp>(op))
    for (Value operand : op->getOperands()) {
      FailureOr<double> r = eval(operand);
      if (failed(r))
        return failure();
      in.push_back(*r);
    }
  auto unary = [&](double (*f)(double)) -> FailureOr<double> {
    return f(in[0]);
  };
  return llvm::TypeSwitch<Operation *, FailureOr<double>>(op)
      .Case([&](arith::ConstantOp c) -> FailureOr<double> {
        if (auto f = dyn_cast<FloatAttr>(c.getValue()))
          return f.getValueAsDouble();
        if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
          return i.getValue().isAllOnes() && i.getType().isInteger(1)
                     ? 1.0
                     : static_cast<double>(i.getValue().getSExtValue());
        return failure();
      })
      .Case([&](arith::AddFOp) -> FailureOr<double> { return in[0] + in[1]; })
      .Case([&](arith::SubFOp) -> FailureOr<double> { return in[0] - in[1]; })
      .Case([&](arith::MulFOp) -> FailureOr<double> { return in[0] * in[1]; })
      .Case([&](arith::DivFOp) -> FailureOr<double> { return in[0] / in[1]; })
      .Case([&](arith::NegFOp) -> FailureOr<double> { return -in[0]; })
      .Case<arith::MaximumFOp, arith::MaxNumFOp>(
          [&](auto) -> FailureOr<double> { return std::fmax(in[0], in[1]); })
      .Case<arith::MinimumFOp, arith::MinNumFOp>(
          [&](auto) -> FailureOr<double> { return std::fmin(in[0], in[1]); })
      .Case<arith::ExtFOp, arith::TruncFOp>(
          [&](auto) -> FailureOr<double> { return in[0]; })
      .Case([&](arith::CmpFOp c) -> FailureOr<double> {
        return cmpfHolds(c.getPredicate(), in[0], in[1]) ? 1.0 : 0.0;
      })
      .Case([&](arith::SelectOp) -> FailureOr<double> {
        return in[0] != 0.0 ? in[1] : in[2];
      })
      .Case([&](math::FmaOp) -> FailureOr<double> {
        return in[0] * in[1] + in[2];
      })
      .Case([&](math::PowFOp) -> FailureOr<double> {
        return std::pow(in[0], in[1]);
      })
      .Case([&](math::ExpOp) { return unary(std::exp); })
      .Case([&](math::Exp2Op) { return unary(std::exp2); })
      .Case([&](math::ExpM1Op) { return unary(std::expm1); })
      .Case([&](math::LogOp) { return unary(std::log); })
      .Case([&](math::Log1pOp) { return unary(std::log1p); })
      .Case([&](math::TanhOp) { return unary(std::tanh); })
      .Case([&](math::ErfOp) { return unary(std::erf); })
      .Case([&](math::SqrtOp) { return unary(std::sqrt); })
      .Case([&](math::AbsFOp) { return unary(std::fabs); })
      .Case([&](math::RsqrtOp) -> FailureOr<double> {
        return 1.0 / std::sqrt(in[0]);
      })
      .Default([](Operation *) -> FailureOr<double> { return failure(); });
}

FailureOr<double> mlir::gemm_opt::evaluateScalarExpression(Value result,
                                                           Value input,
                                                           double x) {
  Evaluator e;
  e.input = input;
  e.x = x;
  return e.eval(result);
}

StringRef mlir::gemm_opt::identifyActivation(Value result, Value input) {
  // Both signs, near zero, far enough out to tell the GELU forms and silu
  // from relu (the tanh and erf GELUs differ by about 1e-3 around 2), and
  // far out, so that a clamp before or after an activation is not taken for
  // part of it: up to 1e30, past f16's 65504 (torch-mlir's clamp to the f16
  // range; with 1000 the farthest, min(relu(x), 2000) was taken for relu
  // and its bound dropped).
  static constexpr double kProbes[] = {
      -1e30, -1e15, -1e7, -7e4,   -1000.0, -30.0, -5.0, -2.5,
      -1.3,  -0.7,  -0.1, -0.003, 0.0,     0.004, 0.15, 0.8,
      1.7,   3.1,   30.0, 1000.0, 7e4,     1e7,   1e15, 1e30};
  for (StringRef name : ::gemm_opt::epilogue::kUnaryOps) {
    bool all = true;
    for (double x : kProbes) {
      FailureOr<double> got = evaluateScalarExpression(result, input, x);
      if (failed(got))
        return "";
      double want = ::gemm_opt::epilogue::activation(name, x);
      // Tight: constants written in f32 are within 1e-7 relative.
      if (!(std::fabs(*got - want) <= 1e-6 + 1e-5 * std::fabs(want))) {
        all = false;
        break;
      }
    }
    if (all)
      return name;
  }
  return "";
}
