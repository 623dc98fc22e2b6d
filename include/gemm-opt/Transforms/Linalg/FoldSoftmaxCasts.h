//===- FoldSoftmaxCasts.h - A softmax reading, writing narrow ---*- C++ -*-===//
//
// PyTorch computes attention's softmax in f32 and casts back: Llama's
// `F.softmax(scores.float(), dim=-1).type_as(q)`, Hugging Face's
// `softmax(w, dim=-1, dtype=torch.float32).to(q.dtype)`. Lowered to linalg
// that is an elementwise linalg.generic extending the 16-bit scores to f32,
// the softmax on f32, and a generic truncating its result. The softmax
// kernels compute in f32 whatever they read and write, so the casts are
// theirs: the softmax reads the 16-bit tensor and writes the 16-bit one,
// and no f32 copy of the scores is ever stored (half the bytes). IR given
// already bufferized has the same casts writing f32 scratch buffers
// (memref.alloc) instead of making tensors: they fold too when nothing
// else can see those buffers.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_LINALG_FOLDSOFTMAXCASTS_H
#define GEMM_OPT_TRANSFORMS_LINALG_FOLDSOFTMAXCASTS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::gemm_opt {

/// Replaces `softmax` (a linalg.softmax or gemm_opt.softmax on tensors; on
/// memrefs, foldSoftmaxBufferCasts) by
/// the softmax of the casts around it folded in:
///  - its input made by an elementwise linalg.generic (identity maps, one
///    input, body only `arith.extf` to f32) of an f16/bf16 tensor: the new
///    softmax reads that tensor (the extension is erased when nothing else
///    uses it);
///  - its result's only user an elementwise generic (identity maps, body
///    only `arith.truncf` of it to f16/bf16): the new softmax writes that
///    generic's output, which it replaces.
/// The new op is a linalg.softmax when the two element types agree, else a
/// gemm_opt.softmax. Fails, changing nothing, when neither cast folds.
FailureOr<Operation *> foldSoftmaxCasts(RewriterBase &rewriter,
                                        Operation *softmax);

/// The same on memrefs (FoldSoftmaxCastsMemref.cpp), where a cast writes a
/// buffer instead of making a tensor. Each side folds on its own, only
/// when its f32 buffer is a scratch that nothing else can see: a
/// memref.alloc whose only users are the cast and the softmax (the one
/// writing, the other reading it) and memref.dealloc ops, with nothing
/// between them that writes or frees memory. The new softmax reads the
/// extension's input and writes the truncation's output where the
/// truncation was (else where the softmax was); the casts, the scratch
/// allocations and their deallocations are erased. Fails, changing
/// nothing, when neither cast folds.
FailureOr<Operation *> foldSoftmaxBufferCasts(RewriterBase &rewriter,
                                              Operation *softmax);

/// `op` when it is an elementwise linalg.generic (identity maps, one input,
/// body only the cast) extending, or truncating, between two of f32, f16
/// and bf16, on tensors or on buffers; else null.
linalg::GenericOp asSoftmaxExtension(linalg::GenericOp op);
linalg::GenericOp asSoftmaxTruncation(linalg::GenericOp op);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_LINALG_FOLDSOFTMAXCASTS_H
