//===- Epilogue.h - The fused epilogue in a matmul kernel -------*- C++ -*-===//
//
// Every matmul kernel that writes C applies the problem's fused epilogue
// (#gemm_opt.epilogue) through this one helper, to each f32 result right
// before it is rounded to C's type and stored.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_EMIT_EPILOGUE_H
#define GEMM_OPT_TRANSFORMS_EMIT_EPILOGUE_H

#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Emit/KernelBuilder.h"

namespace mlir::gemm_opt {

/// Applies `p`'s epilogue steps in order to `v`, the f32 result of
/// C[row][col] of the (batch entry's) M x N matrix, and returns the f32
/// result; `v` itself when there is no epilogue (nothing is emitted). The
/// operands E0.. are read widened to f32; with `clamp`, row and col may lie
/// outside M x N (a value the caller does not store) and the reads are
/// clamped into the operands.
Value applyEpilogue(KernelBuilder &b, const GemmProblem &p, Value row,
                    Value col, Value v, bool clamp = false);

/// The byte address of `buffer`'s element 0 (its aligned pointer plus the
/// view's offset: a batch entry's view starts there), from which the
/// epilogues that store C (and read its operands) by address index.
Value elementZeroAddress(KernelBuilder &b, Value buffer);

/// applyEpilogue where the caller has read step i's operand itself when
/// `given[i]` is not null (widened to f32, not yet scaled: the swap-AB
/// wgmma store reads whole-matrix and row operands at immediate offsets
/// from one address per row of its tile); the others as applyEpilogue.
Value applyEpilogueGiven(KernelBuilder &b, const GemmProblem &p, Value row,
                         Value col, Value v, ArrayRef<Value> given);

/// The same for a vector of f32 results of C[row][col], C[row][col + 1], ...
Value applyEpilogueVector(KernelBuilder &b, const GemmProblem &p, Value row,
                          Value col, Value v, bool clamp = false);

/// The operand values the epilogue reads for `width` results
/// C[row][col + e]: per result, per step, the operand widened to f32 and
/// scaled (null for an activation, a scalar, or step `skipStep`, whose
/// operand the caller reads another way: the wgmma kernel's staged box).
using EpilogueInputs = SmallVector<SmallVector<Value>, 2>;
EpilogueInputs loadEpilogueInputs(KernelBuilder &b, const GemmProblem &p,
                                  Value row, Value col, int64_t width,
                                  bool clamp, int64_t skipStep = -1);

/// applyEpilogueVector on the operand values of loadEpilogueInputs (with
/// the skipped step's filled in).
Value applyEpilogueVector(KernelBuilder &b, const GemmProblem &p, Value v,
                          const EpilogueInputs &inputs);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_EMIT_EPILOGUE_H
