//===- GemmHeuristics.h - Tile sizes per shape and chip ---------*- C++ -*-===//
//
// The one place that decides block tiles, thread tiles, stages and warp
// tiles of the SIMT matmul kernels. Rung passes only rewrite IR: they ask
// this component for the defaults of their rung, apply the user's pass
// options on top, and validate the result.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_HEURISTICS_GEMMHEURISTICS_H
#define GEMM_OPT_TRANSFORMS_HEURISTICS_GEMMHEURISTICS_H

#include "gemm-opt/Transforms/Gemm/SmallM/GemvGemm.h"
#include "gemm-opt/Transforms/Gemm/SmallM/SwapAbGemm.h"
#include "gemm-opt/Transforms/Gemm/Mma/MmaGemm.h"
#include "gemm-opt/Transforms/Gemm/Simt/SimtGemm.h"
#include "gemm-opt/Transforms/Gemm/Wgmma/WgmmaGemm.h"

namespace mlir::gemm_opt {

/// The rungs of the SIMT ladder, in order.
enum class SimtRung { Smem, Reg1D, Reg2D, Vector, Swizzle, MultiBuffer, WarpTile };

llvm::StringRef simtRungName(SimtRung rung);

/// Turns on `rung`'s feature in `plan` (the parent rung's plan) with the
/// defaults for `problem` on `chip`. Rungs that re-tile (smem, reg1d, reg2d)
/// choose the tile; vector, swizzle and multibuffer keep the block and thread
/// tile (and set the K tile); warptile picks the block tile per shape class
/// unless an earlier rung's options changed it from reg2d's default.
void applySimtRungDefaults(SimtRung rung, const GemmProblem &problem,
                           const ChipInfo &chip, SimtGemmPlan &plan);

/// Sets the warp tile, fragments and B swizzle of the warptile rung for the
/// plan's block and thread tile.
void chooseWarpLayout(SimtGemmPlan &plan);

/// Split-K factor of the warptile rung for `plan`'s tiles (1 = no split).
int64_t chooseSplitK(const GemmProblem &problem, const ChipInfo &chip,
                     const SimtGemmPlan &plan);

/// Whether the SIMT rungs with 128-bit paths (vector and later) copy A
/// and/or B into padded scratch first: sets plan.stageA / stageB from the
/// problem's rows and size and the plan's vector width and pipeline.
void chooseSimtStaging(const GemmProblem &problem, SimtGemmPlan &plan);

/// The XOR mask that makes B's inner-loop reads conflict-free for the
/// plan's layout (0 when they already are).
int64_t chooseBXorMask(const SimtGemmPlan &plan);

/// The weight-streaming kernel's plan when the tensor-core rungs should
/// compute `problem` with it (a few rows of A times B stored N x K), or
/// nothing (then `why` says why not, when given). `force`: wherever the
/// kernel applies, also where the swap-AB kernel streams B faster.
std::optional<GemvGemmPlan> chooseGemvPlan(const GemmProblem &problem,
                                           std::string *why = nullptr,
                                           bool force = false);

/// The swap-AB kernel's plan when the tensor-core rungs should compute
/// `problem` with it (a few rows of A times B stored N x K, f16 or bf16),
/// or nothing (then `why` says why not, when given), for a chip of
/// `numSMs` SMs. `force`: wherever the kernel applies, also where
/// tensor-core tiles of A's rows are faster.
std::optional<SwapAbGemmPlan> chooseSwapAbPlan(const GemmProblem &problem,
                                               int64_t numSMs,
                                               std::string *why = nullptr,
                                               bool force = false);

/// The default plan of the tensor-core rung `mma` for `problem` on `chip`
/// (f16/bf16 inputs, or f32 inputs computed as TF32).
MmaGemmPlan chooseMmaPlan(const GemmProblem &problem, const ChipInfo &chip);

/// The default plan of the Hopper rung `wgmma` for `problem` on `chip`
/// (f16/bf16 inputs, or f32 inputs computed as TF32); without the swap-AB
/// kernel when `allowSwapAb` is false (the rung's swap-ab=0).
WgmmaGemmPlan chooseWgmmaPlan(const GemmProblem &problem, const ChipInfo &chip,
                              bool allowSwapAb = true);

/// Puts `plan`, the heuristics' wgmma plan of `problem`, in clusters of two
/// blocks sharing B through TMA multicast where that was measured to pay
/// (cooperative 128x192 tiles over an even count of 128-row tiles:
/// ClusterHeuristics.cpp); leaves it alone elsewhere.
void chooseWgmmaCluster(const GemmProblem &problem, WgmmaGemmPlan &plan);

/// Sets `plan` to the warp-specialized persistent kernel on 128 x `bn`
/// tiles: a producer warpgroup and two consumers sharing each tile, 4 ring
/// slots, the registers the rung splits between them.
void useCooperativeWgmma(WgmmaGemmPlan &plan, int64_t bn);

/// Swap-AB tiles of an M x N matmul on `numSMs` SMs: `cols` rows of M
/// (a multiple of 8) per block of 128 rows of N, and the tiles there are.
struct SwapAbWgmmaTiles {
  int64_t cols = 0, tiles = 0;
};
SwapAbWgmmaTiles chooseSwapAbWgmmaTiles(int64_t m, int64_t n, int64_t numSMs);

/// Replaces `plan` (chooseWgmmaPlan's) where `problem`'s M would leave its
/// last 128-row tile mostly padding (B stored N x K, 16-bit inputs, wide N)
/// by the swap-AB kernel's (WgmmaGemmPlan::swapAB) over a long K where its
/// tiles fill their waves, else by the cooperative 128x256 kernel's with
/// stream-K, and says why; false, leaving `plan` alone, for other problems.
bool chooseSwapAbWgmmaPlan(const GemmProblem &problem, const ChipInfo &chip,
                           WgmmaGemmPlan &plan, std::string &why);

/// Whether the `wgmma` rung copies operands whose rows are not 16-byte
/// aligned into padded scratch (and runs TMA + wgmma on those) rather than
/// keeping the mma.sync kernel: when the problem is large enough that the
/// copies are small against the matmul.
bool chooseWgmmaStaging(const GemmProblem &problem, const ChipInfo &chip);

/// Whether C can be written by TMA stores at all: rows of a multiple of 16
/// bytes and beta = 0 (a TMA store overwrites). Returns why not, or "".
std::string checkTmaStoreOfC(const GemmProblem &problem);

/// Whether `plan` (with its final options) takes the TMA-store epilogue.
bool chooseWgmmaTmaStore(const GemmProblem &problem, const WgmmaGemmPlan &plan,
                         const ChipInfo &chip);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_HEURISTICS_GEMMHEURISTICS_H
