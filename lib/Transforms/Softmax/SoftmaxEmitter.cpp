//===- SoftmaxEmitter.cpp - Softmax kernel-building helpers ---------------===//
//
// The out-of-line pieces of the softmax `Emitter` (exp2 and conversions in
// inline PTX, vector loads and stores, loops), the launch every softmax
// kernel creates, and the two row reductions: a tree through shared memory
// and a butterfly of warp shuffles.
//
//===----------------------------------------------------------------------===//

#include "SoftmaxEmitter.h"

#include "gemm-opt/Transforms/Analysis/GemmProblem.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::gemm_opt;
using namespace mlir::gemm_opt::softmax;

//===----------------------------------------------------------------------===//
// Emitter
//===----------------------------------------------------------------------===//

Value Emitter::exp2(Value v) {
  return b.inlinePtx({b.getF32Type()}, {v},
                     ftz ? "ex2.approx.ftz.f32 $0, $1;"
                         : "ex2.approx.f32 $0, $1;",
                     "=f,f", /*sideEffects=*/false);
}

Value Emitter::tree(SmallVector<Value> vals,
                    function_ref<Value(Value, Value)> op) {
  assert(!vals.empty());
  while (vals.size() > 1) {
    SmallVector<Value> next;
    for (size_t i = 0; i + 1 < vals.size(); i += 2)
      next.push_back(op(vals[i], vals[i + 1]));
    if (vals.size() % 2)
      next.push_back(vals.back());
    vals = std::move(next);
  }
  return vals.front();
}

SmallVector<Value> Emitter::load(Value memref, ValueRange indices,
                                 int64_t width) {
  auto type = cast<MemRefType>(memref.getType());
  Type elem = type.getElementType();
  SmallVector<Value> out;
  if (width == 1) {
    Value v = memref::LoadOp::create(b, memref, indices);
    if (!elem.isF32())
      v = arith::ExtFOp::create(b, b.getF32Type(), v);
    out.push_back(v);
    return out;
  }
  auto vecType = VectorType::get({width}, elem);
  Value v = vector::LoadOp::create(
      b, vecType, memref, indices, /*nontemporal=*/false,
      llvm::MaybeAlign(width * elemBytes(elem)));
  if (!elem.isF32())
    v = arith::ExtFOp::create(b, VectorType::get({width}, b.getF32Type()), v);
  for (int64_t i = 0; i < width; ++i)
    out.push_back(vector::ExtractOp::create(b, v, i));
  return out;
}

Value Emitter::loadRaw(Value memref, ValueRange indices, int64_t width) {
  Type elem = cast<MemRefType>(memref.getType()).getElementType();
  return vector::LoadOp::create(b, VectorType::get({width}, elem), memref,
                                indices, /*nontemporal=*/false,
                                llvm::MaybeAlign(width * elemBytes(elem)));
}

Value Emitter::negInfLike(Value like) {
  auto type = cast<VectorType>(like.getType());
  return arith::ConstantOp::create(
      b, DenseElementsAttr::get(
             type, b.getFloatAttr(type.getElementType(), -INFINITY)));
}

SmallVector<Value> Emitter::widen(Value vec) {
  auto type = cast<VectorType>(vec.getType());
  int64_t width = type.getNumElements();
  Value v = arith::ExtFOp::create(
      b, VectorType::get({width}, b.getF32Type()), vec);
  SmallVector<Value> out;
  for (int64_t i = 0; i < width; ++i)
    out.push_back(vector::ExtractOp::create(b, v, i));
  return out;
}

SmallVector<Value> Emitter::widenAgain(Value vec) {
  auto type = cast<VectorType>(vec.getType());
  Type elem = type.getElementType();
  StringRef asmText = elem.isBF16() ? "cvt.f32.bf16 $0, $1;"
                                    : "cvt.f32.f16 $0, $1;";
  SmallVector<Value> out;
  for (int64_t i = 0; i < type.getNumElements(); ++i) {
    Value x = vector::ExtractOp::create(b, vec, i);
    Value bits = arith::BitcastOp::create(b, b.getI16Type(), x);
    out.push_back(b.inlinePtx({b.getF32Type()}, {bits}, asmText, "=f,h",
                              /*sideEffects=*/false));
  }
  return out;
}

void Emitter::store(ArrayRef<Value> vals, Value memref, ValueRange indices) {
  auto type = cast<MemRefType>(memref.getType());
  Type elem = type.getElementType();
  int64_t width = vals.size();
  if (width == 1) {
    b.storeFromF32(vals.front(), memref, indices);
    return;
  }
  // The plan's vector width is chosen for X's elements: 8 f16 read in one
  // 16-byte access are 32 bytes of an f32 Y, written as two 16-byte
  // accesses (the widest a thread's address is known to be aligned to).
  int64_t piece = std::min<int64_t>(width, 16 / elemBytes(elem));
  assert(width % piece == 0 && "vector widths are powers of two");
  Value col = indices.back();
  SmallVector<Value> at(indices.begin(), indices.end());
  for (int64_t first = 0; first < width; first += piece) {
    Value v = vector::FromElementsOp::create(
        b, VectorType::get({piece}, b.getF32Type()), vals.slice(first, piece));
    if (!elem.isF32())
      v = arith::TruncFOp::create(b, VectorType::get({piece}, elem), v);
    at.back() = first == 0 ? col : b.add(col, b.index(first));
    vector::StoreOp::create(b, v, memref, at, /*nontemporal=*/false,
                            llvm::MaybeAlign(piece * elemBytes(elem)));
  }
}

Value Emitter::stridedLoop(Value lb, int64_t ub, int64_t step, Value init,
                           function_ref<Value(Value, Value)> body) {
  auto loop = scf::ForOp::create(b, lb, b.index(ub), b.index(step),
                                 ValueRange{init});
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  Value next = body(loop.getInductionVar(), loop.getRegionIterArgs()[0]);
  scf::YieldOp::create(b, next);
  return loop.getResult(0);
}

void Emitter::stridedLoop(Value lb, int64_t ub, int64_t step,
                          function_ref<void(Value)> body) {
  stridedLoop(lb, b.index(ub), step, body);
}

void Emitter::stridedLoop(Value lb, Value ub, int64_t step,
                          function_ref<void(Value)> body) {
  auto loop = scf::ForOp::create(b, lb, ub, b.index(step));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  body(loop.getInductionVar());
}

//===----------------------------------------------------------------------===//
// The launch
//===----------------------------------------------------------------------===//

Type softmax::workgroupF32(MLIRContext *ctx, int64_t n) {
  auto space = gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
  return MemRefType::get({n}, Float32Type::get(ctx), MemRefLayoutAttrInterface(),
                         space);
}

gpu::LaunchOp softmax::createLaunch(KernelBuilder &b, int64_t gridX,
                                    int64_t gridY, int64_t block,
                                    int64_t dynamicSmem, TypeRange workgroup,
                                    const SoftmaxPlan &plan,
                                    StringRef kernelRole, int64_t clusterX) {
  return createLaunch(b, b.index(gridX), gridY, block, dynamicSmem, workgroup,
                      plan, kernelRole, clusterX);
}

gpu::LaunchOp softmax::createLaunch(KernelBuilder &b, Value gridX,
                                    int64_t gridY, int64_t block,
                                    int64_t dynamicSmem, TypeRange workgroup,
                                    const SoftmaxPlan &plan,
                                    StringRef kernelRole, int64_t clusterX) {
  Value smem;
  if (dynamicSmem > 0)
    smem = arith::ConstantOp::create(
        b, b.getI32IntegerAttr(static_cast<int32_t>(dynamicSmem)));
  // A cluster of clusterX x 1 x 1 blocks; the grid stays counted in blocks.
  Value cx, cy, cz;
  if (clusterX > 1) {
    cx = b.index(clusterX);
    cy = cz = b.index(1);
  }
  auto launch = gpu::LaunchOp::create(
      b, gridX, b.index(gridY), b.index(1), b.index(block),
      b.index(1), b.index(1), smem, /*asyncTokenType=*/nullptr,
      /*asyncDependencies=*/ValueRange(), workgroup,
      /*privateAttributions=*/TypeRange(), cx, cy, cz);
  if (clusterX > 1)
    addClusterArguments(launch);
  launch->setAttr(kSoftmaxPlanAttr, plan.toAttr(b.getContext(), kernelRole));
  launch->setAttr(kKernelAttr, b.getStringAttr("softmax"));
  Block &body = launch.getBody().front();
  b.setInsertionPointToEnd(&body);
  gpu::TerminatorOp::create(b);
  b.setInsertionPointToStart(&body);
  return launch;
}

//===----------------------------------------------------------------------===//
// Row reductions
//===----------------------------------------------------------------------===//

SmallVector<Value> softmax::treeReduceShared(
    Emitter &e, ArrayRef<Value> bufs, SmallVector<Value> vals, Value tid,
    Value lane, Value segmentBase, int64_t threads,
    function_ref<SmallVector<Value>(ArrayRef<Value>, ArrayRef<Value>)> op) {
  KernelBuilder &b = e.b;
  for (auto [buf, v] : llvm::zip(bufs, vals))
    memref::StoreOp::create(b, v, buf, ValueRange{tid});
  e.barrier();
  for (int64_t stride = threads / 2; stride >= 1; stride /= 2) {
    e.guarded(b.ult(lane, stride), [&] {
      Value other = b.add(tid, b.index(stride));
      SmallVector<Value> mine, theirs;
      for (Value buf : bufs) {
        mine.push_back(memref::LoadOp::create(b, buf, ValueRange{tid}));
        theirs.push_back(memref::LoadOp::create(b, buf, ValueRange{other}));
      }
      SmallVector<Value> combined = op(mine, theirs);
      for (auto [buf, v] : llvm::zip(bufs, combined))
        memref::StoreOp::create(b, v, buf, ValueRange{tid});
    });
    e.barrier();
  }
  SmallVector<Value> out;
  for (Value buf : bufs)
    out.push_back(memref::LoadOp::create(b, buf, ValueRange{segmentBase}));
  return out;
}

std::pair<Value, Value> softmax::shuffleCombine(Emitter &e, Value m, Value s,
                                                int64_t groupLanes) {
  KernelBuilder &b = e.b;
  Value width = arith::ConstantOp::create(b, b.getI32IntegerAttr(32));
  for (int64_t off = groupLanes / 2; off >= 1; off /= 2) {
    Value offset = arith::ConstantOp::create(
        b, b.getI32IntegerAttr(static_cast<int32_t>(off)));
    Value otherMax = gpu::ShuffleOp::create(b, m, offset, width,
                                            gpu::ShuffleMode::XOR)
                         .getShuffleResult();
    Value otherSum = gpu::ShuffleOp::create(b, s, offset, width,
                                            gpu::ShuffleMode::XOR)
                         .getShuffleResult();
    std::tie(m, s) = e.combine(m, s, otherMax, otherSum);
  }
  return {m, s};
}
