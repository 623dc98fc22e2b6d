//===- TransposedCopy.cpp - A transposed copy with padded rows ------------===//
//
// The kernel of TransposedCopy.h. A block transposes one T x T tile (T = 64)
// of the source S (R x C) through shared memory, 256 threads, E = 16 bytes
// of elements per access:
//
//   load:  chunk q of the tile (q = tid + 256 i): row r = q / (T/E), columns
//          E*(q % (T/E)) ..+E of S's rows r0 + r, one 16-byte load when S's
//          rows are 16-byte aligned (else E scalar loads), into tile[r][..]
//   store: chunk q: row n = q / (T/E) of the copy, columns E*(q % (T/E))
//          ..+E = tile[E*(q % (T/E)) + e][n], one 16-byte store
//
// Both phases are coalesced and 16 bytes wide, four chunks per thread in
// flight. Elements past R or C read as zero, so the copy's padding columns
// (R .. Cp) come out zero; the stores only need the chunk to lie inside the
// allocation (Cp is a multiple of E). The tile's rows are T + 1 elements
// (odd, in 4-byte words for f32) so the column reads of the store phase
// spread over the banks.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Emit/TransposedCopy.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Emit/BatchedLaunches.h"
#include "gemm-opt/Transforms/Emit/PaddedStaging.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {
class TransposedCopyEmitter : KernelEmitterBase {
public:
  TransposedCopyEmitter(KernelBuilder &b, Value src, Value dst)
      : KernelEmitterBase(b), src(src), dst(dst) {
    auto type = cast<MemRefType>(src.getType());
    rows = type.getDimSize(0);
    cols = type.getDimSize(1);
    elem = type.getElementType();
    epc = 16 / (type.getElementTypeBitWidth() / 8);
    ld = cast<MemRefType>(dst.getType()).getDimSize(1);
  }

  void emit(gpu::LaunchOp launch);

private:
  /// The E elements of source row `row` from column `col0`, zero past the
  /// edges.
  SmallVector<Value> loadChunk(Value row, Value col0);

  Value src, dst;
  int64_t rows, cols, ld, epc;
  Type elem;
};
} // namespace

SmallVector<Value> TransposedCopyEmitter::loadChunk(Value row, Value col0) {
  Value zero = arith::ConstantOp::create(b, b.getFloatAttr(elem, 0.0));
  bool guardRow = rows % kTransposeTile != 0;
  bool guardCol = cols % kTransposeTile != 0;
  Value rowOk = guardRow ? ult(row, rows) : Value();
  Value safeRow = guardRow ? minu(row, rows - 1) : row;
  SmallVector<Value> vals;
  if (cols % epc == 0) {
    // Aligned rows: a chunk lies wholly inside or wholly past the last
    // column, so one guard covers its 16-byte load.
    Value ok = rowOk;
    Value safeCol = col0;
    if (guardCol) {
      Value colOk = ult(col0, cols);
      ok = ok ? andi(ok, colOk) : colOk;
      safeCol = minu(col0, cols - epc);
    }
    auto vecTy = VectorType::get({epc}, elem);
    Value vec = vector::LoadOp::create(b, vecTy, src,
                                       ValueRange{safeRow, safeCol},
                                       /*nontemporal=*/false,
                                       llvm::MaybeAlign(16));
    if (ok)
      vec = select(ok, vec, vector::BroadcastOp::create(b, vecTy, zero));
    for (int64_t e = 0; e < epc; ++e)
      vals.push_back(vector::ExtractOp::create(b, vec, ArrayRef<int64_t>{e}));
    return vals;
  }
  // Rows not 16-byte aligned: element loads, clamped and zeroed.
  for (int64_t e = 0; e < epc; ++e) {
    Value col = add(col0, e);
    Value ok = rowOk;
    Value colOk = ult(col, cols);
    ok = ok ? andi(ok, colOk) : colOk;
    Value v = memref::LoadOp::create(b, src,
                                     ValueRange{safeRow, minu(col, cols - 1)});
    vals.push_back(select(ok, v, zero));
  }
  return vals;
}

void TransposedCopyEmitter::emit(gpu::LaunchOp launch) {
  constexpr int64_t T = kTransposeTile;
  int64_t chunksPerRow = T / epc;
  int64_t perThread = T * chunksPerRow / kTransposeThreads;
  Value tile = launch.getWorkgroupAttributions()[0];
  Value tid = launch.getThreadIds().x;
  // The tile covers source rows r0.. and columns c0..; the copy's rows
  // c0.. and columns r0..
  Value c0 = mul(launch.getBlockIds().x, T);
  Value r0 = mul(launch.getBlockIds().y, T);
  for (int64_t i = 0; i < perThread; ++i) {
    Value q = add(tid, i * kTransposeThreads);
    Value r = div(q, chunksPerRow);
    Value cc = mul(rem(q, chunksPerRow), epc);
    SmallVector<Value> vals = loadChunk(add(r0, r), add(c0, cc));
    for (int64_t e = 0; e < epc; ++e)
      memref::StoreOp::create(b, vals[e], tile, ValueRange{r, add(cc, e)});
  }
  gpu::BarrierOp::create(b);
  for (int64_t i = 0; i < perThread; ++i) {
    Value q = add(tid, i * kTransposeThreads);
    Value n = div(q, chunksPerRow);
    Value kc = mul(rem(q, chunksPerRow), epc);
    SmallVector<Value> vals;
    for (int64_t e = 0; e < epc; ++e)
      vals.push_back(memref::LoadOp::create(b, tile, ValueRange{add(kc, e), n}));
    Value vec = vector::FromElementsOp::create(
        b, VectorType::get({epc}, elem), vals);
    Value row = add(c0, n), col = add(r0, kc);
    Value ok;
    if (cols % T)
      ok = ult(row, cols);
    if (ld % T) {
      Value colOk = ult(col, ld);
      ok = ok ? andi(ok, colOk) : colOk;
    }
    ifThen(ok, [&] {
      auto store = vector::StoreOp::create(b, vec, dst, ValueRange{row, col},
                                           /*nontemporal=*/false,
                                           llvm::MaybeAlign(16));
      // The kernel function's attributes (outlining drops the launch's):
      // the source is read-only (gemm-apply-kernel-attributes).
      if (i == 0)
        parkKernelFnAttrs(store, /*maxRegs=*/0, /*readOnlyInputs=*/true);
    });
  }
}

Value mlir::gemm_opt::buildTransposedCopy(KernelBuilder &b, Value src,
                                          StringRef kind) {
  auto type = cast<MemRefType>(src.getType());
  assert(type.getRank() == 2 && type.hasStaticShape() &&
         "expected a static 2-D operand");
  int64_t rows = type.getDimSize(0), cols = type.getDimSize(1);
  int64_t elemBytes = type.getElementTypeBitWidth() / 8;
  int64_t ld = paddedLeadingDim(rows, elemBytes);
  // A batched source (a batch view) gets a copy per entry it stores (a
  // group's B per B entry); the matmul reads it as it read `src`.
  Value like = src;
  src = perStoredEntry(b, b.getLoc(), src);
  Value dst = allocateScratchLike(
      b, b.getLoc(), MemRefType::get({cols, ld}, type.getElementType()), src);
  Value view = withSpanOf(b, b.getLoc(), dst, like);
  if (ld != rows)
    view = memref::SubViewOp::create(
        b, view, ArrayRef<OpFoldResult>{b.getIndexAttr(0), b.getIndexAttr(0)},
        ArrayRef<OpFoldResult>{b.getIndexAttr(cols), b.getIndexAttr(rows)},
        ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(1)});
  OpBuilder::InsertionGuard g(b);
  auto ws = gpu::AddressSpaceAttr::get(b.getContext(),
                                       gpu::AddressSpace::Workgroup);
  auto tileTy = MemRefType::get({kTransposeTile, kTransposeTile + 1},
                                type.getElementType(),
                                MemRefLayoutAttrInterface(), ws);
  auto c = [&](int64_t v) { return b.index(v); };
  // The grid runs over the copy's rows (x: source columns) and the padded
  // columns (y: source rows, up to Cp).
  auto launch = gpu::LaunchOp::create(
      b, c(ceilDiv(cols, kTransposeTile)), c(ceilDiv(ld, kTransposeTile)),
      c(1), c(kTransposeThreads), c(1), c(1),
      /*dynamicSharedMemorySize=*/Value(), /*asyncTokenType=*/nullptr,
      /*asyncDependencies=*/ValueRange(), TypeRange{tileTy},
      /*privateAttributions=*/TypeRange());
  launch->setAttr(kKernelAttr, b.getStringAttr(kind));
  Block &body = launch.getBody().front();
  b.setInsertionPointToEnd(&body);
  gpu::TerminatorOp::create(b);
  b.setInsertionPointToStart(&body);
  TransposedCopyEmitter(b, src, dst).emit(launch);
  return view;
}

GemmProblem mlir::gemm_opt::transposeGemmOperands(KernelBuilder &b,
                                                  const GemmProblem &problem,
                                                  bool keepB) {
  GemmProblem p = problem;
  if (p.transposeA) {
    p.a = buildTransposedCopy(b, p.a, kTransposedCopyAKind);
    p.transposeA = false;
  }
  if (p.transposeB && !keepB) {
    p.b = buildTransposedCopy(b, p.b, kTransposedCopyKind);
    p.transposeB = false;
  }
  return p;
}
