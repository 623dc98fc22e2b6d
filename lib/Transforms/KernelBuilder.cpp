//===- KernelBuilder.cpp - Small helpers for writing GPU kernels ----------===//

#include "gemm-opt/Transforms/KernelBuilder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

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

Value KernelBuilder::loadF32(Value memref, ValueRange indices) {
  Value v = memref::LoadOp::create(*this, memref, indices);
  if (!v.getType().isF32())
    v = arith::ExtFOp::create(*this, getF32Type(), v);
  return v;
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
