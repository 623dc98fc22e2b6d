//===- MmaGemm.cpp - rung mma: tensor cores through ldmatrix + mma.sync ---===//
//
// Ladder rung `mma` (seed 004 §5). The kernel it writes:
//
//   block (bx, by) owns C[by*BM .. +BM, bx*BN .. +BN]; warp w owns a WM x WN
//   sub-tile made of (WM/16) x (WN/8) mma tiles, accumulated in f32
//   prologue: K tiles 0 .. S-2 into stages 0 .. S-2, one async group each
//   for kt in [0, ceil(K/BK)):
//     wait until tile kt has landed (S-2 younger groups may pend); barrier
//     issue K tile kt+S-1 (clamped to the last) into the stage freed by kt-1
//     for each k-step: ldmatrix A (x4) and B (x4, transposed) fragments of
//       the next k-step, then mma.sync on the current ones
//   epilogue: 2-element vector stores (C += when beta = 1), guarded on edges
//
// Shared memory is one gpu.dynamic_shared_memory buffer viewed as
// A[S][BM][BK] and B[S][BK][BN]. Rows are made of 16-byte chunks; chunk c
// of row r is stored at c ^ f(r) so that the 8 rows an ldmatrix 8x8 matrix
// reads (8 rows, one chunk each) fall into 8 different 16-byte bank groups.
// TF32 B fragments are read element by element instead; its rows are padded
// by 32 bytes rather than swizzled (MmaGemmPlan::bRowPad).
//
// Operands whose rows are 16-byte aligned (K, resp. N, a multiple of the
// chunk) are copied by 16-byte cp.async; out-of-range chunks are zero-filled
// with a source size of 0 (the K tail and the M/N edges). Other operands
// (1000x999x777, 4097^3) are loaded by guarded scalar loads and stored as
// 16-byte chunks. Every dimension is guarded only when the shape needs it.
//
// f32 inputs become TF32 m16n8k8 only with allow-tf32; otherwise the SIMT
// kernel stays and a remark says so. bf16 goes through nvvm.mma.sync
// directly: nvgpu.mma.sync cannot type bf16 operands in MLIR 22.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Emit/BatchedLaunches.h"
#include "gemm-opt/Transforms/Emit/PaddedStaging.h"
#include "gemm-opt/Transforms/Emit/TransposedCopy.h"
#include "gemm-opt/Transforms/Emit/KernelBuilder.h"
#include "gemm-opt/Transforms/Gemm/Mma/MmaGemm.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::gemm_opt;

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

namespace {

enum class MmaKind { F16, BF16, TF32 };

class MmaKernelEmitter : KernelEmitterBase {
public:
  MmaKernelEmitter(KernelBuilder &b, const GemmProblem &p,
                   const MmaGemmPlan &plan)
      : KernelEmitterBase(b), p(p), plan(plan) {
    kind = p.aType.isF32() ? MmaKind::TF32
           : p.aType.isBF16() ? MmaKind::BF16
                              : MmaKind::F16;
    epc = plan.chunkElems();
    asyncA = p.k % epc == 0;
    asyncB = p.n % epc == 0;
    guardM = p.m % plan.bm != 0;
    guardN = p.n % plan.bn != 0;
    guardK = p.k % plan.bk != 0;
    tiles = ceilDiv(p.k, plan.bk);
  }

  gpu::LaunchOp emit();

private:
  /// Physical chunk of logical chunk `chunk` in row `row` of a tile whose
  /// rows hold `chunks` 16-byte chunks: an 8x8 ldmatrix matrix (8
  /// consecutive rows starting at a multiple of 8, one chunk each) covers
  /// all 8 bank groups of a 128-byte line.
  Value swizzle(Value row, Value chunk, int64_t chunks) {
    Value f;
    if (chunks >= 8)
      f = andi(row, c(7));
    else
      f = andi(div(row, 8 / chunks), c(chunks - 1));
    return xori(chunk, f);
  }
  /// B: XOR-swizzled like A for ldmatrix.trans (f16/bf16); TF32 rows are
  /// padded instead (MmaGemmPlan::bRowPad) and not swizzled.
  Value swizzleB(Value row, Value chunk) {
    if (kind == MmaKind::TF32)
      return chunk;
    return swizzle(row, chunk, plan.bChunksPerRow());
  }

  Type elemType() const { return p.aType; }
  /// A 2-D vector from its rows (vector.insert lowers to insertvalue;
  /// n-D extract_strided_slice / from_elements do not lower here).
  Value stackRows(VectorType type, ArrayRef<Value> rows) {
    Value v = arith::ConstantOp::create(
        b, DenseElementsAttr::get(type, b.getZeroAttr(type.getElementType())));
    for (auto [i, row] : llvm::enumerate(rows))
      v = vector::InsertOp::create(b, row, v,
                                   ArrayRef<int64_t>{(int64_t)i});
    return v;
  }
  void setUpSharedMemory(Value dyn);
  /// Fills stage `buf` with the K tile starting at `k0`; returns the
  /// cp.async tokens.
  /// Issues slice `slice` of `numSlices` of the copies that fill stage `buf`
  /// with the K tile starting at `k0` (numSlices = 1: all of them) and
  /// appends their cp.async tokens to `tokens`.
  void loadTile(Value buf, Value k0, SmallVector<Value> &tokens,
                int64_t slice = 0, int64_t numSlices = 1);
  /// Copies [begin, end) of this thread's copies of one operand.
  void loadOperand(bool isA, Value buf, Value k0, SmallVector<Value> &tokens,
                   int64_t begin, int64_t end);
  int64_t copiesPerThread(bool isA) const {
    int64_t rows = isA ? plan.bm : plan.bk;
    int64_t chunks = isA ? plan.aChunksPerRow() : plan.bChunksPerRow();
    return rows * chunks / plan.threads();
  }
  /// Fragments of one k-step.
  struct Frags {
    SmallVector<Value> a; ///< One per m16 tile.
    SmallVector<Value> b; ///< One per n8 tile.
  };
  Frags loadFrags(Value buf, int64_t ks);
  Value mma(Value a, Value bFrag, Value acc);
  /// mma.sync of one k-step's fragments into the accumulators.
  void mmaStep(const Frags &f, SmallVector<Value> &acc);
  /// Waits for the oldest pending tile and synchronizes the block.
  void waitForTile(Value lastGroup);
  SmallVector<Value> mainLoop(ValueRange init);
  void storeC(ArrayRef<Value> acc);

  const GemmProblem &p;
  const MmaGemmPlan &plan;
  MmaKind kind;
  int64_t epc, tiles;
  bool asyncA, asyncB, guardM, guardN, guardK;

  Value tid, lane, blockRow, blockCol, warpRow, warpCol;
  Value aSmem, bSmem;
  /// Per-lane constants of the fragment loads.
  Value aLdRow, aLdHalf, bLdRow, bLdHalf, laneG, laneT, bColTf32;
};

} // namespace

void MmaKernelEmitter::setUpSharedMemory(Value dyn) {
  auto ws = gpu::AddressSpaceAttr::get(b.getContext(),
                                       gpu::AddressSpace::Workgroup);
  auto aTy = MemRefType::get({plan.stages, plan.bm, plan.bk}, elemType(),
                             MemRefLayoutAttrInterface(), ws);
  auto bTy = MemRefType::get({plan.stages, plan.bk, plan.bRowElems()}, elemType(),
                             MemRefLayoutAttrInterface(), ws);
  aSmem = memref::ViewOp::create(b, aTy, dyn, c(0), ValueRange{});
  bSmem = memref::ViewOp::create(b, bTy, dyn,
                                 c(plan.stages * plan.aStageBytes()),
                                 ValueRange{});
}

void MmaKernelEmitter::loadOperand(bool isA, Value buf, Value k0,
                                   SmallVector<Value> &tokens, int64_t begin,
                                   int64_t end) {
  // A: BM rows of BK (global rows blockRow + r, columns k0 + ...).
  // B: BK rows of BN (global rows k0 + r, columns blockCol + ...).
  int64_t rows = isA ? plan.bm : plan.bk;
  int64_t chunks = isA ? plan.aChunksPerRow() : plan.bChunksPerRow();
  (void)rows;
  Value mem = isA ? p.a : p.b;
  Value smem = isA ? aSmem : bSmem;
  int64_t rowLimit = isA ? p.m : p.k, colLimit = isA ? p.k : p.n;
  bool rowGuard = isA ? guardM : guardK;
  bool colGuard = isA ? guardK : guardN;
  bool async = isA ? asyncA : asyncB;
  Value rowBase = isA ? blockRow : k0, colBase = isA ? k0 : blockCol;
  auto vecTy = VectorType::get({epc}, elemType());
  for (int64_t it = begin; it < end; ++it) {
    Value e = add(tid, it * plan.threads());
    Value r = div(e, chunks), ch = rem(e, chunks);
    Value row = add(rowBase, r), col = add(colBase, mul(ch, epc));
    Value phys = isA ? swizzle(r, ch, chunks) : swizzleB(r, ch);
    SmallVector<Value> dst = {buf, r, mul(phys, epc)};
    if (async) {
      // Rows are 16-byte aligned: one cp.async per chunk, zero-filled
      // (source size 0) where the chunk lies outside the matrix. The
      // limits are multiples of the chunk, so a chunk is all in or all out.
      Value srcElems;
      Value srcRow = row, srcCol = col;
      if (rowGuard || colGuard) {
        Value ok = b.createOrFold<arith::ConstantIntOp>(b.getI1Type(), 1);
        if (rowGuard) {
          ok = andi(ok, ult(row, rowLimit));
          srcRow = minu(row, rowLimit - 1);
        }
        if (colGuard) {
          ok = andi(ok, ult(col, colLimit));
          srcCol = minu(col, colLimit - epc);
        }
        srcElems = select(ok, c(epc), c(0));
      }
      tokens.push_back(nvgpu::DeviceAsyncCopyOp::create(
          b, nvgpu::DeviceAsyncTokenType::get(b.getContext()), smem, dst, mem,
          ValueRange{srcRow, srcCol}, b.getIndexAttr(epc), srcElems,
          b.getUnitAttr()));
      continue;
    }
    // Unaligned rows: guarded scalar loads, one 16-byte store.
    Value zero = arith::ConstantOp::create(b, b.getFloatAttr(elemType(), 0.0));
    SmallVector<Value> vals;
    Value rowOk = ult(row, rowLimit);
    Value rowC = minu(row, rowLimit - 1);
    for (int64_t q = 0; q < epc; ++q) {
      Value cq = add(col, q);
      Value ok = andi(rowOk, ult(cq, colLimit));
      Value v = memref::LoadOp::create(b, mem,
                                       ValueRange{rowC, minu(cq, colLimit - 1)});
      vals.push_back(select(ok, v, zero));
    }
    Value v = vector::FromElementsOp::create(b, vecTy, vals);
    vector::StoreOp::create(b, v, smem, dst, /*nontemporal=*/false,
                            llvm::MaybeAlign(16));
  }
}

void MmaKernelEmitter::loadTile(Value buf, Value k0,
                                SmallVector<Value> &tokens, int64_t slice,
                                int64_t numSlices) {
  // The copies of A, then of B, cut into numSlices contiguous pieces.
  int64_t perA = copiesPerThread(true), total = perA + copiesPerThread(false);
  int64_t begin = slice * total / numSlices;
  int64_t end = (slice + 1) * total / numSlices;
  if (begin < perA)
    loadOperand(/*isA=*/true, buf, k0, tokens, begin, std::min(end, perA));
  if (end > perA)
    loadOperand(/*isA=*/false, buf, k0, tokens, std::max(begin, perA) - perA,
                end - perA);
}

MmaKernelEmitter::Frags MmaKernelEmitter::loadFrags(Value buf, int64_t ks) {
  Frags f;
  MLIRContext *ctx = b.getContext();
  Type et = elemType();
  int64_t regElems = 4 / plan.elemBytes; // elements per 32-bit register
  // A, x4: lane l addresses row (l % 16) of the m16 tile and the chunk
  // 2*ks + l / 16: matrices (rows 0-7, k lo), (rows 8-15, k lo),
  // (rows 0-7, k hi), (rows 8-15, k hi) = registers a0..a3 of the PTX ISA
  // fragment for both m16n8k16 (f16/bf16) and m16n8k8 (tf32).
  Value aChunk = add(aLdHalf, 2 * ks);
  auto aTy = VectorType::get({4, regElems}, et);
  for (int64_t i = 0; i < plan.wm / 16; ++i) {
    Value row = add(aLdRow, i * 16);
    Value col = mul(swizzle(row, aChunk, plan.aChunksPerRow()), epc);
    f.a.push_back(nvgpu::LdMatrixOp::create(b, aTy, aSmem,
                                            ValueRange{buf, row, col},
                                            /*transpose=*/false,
                                            /*numTiles=*/4));
  }
  if (kind == MmaKind::TF32) {
    // B (k x n = 8 x 8, tf32): b0 = B[t][g], b1 = B[t + 4][g] with
    // g = lane / 4, t = lane % 4 (PTX ISA m16n8k8 .tf32); 32-bit values
    // cannot be transposed by ldmatrix, so they are read one by one.
    auto bTy = VectorType::get({2, 1}, et);
    Value k0 = add(laneT, ks * 8);
    for (int64_t j = 0; j < plan.wn / 8; ++j) {
      Value n = add(bColTf32, j * 8);
      SmallVector<Value> rowVals;
      for (int64_t h = 0; h < 2; ++h) {
        Value k = add(k0, h * 4);
        Value phys = swizzleB(k, div(n, epc));
        Value colIdx = add(mul(phys, epc), rem(n, epc));
        Value v = memref::LoadOp::create(b, bSmem, ValueRange{buf, k, colIdx});
        rowVals.push_back(vector::FromElementsOp::create(
            b, VectorType::get({1}, et), ValueRange{v}));
      }
      f.b.push_back(stackRows(bTy, rowVals));
    }
    return f;
  }
  // B, x4 transposed: lane l addresses k row 16*ks + (l % 16) and the
  // n chunk of tile pair j plus l / 16: matrices (k 0-7, n lo), (k 8-15,
  // n lo), (k 0-7, n hi), (k 8-15, n hi); .trans hands lane l the
  // elements (k = 2*(l%4) + {0,1}, n = l/4): registers b0, b1 of the n8
  // tile 2j, then of the tile 2j + 1.
  Value bRow = add(bLdRow, ks * 16);
  auto bTy4 = VectorType::get({4, 2}, et);
  for (int64_t j = 0; j < plan.wn / 16; ++j) {
    Value chunk = add(bLdHalf, j * 2);
    Value col = mul(swizzleB(bRow, chunk), epc);
    Value x4 = nvgpu::LdMatrixOp::create(b, bTy4, bSmem,
                                         ValueRange{buf, bRow, col},
                                         /*transpose=*/true, /*numTiles=*/4);
    for (int64_t h = 0; h < 2; ++h)
      f.b.push_back(stackRows(
          VectorType::get({2, 2}, et),
          {vector::ExtractOp::create(b, x4, ArrayRef<int64_t>{2 * h}),
           vector::ExtractOp::create(b, x4, ArrayRef<int64_t>{2 * h + 1})}));
  }
  (void)ctx;
  return f;
}

Value MmaKernelEmitter::mma(Value a, Value bFrag, Value acc) {
  if (kind == MmaKind::F16)
    return nvgpu::MmaSyncOp::create(b, a, bFrag, acc,
                                    ArrayRef<int64_t>{16, 8, 16});
  if (kind == MmaKind::TF32)
    return nvgpu::MmaSyncOp::create(b, a, bFrag, acc,
                                    ArrayRef<int64_t>{16, 8, 8},
                                    /*tf32Enabled=*/true);
  // bf16: nvvm.mma.sync on packed 32-bit registers.
  Type i32 = b.getI32Type(), f32 = b.getF32Type();
  auto regs = [&](Value v, int64_t n) {
    SmallVector<Value> out;
    for (int64_t r = 0; r < n; ++r) {
      Value pair = vector::ExtractOp::create(b, v, ArrayRef<int64_t>{r});
      out.push_back(LLVM::BitcastOp::create(b, i32, pair));
    }
    return out;
  };
  SmallVector<Value> accRegs;
  for (int64_t r = 0; r < 2; ++r)
    for (int64_t e = 0; e < 2; ++e)
      accRegs.push_back(vector::ExtractOp::create(b, acc, ArrayRef<int64_t>{r, e}));
  SmallVector<Value> aRegs = regs(a, 4);
  SmallVector<Value> bRegs = regs(bFrag, 2);
  SmallVector<Value> outs = accRegs;
  createMmaSyncM16N8K16(b, b.getBF16Type(), aRegs, bRegs, outs);
  auto rowTy = VectorType::get({2}, f32);
  return stackRows(VectorType::get({2, 2}, f32),
                   {vector::FromElementsOp::create(b, rowTy,
                                                   ValueRange{outs[0], outs[1]}),
                    vector::FromElementsOp::create(
                        b, rowTy, ValueRange{outs[2], outs[3]})});
}

void MmaKernelEmitter::mmaStep(const Frags &f, SmallVector<Value> &acc) {
  int64_t tilesN = plan.wn / 8;
  for (int64_t i = 0; i < plan.wm / 16; ++i)
    for (int64_t j = 0; j < tilesN; ++j) {
      // Serpentine order over n reuses the last B fragment.
      int64_t jj = (i % 2) ? tilesN - 1 - j : j;
      Value &a = acc[i * tilesN + jj];
      a = mma(f.a[i], f.b[jj], a);
    }
}

void MmaKernelEmitter::waitForTile(Value lastGroup) {
  // A tile has landed once at most S-2 younger groups are pending; the
  // barrier publishes every thread's copies (cp.async.wait_group, then
  // bar.sync) and proves that no warp still reads the stage the next copy
  // overwrites: its last fragments were loaded before the barrier.
  nvgpu::DeviceAsyncWaitOp::create(b, lastGroup,
                                   b.getI32IntegerAttr(plan.stages - 2));
  gpu::BarrierOp::create(b);
}

SmallVector<Value> MmaKernelEmitter::mainLoop(ValueRange init) {
  int64_t s = plan.stages;
  int64_t steps = plan.bk / plan.kStep();
  auto commit = [&](ArrayRef<Value> tokens) {
    return createAsyncGroup(b, b.getLoc(), tokens);
  };
  // Prologue: tiles 0 .. s-2 (fewer when K is short; the groups are still
  // committed, empty, so that every wait count below is static), then the
  // fragments of tile 0's first k-step.
  Value lastGroup;
  for (int64_t st = 0; st + 1 < s; ++st) {
    SmallVector<Value> tokens;
    if (st < tiles)
      loadTile(c(st), c(st * plan.bk), tokens);
    lastGroup = commit(tokens);
  }
  waitForTile(lastGroup);
  Frags first = loadFrags(c(0), 0);
  // Loop-carried: the accumulators, then the current A and B fragments.
  SmallVector<Value> carried(init.begin(), init.end());
  size_t numAcc = carried.size(), numA = first.a.size();
  llvm::append_range(carried, first.a);
  llvm::append_range(carried, first.b);

  auto loop = scf::ForOp::create(b, c(0), c(tiles), c(1), carried);
  keepRolled(loop);
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(loop.getBody());
    Value kt = loop.getInductionVar();
    ValueRange args = loop.getRegionIterArgs();
    SmallVector<Value> acc(args.take_front(numAcc));
    Frags cur;
    cur.a.assign(args.begin() + numAcc, args.begin() + numAcc + numA);
    cur.b.assign(args.begin() + numAcc + numA, args.end());
    // Tile kt+s-1 (clamped to the last: every iteration commits one group)
    // goes into the stage of tile kt-1, which the last barrier proved free.
    // Its copies are spread over the k-steps, between the fragment loads
    // and the mma.sync, so that their address arithmetic and issue overlap
    // the tensor-core work instead of preceding it.
    Value nextTile = minu(add(kt, s - 1), tiles - 1);
    Value copyStage = rem(add(kt, s - 1), s), copyK0 = mul(nextTile, plan.bk);
    SmallVector<Value> tokens;
    Value stage = rem(kt, s);
    // Fragments double-buffered across k-steps and across tiles: those of
    // the next k-step (after the last one, of the next tile's first k-step)
    // are requested before the mma.sync of the current one. Past the last
    // tile they read a stale stage and are never used.
    for (int64_t ks = 0; ks < steps; ++ks) {
      loadTile(copyStage, copyK0, tokens, ks, steps);
      Frags nextFrags;
      if (ks + 1 < steps) {
        nextFrags = loadFrags(stage, ks + 1);
      } else {
        waitForTile(commit(tokens));
        nextFrags = loadFrags(rem(add(kt, 1), s), 0);
      }
      mmaStep(cur, acc);
      cur = std::move(nextFrags);
    }
    SmallVector<Value> yielded(acc);
    llvm::append_range(yielded, cur.a);
    llvm::append_range(yielded, cur.b);
    scf::YieldOp::create(b, yielded);
  }
  // No copy may still be in flight when the block exits.
  nvgpu::DeviceAsyncWaitOp::create(b, lastGroup, b.getI32IntegerAttr(0));
  return SmallVector<Value>(loop.getResults().take_front(numAcc));
}

void MmaKernelEmitter::storeC(ArrayRef<Value> acc) {
  // Accumulator (i, j), half h: row 16i + 8h + lane/4, columns
  // 8j + 2*(lane%4) + {0, 1} of the warp tile (PTX ISA c0..c3).
  int64_t tilesN = plan.wn / 8;
  Value rowBase = add(blockRow, add(mul(warpRow, plan.wm), laneG));
  Value colBase =
      add(blockCol, add(mul(warpCol, plan.wn), mul(laneT, 2)));
  for (int64_t i = 0; i < plan.wm / 16; ++i)
    for (int64_t h = 0; h < 2; ++h) {
      Value row = add(rowBase, i * 16 + h * 8);
      for (int64_t j = 0; j < tilesN; ++j) {
        Value v = vector::ExtractOp::create(b, acc[i * tilesN + j],
                                            ArrayRef<int64_t>{h});
        storeAccumulatorPair(b, p.c, p.m, p.n, p.accumulate, row,
                             add(colBase, j * 8), v, guardM, guardN, &p);
      }
    }
}

gpu::LaunchOp MmaKernelEmitter::emit() {
  int64_t gridX = ceilDiv(p.n, plan.bn), gridY = ceilDiv(p.m, plan.bm);
  auto launch = createBlockTiledMatmulLaunch(
      b, gridX, gridY, plan.threads(), plan.sharedBytes(), "mma",
      kMmaPlanAttr, plan.toAttr(b.getContext()));

  tid = launch.getThreadIds().x;
  auto [bx, by] = groupBlockOrder(b, launch.getBlockIds().x,
                                  launch.getBlockIds().y, gridX, gridY,
                                  plan.groupM);
  blockRow = mul(by, plan.bm);
  blockCol = mul(bx, plan.bn);
  Value dyn = createKernelDynamicSharedMemory(b, plan.maxRegs,
                                              /*readOnlyInputs=*/true);
  setUpSharedMemory(dyn);

  Value warp = div(tid, 32);
  lane = rem(tid, 32);
  int64_t warpsN = plan.bn / plan.wn;
  warpRow = div(warp, warpsN);
  warpCol = rem(warp, warpsN);
  laneG = div(lane, 4);
  laneT = rem(lane, 4);
  Value lane16 = rem(lane, 16), laneHalf = div(lane, 16);
  aLdRow = add(mul(warpRow, plan.wm), lane16);
  aLdHalf = laneHalf;
  bLdRow = lane16;
  bLdHalf = add(div(mul(warpCol, plan.wn), epc), laneHalf);
  bColTf32 = add(mul(warpCol, plan.wn), laneG);

  int64_t tilesN = plan.wn / 8;
  Value zero = arith::ConstantOp::create(
      b, DenseElementsAttr::get(VectorType::get({2, 2}, b.getF32Type()),
                                b.getF32FloatAttr(0.0f)));
  SmallVector<Value> acc((plan.wm / 16) * tilesN, zero);
  acc = mainLoop(acc);
  storeC(acc);
  return launch;
}

gpu::LaunchOp mlir::gemm_opt::buildMmaGemmKernel(const GemmProblem &problem,
                                                 const MmaGemmPlan &plan,
                                                 Operation *before) {
  KernelBuilder b(before->getLoc(), before);
  // Operands stored transposed: the kernel reads transposed copies.
  // Batched: every kernel on its batch entry (BatchedLaunches.h).
  gpu::LaunchOp launch =
      MmaKernelEmitter(b,
                       readPaddedAllocations(transposeGemmOperands(
                           b, createBatchViews(b, problem), /*keepB=*/false)),
                       plan)
          .emit();
  if (failed(distributeBatchViews(launch->getParentOfType<func::FuncOp>())))
    return {};
  return launch;
}
