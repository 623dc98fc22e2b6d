//===- EpilogueSource.h - The embedded default's epilogue generic -*- C++ -*-===//
//
// gemm-run --epilogue writes the IR a frontend (torch-mlir, StableHLO ->
// linalg) emits for a matmul followed by elementwise ops: the matmul into
// a zero-filled f32 tensor, then ONE linalg.generic over its result and the
// operand tensors (a bias tensor<N> mapped (d0, d1) -> (d1), a row scale
// tensor<M> (d0, d1) -> (d0), a residual with the identity map; batched:
// the batch dimension first, vectors shared by the batch) whose body
// computes the steps in f32 and truncates once to the output type.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_OPT_RUNNER_EPILOGUESOURCE_H
#define GEMM_OPT_RUNNER_EPILOGUESOURCE_H

#include "gemm-opt/Runtime/Epilogue.h"

#include <cstdint>
#include <string>

namespace gemm_opt::runner {

struct EpilogueSource {
  /// The operand arguments, each ", %eI: tensor<...>", in operand order.
  std::string arguments;
  /// The ops after the matmul: the output's tensor.empty and the generic
  /// reading `input` (an f32 tensor of the matmul's result shape) into
  /// `result`, indented by two spaces, one per line.
  std::string ops;
};

/// The generic of `steps` for a (batch x) m x n matmul result; operands
/// have element type `operandType`, the result `outType` ("f32" | "f16" |
/// "bf16"). A dynamic batch, `m` or `n` (mlir::ShapedType::kDynamic) is `?`
/// in every type; the output's tensor.empty then takes `%batch`, `%m`,
/// `%n`, indices the caller defines.
EpilogueSource epilogueSource(const gemm_opt::runtime::Epilogue &steps, int64_t batch, int64_t m, int64_t n,
                              const std::string &operandType, const std::string &outType, const std::string &input,
                              const std::string &result);

} // namespace gemm_opt::runner

#endif // GEMM_OPT_RUNNER_EPILOGUESOURCE_H
