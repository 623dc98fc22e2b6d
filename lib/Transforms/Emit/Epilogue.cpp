//===- Epilogue.cpp - The fused epilogue in a matmul kernel ---------------===//
//
// Activations in fast device code: exponentials through ex2.approx.ftz.f32
// (as the softmax kernels) and reciprocals through rcp.approx.ftz.f32, tanh
// as 1 - 2 / (1 + e^2x) on them (about 1e-7 absolute, where tanh.approx.f32
// has 2^-11 relative error, too coarse for an f32 C), erfc by a fit with a
// relative bound (1.2e-7); the GELUs in forms without cancellation at
// negative x (x sigmoid(2u), erfc). Two special-function
// instructions per element for the GELUs, SiLU and sigmoid, each constant
// folded by hand into one multiply or fma: a fused epilogue is issue-bound
// on the instructions around them.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Emit/Epilogue.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {
constexpr double kLog2E = 1.4426950408889634;
constexpr double kSqrtHalf = 0.7071067811865476;

/// Scalar f32 arithmetic at the builder's point.
struct F32Math {
  KernelBuilder &b;

  Value c(double v) { return b.f32(v); }
  Value add(Value x, Value y) { return arith::AddFOp::create(b, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(b, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, x, y); }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, x, y); }
  Value fma(Value x, Value y, Value z) { return math::FmaOp::create(b, x, y, z); }
  /// One special-function-unit instruction on an f32.
  Value sfu(StringRef instruction, Value x) {
    return b.inlinePtx({b.getF32Type()}, {x}, (instruction + " $0, $1;").str(),
                       "=f,f", /*sideEffects=*/false);
  }
  /// 2^x. Flushing subnormals is exact enough for every activation here: a
  /// subnormal input is 2^0 = 1 within rounding, a subnormal result is a
  /// term that vanishes beside the 1 it is added to. The .ftz form is one
  /// MUFU instruction; without it ptxas adds a compare and two scalings
  /// around it, per element of C.
  Value exp2(Value x) { return sfu("ex2.approx.ftz.f32", x); }
  /// 1/x within 1 ulp for the x >= 1 of every caller (1 + e, 1 + c|x|): no
  /// subnormal input, a subnormal result only where the exact one is below
  /// 2^-126 and multiplies a finite x. arith.divf would be the IEEE
  /// division, a sequence of a dozen instructions with a slow path, per
  /// element of C (a fused GELU cost 52% of the 4096^3 bf16 matmul with it,
  /// 0.273 against 0.180 ms: results/2026-12-02-epilogue-first).
  Value reciprocalAtLeastOne(Value x) { return sfu("rcp.approx.ftz.f32", x); }
  /// 1 / (1 + 2^z): sigmoid(x) with z = -x log2(e) folded by the caller into
  /// its own product (no multiply of its own; LLVM does not reassociate the
  /// f32 constants without fast-math).
  Value sigmoidOfExp2(Value z) {
    return reciprocalAtLeastOne(add(exp2(z), c(1.0)));
  }
  Value sigmoid(Value x) { return sigmoidOfExp2(mul(x, c(-kLog2E))); }
  Value tanh(Value x) {
    // 1 - 2 / (1 + e^2x): e^2x = 2^(2 log2(e) x).
    Value r = sigmoidOfExp2(mul(x, c(2 * kLog2E)));
    return fma(r, c(-2.0), c(1.0));
  }
  /// 0.5 x (1 + erf(x / sqrt 2)) from h = erfc(|x| / sqrt 2) / 2: x h
  /// below 0 and x (1 - h) above, without the cancellation of 1 + erf at
  /// negative x. erfc(z) = t e^(-z^2 + P(t)), t = 1 / (1 + z / 2), P of
  /// degree 9 (the Chebyshev fit of Numerical Recipes' erfcc): its error is
  /// relative (below 1.2e-7), where Abramowitz-Stegun 7.1.26's 1.5e-7 is
  /// absolute and made 27 % of a bf16 C's negative tail round differently
  /// (results/2026-12-07-session37, call 1). The 1/sqrt 2, the 1/2 and
  /// log2(e) are folded into the constants.
  Value geluErf(Value x) {
    // |x| in arith: math.absf would become a libdevice call in the NVVM
    // lowering, which links no libdevice.
    Value ax = arith::MaxNumFOp::create(b, x, arith::NegFOp::create(b, x));
    Value t = reciprocalAtLeastOne(fma(ax, c(0.5 * kSqrtHalf), c(1.0)));
    constexpr double p[] = {-1.26551223, 1.00002368, 0.37409196,  0.09678418,
                            -0.18628806, 0.27886807, -1.13520398, 1.48851587,
                            -0.82215223, 0.17087277};
    Value poly = c(p[9] * kLog2E);
    for (int i = 8; i >= 1; --i)
      poly = fma(poly, t, c(p[i] * kLog2E));
    // log2(e^P / 2) and -x^2 / 2 in log2 units.
    poly = fma(poly, t, c(p[0] * kLog2E - 1.0));
    Value half = mul(t, exp2(fma(mul(x, x), c(-0.5 * kLog2E), poly)));
    Value negative =
        arith::CmpFOp::create(b, arith::CmpFPredicate::OLT, x, c(0.0));
    return mul(x,
               arith::SelectOp::create(b, negative, half, sub(c(1.0), half)));
  }
  Value activation(StringRef name, Value x) {
    // NaN stays NaN, as torch.relu has it (max.NaN.f32; arith.maxnumf's
    // max.f32 would make it 0).
    if (name == "relu")
      return arith::MaximumFOp::create(b, x, c(0.0));
    if (name == "sigmoid")
      return sigmoid(x);
    if (name == "silu")
      return mul(x, sigmoid(x));
    if (name == "tanh")
      return tanh(x);
    if (name == "gelu_erf")
      return geluErf(x);
    // gelu_tanh: 0.5 x (1 + tanh(u)) = x sigmoid(2u), no cancellation at
    // negative x; -2u log2(e) = x (k1 + k2 x^2) in one multiply, one fma
    // and one multiply.
    constexpr double k = 2 * 0.7978845608028654 * kLog2E;
    Value z = mul(x, fma(mul(x, x), c(-0.044715 * k), c(-k)));
    return mul(x, sigmoidOfExp2(z));
  }
  Value binary(StringRef op, Value x, Value y) {
    if (op == "add")
      return add(x, y);
    if (op == "sub")
      return sub(x, y);
    if (op == "mul")
      return mul(x, y);
    if (op == "div")
      return div(x, y);
    if (op == "max")
      return arith::MaxNumFOp::create(b, x, y);
    return arith::MinNumFOp::create(b, x, y);
  }
};
} // namespace

/// `y`, step `step`'s operand value widened to f32, times the step's scale.
static Value scaleStepOperand(KernelBuilder &b, EpilogueStepAttr step,
                              Value y) {
  if (double scale = step.getOperandScale().convertToDouble(); scale != 1.0)
    y = arith::MulFOp::create(b, y, b.f32(scale));
  return y;
}

/// Step `step`'s operand at C[row][col] widened to f32 and scaled, or null
/// for a unary step or a scalar.
static Value loadStepOperand(KernelBuilder &b, const GemmProblem &p,
                             EpilogueStepAttr step, Value row, Value col,
                             bool clamp) {
  if (step.isUnary() || step.getScalar())
    return Value();
  // Columns below the actual N, rows below the actual M of a dynamic size.
  auto insideCols = [&] {
    return clamp ? b.createOrFold<arith::MinUIOp>(col, p.lastCol(b, b.getLoc()))
                 : col;
  };
  auto insideRows = [&] {
    return clamp ? b.createOrFold<arith::MinUIOp>(row, p.lastRow(b, b.getLoc()))
                 : row;
  };
  Value e = p.epilogueOperands[step.getOperand()];
  StringRef bc = step.getBroadcast();
  Value y;
  if (bc == "col") {
    y = b.loadF32(e, {insideCols()});
  } else if (bc == "row") {
    y = b.loadF32(e, {insideRows()});
  } else {
    Value r = insideRows();
    y = b.loadF32(e, {r, insideCols()});
  }
  return scaleStepOperand(b, step, y);
}

/// Step `step` applied to `v`, with `y` its operand value (null for an
/// activation or a scalar).
static Value applyStep(F32Math &f, EpilogueStepAttr step, Value v, Value y) {
  if (step.isUnary())
    return f.activation(step.getOp(), v);
  return f.binary(step.getOp(), v,
                  y ? y : f.c(step.getScalar()->convertToDouble()));
}

/// Applies the steps to `v` with `loaded[i]`, step i's operand value
/// (loadStepOperand's).
static Value applySteps(KernelBuilder &b, const GemmProblem &p, Value v,
                        ArrayRef<Value> loaded) {
  F32Math f{b};
  for (auto [step, y] : llvm::zip_equal(p.epilogue.getSteps(), loaded))
    v = applyStep(f, step, v, y);
  return v;
}

Value mlir::gemm_opt::applyEpilogue(KernelBuilder &b, const GemmProblem &p,
                                    Value row, Value col, Value v, bool clamp) {
  if (!p.epilogue)
    return v;
  // Each operand read right before its step, as the steps were written.
  F32Math f{b};
  for (EpilogueStepAttr step : p.epilogue.getSteps())
    v = applyStep(f, step, v, loadStepOperand(b, p, step, row, col, clamp));
  return v;
}

Value mlir::gemm_opt::elementZeroAddress(KernelBuilder &b, Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  int64_t bytes = type.getElementTypeBitWidth() / 8;
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, buffer);
  if (type.getLayout().isIdentity())
    return base;
  Value offset =
      memref::ExtractStridedMetadataOp::create(b, buffer).getOffset();
  return arith::AddIOp::create(
      b, base, arith::MulIOp::create(b, offset, b.index(bytes)));
}

Value mlir::gemm_opt::applyEpilogueGiven(KernelBuilder &b, const GemmProblem &p,
                                         Value row, Value col, Value v,
                                         ArrayRef<Value> given) {
  if (!p.epilogue)
    return v;
  F32Math f{b};
  for (auto [step, y] : llvm::zip_equal(p.epilogue.getSteps(), given))
    v = applyStep(f, step, v,
                  y ? scaleStepOperand(b, step, y)
                    : loadStepOperand(b, p, step, row, col, /*clamp=*/false));
  return v;
}

Value mlir::gemm_opt::applyEpilogueVector(KernelBuilder &b,
                                          const GemmProblem &p, Value row,
                                          Value col, Value v, bool clamp) {
  if (!p.epilogue)
    return v;
  auto type = cast<VectorType>(v.getType());
  return applyEpilogueVector(
      b, p, v,
      loadEpilogueInputs(b, p, row, col, type.getNumElements(), clamp));
}

EpilogueInputs mlir::gemm_opt::loadEpilogueInputs(KernelBuilder &b,
                                                  const GemmProblem &p,
                                                  Value row, Value col,
                                                  int64_t width, bool clamp,
                                                  int64_t skipStep) {
  EpilogueInputs inputs;
  if (!p.epilogue)
    return inputs;
  for (int64_t e = 0; e < width; ++e) {
    Value colE = b.createOrFold<arith::AddIOp>(col, b.index(e));
    SmallVector<Value> &loaded = inputs.emplace_back();
    for (auto [i, step] : llvm::enumerate(p.epilogue.getSteps()))
      loaded.push_back(static_cast<int64_t>(i) == skipStep
                           ? Value()
                           : loadStepOperand(b, p, step, row, colE, clamp));
  }
  return inputs;
}

Value mlir::gemm_opt::applyEpilogueVector(KernelBuilder &b,
                                          const GemmProblem &p, Value v,
                                          const EpilogueInputs &inputs) {
  if (!p.epilogue)
    return v;
  auto type = cast<VectorType>(v.getType());
  assert(static_cast<int64_t>(inputs.size()) == type.getNumElements() &&
         "one set of inputs per element");
  SmallVector<Value> out;
  for (int64_t e = 0; e < type.getNumElements(); ++e) {
    Value x = vector::ExtractOp::create(b, v, ArrayRef<int64_t>{e});
    out.push_back(applySteps(b, p, x, inputs[e]));
  }
  return vector::FromElementsOp::create(b, type, out);
}
