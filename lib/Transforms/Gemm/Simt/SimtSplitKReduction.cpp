//===- SimtSplitKReduction.cpp - SIMT matmul: the split-K reduction -------===//
//
// The second kernel of a split-K plan: it sums the f32 partials of the
// splits in split order (deterministic) into C, as a programmatic
// dependent launch where the chip has griddepcontrol.
//
//===----------------------------------------------------------------------===//

#include "SimtKernelEmitter.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::gemm_opt;
using namespace mlir::gemm_opt::simt;

void SimtKernelEmitter::emitSplitKReduction() {
  // One thread per 4 consecutive elements of a padded row of partials; the
  // partials are summed in split order, then added to C when accumulating:
  // deterministic. C is written in one 128-bit store when its rows are
  // 16-byte aligned f32, else element by element (those inside N).
  int64_t items = p.m * ldOut / 4, blockThreads = 256;
  auto launch = createStaticLaunch(
      b, {ceilDiv(items, blockThreads), 1, 1}, {blockThreads, 1, 1});
  launch->setAttr(kKernelAttr, b.getStringAttr(kSplitKReduceKind));
  // Launched as a programmatic dependent launch (sm_90 on): its blocks may
  // start while the matmul kernel drains, and wait here for its partials.
  // Otherwise the stream orders the two launches.
  if (plan.programmaticReduction)
    NVVM::GriddepcontrolOp::create(b, NVVM::GridDepActionKind::wait);
  Value item = add(mul(launch.getBlockIds().x, blockThreads),
                   launch.getThreadIds().x);
  auto inside = scf::IfOp::create(b, ult(item, items), /*withElse=*/false);
  b.setInsertionPoint(inside.getThenRegion().front().getTerminator());
  Value flat = mul(item, 4);
  Value row = div(flat, ldOut), col = rem(flat, ldOut);
  Value sum = loadVec4(scratch, {row, col});
  for (int64_t z = 1; z < plan.splitK; ++z)
    sum = arith::AddFOp::create(b, sum, loadVec4(scratch, {add(row, z * p.m), col}));
  if (p.cType.isF32() && p.n % 4 == 0) {
    if (p.accumulate)
      sum = arith::AddFOp::create(b, loadVec4(p.c, {row, col}), sum);
    storeVec4(sum, p.c, {row, col});
    return;
  }
  for (int64_t q = 0; q < 4; ++q) {
    Value cq = add(col, q);
    // col is a multiple of 4 below N rounded up: only elements q >= N % 4
    // of the last chunk of a row can lie past N.
    Value ok = p.n % 4 == 0 || q < p.n % 4 ? Value() : ult(cq, p.n);
    ifThen(ok, [&] {
      Value v = extract(sum, q);
      if (p.accumulate)
        v = arith::AddFOp::create(b, b.loadF32(p.c, {row, cq}), v);
      b.storeFromF32(v, p.c, {row, cq});
    });
  }
}
