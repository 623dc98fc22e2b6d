//===- SplitKReduction.cpp - The deterministic split-K reduction ----------===//
//
// The second kernel of a split-K matmul: it sums the f32 partials of the
// splits in split order (deterministic) into C.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Emit/SplitKReduction.h"

#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Emit/Epilogue.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {
class SplitKReductionEmitter : KernelEmitterBase {
public:
  SplitKReductionEmitter(KernelBuilder &b, const SplitKReduction &r)
      : KernelEmitterBase(b), r(r) {}

  gpu::LaunchOp emit();

private:
  Value loadVec4(Value mem, ValueRange idx) {
    return vector::LoadOp::create(b, VectorType::get({4}, b.getF32Type()), mem,
                                  idx, /*nontemporal=*/false,
                                  llvm::MaybeAlign(16));
  }

  const SplitKReduction &r;
};
} // namespace

gpu::LaunchOp SplitKReductionEmitter::emit() {
  // One thread per 4 consecutive elements of a padded row of partials; the
  // partials are summed in split order, then added to C when accumulating:
  // deterministic. C is written in one 128-bit store when its rows are
  // 16-byte aligned f32, else element by element (those inside N).
  int64_t m = r.m, n = r.n, ld = r.ldPartials;
  int64_t items = m * ld / 4, blockThreads = 256;
  auto launch = createStaticLaunch(
      b, {ceilDiv(items, blockThreads), 1, 1}, {blockThreads, 1, 1});
  launch->setAttr(kKernelAttr, b.getStringAttr(kSplitKReduceKind));
  // Launched as a programmatic dependent launch (sm_90 on): its blocks may
  // start while the matmul kernel drains, and wait here for its partials.
  // Otherwise the stream orders the two launches.
  if (r.programmatic)
    NVVM::GriddepcontrolOp::create(b, NVVM::GridDepActionKind::wait);
  Value item = add(mul(launch.getBlockIds().x, blockThreads),
                   launch.getThreadIds().x);
  auto inside = scf::IfOp::create(b, ult(item, items), /*withElse=*/false);
  b.setInsertionPoint(inside.getThenRegion().front().getTerminator());
  Value flat = mul(item, 4);
  Value row = div(flat, ld), col = rem(flat, ld);
  Value sum = loadVec4(r.partials, {row, col});
  for (int64_t z = 1; z < r.splits; ++z)
    sum = arith::AddFOp::create(b, sum,
                                loadVec4(r.partials, {add(row, z * m), col}));
  Type cType = cast<MemRefType>(r.c.getType()).getElementType();
  if (cType.isF32() && n % 4 == 0) {
    if (r.accumulate)
      sum = arith::AddFOp::create(b, loadVec4(r.c, {row, col}), sum);
    if (r.epilogue)
      sum = applyEpilogueVector(b, *r.epilogue, row, col, sum);
    vector::StoreOp::create(b, sum, r.c, {row, col}, /*nontemporal=*/false,
                            llvm::MaybeAlign(16));
    return launch;
  }
  for (int64_t q = 0; q < 4; ++q) {
    Value cq = add(col, q);
    // col is a multiple of 4 below N rounded up: only elements q >= N % 4
    // of the last chunk of a row can lie past N.
    Value ok = n % 4 == 0 || q < n % 4 ? Value() : ult(cq, n);
    ifThen(ok, [&] {
      Value v = vector::ExtractOp::create(b, sum, ArrayRef<int64_t>{q});
      if (r.accumulate)
        v = arith::AddFOp::create(b, b.loadF32(r.c, {row, cq}), v);
      if (r.epilogue)
        v = applyEpilogue(b, *r.epilogue, row, cq, v);
      b.storeFromF32(v, r.c, {row, cq});
    });
  }
  return launch;
}

gpu::LaunchOp mlir::gemm_opt::buildSplitKReduction(KernelBuilder &b,
                                                   const SplitKReduction &r) {
  return SplitKReductionEmitter(b, r).emit();
}
