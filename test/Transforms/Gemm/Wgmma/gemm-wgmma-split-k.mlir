// Split-K on the wgmma kernel: 128 x 5120 is 40 tiles of 128x128 on 132
// SMs, over K = 13824 (216 K tiles). The heuristics split K in 3: the
// persistent kernel's 120 units are the 40 tiles of split 0, then of
// split 1, 2 (unit u: split u / 40, tile u % 40), each loading K tiles
// 72 * split .. + 72 and storing its f32 partial at rows split * 128 of a
// 384 x 5120 scratch buffer; the reduction kernel after it (a programmatic
// dependent launch: the matmul grid lets it be scheduled as it starts, and
// it waits for the partials itself) sums them into C. With split-k=2 the units are 80 and each loads 108 K tiles.
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma),canonicalize,cse)" | FileCheck %s
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{split-k=2}),canonicalize,cse)" | FileCheck %s --check-prefix=TWO
// Options that set the tiles without split-k (a tuning database entry's)
// keep one split: the heuristics' splits were for their own tiles.
// RUN: gemm-opt %s --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{block-n=256 stages=4}),canonicalize,cse)" | FileCheck %s --check-prefix=OWN

// CHECK-LABEL: func.func @matmul
// CHECK:       %[[PARTIALS:.*]] = memref.alloc() : memref<384x5120xf32>
// CHECK:       gpu.launch blocks({{.*}}) in ({{.*}} = %c120, {{.*}} = %c1, {{.*}} = %c1)
// CHECK:       nvvm.griddepcontrol launch_dependents
// CHECK:       scf.for %[[UNIT:.*]] = %{{.*}} to %c120 step %c120
// CHECK:         %[[SPLIT:.*]] = arith.divui %[[UNIT]], %c40
// CHECK:         %[[FIRST:.*]] = arith.muli %[[SPLIT]], %c72
// CHECK:         scf.for %[[KT:.*]] = %c0 to %c72 step %c1
// CHECK:           %[[K:.*]] = arith.addi %[[KT]], %[[FIRST]]
// CHECK:           %[[K0:.*]] = arith.muli %[[K]], %c64
// CHECK:           nvgpu.tma.async.load %{{.*}}[%[[K0]], %{{.*}}]
// CHECK:       vector.store %{{.*}}, %[[PARTIALS]][%{{.*}}, %{{.*}}] {alignment = 8 : i64} : memref<384x5120xf32>, vector<2xf32>
// CHECK-NOT:   memref<128x5120xbf16>, vector
// CHECK:       gemm_opt.kernel = "matmul"
// CHECK-SAME:  split_k = 3
// CHECK:       gpu.launch
// CHECK:       nvvm.griddepcontrol wait
// CHECK:       vector.load %[[PARTIALS]]
// CHECK-COUNT-2: vector.load %[[PARTIALS]]
// CHECK:       memref.store {{.*}} : memref<128x5120xbf16>
// CHECK:       gemm_opt.kernel = "matmul-splitk-reduce"

// TWO:         memref.alloc() : memref<256x5120xf32>
// TWO:         scf.for %{{.*}} = %{{.*}} to %c80 step %c80
// TWO:         scf.for %{{.*}} = %c0 to %c108 step %c1
// TWO:         split_k = 2

// OWN-NOT:     memref.alloc
// OWN-NOT:     split_k
// OWN:         bn = 256
// OWN-NOT:     split_k
func.func @matmul(%A: memref<128x13824xbf16>, %B: memref<13824x5120xbf16>, %C: memref<128x5120xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%C : memref<128x5120xbf16>)
  linalg.matmul ins(%A, %B : memref<128x13824xbf16>, memref<13824x5120xbf16>) outs(%C : memref<128x5120xbf16>)
  return
}
