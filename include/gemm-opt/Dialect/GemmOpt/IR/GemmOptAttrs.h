//===- GemmOptAttrs.h - Problems and plans of gemm-opt ----------*- C++ -*-===//
//
// The typed attributes of the gemm_opt dialect (GemmOptAttrs.td), and the
// chip-independent rules their verifiers apply, which the C++ plans'
// `validate(chip)` applies too before the chip's limits.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_GEMMOPT_IR_GEMMOPTATTRS_H
#define GEMM_OPT_DIALECT_GEMMOPT_IR_GEMMOPTATTRS_H

#include "gemm-opt/Dialect/GemmOpt/IR/GemmOptDialect.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"

#include <optional>
#include <string>

namespace mlir::gemm_opt {

/// Reads `true` or `false` (the plans' switches).
FailureOr<bool> parseBoolParameter(AsmParser &parser);

/// Reads and prints a double parameter exactly (round trip).
FailureOr<llvm::APFloat> parseF64Parameter(AsmParser &parser);
FailureOr<std::optional<llvm::APFloat>>
parseOptionalF64Parameter(AsmParser &parser);
void printF64Parameter(AsmPrinter &printer, const llvm::APFloat &value);


/// Short names used in manifests and diagnostics: f32, f16, bf16.
std::string elementTypeName(Type type);

/// Checks an element type triple (A, B, C), returning a message when it is
/// not supported, or an empty string.
std::string checkMatmulElementTypes(Type a, Type b, Type c);

/// The most K splits of a wgmma plan: each split's f32 partial is another
/// M x N in scratch that the reduction reads.
inline constexpr int64_t kMaxWgmmaSplitK = 16;
/// The most TMA-store staging boxes of one consumer warpgroup: a 64-row
/// share of a 256-column tile in f32 (8 boxes of 128 bytes a row).
inline constexpr int64_t kMaxWgmmaStoreBuffers = 8;

// The chip-independent rules of each plan, in the attribute's parameter
// order: a message, or "" when the plan may be built on some chip.
std::string checkSimtPlan(int64_t aPad, bool aTransposed, int64_t bPad,
                          int64_t bXor, int64_t bk, int64_t bm, int64_t bn,
                          int64_t fragM, int64_t fragN, int64_t groupM,
                          int64_t maxRegs, bool pipelineEdges,
                          bool programmaticReduction, bool readOnly,
                          bool registerPrefetch, int64_t splitK, bool stagedA,
                          bool stagedB, int64_t stages, int64_t tm, int64_t tn,
                          int64_t vector, bool warpTiled, int64_t wm,
                          int64_t wn);
std::string checkGemvPlan(int64_t unroll, int64_t warps);
std::string checkSwapAbPlan(int64_t kWarps, int64_t rowTiles, int64_t unroll);
std::string checkMmaPlan(int64_t bk, int64_t bm, int64_t bn, int64_t elemBytes,
                         int64_t groupM, int64_t maxRegs, int64_t stages,
                         int64_t wm, int64_t wn);
std::string
checkWgmmaPlan(int64_t bk, int64_t bm, int64_t bn, int64_t cElemBytes,
               int64_t clusterM, int64_t clusterN, int64_t consumerRegs,
               int64_t elemBytes, int64_t groupM, int64_t maxRegs,
               bool persistent, int64_t persistentBlocks, bool pingpong,
               int64_t producerRegs, int64_t splitK, bool stagedA, bool stagedB,
               int64_t stages, int64_t storeBuffers, bool streamK, bool swapAb,
               bool tmaStore, bool warpSpecialized, int64_t warpgroups);

} // namespace mlir::gemm_opt

namespace mlir::gemm_opt {
class EpilogueStepAttr;
} // namespace mlir::gemm_opt

#define GET_ATTRDEF_CLASSES
#include "gemm-opt/Dialect/GemmOpt/IR/GemmOptAttrs.h.inc"

#endif // GEMM_OPT_DIALECT_GEMMOPT_IR_GEMMOPTATTRS_H
