// Swap-AB on the wgmma kernel: 300 x 8192 x 8192 with B stored N x K would
// be 384 rows of 128-row tiles. The heuristics compute C^T = B A^T instead:
// B (8192 x 8192, K-major) is the kernel's A, in tiles of 128 rows of N
// (two warpgroups of m64), and A (300 x 8192, K-major) its B^T, in tiles of
// 152 rows of M (wgmma's n takes any multiple of 8): 2 x 64 tiles, one
// wave; the persistent warp-specialized kernel (a producer and two
// consumer warpgroups, 384 threads), 4 ring slots. C is stored transposed from
// registers: the accumulator at (row r, column c) of the swapped tile is
// C[c][r], each element's store in a branch on its row of C (M = 300 is
// ragged in the second tile; the column through a mov LLVM does not fold),
// at an immediate offset of its row of C from the thread's base address.
// RUN: split-file %s %t
// RUN: gemm-opt %t/linear.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db=''}),canonicalize,cse)" | FileCheck %s
// swap-ab=0: the heuristics' plan among the others (64x256 tiles of C,
// stream-K); swap-ab=1 forced on other tiles.
// RUN: gemm-opt %t/linear.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db='' swap-ab=0}))" | FileCheck %s --check-prefix=OFF
// RUN: gemm-opt %t/linear.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db='' swap-ab=1 block-m=128 block-n=104 warpgroups=2 warp-specialized=1 persistent=1 max-registers=168 stages=4}))" | FileCheck %s --check-prefix=FORCED
// What swap-AB cannot take: A stored as it is times B stored K x N (nn),
// TMA stores of C (it stores C^T's tiles from registers), a batched matmul.
// RUN: not gemm-opt %t/nn.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{swap-ab=1}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NN
// RUN: not gemm-opt %t/linear.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{swap-ab=1 block-n=152 tma-store=1 warp-specialized=1 persistent=1 max-registers=168}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TMA
// RUN: not gemm-opt %t/linear.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{swap-ab=1 block-n=150}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=COLS

// CHECK-LABEL: func.func @linear
// The kernel's A is B (128 x 64 boxes), its B^T is A (152 x 64 boxes).
// CHECK:       nvgpu.tma.create.descriptor %{{.*}} box[%c128, %c64] : memref<*xbf16> -> <tensor = memref<128x64xbf16
// CHECK:       nvgpu.tma.create.descriptor %{{.*}} box[%c152, %c64] : memref<*xbf16> -> <tensor = memref<152x64xbf16
// CHECK:       gpu.launch blocks({{.*}}) in ({{.*}} = %c128, {{.*}} = %c1, {{.*}} = %c1) threads({{.*}}) in ({{.*}} = %c384,
// CHECK:         nvvm.wgmma.mma_async {{.*}} <m = 64, n = 152, k = 16>, D[<f32>, <zero>], A[<bf16>, <one>, <row>], B[<bf16>, <one>, <col>]
// First element of the thread's column pair: row 8j of C's rows past the
// thread's own (offset 0), checked against M = 300, the accumulator read
// and converted inside the branch; the next one (j = 0, e = 1) at 8192
// elements (16384 bytes) further, checked against 299.
// CHECK:         %[[COL:.*]] = llvm.inline_asm "mov.u32 $0, $1;", "=r,r"
// CHECK:         %[[OK0:.*]] = arith.cmpi ult, %[[COL]], %c300_i32 : i32
// CHECK-NEXT:    scf.if %[[OK0]] {
// CHECK-NEXT:      llvm.extractvalue %{{.*}}[0]
// CHECK-NEXT:      arith.truncf
// CHECK-NEXT:      arith.bitcast
// CHECK-NEXT:      llvm.inline_asm has_side_effects "st.global.b16 [$0+0], $1;", "l,h"
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[OK1:.*]] = arith.cmpi ult, %[[COL]], %c299_i32 : i32
// CHECK-NEXT:    scf.if %[[OK1]] {
// CHECK-NEXT:      llvm.extractvalue %{{.*}}[1]
// CHECK:           llvm.inline_asm has_side_effects "st.global.b16 [$0+16384], $1;", "l,h"
// CHECK:       gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 128, bn = 152, c_elem_bytes = 2, elem_bytes = 2, group_m = 8, max_regs = 168, {{.*}}persistent = true, stages = 4, swap_ab = true, warp_specialized = true, warpgroups = 2>

// OFF:         gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 64, bn = 256, {{.*}}, stream_k = true, tma_store = true, warp_specialized = true, warpgroups = 1>

// FORCED:      gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 128, bn = 104, {{.*}}, persistent = true, stages = 4, swap_ab = true, warp_specialized = true, warpgroups = 2>

// NN:          error: invalid 'wgmma' option swap-ab=1: swap-AB reads A stored M x K and B stored N x K as they are (layout nt)
// TMA:         error: invalid 'wgmma' plan: swap-ab=1 needs 16-bit inputs, tma-store=0 and split-k=1
// COLS:        error: invalid 'wgmma' plan: block-n=150 must be a multiple of 8 up to 256 with swap-ab=1 (wgmma n)

//--- linear.mlir
func.func @linear(%A: memref<300x8192xbf16>, %B: memref<8192x8192xbf16>, %C: memref<300x8192xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%C : memref<300x8192xbf16>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<300x8192xbf16>, memref<8192x8192xbf16>) outs(%C : memref<300x8192xbf16>)
  return
}

//--- nn.mlir
func.func @linear(%A: memref<300x8192xbf16>, %B: memref<8192x8192xbf16>, %C: memref<300x8192xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%C : memref<300x8192xbf16>)
  linalg.matmul ins(%A, %B : memref<300x8192xbf16>, memref<8192x8192xbf16>) outs(%C : memref<300x8192xbf16>)
  return
}
