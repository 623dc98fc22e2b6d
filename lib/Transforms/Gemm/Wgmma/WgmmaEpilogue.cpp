//===- WgmmaEpilogue.cpp - rung wgmma: the epilogue that writes C ---------===//
//
// How the wgmma kernel writes C from its m64 accumulators: 2-element
// stores straight to global memory (C += with beta = 1, guarded on ragged
// edges), or (plan.tmaStore) through the warpgroup's two swizzled staging
// boxes after the ring and TMA stores.
//
//===----------------------------------------------------------------------===//

#include "WgmmaKernelEmitter.h"

#include "gemm-opt/Transforms/Emit/Epilogue.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::gemm_opt;
using namespace mlir::gemm_opt::wgmma;

Value WgmmaKernelEmitter::accumulatorPair(Value acc, int64_t j, int64_t h) {
  Value x0 = LLVM::ExtractValueOp::create(b, acc,
                                          ArrayRef<int64_t>{4 * j + 2 * h});
  Value x1 = LLVM::ExtractValueOp::create(b, acc,
                                          ArrayRef<int64_t>{4 * j + 2 * h + 1});
  return vector::FromElementsOp::create(
      b, VectorType::get({2}, b.getF32Type()), ValueRange{x0, x1});
}

std::pair<Value, Value> WgmmaKernelEmitter::fragmentOrigin() {
  return {add(add(blockRow, mul(rowWarpgroup(), plan.wgRows())),
              add(mul(warpInWg, 16), div(lane, 4))),
          add(blockCol, mul(rem(lane, 4), 2))};
}

void WgmmaKernelEmitter::storeC(ArrayRef<Value> acc) {
  if (plan.swapAB)
    return storeCTransposed(acc);
  // wgmma m64nN f32 accumulator: register r of thread (warp w, lane l) of
  // the warpgroup is row 16w + l/4 + 8*((r%4)/2), column 8*(r/4) + 2*(l%4)
  // + r%2 of the m64 tile; registers (4j, 4j+1) and (4j+2, 4j+3) are
  // column pairs.
  auto [rowBase, colBase] = fragmentOrigin();
  for (int64_t i = 0; i < plan.mTiles(); ++i)
    for (int64_t h = 0; h < 2; ++h) {
      Value row = add(rowBase, i * 64 + h * 8);
      for (int64_t j = 0; j < plan.bn / 8; ++j)
        storeAccumulatorPair(b, p.c, p.m, p.n, p.accumulate, row,
                             add(colBase, j * 8), accumulatorPair(acc[i], j, h),
                             guardM, guardN, &p);
    }
}

/// For step `step` of the unswapped problem `q`: how many elements past
/// that of C[m0][n] its operand's element for C[m0 + d][n] lies, per d: N
/// for a whole M x N matrix of rows N apart, 1 for a vector over M; 0 when
/// the step reads no such operand.
static int64_t strideAlongM(const GemmProblem &q, EpilogueStepAttr step) {
  if (step.isUnary() || step.getScalar())
    return 0;
  auto type = cast<MemRefType>(q.epilogueOperands[step.getOperand()].getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) || strides.back() != 1)
    return 0;
  if (step.getBroadcast() == "row")
    return type.getRank() == 1 ? 1 : 0;
  return step.getBroadcast() == "none" && type.getRank() == 2 &&
                 strides[0] == q.n
             ? q.n
             : 0;
}

void WgmmaKernelEmitter::storeCTransposed(ArrayRef<Value> acc) {
  // As storeC's registers, of the swapped tile: its row r is column r of C
  // (N), its column c row c of C (M). The 8 lanes with one l % 4 hold 8
  // consecutive rows r, 16 bytes of one row of C, at each of the thread's
  // columns; C is at most a few hundred rows here, and its stores are a
  // small part of the K loop's time.
  //
  // Every accumulator is live until stored, so each store takes one base
  // address per row r of the tile and its column's offset (8j + e rows of
  // C, C's rows N elements apart: checkWgmmaSwapAb) as an immediate; so do
  // the epilogue's reads of a whole M x N operand (a residual) or a vector
  // over M (a row scale), whose per-element addresses cost registers the
  // 168-register cap has not got (8-48 bytes of spills at 300x8192x8192).
  //
  // Each element's epilogue and store sit in a branch on its row of C,
  // ragged M or not: ptxas serializes the warp-specialized kernel's
  // wgmmas (C7514) where an accumulator is read outside such a branch after
  // one (a predicated store or a select of its value), or in straight-line
  // code in the persistent kernel's tile loop; one branch per element kept
  // every plan tried free of it (docs/architecture.md, "Padded M"). The
  // column goes through a mov LLVM cannot see into, or it proves most
  // bounds from the tile origin's known bits and drops their branches.
  const GemmProblem &q = *unswapped;
  Type cTy = cast<MemRefType>(q.c.getType()).getElementType();
  int64_t bytes = cTy.getIntOrFloatBitWidth() / 8;
  auto [rowBase, colBase] = fragmentOrigin();
  Value cBase;
  if (!q.accumulate)
    cBase = elementZeroAddress(b, q.c);
  // Per epilogue step, its operand when read along M: element 0's address,
  // the element type and bytes, and the elements per row of C (0: none).
  struct AlongM {
    Value base;
    Type type;
    int64_t bytes = 0, stride = 0;
  };
  SmallVector<AlongM> alongM;
  if (q.epilogue && !q.accumulate)
    for (EpilogueStepAttr step : q.epilogue.getSteps()) {
      AlongM &at = alongM.emplace_back();
      at.stride = strideAlongM(q, step);
      if (!at.stride)
        continue;
      Value e = q.epilogueOperands[step.getOperand()];
      at.base = elementZeroAddress(b, e);
      at.type = cast<MemRefType>(e.getType()).getElementType();
      at.bytes = at.type.getIntOrFloatBitWidth() / 8;
    }
  Value col32 = b.inlinePtx(
      b.getI32Type(),
      ValueRange{arith::IndexCastOp::create(b, b.getI32Type(), colBase)},
      "mov.u32 $0, $1;", "=r,r", /*sideEffects=*/false);
  std::string st = bytes == 4 ? "st.global.f32" : "st.global.b16";
  for (int64_t i = 0; i < plan.mTiles(); ++i)
    for (int64_t h = 0; h < 2; ++h) {
      Value n = add(rowBase, i * 64 + h * 8);
      Value rowOk = guardM ? ult(n, q.n) : Value();
      Value base;
      if (!q.accumulate)
        base = arith::IndexCastOp::create(
            b, b.getI64Type(),
            add(cBase, mul(add(mul(colBase, q.n), n), bytes)));
      // Each step's address of its element at (colBase, n).
      SmallVector<Value> operandRow;
      for (const AlongM &at : alongM) {
        Value address;
        if (at.stride) {
          Value element = at.stride == 1 ? colBase : add(mul(colBase, q.n), n);
          address = arith::IndexCastOp::create(
              b, b.getI64Type(), add(at.base, mul(element, at.bytes)));
        }
        operandRow.push_back(address);
      }
      for (int64_t j = 0; j < plan.bn / 8; ++j)
        for (int64_t e = 0; e < 2; ++e) {
          int64_t d = 8 * j + e;
          Value m = add(colBase, d);
          // colBase + d < M.
          Value ok = arith::CmpIOp::create(
              b, arith::CmpIPredicate::ult, col32,
              arith::ConstantIntOp::create(b, b.getI32Type(),
                                           std::max<int64_t>(q.m - d, 0)));
          if (rowOk)
            ok = andi(rowOk, ok);
          ifThen(ok, [&] {
            Value x = LLVM::ExtractValueOp::create(
                b, acc[i], ArrayRef<int64_t>{4 * j + 2 * h + e});
            if (q.accumulate) {
              // C += (beta = 1) reads C first.
              x = arith::AddFOp::create(b, b.loadF32(q.c, {m, n}), x);
              b.storeFromF32(applyEpilogue(b, q, m, n, x), q.c, {m, n});
              return;
            }
            SmallVector<Value> given;
            for (auto [address, at] : llvm::zip_equal(operandRow, alongM))
              given.push_back(
                  address
                      ? loadAtOffset(address, d * at.stride * at.bytes, at.type)
                      : Value());
            Value v = applyEpilogueGiven(b, q, m, n, x, given);
            if (bytes == 2)
              v = arith::BitcastOp::create(b, b.getI16Type(),
                                           arith::TruncFOp::create(b, cTy, v));
            b.inlinePtx({}, {base, v},
                        st + " [$0+" + std::to_string(d * q.n * bytes) +
                            "], $1;",
                        bytes == 4 ? "l,f" : "l,h", /*sideEffects=*/true);
          });
        }
    }
}

Value WgmmaKernelEmitter::loadAtOffset(Value address, int64_t offset,
                                       Type type) {
  // Volatile, so that it stays inside its element's branch.
  std::string at = " [$1+" + std::to_string(offset) + "];";
  if (type.isF32())
    return b.inlinePtx(b.getF32Type(), {address}, "ld.global.nc.f32 $0," + at,
                       "=f,l", /*sideEffects=*/true);
  Value bits = b.inlinePtx(b.getI16Type(), {address},
                           "ld.global.nc.b16 $0," + at, "=h,l",
                           /*sideEffects=*/true);
  Value value = arith::BitcastOp::create(b, type, bits);
  return arith::ExtFOp::create(b, b.getF32Type(), value);
}

void WgmmaKernelEmitter::storeBoxToC(Value view, Value row, Value col) {
  if (!mapC.heads) {
    nvgpu::TmaAsyncStoreOp::create(b, view, kernelMapC,
                                   ValueRange{col, mapRow(mapC, row)}, Value());
    return;
  }
  // The heads map's box is 1 x 64 x 1 x BC: the same bytes as the 2-D box.
  auto boxType = cast<MemRefType>(view.getType());
  auto heads =
      MemRefType::get({1, boxType.getDimSize(0), 1, boxType.getDimSize(1)},
                      boxType.getElementType(), MemRefLayoutAttrInterface(),
                      boxType.getMemorySpace());
  Value box = memref::ExpandShapeOp::create(
      b, heads, view, ArrayRef<ReassociationIndices>{{0, 1}, {2, 3}});
  // Coordinates innermost first: (column, head, row, sequence).
  nvgpu::TmaAsyncStoreOp::create(b, box, kernelMapC,
                                 ValueRange{col, rem(batchIndex, mapC.heads),
                                            row, div(batchIndex, mapC.heads)},
                                 Value());
}

void WgmmaKernelEmitter::storePartials(ArrayRef<Value> acc) {
  // As storeC's pairs, unguarded by N up to the partials' padded row
  // (ldPartials, a multiple of 4; columns past N hold the zero fill's
  // products, which the reduction never reads), with no epilogue: the
  // reduction applies it to the sum.
  auto [rowBase, colBase] = fragmentOrigin();
  Value splitRows = mul(split, p.m);
  bool guardCols = ceilDiv(p.n, plan.bn) * plan.bn > ldPartials;
  for (int64_t i = 0; i < plan.mTiles(); ++i)
    for (int64_t h = 0; h < 2; ++h) {
      Value row = add(rowBase, i * 64 + h * 8);
      Value rowOk = guardM ? ult(row, p.m) : Value();
      for (int64_t j = 0; j < plan.bn / 8; ++j) {
        Value col = add(colBase, j * 8);
        Value ok = rowOk;
        if (guardCols)
          ok = ok ? andi(ok, ult(col, ldPartials)) : ult(col, ldPartials);
        ifThen(ok, [&] {
          vector::StoreOp::create(b, accumulatorPair(acc[i], j, h), partials,
                                  ValueRange{add(row, splitRows), col},
                                  /*nontemporal=*/false, llvm::MaybeAlign(8));
        });
      }
    }
}

Value WgmmaKernelEmitter::storeBox(Value buf) {
  auto ws = gpu::AddressSpaceAttr::get(b.getContext(),
                                       gpu::AddressSpace::Workgroup);
  auto ty = MemRefType::get({64, plan.storeBoxCols()}, p.cType,
                            MemRefLayoutAttrInterface(), ws);
  // After the ring; each box is 8 KB, so 1024-byte alignment holds.
  Value off = add(
      add(pad, plan.stages * plan.stageBytes()),
      mul(add(mul(wg, plan.storeBuffers), buf), WgmmaGemmPlan::kStoreBoxBytes));
  return memref::ViewOp::create(b, ty, dyn, off, ValueRange{});
}

void WgmmaKernelEmitter::warpgroupBarrier() {
  // Named barrier 1 + wg (0 is the block-wide one), 128 threads.
  Value id = arith::IndexCastOp::create(b, b.getI32Type(), add(wg, 1));
  Value count = arith::ConstantIntOp::create(b, b.getI32Type(),
                                             WgmmaGemmPlan::kWarpgroupThreads);
  NVVM::BarrierOp::create(b, TypeRange{}, id, count,
                          NVVM::BarrierReductionAttr(), Value());
}

int64_t WgmmaKernelEmitter::storesStillReading(int64_t box) const {
  // Box `box` of a tile goes into buffer box % NB. The store that last
  // used that buffer must have read it; the bulk groups this thread
  // committed after that one may still be reading. In the same tile that
  // store is NB boxes back; for the first NB boxes it is the previous
  // tile's last box `prev` on the same buffer, followed by the
  // T - 1 - prev later boxes of that tile and this tile's first `box`.
  // (On a block's first tile nothing is pending: the wait returns at once.)
  int64_t nb = plan.storeBuffers, t = plan.boxesPerTile();
  if (box >= nb)
    return nb - 1;
  int64_t prev = box + nb * ((t - 1 - box) / nb);
  return t - 1 - prev + box;
}

void WgmmaKernelEmitter::storeCThroughTma(ArrayRef<Value> acc) {
  // Box (i, q): rows i*64.. of the warpgroup's share, columns q*BC.. (BC =
  // 128 bytes of C). Thread (warp w, lane l) holds, for h = 0, 1, row
  // 16w + l/4 + 8h of the m64 tile at columns 8j + 2(l%4) + {0, 1}
  // (registers 4j + 2h + {0, 1}); the byte of column c in a box row is
  // c * bytes, in 16-byte chunk k stored at chunk k ^ (row % 8) (the
  // 128-byte swizzle TMA undoes), and row % 8 is l/4. A warp's 2-element
  // stores then fall in distinct banks.
  int64_t cBytes = plan.cElemBytes, boxCols = plan.storeBoxCols();
  Value isIssuer = isWarpgroupLeader();
  Value group = div(lane, 4), quad = rem(lane, 4);
  Value rowInWg = add(mul(warpInWg, 16), group);
  auto pairTy = VectorType::get({2}, p.cType);
  int64_t box = 0;
  for (int64_t i = 0; i < plan.mTiles(); ++i) {
    for (int64_t q = 0; q < plan.storeBoxes(); ++q, ++box) {
      Value buf = c(box % plan.storeBuffers);
      int64_t reading = storesStillReading(box);
      ifThen(isIssuer, [&] {
        NVVM::CpAsyncBulkWaitGroupOp::create(b, reading, b.getUnitAttr());
      });
      warpgroupBarrier();
      Value view = storeBox(buf);
      if (operandStep >= 0)
        waitOperandBox(box);
      for (int64_t colGroup = 0; colGroup < boxCols / 8; ++colGroup) {
        int64_t j = q * (boxCols / 8) + colGroup;
        Value byte = mul(add(c(8 * colGroup), mul(quad, 2)), cBytes);
        Value chunk = xori(div(byte, 16), group);
        Value col = div(add(mul(chunk, 16), rem(byte, 16)), cBytes);
        for (int64_t h = 0; h < 2; ++h) {
          Value pair = accumulatorPair(acc[i], j, h);
          if (p.epilogue) {
            // Columns past N are clipped by the TMA store: clamped reads.
            Value row = add(add(add(blockRow, mul(rowWarpgroup(), plan.wgRows())),
                                i * 64 + 8 * h),
                            rowInWg);
            Value logicalCol =
                add(add(blockCol, q * boxCols + 8 * colGroup), mul(quad, 2));
            EpilogueInputs inputs = loadEpilogueInputs(
                b, p, row, logicalCol, 2, /*clamp=*/true, operandStep);
            // The staged operand: where this pair goes in C's box.
            if (operandStep >= 0) {
              Value staged = readStagedOperand(box, add(rowInWg, 8 * h), col);
              for (int64_t e = 0; e < 2; ++e)
                inputs[e][operandStep] =
                    vector::ExtractOp::create(b, staged, ArrayRef<int64_t>{e});
            }
            pair = applyEpilogueVector(b, p, pair, inputs);
          }
          if (!p.cType.isF32())
            pair = arith::TruncFOp::create(b, pairTy, pair);
          // One 2-element store (8 or 4 bytes, aligned: col is even).
          vector::StoreOp::create(b, pair, view,
                                  ValueRange{add(rowInWg, 8 * h), col},
                                  /*nontemporal=*/false,
                                  llvm::MaybeAlign(2 * cBytes));
        }
      }
      // The generic-proxy writes become visible to the TMA unit (async
      // proxy) before the elected thread issues the store.
      NVVM::FenceProxyOp::create(
          b, NVVM::ProxyKind::async_shared,
          NVVM::SharedSpaceAttr::get(b.getContext(), NVVM::SharedSpace::shared_cta));
      warpgroupBarrier();
      ifThen(isIssuer, [&] {
        Value row = add(add(blockRow, mul(rowWarpgroup(), plan.wgRows())),
                        i * 64);
        storeBoxToC(view, row, add(blockCol, q * boxCols));
        NVVM::CpAsyncBulkCommitGroupOp::create(b);
        // The box's operand slot is read: the tile's next box for it
        // (where the slots hold fewer boxes than a tile has).
        if (operandStep >= 0 && !operandAcrossTiles() &&
            box + operandSlots < plan.boxesPerTile())
          issueOperandLoad(box + operandSlots, operandSlot(box + operandSlots));
      });
    }
  }
}
