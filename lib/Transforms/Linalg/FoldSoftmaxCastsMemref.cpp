//===- FoldSoftmaxCastsMemref.cpp - The softmax's casts on buffers --------===//
//
// gemm-fold-softmax-casts on IR given already bufferized: the extension
// writes its f32 copy of X into a buffer the softmax reads, the softmax
// writes an f32 buffer the truncation reads. A tensor is a value only its
// users see; a buffer may be seen by anyone holding it, so each side folds
// only when its f32 buffer is provably a private scratch.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Linalg/FoldSoftmaxCasts.h"

#include "gemm-opt/Support/Debug.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Analysis/SoftmaxProblem.h"
#include "gemm-opt/Transforms/Linalg/EraseUnused.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define DEBUG_TYPE "gemm-opt-softmax-casts"

using namespace mlir;
using namespace mlir::gemm_opt;

/// Whether `op` may write or free memory (an allocation does neither).
static bool mayWriteOrFree(Operation *op) {
  if (isMemoryEffectFree(op))
    return false;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  return !effects || effects.hasEffect<MemoryEffects::Write>() ||
         effects.hasEffect<MemoryEffects::Free>();
}

/// Whether `first` comes before `last` in one block with nothing between
/// them writing or freeing memory, but a deallocation of `freed` (a
/// scratch the fold erases): the buffers `first` reads still hold the same
/// values at `last`, where the folded softmax reads them.
static bool nothingWritesBetween(Operation *first, Operation *last,
                                 Value freed = {}) {
  if (first->getBlock() != last->getBlock() || !first->isBeforeInBlock(last)) {
    GEMM_OPT_DBG() << "keeps a cast: it and the softmax are not in one block "
                      "in order\n";
    return false;
  }
  for (Operation *op = first->getNextNode(); op != last;
       op = op->getNextNode()) {
    auto dealloc = dyn_cast<memref::DeallocOp>(op);
    if (!mayWriteOrFree(op) ||
        (freed && dealloc && dealloc.getMemref() == freed))
      continue;
    GEMM_OPT_DBG() << "keeps a cast: " << op->getName()
                   << " between it and the softmax may write memory\n";
    return false;
  }
  return true;
}

/// Whether `buffer` is a scratch only `writer` (as its init) and `reader`
/// (as its input) use, besides deallocations: an allocation of this
/// function, not an argument (the caller sees those), no view of it, not
/// returned, not touched by any other op.
static bool isPrivateScratch(Value buffer, Operation *writer,
                             Operation *reader) {
  if (!buffer.getDefiningOp<memref::AllocOp>()) {
    GEMM_OPT_DBG() << "keeps a cast: its f32 buffer is no memref.alloc (an "
                      "argument the caller sees, or a view)\n";
    return false;
  }
  for (OpOperand &use : buffer.getUses()) {
    Operation *user = use.getOwner();
    auto dps = dyn_cast<DestinationStyleOpInterface>(user);
    if ((user == writer && dps.isDpsInit(&use)) ||
        (user == reader && dps.isDpsInput(&use)) ||
        isa<memref::DeallocOp>(user))
      continue;
    GEMM_OPT_DBG() << "keeps a cast: its f32 buffer is also used by "
                   << user->getName() << "\n";
    return false;
  }
  return true;
}

/// The one linalg.generic among `buffer`'s users that `isRole` says uses
/// it in that role, else null.
static linalg::GenericOp
findGenericUser(Value buffer,
                function_ref<bool(linalg::GenericOp, OpOperand &)> isRole) {
  linalg::GenericOp found;
  for (OpOperand &use : buffer.getUses()) {
    auto generic = dyn_cast<linalg::GenericOp>(use.getOwner());
    if (!generic || !isRole(generic, use))
      continue;
    if (found)
      return {};
    found = generic;
  }
  return found;
}

/// The extension writing the softmax's input buffer, if it folds.
static linalg::GenericOp findBufferInputExtension(Operation *softmax) {
  Value scratch = getSoftmaxInput(softmax);
  linalg::GenericOp ext = asSoftmaxExtension(
      findGenericUser(scratch, [](linalg::GenericOp g, OpOperand &use) {
        return g.isDpsInit(&use);
      }));
  if (!ext || !isPrivateScratch(scratch, ext, softmax) ||
      !nothingWritesBetween(ext, softmax))
    return {};
  return ext;
}

/// The truncation reading the softmax's output buffer, if it folds; the
/// softmax's input may be freed before it when `inputFreed` (its extension
/// folds, erasing that scratch and its deallocations).
static linalg::GenericOp findBufferResultTruncation(Operation *softmax,
                                                    bool inputFreed) {
  Value scratch = getSoftmaxOutput(softmax);
  linalg::GenericOp trunc = asSoftmaxTruncation(
      findGenericUser(scratch, [](linalg::GenericOp g, OpOperand &use) {
        return g.isDpsInput(&use);
      }));
  Value freed = inputFreed ? getSoftmaxInput(softmax) : Value();
  if (!trunc || !isPrivateScratch(scratch, softmax, trunc) ||
      !nothingWritesBetween(softmax, trunc, freed))
    return {};
  return trunc;
}

/// Whether `a` and `b` may be the same bytes: one buffer or views of one,
/// or views whose root is unknown.
static bool mayAlias(Value a, Value b) {
  Value rootA = getViewedRootBuffer(a), rootB = getViewedRootBuffer(b);
  return a == b || !rootA || !rootB || rootA == rootB;
}

namespace {
/// The casts around a softmax on memrefs that fold; either may be null.
struct BufferCasts {
  linalg::GenericOp ext, trunc;
};
} // namespace

/// The output the softmax writes once `casts` fold.
static Value foldedOutput(Operation *softmax, BufferCasts casts) {
  return casts.trunc ? casts.trunc.getDpsInits()[0] : getSoftmaxOutput(softmax);
}

/// The casts around `softmax` that fold together.
static BufferCasts findFoldableCasts(Operation *softmax) {
  BufferCasts casts;
  casts.ext = findBufferInputExtension(softmax);
  casts.trunc = findBufferResultTruncation(softmax, bool(casts.ext));
  // An extension of Y itself (y -> f32 -> softmax -> y): folded, the
  // softmax would work in place, which its kernels do not. It then reads
  // the f32 copy, which must live till the truncation.
  if (casts.ext &&
      mayAlias(casts.ext.getDpsInputs()[0], foldedOutput(softmax, casts))) {
    GEMM_OPT_DBG() << "keeps the extension: the softmax would read and "
                      "write one buffer\n";
    casts.ext = {};
    if (casts.trunc && !nothingWritesBetween(softmax, casts.trunc))
      casts.trunc = {};
  }
  return casts;
}

FailureOr<Operation *>
mlir::gemm_opt::foldSoftmaxBufferCasts(RewriterBase &rewriter,
                                       Operation *softmax) {
  if (!isSoftmaxOp(softmax) ||
      !cast<DestinationStyleOpInterface>(softmax).hasPureBufferSemantics())
    return failure();
  BufferCasts casts = findFoldableCasts(softmax);
  auto [ext, trunc] = casts;
  if (!ext && !trunc) {
    GEMM_OPT_DBG() << "no cast to fold around " << softmax->getName()
                   << " on memrefs at " << softmax->getLoc() << "\n";
    return failure();
  }
  Value y = foldedOutput(softmax, casts);
  Value x = ext ? ext.getDpsInputs()[0] : getSoftmaxInput(softmax);
  // Where the truncation wrote Y, so that nothing between the softmax and
  // it sees Y early (nothingWritesBetween keeps X unchanged till there).
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(trunc ? trunc.getOperation() : softmax);
  Operation *folded = createSoftmaxOp(rewriter, softmax->getLoc(), x, y,
                                      getSoftmaxDimension(softmax));
  GEMM_OPT_DBG() << "folds on memrefs "
                 << (ext ? "the extension of its input" : "")
                 << (ext && trunc ? " and " : "")
                 << (trunc ? "the truncation of its result" : "") << ": "
                 << folded->getName() << " reads "
                 << getElementTypeOrSelf(x.getType()) << " and writes "
                 << getElementTypeOrSelf(y.getType()) << "\n";
  Value input = getSoftmaxInput(softmax), output = getSoftmaxOutput(softmax);
  rewriter.eraseOp(softmax);
  if (trunc) {
    rewriter.eraseOp(trunc);
    eraseBufferIfUnused(rewriter, output);
  }
  if (ext) {
    rewriter.eraseOp(ext);
    eraseBufferIfUnused(rewriter, input);
  }
  return folded;
}
