// RUN: gemm-opt %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma),canonicalize,cse)" | FileCheck %s

// Padded staging, chosen by the heuristic for large problems whose rows of
// A (K) and/or B (N) are not 16-byte aligned. Before the TMA + wgmma
// kernel, one copy kernel (256 threads, one 16-byte chunk of a padded row
// per thread) writes each such operand into a scratch allocation whose
// rows are rounded up to 8 elements; the tensor maps are created on a
// subview of the scratch with the operand's logical shape and the padded
// row stride, so the wgmma kernel keeps the logical bounds.

// 1000x999x777 f16: A (K = 777) into 1000 x 784 (98 chunks a row), B
// (N = 999) into 777 x 1000 (125 chunks a row): 98000 + 97125 chunks, 763
// blocks. A thread copies a chunk of A or, past 98000, of B; columns past
// the logical width read as zero.
// CHECK-LABEL: func.func @both
// CHECK:       %[[AP:.*]] = memref.alloc() : memref<1000x784xf16>
// CHECK:       %[[AV:.*]] = memref.subview %[[AP]][0, 0] [1000, 777] [1, 1] : memref<1000x784xf16> to memref<1000x777xf16, strided<[784, 1]>>
// CHECK:       %[[BP:.*]] = memref.alloc() : memref<777x1000xf16>
// CHECK:       %[[BV:.*]] = memref.subview %[[BP]][0, 0] [777, 999] [1, 1] : memref<777x1000xf16> to memref<777x999xf16, strided<[1000, 1]>>
// CHECK:       gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c763, %{{.*}} = %c1, %{{.*}} = %c1) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c256, %{{.*}} = %c1, %{{.*}} = %c1) {
// CHECK:         %[[B256:.*]] = arith.muli %[[BX]], %c256
// CHECK:         %[[ITEM:.*]] = arith.addi %[[B256]], %[[TX]]
// CHECK:         %[[INA:.*]] = arith.cmpi ult, %[[ITEM]], %c98000
// CHECK:         scf.if %[[INA]] {
// CHECK:           %[[ROW:.*]] = arith.divui %[[ITEM]], %c98
// CHECK:           %[[CH:.*]] = arith.remui %[[ITEM]], %c98
// CHECK:           %[[COL:.*]] = arith.muli %[[CH]], %c8
// CHECK:           %[[OK:.*]] = arith.cmpi ult, %[[COL]], %c777
// CHECK:           %[[CL:.*]] = arith.minui %[[COL]], %c776
// CHECK:           %[[V0:.*]] = memref.load %arg0[%[[ROW]], %[[CL]]] : memref<1000x777xf16>
// CHECK:           arith.select %[[OK]], %[[V0]], %cst : f16
// CHECK-COUNT-7:   memref.load %arg0
// CHECK:           %[[VEC:.*]] = vector.from_elements {{.*}} : vector<8xf16>
// CHECK:           vector.store %[[VEC]], %[[AP]][%[[ROW]], %[[COL]]] {alignment = 16 : i64, gemm_opt.kernel_fn_attrs = {gemm_opt.readonly_inputs}} : memref<1000x784xf16>, vector<8xf16>
// CHECK:         } else {
// CHECK:           %[[INB:.*]] = arith.cmpi ult, %[[ITEM]], %c195125
// CHECK:           scf.if %[[INB]] {
// CHECK:             %[[LOCAL:.*]] = arith.subi %[[ITEM]], %c98000
// CHECK:             arith.divui %[[LOCAL]], %c125
// CHECK:             arith.cmpi ult, %{{.*}}, %c999
// CHECK-COUNT-8:     memref.load %arg1
// CHECK:             vector.store %{{.*}}, %[[BP]][%{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<777x1000xf16>, vector<8xf16>
// CHECK:           }
// CHECK:         }
// CHECK:         gpu.terminator
// CHECK:       } {gemm_opt.kernel = "matmul-pad-staging"}
// CHECK:       %[[CA:.*]] = memref.cast %[[AV]] : memref<1000x777xf16, strided<[784, 1]>> to memref<*xf16>
// CHECK:       nvgpu.tma.create.descriptor %[[CA]] box[%c64, %c64]
// CHECK:       %[[CB:.*]] = memref.cast %[[BV]] : memref<777x999xf16, strided<[1000, 1]>> to memref<*xf16>
// CHECK:       nvgpu.tma.create.descriptor %[[CB]] box[%c64, %c64]
// CHECK:       gpu.launch
// CHECK-NOT:     %[[AP]]
// CHECK-NOT:     %[[BP]]
// CHECK:       } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "wgmma", gemm_opt.problem = {{.*}}, gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<{{.*}}staged_a = true, staged_b = true, stages
func.func @both(%A: memref<1000x777xf16>, %B: memref<777x999xf16>, %C: memref<1000x999xf32>) {
  // expected-remark @below {{padded staging: rows of A are 1554 bytes (K=777), not a multiple of 16 as TMA needs; a copy kernel first writes A and B into scratch with 16-byte-aligned rows}}
  linalg.matmul ins(%A, %B : memref<1000x777xf16>, memref<777x999xf16>) outs(%C : memref<1000x999xf32>)
  return
}

// -----

// Only N unaligned (4096x4097x4096 bf16): B alone is copied (4096 x 4104,
// 513 chunks a row, 8208 blocks, no second branch); A is tensor-mapped
// directly. The grid is the persistent warp-specialized one.
// CHECK-LABEL: func.func @only_b
// CHECK-NOT:   memref.alloc() : memref<4096x4096xbf16>
// CHECK:       %[[BP:.*]] = memref.alloc() : memref<4096x4104xbf16>
// CHECK:       %[[BV:.*]] = memref.subview %[[BP]][0, 0] [4096, 4097] [1, 1] : memref<4096x4104xbf16> to memref<4096x4097xbf16, strided<[4104, 1]>>
// CHECK:       gpu.launch blocks({{.*}}) in (%{{.*}} = %c8208, %{{.*}} = %c1, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c256, %{{.*}} = %c1, %{{.*}} = %c1) {
// CHECK:         arith.cmpi ult, %{{.*}}, %c2101248
// CHECK-NOT:     } else {
// CHECK:         vector.store %{{.*}}, %[[BP]][%{{.*}}, %{{.*}}] {alignment = 16 : i64, gemm_opt.kernel_fn_attrs = {gemm_opt.readonly_inputs}} : memref<4096x4104xbf16>, vector<8xbf16>
// CHECK:       } {gemm_opt.kernel = "matmul-pad-staging"}
// CHECK:       memref.cast %arg0 : memref<4096x4096xbf16> to memref<*xbf16>
// CHECK:       memref.cast %[[BV]] : memref<4096x4097xbf16, strided<[4104, 1]>> to memref<*xbf16>
// CHECK:       gpu.launch blocks({{.*}}) in (%{{.*}} = %c132, %{{.*}} = %c1, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c384,
// CHECK:       gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<{{.*}}persistent = true, {{.*}}staged_b = true, stages
func.func @only_b(%A: memref<4096x4096xbf16>, %B: memref<4096x4097xbf16>, %C: memref<4096x4097xf32>) {
  // expected-remark @below {{padded staging: rows of B are 8194 bytes (N=4097), not a multiple of 16 as TMA needs; a copy kernel first writes B into scratch with 16-byte-aligned rows}}
  linalg.matmul ins(%A, %B : memref<4096x4096xbf16>, memref<4096x4097xbf16>) outs(%C : memref<4096x4097xf32>)
  return
}

// -----

// Only K unaligned (2048x2048x2047 f16): A alone is copied (2048 x 2048,
// 256 chunks a row: 2048 blocks).
// CHECK-LABEL: func.func @only_a
// CHECK:       %[[AP:.*]] = memref.alloc() : memref<2048x2048xf16>
// CHECK:       %[[AV:.*]] = memref.subview %[[AP]][0, 0] [2048, 2047] [1, 1] : memref<2048x2048xf16> to memref<2048x2047xf16, strided<[2048, 1]>>
// CHECK-NOT:   memref.alloc
// CHECK:       gpu.launch blocks({{.*}}) in (%{{.*}} = %c2048, %{{.*}} = %c1, %{{.*}} = %c1) threads({{.*}}) in (%{{.*}} = %c256,
// CHECK:       } {gemm_opt.kernel = "matmul-pad-staging"}
// CHECK:       memref.cast %[[AV]] : memref<2048x2047xf16, strided<[2048, 1]>> to memref<*xf16>
// CHECK:       memref.cast %arg1 : memref<2047x2048xf16> to memref<*xf16>
// CHECK:       gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<{{.*}}staged_a = true, stages
func.func @only_a(%A: memref<2048x2047xf16>, %B: memref<2047x2048xf16>, %C: memref<2048x2048xf16>) {
  // expected-remark @below {{padded staging: rows of A are 4094 bytes (K=2047), not a multiple of 16 as TMA needs; a copy kernel first writes A into scratch with 16-byte-aligned rows}}
  linalg.matmul ins(%A, %B : memref<2048x2047xf16>, memref<2047x2048xf16>) outs(%C : memref<2048x2048xf16>)
  return
}
