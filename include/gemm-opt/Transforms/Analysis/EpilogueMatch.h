//===- EpilogueMatch.h - Elementwise consumers a matmul kernel fuses -*- C++ -*-===//
//
// A matmul whose f32 result only an elementwise linalg.generic reads (bias,
// activation, residual, scale, the cast to the output type) is compiled as
// one kernel that applies those steps to its accumulators and writes the
// generic's output directly (#gemm_opt.epilogue, docs/manifest.md). This
// recognises such consumers, on tensors (gemm-verify-input) and on memrefs
// (the first rung, which folds them as it folds the zero fill of C).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_ANALYSIS_EPILOGUEMATCH_H
#define GEMM_OPT_TRANSFORMS_ANALYSIS_EPILOGUEMATCH_H

#include "gemm-opt/Dialect/GemmOpt/IR/GemmOptAttrs.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <string>

namespace mlir::gemm_opt {

/// A consumer that fuses: its steps (null when it only casts to its
/// output's type) and the operands E0.. they read, in order.
struct EpilogueMatch {
  linalg::GenericOp consumer;
  EpilogueAttr attr;
  SmallVector<Value> operands;
  /// The consumer's output: the kernel's C.
  Value output;
  /// The matmul's own C (memref form: the temporary the kernel skips).
  Value temp;
};

/// The elementwise consumer of `matmul`'s result that fuses as its
/// epilogue. Fails when there is none; `why` is then empty when nothing
/// reads the result elementwise, else it says why that consumer does not
/// fuse.
FailureOr<EpilogueMatch> findEpilogueConsumer(linalg::LinalgOp matmul,
                                              std::string &why);

/// Every matmul (isGemmOp) whose result `consumer` reads as an input, on
/// tensors (the producer) or memrefs (the matmul writing that buffer last
/// before it in the block), in the order of its inputs (silu(gate) * up
/// reads two, and fuses into one of them).
SmallVector<linalg::LinalgOp> findProducerMatmuls(linalg::GenericOp consumer);

/// The activation (relu, gelu_tanh, gelu_erf, silu, sigmoid, tanh) that
/// `result`, a value of a linalg body, computes as a function of `input`
/// alone, found by evaluating the arith/math ops between them at probe
/// points; "" when it is none of them or depends on anything else.
StringRef identifyActivation(Value result, Value input);

/// Evaluates `result` (a scalar arith/math expression) with `input` = `x`
/// (`input` may be null: a constant expression). Fails on other ops or
/// leaves.
FailureOr<double> evaluateScalarExpression(Value result, Value input, double x);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_ANALYSIS_EPILOGUEMATCH_H
