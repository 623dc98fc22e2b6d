//===- KernelBuilder.cpp - Small helpers for writing GPU kernels ----------===//

#include "gemm-opt/Transforms/Emit/KernelBuilder.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Emit/Epilogue.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::gemm_opt;

Value KernelBuilder::index(int64_t v) {
  return arith::ConstantIndexOp::create(*this, v);
}
Value KernelBuilder::add(Value a, Value b) {
  return arith::AddIOp::create(*this, a, b);
}
Value KernelBuilder::mul(Value a, Value b) {
  return arith::MulIOp::create(*this, a, b);
}
Value KernelBuilder::ult(Value a, Value b) {
  return arith::CmpIOp::create(*this, arith::CmpIPredicate::ult, a, b);
}
Value KernelBuilder::andi(Value a, Value b) {
  return arith::AndIOp::create(*this, a, b);
}
Value KernelBuilder::f32(double v) {
  return arith::ConstantOp::create(*this, getF32FloatAttr(v));
}

Value KernelBuilder::inlinePtx(TypeRange results, ValueRange args,
                               StringRef ptx, StringRef constraints,
                               bool sideEffects) {
  auto op = LLVM::InlineAsmOp::create(
      *this, results, args, ptx, constraints, sideEffects,
      /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr(), ArrayAttr());
  return results.empty() ? Value() : op.getResult(0);
}

Value KernelBuilder::loadF32(Value memref, ValueRange indices) {
  Value v = memref::LoadOp::create(*this, memref, indices);
  if (!v.getType().isF32())
    v = arith::ExtFOp::create(*this, getF32Type(), v);
  return v;
}

void KernelBuilder::ifThen(Value cond, function_ref<void()> body) {
  if (!cond)
    return body();
  auto ifOp = scf::IfOp::create(*this, cond, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard g(*this);
  setInsertionPoint(ifOp.getThenRegion().front().getTerminator());
  body();
}

void KernelBuilder::storeFromF32(Value value, Value memref,
                                 ValueRange indices) {
  Type elem = cast<MemRefType>(memref.getType()).getElementType();
  if (elem != value.getType())
    value = arith::TruncFOp::create(*this, elem, value);
  memref::StoreOp::create(*this, value, memref, indices);
}

gpu::LaunchOp mlir::gemm_opt::createStaticLaunch(KernelBuilder &b,
                                                 ArrayRef<int64_t> grid,
                                                 ArrayRef<int64_t> block) {
  assert(grid.size() == 3 && block.size() == 3 && "expected 3-D sizes");
  auto launch = gpu::LaunchOp::create(
      b, b.index(grid[0]), b.index(grid[1]), b.index(grid[2]),
      b.index(block[0]), b.index(block[1]), b.index(block[2]));
  Block &body = launch.getBody().front();
  b.setInsertionPointToEnd(&body);
  gpu::TerminatorOp::create(b);
  b.setInsertionPointToStart(&body);
  return launch;
}

gpu::LaunchOp mlir::gemm_opt::createBlockTiledMatmulLaunch(
    KernelBuilder &b, int64_t gridX, int64_t gridY, int64_t threads,
    int64_t sharedBytes, StringRef mapping, StringRef planName,
    Attribute planAttr, int64_t gridZ, int64_t clusterX) {
  return createBlockTiledMatmulLaunch(b, b.index(gridX), b.index(gridY),
                                      threads, sharedBytes, mapping, planName,
                                      planAttr, gridZ, clusterX);
}

void mlir::gemm_opt::addClusterArguments(gpu::LaunchOp launch) {
  // MLIR 22's builder gives the body only the 12 block/thread id and size
  // arguments, even with cluster operands: add the 6 cluster ones (ids,
  // then sizes) in front of the workgroup attributions, where
  // getClusterIds() / getWorkgroupAttributions() expect them.
  Block &body = launch.getBody().front();
  for (unsigned i = 0; i < 6; ++i)
    body.insertArgument(gpu::LaunchOp::kNumConfigRegionAttributes + i,
                        IndexType::get(launch.getContext()), launch.getLoc());
}

gpu::LaunchOp mlir::gemm_opt::createBlockTiledMatmulLaunch(
    KernelBuilder &b, Value gridX, Value gridY, int64_t threads,
    int64_t sharedBytes, StringRef mapping, StringRef planName,
    Attribute planAttr, int64_t gridZ, int64_t clusterX) {
  Value smemBytes =
      arith::ConstantIntOp::create(b, b.getI32Type(), sharedBytes);
  // A cluster of clusterX x 1 x 1 blocks; the grid stays counted in blocks.
  Value cx, cy, cz;
  if (clusterX > 1) {
    cx = b.index(clusterX);
    cy = cz = b.index(1);
  }
  auto launch = gpu::LaunchOp::create(
      b, gridX, gridY, b.index(gridZ), b.index(threads), b.index(1), b.index(1),
      smemBytes, /*asyncTokenType=*/nullptr,
      /*asyncDependencies=*/ValueRange(), /*workgroupAttributions=*/TypeRange(),
      /*privateAttributions=*/TypeRange(), cx, cy, cz);
  if (clusterX > 1)
    addClusterArguments(launch);
  launch->setAttr(kKernelAttr, b.getStringAttr("matmul"));
  launch->setAttr(kMappingAttr, b.getStringAttr(mapping));
  launch->setAttr(planName, planAttr);
  Block &body = launch.getBody().front();
  b.setInsertionPointToEnd(&body);
  gpu::TerminatorOp::create(b);
  b.setInsertionPointToStart(&body);
  return launch;
}

std::pair<Value, Value> mlir::gemm_opt::groupBlockOrder(KernelBuilder &b,
                                                        Value bx, Value by,
                                                        int64_t gridX,
                                                        int64_t gridY,
                                                        int64_t groupM) {
  if (groupM <= 1 || gridX <= 1 || gridY <= 1)
    return {bx, by};
  auto div = [&](Value x, Value y) {
    return b.createOrFold<arith::DivUIOp>(x, y);
  };
  auto rem = [&](Value x, Value y) {
    return b.createOrFold<arith::RemUIOp>(x, y);
  };
  int64_t g = std::min(groupM, gridY);
  Value perGroup = b.index(g * gridX);
  Value pid = b.add(b.mul(by, gridX), bx);
  Value firstRow = b.mul(div(pid, perGroup), g);
  Value inGroup = rem(pid, perGroup);
  // The last group has gridY % g rows when g does not divide gridY.
  Value rows = gridY % g == 0
                   ? b.index(g)
                   : b.createOrFold<arith::MinUIOp>(
                         b.createOrFold<arith::SubIOp>(b.index(gridY),
                                                       firstRow),
                         b.index(g));
  return {div(inGroup, rows), b.add(firstRow, rem(inGroup, rows))};
}

std::pair<Value, Value> mlir::gemm_opt::groupBlockOrder(KernelBuilder &b,
                                                        Value bx, Value by,
                                                        int64_t gridX,
                                                        Value gridY,
                                                        int64_t groupM) {
  if (groupM <= 1 || gridX <= 1)
    return {bx, by};
  // As above, with the last group's rows min(gridY - firstRow, groupM)
  // always computed (one block row is a group of one row).
  Value perGroup = b.index(groupM * gridX);
  Value pid = b.add(b.mul(by, gridX), bx);
  Value firstRow =
      b.mul(b.createOrFold<arith::DivUIOp>(pid, perGroup), groupM);
  Value inGroup = b.createOrFold<arith::RemUIOp>(pid, perGroup);
  Value rows = b.createOrFold<arith::MinUIOp>(
      b.createOrFold<arith::SubIOp>(gridY, firstRow), b.index(groupM));
  return {b.createOrFold<arith::DivUIOp>(inGroup, rows),
          b.add(firstRow, b.createOrFold<arith::RemUIOp>(inGroup, rows))};
}

/// A view of `buffer` (stored rows x cols, or cols x rows when
/// `transposed`) as rows x cols of its actual sizes.
Value mlir::gemm_opt::viewOfActualShape(KernelBuilder &b, Value buffer,
                                        Value rows, Value cols, bool transposed,
                                        Value entry) {
  auto type = cast<MemRefType>(buffer.getType());
  int64_t dyn = ShapedType::kDynamic;
  SmallVector<int64_t> strides =
      transposed ? SmallVector<int64_t>{1, dyn} : SmallVector<int64_t>{dyn, 1};
  // Entries lie one after the other, rows x cols elements each.
  OpFoldResult offset = b.getIndexAttr(0);
  if (entry)
    offset = b.createOrFold<arith::MulIOp>(
        entry, b.createOrFold<arith::MulIOp>(rows, cols));
  auto viewType = MemRefType::get(
      {dyn, dyn}, type.getElementType(),
      StridedLayoutAttr::get(b.getContext(), entry ? dyn : 0, strides));
  SmallVector<OpFoldResult> stridesOf =
      transposed ? SmallVector<OpFoldResult>{b.getIndexAttr(1), rows}
                 : SmallVector<OpFoldResult>{cols, b.getIndexAttr(1)};
  return memref::ReinterpretCastOp::create(
      b, viewType, buffer, offset, SmallVector<OpFoldResult>{rows, cols},
      stridesOf);
}

Value mlir::gemm_opt::createKernelDynamicSharedMemory(KernelBuilder &b,
                                                      int64_t maxRegs,
                                                      bool readOnlyInputs) {
  auto workgroup = gpu::AddressSpaceAttr::get(b.getContext(),
                                              gpu::AddressSpace::Workgroup);
  Value base = gpu::DynamicSharedMemoryOp::create(
      b, MemRefType::get({ShapedType::kDynamic}, b.getI8Type(),
                         MemRefLayoutAttrInterface(), workgroup));
  parkKernelFnAttrs(base.getDefiningOp(), maxRegs, readOnlyInputs);
  return base;
}

void mlir::gemm_opt::keepLoopRolled(scf::ForOp loop) {
  MLIRContext *ctx = loop.getContext();
  Builder b(ctx);
  auto unroll = LLVM::LoopUnrollAttr::get(
      ctx, /*disable=*/b.getBoolAttr(true), /*count=*/nullptr,
      /*runtimeDisable=*/nullptr, /*full=*/nullptr, /*followupUnrolled=*/nullptr,
      /*followupRemainder=*/nullptr, /*followupAll=*/nullptr);
  loop->setAttr("llvm.loop_annotation",
                LLVM::LoopAnnotationAttr::get(
                    ctx, BoolAttr(), {}, {}, unroll, {}, {}, {}, {}, {}, {},
                    BoolAttr(), BoolAttr(), FusedLoc(), FusedLoc(), {}));
}

void mlir::gemm_opt::parkKernelFnAttrs(Operation *op, int64_t maxRegs,
                                       bool readOnlyInputs) {
  Builder b(op->getContext());
  NamedAttrList fnAttrs;
  if (maxRegs)
    fnAttrs.append("nvvm.maxnreg",
                   b.getI32IntegerAttr(static_cast<int32_t>(maxRegs)));
  if (readOnlyInputs)
    fnAttrs.append(kReadOnlyInputs, b.getUnitAttr());
  if (!fnAttrs.empty())
    op->setAttr(kKernelFnAttrs, fnAttrs.getDictionary(op->getContext()));
}

void mlir::gemm_opt::storeAccumulatorPair(KernelBuilder &b, Value c, int64_t m,
                                          int64_t n, bool accumulate, Value row,
                                          Value col, Value pair, bool guardRow,
                                          bool guardCol,
                                          const GemmProblem *epilogue) {
  Type cTy = cast<MemRefType>(c.getType()).getElementType();
  Type f32 = b.getF32Type();
  int64_t cBytes = cTy.isF32() ? 4 : 2;
  auto pairTy = VectorType::get({2}, cTy);
  auto pairF32 = VectorType::get({2}, f32);
  auto storePair = [&] {
    Value out = pair;
    if (accumulate) {
      Value old = vector::LoadOp::create(b, pairTy, c, ValueRange{row, col},
                                         false, llvm::MaybeAlign(2 * cBytes));
      if (!cTy.isF32())
        old = arith::ExtFOp::create(b, pairF32, old);
      out = arith::AddFOp::create(b, old, out);
    }
    if (epilogue)
      out = applyEpilogueVector(b, *epilogue, row, col, out);
    if (!cTy.isF32())
      out = arith::TruncFOp::create(b, pairTy, out);
    vector::StoreOp::create(b, out, c, ValueRange{row, col}, false,
                            llvm::MaybeAlign(2 * cBytes));
  };
  auto storeOne = [&](int64_t e) {
    Value colE = b.add(col, b.index(e));
    Value x = vector::ExtractOp::create(b, pair, ArrayRef<int64_t>{e});
    if (accumulate)
      x = arith::AddFOp::create(b, b.loadF32(c, {row, colE}), x);
    if (epilogue)
      x = applyEpilogue(b, *epilogue, row, colE, x);
    b.storeFromF32(x, c, {row, colE});
  };
  // Only the conditions the shape needs; none: no scf.if at all.
  auto within = [&](Value colE) -> Value {
    Value rowOk;
    if (guardRow)
      rowOk = epilogue && epilogue->dynamicM()
                  ? b.ult(row, epilogue->mRuntime)
                  : b.ult(row, m);
    Value colOk = guardCol ? b.ult(colE, n) : Value();
    if (rowOk && colOk)
      return b.andi(rowOk, colOk);
    return rowOk ? rowOk : colOk;
  };
  if (n % 2 == 0) {
    // col is even and N even: col < N implies col + 1 < N.
    b.ifThen(within(col), storePair);
    return;
  }
  for (int64_t e = 0; e < 2; ++e)
    b.ifThen(within(b.add(col, b.index(e))), [&] { storeOne(e); });
}

SmallVector<gpu::LaunchOp> mlir::gemm_opt::findKernels(Operation *root,
                                                       StringRef kind) {
  SmallVector<gpu::LaunchOp> launches;
  root->walk([&](gpu::LaunchOp launch) {
    auto role = launch->getAttrOfType<StringAttr>(kKernelAttr);
    if (role && role.getValue() == kind)
      launches.push_back(launch);
  });
  return launches;
}

SetVector<Operation *>
mlir::gemm_opt::collectScratchBuffers(ArrayRef<gpu::LaunchOp> launches) {
  SetVector<Operation *> scratch;
  for (gpu::LaunchOp launch : launches)
    launch.getBody().walk([&](Operation *op) {
      for (Value v : op->getOperands())
        if (auto alloc = v.getDefiningOp<memref::AllocOp>())
          if (!alloc->hasAttr(kRoleAttr))
            scratch.insert(alloc);
    });
  return scratch;
}

void mlir::gemm_opt::eraseUnusedScratchBuffers(ArrayRef<Operation *> allocs) {
  for (Operation *alloc : allocs) {
    if (!llvm::all_of(alloc->getUsers(), [](Operation *user) {
          return isa<memref::DeallocOp>(user);
        }))
      continue;
    for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
      user->erase();
    alloc->erase();
  }
}

Value mlir::gemm_opt::createAsyncGroup(OpBuilder &b, Location loc,
                                       ValueRange tokens) {
  auto group = nvgpu::DeviceAsyncCreateGroupOp::create(
      b, loc, nvgpu::DeviceAsyncTokenType::get(b.getContext()), tokens);
  if (tokens.empty())
    group->setAttr("gemm_opt.empty_group", b.getUnitAttr());
  return group;
}

void mlir::gemm_opt::createMmaSyncM16N8K16(KernelBuilder &b, Type elemType,
                                           ValueRange a, ValueRange bFrag,
                                           MutableArrayRef<Value> acc) {
  Type f32 = b.getF32Type();
  auto structTy = LLVM::LLVMStructType::getLiteral(b.getContext(),
                                                   {f32, f32, f32, f32});
  NVVM::MMATypes type =
      elemType.isBF16() ? NVVM::MMATypes::bf16 : NVVM::MMATypes::f16;
  Value res = NVVM::MmaOp::create(
      b, structTy, a, bFrag, ValueRange(acc), ArrayRef<int64_t>{16, 8, 16},
      std::nullopt, std::nullopt, std::array<NVVM::MMATypes, 2>{type, type},
      std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                     NVVM::MMALayout::col});
  for (int64_t e = 0; e < 4; ++e)
    acc[e] = LLVM::ExtractValueOp::create(b, res, ArrayRef<int64_t>{e});
}
