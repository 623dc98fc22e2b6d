//===- ChipInfo.h - Limits and features of each supported chip --*- C++ -*-===//
//
// What the heuristics and the plan checks of every rung know about the chip
// a stage is compiled for: per-block limits (CUDA C++ Programming Guide,
// "Technical Specifications per Compute Capability"), an SM count for the
// grid-filling heuristics (one representative part per chip) and the
// instructions the kernels use that older chips lack.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_ANALYSIS_CHIPINFO_H
#define GEMM_OPT_TRANSFORMS_ANALYSIS_CHIPINFO_H

#include "mlir/IR/Operation.h"

#include <string>

namespace mlir::gemm_opt {

/// Limits and features of one chip gemm-opt compiles for.
struct ChipInfo {
  llvm::StringRef name;  ///< "sm_80", ...
  int64_t smVersion;     ///< 80 (sm_90a: 90).
  bool archSpecific;     ///< sm_90a: wgmma, setmaxnreg.
  llvm::StringRef part;  ///< The part whose SM count the heuristics use.
  int64_t numSMs;
  /// Opt-in limit for one block (static + dynamic).
  int64_t maxSharedBytesPerBlock;
  int64_t sharedBytesPerSM;
  int64_t maxThreadsPerBlock = 1024;
  int64_t registersPerSM = 64 * 1024;
  int64_t maxRegistersPerThread = 255;

  /// cp.async (the multi-stage rings of multibuffer, warptile and mma).
  bool hasCpAsync() const { return smVersion >= 80; }
  /// mma.sync m16n8k16 f16/bf16 and m16n8k8 TF32 (sm_75 has only the f16
  /// m16n8k8 shape), as the `mma` rung issues them.
  bool hasMmaSyncK16() const { return smVersion >= 80; }
  /// TMA, thread-block clusters (distributed shared memory) and
  /// griddepcontrol (programmatic dependent launch).
  bool hasSm90Features() const { return smVersion >= 90; }
  /// wgmma.mma_async and setmaxnreg: the architecture-specific sm_90a.
  bool hasWgmma() const { return smVersion == 90 && archSpecific; }
};

/// The chip called `name`, or null when gemm-opt does not compile for it.
const ChipInfo *lookupChipInfo(llvm::StringRef name);

/// "sm_70, sm_75, ..., sm_90a" for diagnostics.
std::string listSupportedChips();

/// The chip a pass with the `chip` option `option` compiles for at `at`
/// (resolveTargetChip: the module's target, else the option, else sm_90),
/// or an error at `at` naming it and the supported chips.
FailureOr<const ChipInfo *> getChipInfo(Operation *at, llvm::StringRef option);

/// Checks the limits every block-tiled matmul plan shares: the register cap
/// (0 or 24..the chip's per-thread limit), the grouped block order (>= 0)
/// and the shared memory per block on `chip`. Returns a message, or "" when
/// they hold.
std::string checkKernelLimits(int64_t maxRegs, int64_t groupM,
                              int64_t sharedBytes, const ChipInfo &chip);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_ANALYSIS_CHIPINFO_H
