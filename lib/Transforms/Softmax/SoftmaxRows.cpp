//===- SoftmaxRows.cpp - Mapping chosen by row length --------------- ===//
//
// Ladder rung 'softmax-rows' (seed 002: 'let a block process several rows'
// when rows are short or few). The vectorized online kernel with the fewest
// threads per row that keep the row in registers: sub-warp groups (several
// rows per warp) for very short rows, a warp per row, several warps, or a
// block per row, and several rows per block. Expected: near copy bandwidth
// for rows up to 32K elements (f32) / 64K (f16, kept packed: raw 16-bit
// values in registers, widened again for the write) held in registers;
// longer rows use shared memory whole (up to max-shared-bytes), else the
// hybrid plan (registers, then shared memory, and only the remainder is
// re-read: none for 128K f16), else (rows that are no whole number of
// block-wide chunks) re-read the row. On sm_90, rows too long for one
// block's registers (up to 8 blocks' worth: 256K f32, 512K f16) are split
// over a thread-block cluster instead: each block reads its slice once
// into registers, and the blocks combine their (max, sum) pairs through
// distributed shared memory. The blocks have 256 threads and a register
// cap that lets three share an SM, so that one block's loads overlap the
// others' reductions and stores (1024x131072: 8 blocks per f32 row, 4 per
// f16 row, 16 vectors per thread); rows whose slices do not fit under that
// cap in 8 blocks keep blocks of up to 1024 threads, one per SM.
// With pipeline-rows = R > 1 a cluster processes R rows in a software
// pipeline: each thread loads the next row's slice into a second set of
// registers before reducing, exchanging and writing the current one, so
// the loads of one row overlap the reduction, the barriers and the stores
// of the other within one block (measured slower).
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Passes.h"
#include "gemm-opt/Transforms/Heuristics/SoftmaxHeuristics.h"
#include "gemm-opt/Transforms/Softmax/SoftmaxRung.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMSOFTMAXROWS
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {

struct GemmSoftmaxRowsPass : public mlir::gemm_opt::impl::GemmSoftmaxRowsBase<GemmSoftmaxRowsPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    FailureOr<const ChipInfo *> target = getChipInfo(func, chip);
    if (failed(target))
      return signalPassFailure();
    FailureOr<SoftmaxLimits> limits = makeSoftmaxLimits(
        func, **target, maxThreads, maxRegisterElems, maxSharedBytes);
    if (failed(limits))
      return signalPassFailure();
    FailureOr<SoftmaxClusterOptions> cluster =
        makeSoftmaxClusterOptions(func, **target, clusterSize, smCount,
                                  pipelineRows, clusterThreads, expFtz,
                                  clusterBlocksPerSm);
    if (failed(cluster))
      return signalPassFailure();
    if (failed(runSoftmaxRung(
            func, "gemm-softmax-rows", [&](const SoftmaxProblem &p) {
          return chooseRowsPlan(func, p, *limits, blockThreads, *cluster);
        })))
      signalPassFailure();
  }
};

} // namespace
