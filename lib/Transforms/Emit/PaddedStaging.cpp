//===- PaddedStaging.cpp - Copies of operands into aligned rows -----------===//
//
// The copy kernel of the padded staging route (PaddedStaging.h). For
// operands X_0 .. X_{n-1} (R_i x C_i, copied to R_i x Cp_i), item j of the
// flat range of all chunks belongs to the first operand whose cumulative
// chunk count exceeds j; within it:
//
//   row = j / (Cp/E), c0 = (j % (Cp/E)) * E       (E elements = 16 bytes)
//   dst[row][c0 .. c0+E) = (c0+q < C ? X[row][c0+q] : 0)   for q < E
//
// Consecutive threads write consecutive 16-byte chunks of a row (one
// st.global.v4 each, coalesced) and read the matching source elements,
// which are contiguous too but only element-aligned: scalar loads, the
// column clamped and the value zeroed past C (only a row's last chunk is
// partial). The source is read-only (ld.global.nc).
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Emit/PaddedStaging.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Emit/BatchedLaunches.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {
struct StagingCopy {
  Value src, dst;
  int64_t rows, cols, ld, epc;
  int64_t dstRows; ///< rows, or more: the rows past `rows` are zero.
  int64_t begin, end; ///< Range of flat chunk items.
};
} // namespace

/// One thread's chunk `local` of `copy`.
static void emitChunk(KernelBuilder &b, const StagingCopy &copy, Value local,
                      bool parkAttrs) {
  auto c = [&](int64_t v) { return b.index(v); };
  int64_t chunks = copy.ld / copy.epc;
  Value row = b.createOrFold<arith::DivUIOp>(local, c(chunks));
  Value chunk = b.createOrFold<arith::RemUIOp>(local, c(chunks));
  Value col0 = b.createOrFold<arith::MulIOp>(chunk, c(copy.epc));
  Type elem = cast<MemRefType>(copy.src.getType()).getElementType();
  Value zero = arith::ConstantOp::create(b, b.getFloatAttr(elem, 0.0));
  bool ragged = copy.cols % copy.epc != 0;
  // Zero rows past the source's (padded rows): the row clamped, the value
  // zeroed.
  Value rowOk, srcRow = row;
  if (copy.dstRows != copy.rows) {
    rowOk = b.createOrFold<arith::CmpIOp>(arith::CmpIPredicate::ult, row,
                                          c(copy.rows));
    srcRow = b.createOrFold<arith::MinUIOp>(row, c(copy.rows - 1));
  }
  SmallVector<Value> vals;
  for (int64_t q = 0; q < copy.epc; ++q) {
    Value col = b.createOrFold<arith::AddIOp>(col0, c(q));
    if (!ragged) {
      Value v = memref::LoadOp::create(b, copy.src, ValueRange{srcRow, col});
      vals.push_back(rowOk ? b.createOrFold<arith::SelectOp>(rowOk, v, zero)
                           : v);
      continue;
    }
    Value ok = b.createOrFold<arith::CmpIOp>(arith::CmpIPredicate::ult, col,
                                             c(copy.cols));
    if (rowOk)
      ok = b.createOrFold<arith::AndIOp>(ok, rowOk);
    Value clamped = b.createOrFold<arith::MinUIOp>(col, c(copy.cols - 1));
    Value v = memref::LoadOp::create(b, copy.src, ValueRange{srcRow, clamped});
    vals.push_back(b.createOrFold<arith::SelectOp>(ok, v, zero));
  }
  Value vec = vector::FromElementsOp::create(
      b, VectorType::get({copy.epc}, elem), vals);
  auto store = vector::StoreOp::create(b, vec, copy.dst, ValueRange{row, col0},
                                       /*nontemporal=*/false,
                                       llvm::MaybeAlign(16));
  // The kernel function's attributes (outlining drops the launch's):
  // sources read-only, nothing aliased (gemm-apply-kernel-attributes).
  if (parkAttrs)
    parkKernelFnAttrs(store, /*maxRegs=*/0, /*readOnlyInputs=*/true);
}

/// Copies chunk `item` of whichever of `copies[i..]` it falls in.
static void emitChain(KernelBuilder &b, ArrayRef<StagingCopy> copies,
                      size_t i, Value item) {
  const StagingCopy &copy = copies[i];
  Value inside = b.createOrFold<arith::CmpIOp>(arith::CmpIPredicate::ult, item,
                                               b.index(copy.end));
  bool last = i + 1 == copies.size();
  auto ifOp = scf::IfOp::create(b, inside, /*withElseRegion=*/!last);
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPoint(ifOp.getThenRegion().front().getTerminator());
  emitChunk(b, copy,
            b.createOrFold<arith::SubIOp>(item, b.index(copy.begin)),
            /*parkAttrs=*/i == 0);
  if (!last) {
    b.setInsertionPoint(ifOp.getElseRegion().front().getTerminator());
    emitChain(b, copies, i + 1, item);
  }
}

SmallVector<Value>
mlir::gemm_opt::buildPaddedStagingCopies(KernelBuilder &b,
                                         ArrayRef<Value> operands,
                                         ArrayRef<int64_t> rowMultiples) {
  SmallVector<StagingCopy> copies;
  SmallVector<Value> views;
  int64_t total = 0;
  for (auto [i, src] : llvm::enumerate(operands)) {
    auto type = cast<MemRefType>(src.getType());
    assert(type.getRank() == 2 && type.hasStaticShape() &&
           "expected a static 2-D operand");
    StagingCopy copy;
    // A group's B (a B entry per group of entries) is copied per B entry.
    copy.src = perStoredEntry(b, b.getLoc(), src);
    copy.rows = type.getDimSize(0);
    copy.cols = type.getDimSize(1);
    int64_t elemBytes = type.getElementTypeBitWidth() / 8;
    copy.epc = 16 / elemBytes;
    copy.ld = paddedLeadingDim(copy.cols, elemBytes);
    int64_t multiple = i < rowMultiples.size() ? rowMultiples[i] : 1;
    copy.dstRows = ceilDiv(copy.rows, multiple) * multiple;
    // A batched operand (a batch view) gets a copy per stored entry.
    copy.dst = allocateScratchLike(
        b, b.getLoc(),
        MemRefType::get({copy.dstRows, copy.ld}, type.getElementType()),
        copy.src);
    copy.begin = total;
    total += copy.dstRows * (copy.ld / copy.epc);
    copy.end = total;
    copies.push_back(copy);
    // The logical extent over the padded rows.
    views.push_back(memref::SubViewOp::create(
        b, withSpanOf(b, b.getLoc(), copy.dst, src),
        ArrayRef<OpFoldResult>{b.getIndexAttr(0), b.getIndexAttr(0)},
        ArrayRef<OpFoldResult>{b.getIndexAttr(copy.rows),
                               b.getIndexAttr(copy.cols)},
        ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(1)}));
  }
  if (copies.empty())
    return views;
  OpBuilder::InsertionGuard g(b);
  auto launch = createStaticLaunch(
      b, {ceilDiv(total, kStagingThreads), 1, 1}, {kStagingThreads, 1, 1});
  launch->setAttr(kKernelAttr, b.getStringAttr(kPaddedStagingKind));
  Value item = b.createOrFold<arith::AddIOp>(
      b.createOrFold<arith::MulIOp>(launch.getBlockIds().x,
                                    b.index(kStagingThreads)),
      launch.getThreadIds().x);
  emitChain(b, copies, 0, item);
  return views;
}

GemmProblem mlir::gemm_opt::stageGemmOperands(KernelBuilder &b,
                                              const GemmProblem &problem,
                                              bool stageA, bool stageB,
                                              int64_t bRowMultiple) {
  GemmProblem staged = problem;
  // A batched A and a shared B get a copy kernel each: a kernel that reads
  // a batched operand runs once per entry (BatchedLaunches.h).
  // A group's B stores fewer entries than A: a kernel each too.
  if (stageA && stageB &&
      (bool(getBatchedBuffer(problem.a)) != bool(getBatchedBuffer(problem.b)) ||
       getBatchSpan(problem.b))) {
    staged.a = buildPaddedStagingCopies(b, problem.a).front();
    staged.b = buildPaddedStagingCopies(b, problem.b, bRowMultiple).front();
    return staged;
  }
  SmallVector<Value> operands;
  SmallVector<int64_t> rowMultiples;
  if (stageA) {
    operands.push_back(problem.a);
    rowMultiples.push_back(1);
  }
  if (stageB) {
    operands.push_back(problem.b);
    rowMultiples.push_back(bRowMultiple);
  }
  SmallVector<Value> views =
      buildPaddedStagingCopies(b, operands, rowMultiples);
  if (stageA)
    staged.a = views.front();
  if (stageB)
    staged.b = views.back();
  return staged;
}

GemmProblem mlir::gemm_opt::readPaddedAllocations(const GemmProblem &problem) {
  GemmProblem p = problem;
  for (Value *operand : {&p.a, &p.b}) {
    if (auto view = operand->getDefiningOp<memref::SubViewOp>()) {
      *operand = view.getSource();
      view.erase();
    }
  }
  return p;
}
