//===- Epilogue.h - A matmul's fused elementwise epilogue -------*- C++ -*-===//
//
// The steps a matmul kernel applies to its f32 accumulator before the one
// rounding to C's type (the manifest's "epilogue", docs/manifest.md; issue
// 16 item 4): binary steps with a scalar or an operand buffer E0..E7
// (broadcast over rows, columns or none), and unary activations. Here: the
// vocabulary, the operand buffers' shapes, the host arithmetic the
// reference applies in double, and gemm-run's --epilogue list. Pure host
// code, no CUDA, no MLIR.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_OPT_RUNTIME_EPILOGUE_H
#define GEMM_OPT_RUNTIME_EPILOGUE_H

#include "gemm-opt/Support/EpilogueVocabulary.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gemm_opt::runtime {

struct MatmulProblem;

enum class EpilogueOp { Add, Sub, Mul, Div, Max, Min, Relu, GeluTanh, GeluErf, Silu, Sigmoid, Tanh };
/// "add" | "sub" | ... | "gelu_tanh" | "gelu_erf" | "silu" | "sigmoid" | "tanh".
const char *epilogueOpName(EpilogueOp op);
bool parseEpilogueOp(const std::string &s, EpilogueOp &out);
/// add, sub, mul, div, max, min: the running value on the left, a scalar or
/// an operand on the right.
bool isBinaryEpilogueOp(EpilogueOp op);

/// How an operand buffer covers C: "col" a vector of N (one value per
/// column: a bias), "row" a vector of M (per-row scale), "none" C's shape,
/// "batch" one M x N matrix shared by every batch entry (an attention mask
/// added to every head's scores), "group" batch / span matrices, entry z
/// reading matrix z / span (a mask per sequence shared by its span heads),
/// "cycle" span matrices, entry z reading matrix z % span (a bias per head
/// shared by the sequences). Vectors are shared by every batch entry, or
/// with a span one per group of span entries: batch / span of them, entry z
/// reading vector z / span (a key-padding mask per sequence; span 1, one
/// per entry), or with `cycle` span of them, entry z reading vector z %
/// span (a column bias per head).
enum class EpilogueBroadcast { Col, Row, None, Batch, Group, Cycle };
const char *epilogueBroadcastName(EpilogueBroadcast b);
bool parseEpilogueBroadcast(const std::string &s, EpilogueBroadcast &out);

/// The most operand buffers an epilogue may have (roles E0..E7).
inline constexpr int kMaxEpilogueOperands = epilogue::kMaxOperands;

struct EpilogueStep {
  EpilogueOp op = EpilogueOp::Relu;
  /// Binary steps: exactly one of `scalar` and `operand` ("E0".."E7").
  std::optional<double> scalar;
  std::string operand;
  EpilogueBroadcast broadcast = EpilogueBroadcast::None; // with `operand`
  /// With `operand`: the step uses operandScale * E (beta * C).
  std::optional<double> operandScale;
  /// Broadcast group or cycle: entries per matrix, or matrices (>= 2); col
  /// or row: entries per vector (>= 1), 0 for one vector shared by all.
  int64_t span = 0;
  /// Col or row with span >= 2: span vectors read in turn (z % span).
  bool cycle = false;
  bool operator==(const EpilogueStep &o) const {
    return op == o.op && scalar == o.scalar && operand == o.operand &&
           (operand.empty() || (broadcast == o.broadcast && span == o.span && cycle == o.cycle)) &&
           operandScale == o.operandScale;
  }
};
using Epilogue = std::vector<EpilogueStep>;

/// 0..7 for "E0".."E7", -1 for anything else.
int epilogueOperandIndex(const std::string &role);
/// The operand roles the steps use, by index ("E0" before "E1"), each once.
std::vector<std::string> epilogueOperandRoles(const Epilogue &e);
/// The shape the operand of step `s` has in problem `p` (by its broadcast):
/// [N], [M], or C's ([M, N]; batched [batch, M, N]); a group [batch / span,
/// M, N], a cycle [span, M, N]; vectors per group [batch / span, N or M],
/// read in turn [span, N or M].
std::vector<int64_t> epilogueOperandShape(const MatmulProblem &p, const EpilogueStep &s);
/// Whether `b` reads a group or a cycle of matrices (a step with a span).
inline bool isSpannedBroadcast(EpilogueBroadcast b) {
  return b == EpilogueBroadcast::Group || b == EpilogueBroadcast::Cycle;
}
/// Whether `b` reads a column or a row vector (shared, or one per group of
/// entries with a span).
inline bool isVectorBroadcast(EpilogueBroadcast b) {
  return b == EpilogueBroadcast::Col || b == EpilogueBroadcast::Row;
}

/// The form rules of one step (a known op; unary steps without scalar or
/// operand; binary ones with exactly one; an operand named E0..E7;
/// operand_scale only with an operand; finite numbers). "" or what is wrong.
std::string epilogueStepError(const EpilogueStep &s);

/// One step on value `x` in double; `y` is the scalar or operand value
/// (operand_scale applied) of a binary step. GELU (tanh) is
/// 0.5x(1 + tanh(sqrt(2/pi)(x + 0.044715x^3))), GELU (erf) 0.5x(1 +
/// erf(x/sqrt 2)), SiLU x/(1 + exp(-x)), relu max(x, 0).
double applyEpilogueStep(EpilogueOp op, double x, double y);

/// The operands' host values, by index: operands[i] is E<i>'s (empty when
/// the epilogue does not use it), stored as epilogueOperandShape says.
using EpilogueOperandValues = std::vector<std::vector<float>>;
/// Applies `p.epilogue` in order to `c` (batch x M x N, row-major) in place.
void applyEpilogue(const MatmulProblem &p, std::vector<double> &c, const EpilogueOperandValues &operands);

/// gemm-run's --epilogue LIST: comma-separated items, each bias (add, col
/// operand), row-scale (mul, row operand), residual (add, none operand),
/// alpha=F (mul by the scalar F), beta=F (add the none operand times F),
/// relu, gelu (tanh form), gelu-erf, silu, sigmoid, tanh. Operands are
/// numbered E0, E1, ... in list order. False with `error` on a bad item.
bool parseEpilogueList(const std::string &list, Epilogue &out, std::string &error);
/// The epilogue as such a list, as results report it ("" for none; the
/// inverse of parseEpilogueList). Steps without an item are written
/// "op=F" (scalar) or "op:broadcast" ("op:broadcast/S" with a span,
/// "op:broadcast%S" with a cycle, "op:broadcast*F" with operand_scale).
std::string epilogueListString(const Epilogue &e);

} // namespace gemm_opt::runtime

#endif // GEMM_OPT_RUNTIME_EPILOGUE_H
