//===- FoldSoftmaxCasts.h - A softmax reading, writing narrow ---*- C++ -*-===//
//
// PyTorch computes attention's softmax in f32 and casts back: Llama's
// `F.softmax(scores.float(), dim=-1).type_as(q)`, Hugging Face's
// `softmax(w, dim=-1, dtype=torch.float32).to(q.dtype)`. Lowered to linalg
// that is an elementwise linalg.generic extending the 16-bit scores to f32,
// the softmax on f32, and a generic truncating its result. The softmax
// kernels compute in f32 whatever they read and write, so the casts are
// theirs: the softmax reads the 16-bit tensor and writes the 16-bit one,
// and no f32 copy of the scores is ever stored (half the bytes).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_LINALG_FOLDSOFTMAXCASTS_H
#define GEMM_OPT_TRANSFORMS_LINALG_FOLDSOFTMAXCASTS_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::gemm_opt {

/// Replaces `softmax` (a linalg.softmax or gemm_opt.softmax on tensors) by
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

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_LINALG_FOLDSOFTMAXCASTS_H
