//===- UnshareInits.h - One initial C per op ---------------------*- C++ -*-===//
//
// Frontends CSE identical ops, so the matmuls of one shape in a function
// (an MLP's gate and up projections, attention's Q, K and V projections)
// write into one shared `linalg.fill` of one `tensor.empty`. Every kernel
// owns its C, and the rewrites before bufferization read a matmul's init
// as its own; each op writing into a shared fill gets a copy of it.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_LINALG_UNSHAREINITS_H
#define GEMM_OPT_TRANSFORMS_LINALG_UNSHAREINITS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::gemm_opt {

/// When `fill` (a linalg.fill on tensors) has more than one use, gives each
/// linalg op that writes into it (the fill's result as a DPS init) a copy of
/// the fill, created before that op, into a copy of its tensor.empty where
/// the fill writes into one. The first such op and every other use keep
/// `fill`. Returns the number of copies made; 0 changes nothing.
unsigned unshareFill(RewriterBase &rewriter, linalg::FillOp fill);

/// When `op` (a linalg op or linalg.softmax on tensors) writes every
/// element of an init produced by a linalg.fill without reading it (a
/// softmax, a transpose, an elementwise op whose body ignores its output
/// element), makes it write into the fill's destination instead and erases
/// the fill if nothing else uses it: the fill computed nothing. Returns
/// whether it changed anything.
bool dropUnreadFills(RewriterBase &rewriter, Operation *op);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_LINALG_UNSHAREINITS_H
