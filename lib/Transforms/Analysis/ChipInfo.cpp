//===- ChipInfo.cpp - Limits and features of each supported chip ----------===//

#include "gemm-opt/Transforms/Analysis/ChipInfo.h"
#include "gemm-opt/Transforms/Analysis/ModuleTarget.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::gemm_opt;

// Shared memory per block is the opt-in maximum and per SM the carve-out
// maximum of the programming guide's compute-capability table; every chip
// has 64K registers per SM, 255 per thread and 1024 threads per block. The
// SM counts are those of one part per chip: the heuristics size grids with
// them, and a different part of the same chip only changes how full the
// GPU is (V100, T4, A100, A40 for sm_86 (the A10 has 72, the 3090 82),
// Jetson AGX Orin, L4 for sm_89 (the 4090 has 128), H100 SXM / H200).
static const ChipInfo kChips[] = {
    {"sm_70", 70, false, "V100", 80, 98304, 98304},
    {"sm_75", 75, false, "T4", 40, 65536, 65536},
    {"sm_80", 80, false, "A100", 108, 166912, 167936},
    {"sm_86", 86, false, "A40", 84, 101376, 102400},
    {"sm_87", 87, false, "Jetson AGX Orin", 16, 166912, 167936},
    {"sm_89", 89, false, "L4", 58, 101376, 102400},
    {"sm_90", 90, false, "H100 SXM / H200", 132, 232448, 233472},
    {"sm_90a", 90, true, "H100 SXM / H200", 132, 232448, 233472},
};

const ChipInfo *mlir::gemm_opt::lookupChipInfo(StringRef name) {
  for (const ChipInfo &chip : kChips)
    if (chip.name == name)
      return &chip;
  return nullptr;
}

std::string mlir::gemm_opt::listSupportedChips() {
  return llvm::join(llvm::map_range(kChips,
                                    [](const ChipInfo &c) { return c.name; }),
                    ", ");
}

FailureOr<const ChipInfo *> mlir::gemm_opt::getChipInfo(Operation *at,
                                                        StringRef option) {
  FailureOr<std::string> name = resolveTargetChip(at, option);
  if (failed(name))
    return failure();
  if (const ChipInfo *chip = lookupChipInfo(*name))
    return chip;
  return at->emitError("unsupported chip '")
         << *name << "'; expected one of " << listSupportedChips();
}

std::string mlir::gemm_opt::checkKernelLimits(int64_t maxRegs, int64_t groupM,
                                              int64_t sharedBytes,
                                              const ChipInfo &chip) {
  auto s = [](int64_t v) { return std::to_string(v); };
  if (maxRegs != 0 && (maxRegs < 24 || maxRegs > chip.maxRegistersPerThread))
    return "max-registers=" + s(maxRegs) + " must be 0 (no cap) or in [24, " +
           s(chip.maxRegistersPerThread) + "]";
  if (groupM < 0)
    return "group-m=" + s(groupM) + " must not be negative";
  if (sharedBytes > chip.maxSharedBytesPerBlock)
    return "shared memory of " + s(sharedBytes) +
           " bytes exceeds the per-block limit of " +
           s(chip.maxSharedBytesPerBlock) + " on " + chip.name.str();
  return "";
}
