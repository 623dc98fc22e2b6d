//===- EpilogueVocabulary.h - The steps a fused epilogue knows --*- C++ -*-===//
//
// One definition, header-only and free of MLIR, of what a matmul's fused
// epilogue may do (docs/manifest.md, "Fused epilogues"): the step names,
// the operand buffers' roles and the activations in double. The compiler
// (the #gemm_opt.epilogue_step verifier, the recognizer that compares a
// linalg body with each activation, the manifest writer) and the runtime
// (the manifest reader, the host reference) all read it, so that what fuses
// is what the reference checks.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_OPT_SUPPORT_EPILOGUEVOCABULARY_H
#define GEMM_OPT_SUPPORT_EPILOGUEVOCABULARY_H

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>

namespace gemm_opt::epilogue {

/// The binary steps (the running value on the left, a scalar or an operand
/// buffer on the right), then the unary ones (activations), in the order of
/// the runtime's EpilogueOp.
inline constexpr const char *kBinaryOps[] = {"add", "sub", "mul",
                                             "div", "max", "min"};
inline constexpr const char *kUnaryOps[] = {"relu", "gelu_tanh", "gelu_erf",
                                            "silu", "sigmoid",   "tanh"};

/// At most this many operand buffers, roles E0..E7.
inline constexpr int kMaxOperands = 8;

/// The role of operand buffer `index`: "E0", "E1", ...
inline std::string operandRole(int64_t index) {
  return "E" + std::to_string(index);
}

/// The index of operand role `role` ("E0" -> 0), or -1 for another role.
inline int operandIndex(std::string_view role) {
  if (role.size() != 2 || role[0] != 'E' || role[1] < '0' ||
      role[1] >= '0' + kMaxOperands)
    return -1;
  return role[1] - '0';
}

/// The activations in double, as the host reference applies them.
inline double relu(double x) { return std::max(x, 0.0); }
inline double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }
inline double silu(double x) { return x * sigmoid(x); }
// The GELUs without the cancellation of 1 + tanh and 1 + erf at negative x
// (0 in double below x = -7.2 and -8.3): x sigmoid(2u) and erfc.
inline double geluTanh(double x) {
  return x * sigmoid(2.0 * 0.7978845608028654 * (x + 0.044715 * x * x * x));
}
inline double geluErf(double x) {
  return 0.5 * x * std::erfc(-x * 0.7071067811865476);
}

/// Activation `name` (one of kUnaryOps; anything else is tanh) at `x`.
inline double activation(std::string_view name, double x) {
  if (name == "relu")
    return relu(x);
  if (name == "gelu_tanh")
    return geluTanh(x);
  if (name == "gelu_erf")
    return geluErf(x);
  if (name == "silu")
    return silu(x);
  if (name == "sigmoid")
    return sigmoid(x);
  return std::tanh(x);
}

} // namespace gemm_opt::epilogue

#endif // GEMM_OPT_SUPPORT_EPILOGUEVOCABULARY_H
