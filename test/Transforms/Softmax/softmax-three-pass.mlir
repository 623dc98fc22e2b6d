// RUN: gemm-opt %s --gemm-softmax-three-pass | FileCheck %s
// RUN: gemm-opt %s --gemm-softmax-three-pass="block-threads=64" | FileCheck %s --check-prefix=BT64

// Rung softmax-3pass: two f32 scratch buffers (row maxima, row sums) in the
// host function, then three launches: max (a block per row, a shared-memory
// tree), sum of exp(x - max) (same), normalize (a thread per element).

// CHECK-LABEL: func.func @softmax(
// CHECK-SAME: {gemm_opt.role = "X"}
// CHECK-SAME: {gemm_opt.role = "Y"}
// CHECK-NOT: linalg.softmax
// CHECK: %[[MAX:.*]] = memref.alloc() : memref<7xf32>
// CHECK: %[[SUM:.*]] = memref.alloc() : memref<7xf32>
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c7, {{.*}}) threads({{.*}}) in ({{.*}} = %c256, {{.*}}) workgroup(%{{.*}} : memref<256xf32, #gpu.address_space<workgroup>>)
// CHECK: arith.extf {{.*}} : f16 to f32
// CHECK: arith.maximumf
// CHECK: gpu.barrier
// CHECK: memref.store {{.*}}, %[[MAX]]
// CHECK: gemm_opt.kernel = "softmax", gemm_opt.problem = #gemm_opt.softmax<cols = 1000, rows = 7, x = f16, y = f16>, gemm_opt.softmax_plan = #gemm_opt.softmax_plan<{{.*}}kernel = "max"
// CHECK: gpu.launch
// CHECK: memref.load %[[MAX]]
// CHECK: arith.subf
// CHECK: llvm.inline_asm "ex2.approx.f32 $0, $1;"
// CHECK: arith.addf
// CHECK: gpu.barrier
// CHECK: memref.store {{.*}}, %[[SUM]]
// CHECK: kernel = "sum"
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c7{{.*}}, {{.*}} = %c4{{.*}}, {{.*}}) threads
// CHECK: memref.load %[[MAX]]
// CHECK: memref.load %[[SUM]]
// CHECK: arith.divf
// CHECK: arith.truncf {{.*}} : f32 to f16
// CHECK: kernel = "normalize"
// CHECK-NOT: gpu.launch
// CHECK: return

// BT64: memref<64xf32, #gpu.address_space<workgroup>>
// BT64: memref<64xf32, #gpu.address_space<workgroup>>

func.func @softmax(%x: memref<7x1000xf16>, %y: memref<7x1000xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<7x1000xf16>) outs(%y : memref<7x1000xf16>)
  return
}
