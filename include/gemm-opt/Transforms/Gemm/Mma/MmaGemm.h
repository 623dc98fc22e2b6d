//===- MmaGemm.h - Plan and builder of the tensor-core matmul ---*- C++ -*-===//
//
// The `mma` rung: warp tiles computed with mma.sync (m16n8k16 for f16/bf16,
// m16n8k8 TF32 for f32 on request), fragments loaded with ldmatrix from a
// multi-stage cp.async ring of XOR-swizzled tiles in dynamic shared memory
// (seed 004 §5 for the fragment layouts). The plan lives on the gpu.launch
// as `gemm_opt.mma_plan`.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_GEMM_MMA_MMAGEMM_H
#define GEMM_OPT_TRANSFORMS_GEMM_MMA_MMAGEMM_H

#include "gemm-opt/Transforms/Gemm/Simt/SimtGemm.h"

#include <string>

namespace mlir::gemm_opt {

inline constexpr llvm::StringLiteral kMmaPlanAttr = "gemm_opt.mma_plan";

/// Everything that decides the shape of a tensor-core matmul kernel.
///
/// The block tile BM x BN is split into (BM/WM) x (BN/WN) warps; a warp owns
/// WM x WN outputs as (WM/16) x (WN/8) mma tiles. The K tile BK is staged in
/// `stages` shared-memory buffers filled by cp.async (or, for operands whose
/// rows are not 16-byte aligned, by guarded scalar loads).
struct MmaGemmPlan {
  int64_t bm = 128, bn = 128, bk = 32;
  int64_t wm = 64, wn = 32;
  int64_t stages = 4;
  /// Grouped block order over this many block rows (0/1 = row-major).
  int64_t groupM = 8;
  /// nvvm.maxnreg on the kernel; 0 = none.
  int64_t maxRegs = 0;
  /// Bytes per input element: 2 (f16/bf16) or 4 (f32 as TF32).
  int64_t elemBytes = 2;

  int64_t warps() const { return (bm / wm) * (bn / wn); }
  int64_t threads() const { return warps() * 32; }
  /// Elements per 16-byte chunk, K per mma.
  int64_t chunkElems() const { return 16 / elemBytes; }
  int64_t kStep() const { return elemBytes == 2 ? 16 : 8; }
  int64_t aChunksPerRow() const { return bk * elemBytes / 16; }
  int64_t bChunksPerRow() const { return bn * elemBytes / 16; }
  int64_t aStageBytes() const { return bm * bk * elemBytes; }
  /// Padding (elements) after each row of the B tile. TF32 fragments of B
  /// are read element by element (ldmatrix cannot transpose 32-bit data):
  /// lanes (g, t) read k row t and n columns 8 wide, so a 32-byte pad shifts
  /// the 4 rows by 8 banks each and keeps every address an immediate offset
  /// (an XOR swizzle would need per-lane arithmetic for each load).
  int64_t bRowPad() const { return elemBytes == 4 ? 8 : 0; }
  int64_t bRowElems() const { return bn + bRowPad(); }
  int64_t bStageBytes() const { return bk * bRowElems() * elemBytes; }
  int64_t sharedBytes() const {
    return stages * (aStageBytes() + bStageBytes());
  }

  std::string validate(const ChipInfo &chip) const;
  /// The plan as `#gemm_opt.mma_plan<...>` (threads and shared memory are
  /// the launch's block size and dynamic shared memory).
  MmaPlanAttr toAttr(MLIRContext *ctx) const;
  static MmaGemmPlan fromAttr(MmaPlanAttr attr);
  std::string str() const;
};

/// Builds the tensor-core kernel for `problem` and `plan` right before
/// `before` and returns the new launch. The plan must have been validated.
gpu::LaunchOp buildMmaGemmKernel(const GemmProblem &problem,
                                 const MmaGemmPlan &plan, Operation *before);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_GEMM_MMA_MMAGEMM_H
