//===- DynamicRanges.h - The M ranges of a dynamic matmul's variants -*- C++ -*-===//

#ifndef GEMM_OPT_TRANSFORMS_HEURISTICS_DYNAMICRANGES_H
#define GEMM_OPT_TRANSFORMS_HEURISTICS_DYNAMICRANGES_H

#include "gemm-opt/Transforms/Dispatch/DynamicVariants.h"

#include "llvm/ADT/SmallVector.h"

namespace mlir::gemm_opt {

/// The ranges of M a matmul with a dynamic M is compiled for, in order,
/// covering 1 .. kMaxSymbolValue; each variant is planned for its range's
/// largest M (the last, unbounded one for a typical large M).
SmallVector<MRange> chooseDynamicMRanges();

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_HEURISTICS_DYNAMICRANGES_H
