//===- InitGemmOpt.h - Everything a tool needs to run gemm-opt --*- C++ -*-===//
//
// The one public entry point for tools and compilers embedding gemm-opt.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_INITGEMMOPT_H
#define GEMM_OPT_INITGEMMOPT_H

namespace mlir {
class DialectRegistry;
namespace gemm_opt {

/// Dialects (gemm_opt's own among them), interfaces, the NVVM target and
/// the LLVM IR translations that the gemm-opt pipelines create or lower
/// through.
void registerGemmOptDialects(DialectRegistry &registry);

/// gemm-opt's passes and pipelines (`gemm-*`, `gemm-stage-*`,
/// `gemm-compile`), for textual pipelines and `--help`.
void registerGemmOptPassesAndPipelines();

} // namespace gemm_opt
} // namespace mlir

#endif // GEMM_OPT_INITGEMMOPT_H
