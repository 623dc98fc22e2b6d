// RUN: gemm-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma),canonicalize,cse)" | FileCheck %s

// Attention's scores with a mask every head shares (broadcast "batch"):
// the TMA-store kernel stages the mask like C. A fourth tensor map (C's
// 64 x 64 f16 boxes) over the mask; 4 slots per consumer warpgroup after
// the ring and C's staging (160 KB + 2 x 4 x 8 KB), two tiles' boxes, one
// mbarrier each. At a tile's start the leader loads the boxes of the
// block's next tile (tile + 132 of 8 x 256, if there is one; the first
// also its own); the epilogue waits for each box's load and reads its
// pairs from shared memory where it writes C's. No element of the mask is
// read from global memory.

// CHECK-LABEL: func.func @scores_mask(
// CHECK-SAME:  %[[MASK:[a-z0-9_]+]]: memref<2048x2048xf16> {gemm_opt.role = "E0"}
// CHECK:       nvgpu.tma.create.descriptor {{.*}} box[%c64, %c64] : memref<*xf16> -> <tensor = memref<64x64xf16
// CHECK:       nvgpu.tma.create.descriptor {{.*}} box[%c64, %c64] : memref<*xf16> -> <tensor = memref<64x64xf16
// CHECK:       gpu.launch {{.*}} dynamic_shared_memory_size %c230400_i32
// CHECK:       nvgpu.mbarrier.create
// CHECK-NEXT:  %[[BARS:.+]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 8>
// CHECK-COUNT-8: nvgpu.mbarrier.init %[[BARS]]
// CHECK:       nvvm.setmaxregister  increase 232
// CHECK:       scf.for %[[TILE:.+]] = %{{.+}} to %c2048 step %c132
// The block's first tile: its own two boxes.
// CHECK:       scf.if
// CHECK:       nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>
// CHECK-NEXT:  nvgpu.mbarrier.arrive.expect_tx %[[BARS]][%{{.+}}], %c8192
// CHECK:       nvgpu.tma.async.load %{{.+}}[%{{.+}}, %{{.+}}], %[[BARS]]
// CHECK:       nvgpu.tma.async.load %{{.+}}[%{{.+}}, %{{.+}}], %[[BARS]]
// The next tile's, if any.
// CHECK:       %[[NEXT:.+]] = arith.addi %[[TILE]], %c132
// CHECK:       arith.cmpi ult, %[[NEXT]], %c2048
// CHECK:       nvgpu.mbarrier.arrive.expect_tx %[[BARS]][%{{.+}}], %c8192
// CHECK:       nvgpu.tma.async.load %{{.+}}[%{{.+}}, %{{.+}}], %[[BARS]]
// CHECK:       nvgpu.tma.async.load %{{.+}}[%{{.+}}, %{{.+}}], %[[BARS]]
// CHECK:       nvvm.wgmma.mma_async
// CHECK:       nvgpu.mbarrier.try_wait.parity %[[BARS]]
// CHECK-COUNT-16: vector.load %{{.+}} : memref<64x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
// CHECK:       nvgpu.tma.async.store
// CHECK:       nvgpu.mbarrier.try_wait.parity %[[BARS]]
// CHECK-COUNT-16: vector.load %{{.+}} : memref<64x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
// CHECK:       nvgpu.tma.async.store
// CHECK-NOT:   nvgpu.tma.async.load
// CHECK-NOT:   memref.load %[[MASK]]
// CHECK:       bm = 128, bn = 128
// CHECK-SAME:  persistent = true
// CHECK-SAME:  tma_store = true
#id = affine_map<(b, m, n) -> (b, m, n)>
#mask = affine_map<(b, m, n) -> (m, n)>
func.func @scores_mask(%Q: memref<8x2048x128xf16>, %K: memref<8x128x2048xf16>, %mask: memref<2048x2048xf16>, %out: memref<8x2048x2048xf16>) {
  %zero = arith.constant 0.0 : f32
  %tmp = memref.alloc() : memref<8x2048x2048xf32>
  linalg.fill ins(%zero : f32) outs(%tmp : memref<8x2048x2048xf32>)
  linalg.batch_matmul ins(%Q, %K : memref<8x2048x128xf16>, memref<8x128x2048xf16>) outs(%tmp : memref<8x2048x2048xf32>)
  linalg.generic {indexing_maps = [#id, #mask, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%tmp, %mask : memref<8x2048x2048xf32>, memref<2048x2048xf16>) outs(%out : memref<8x2048x2048xf16>) {
  ^bb0(%x: f32, %m: f16, %o: f16):
    %m32 = arith.extf %m : f16 to f32
    %t = arith.addf %x, %m32 : f32
    %y16 = arith.truncf %t : f32 to f16
    linalg.yield %y16 : f16
  }
  memref.dealloc %tmp : memref<8x2048x2048xf32>
  return
}

// -----

// A mask per sequence shared by its 2 heads (broadcast "group", span 2:
// 4 matrices for a batch of 8): staged like the shared mask, its tensor
// map over the 4 matrices' rows, each box loaded at row (z floordiv 2) *
// 2048 of the tile's batch entry z (the persistent kernel walks the tiles
// of every entry: z is the tile's unit over the 256 tiles of an entry).

// CHECK-LABEL: func.func @scores_mask_per_sequence(
// CHECK:       memref.collapse_shape %{{.+}} {{\[}}[0, 1], [2]] : memref<4x2048x2048xf16> into memref<8192x2048xf16>
// CHECK:       nvgpu.tma.create.descriptor %{{.+}} box[%c64, %c64]
// CHECK:       gpu.launch blocks({{.+}}) in (%{{.+}} = %c132, %{{.+}} = %c1, %{{.+}} = %c1)
// CHECK:       %[[Z:.+]] = arith.divui %{{.+}}, %c256 : index
// CHECK:       nvgpu.mbarrier.arrive.expect_tx %{{.+}}, %c8192
// CHECK:       %[[SEQ:.+]] = arith.divui %[[Z]], %c2 : index
// CHECK-NEXT:  %[[SEQROW:.+]] = arith.muli %[[SEQ]], %c2048 : index
// CHECK-NEXT:  %[[ROW:.+]] = arith.addi %{{.+}}, %[[SEQROW]] : index
// CHECK-NEXT:  nvgpu.tma.async.load %{{.+}}[%{{.+}}, %[[ROW]]], %{{.+}}[%{{.+}}] to %{{.+}} : <tensor = memref<64x64xf16
#id = affine_map<(b, m, n) -> (b, m, n)>
#mask = affine_map<(b, m, n) -> (b floordiv 2, m, n)>
func.func @scores_mask_per_sequence(%Q: memref<8x2048x128xf16>, %K: memref<8x128x2048xf16>, %mask: memref<4x2048x2048xf16>, %out: memref<8x2048x2048xf16>) {
  %zero = arith.constant 0.0 : f32
  %tmp = memref.alloc() : memref<8x2048x2048xf32>
  linalg.fill ins(%zero : f32) outs(%tmp : memref<8x2048x2048xf32>)
  linalg.batch_matmul ins(%Q, %K : memref<8x2048x128xf16>, memref<8x128x2048xf16>) outs(%tmp : memref<8x2048x2048xf32>)
  linalg.generic {indexing_maps = [#id, #mask, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%tmp, %mask : memref<8x2048x2048xf32>, memref<4x2048x2048xf16>) outs(%out : memref<8x2048x2048xf16>) {
  ^bb0(%x: f32, %m: f16, %o: f16):
    %m32 = arith.extf %m : f16 to f32
    %t = arith.addf %x, %m32 : f32
    %y16 = arith.truncf %t : f32 to f16
    linalg.yield %y16 : f16
  }
  memref.dealloc %tmp : memref<8x2048x2048xf32>
  return
}

// -----

// A key-padding mask per sequence shared by its 2 heads (broadcast "col",
// span 2: 4 vectors of 2048 keys for a batch of 8): not staged (a vector,
// no box of C's), read per element from its sequence's vector, which the
// kernel's view takes at blockIdx.z floordiv 2; the persistent kernel keeps
// the batch in grid z, where that view's entry comes from.

// CHECK-LABEL: func.func @scores_key_padding_per_sequence(
// CHECK-SAME:  %[[KEYS:[a-z0-9_]+]]: memref<4x2048xf16> {gemm_opt.role = "E0"}
// CHECK-COUNT-3: nvgpu.tma.create.descriptor
// CHECK-NOT:   nvgpu.tma.create.descriptor
// CHECK:       gpu.launch blocks(%{{.+}}, %{{.+}}, %[[BZ:.+]]) in (%{{.+}} = %c132, %{{.+}} = %c1, %{{.+}} = %c8)
// CHECK-NEXT:  %[[SEQ:.+]] = arith.divui %[[BZ]], %c2 : index
// CHECK-NEXT:  %[[VEC:.+]] = memref.subview %[[KEYS]][%[[SEQ]], 0] [1, 2048] [1, 1] : memref<4x2048xf16> to memref<2048xf16, strided<[1], offset: ?>>
// CHECK:       memref.load %[[VEC]][%{{.+}}] : memref<2048xf16, strided<[1], offset: ?>>
#id = affine_map<(b, m, n) -> (b, m, n)>
#keys = affine_map<(b, m, n) -> (b floordiv 2, n)>
func.func @scores_key_padding_per_sequence(%Q: memref<8x2048x128xf16>, %K: memref<8x128x2048xf16>, %mask: memref<4x2048xf16>, %out: memref<8x2048x2048xf16>) {
  %zero = arith.constant 0.0 : f32
  %tmp = memref.alloc() : memref<8x2048x2048xf32>
  linalg.fill ins(%zero : f32) outs(%tmp : memref<8x2048x2048xf32>)
  linalg.batch_matmul ins(%Q, %K : memref<8x2048x128xf16>, memref<8x128x2048xf16>) outs(%tmp : memref<8x2048x2048xf32>)
  linalg.generic {indexing_maps = [#id, #keys, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%tmp, %mask : memref<8x2048x2048xf32>, memref<4x2048xf16>) outs(%out : memref<8x2048x2048xf16>) {
  ^bb0(%x: f32, %m: f16, %o: f16):
    %m32 = arith.extf %m : f16 to f32
    %t = arith.addf %x, %m32 : f32
    %y16 = arith.truncf %t : f32 to f16
    linalg.yield %y16 : f16
  }
  memref.dealloc %tmp : memref<8x2048x2048xf32>
  return
}

// -----

// A column bias per head shared by the sequences (broadcast "col", span 2
// and cycle: 2 vectors of 2048 keys for a batch of 8, entry z reading
// vector z mod 2): read like the key-padding mask per sequence, the
// kernel's view taken at blockIdx.z mod 2.

// CHECK-LABEL: func.func @scores_column_bias_per_head(
// CHECK-SAME:  %[[BIAS:[a-z0-9_]+]]: memref<2x2048xf16> {gemm_opt.role = "E0"}
// CHECK-COUNT-3: nvgpu.tma.create.descriptor
// CHECK-NOT:   nvgpu.tma.create.descriptor
// CHECK:       gpu.launch blocks(%{{.+}}, %{{.+}}, %[[BZ:.+]]) in (%{{.+}} = %c132, %{{.+}} = %c1, %{{.+}} = %c8)
// CHECK-NEXT:  %[[HEAD:.+]] = arith.remui %[[BZ]], %c2 : index
// CHECK-NEXT:  %[[VEC:.+]] = memref.subview %[[BIAS]][%[[HEAD]], 0] [1, 2048] [1, 1] : memref<2x2048xf16> to memref<2048xf16, strided<[1], offset: ?>>
// CHECK:       memref.load %[[VEC]][%{{.+}}] : memref<2048xf16, strided<[1], offset: ?>>
#id = affine_map<(b, m, n) -> (b, m, n)>
#bias = affine_map<(b, m, n) -> (b mod 2, n)>
func.func @scores_column_bias_per_head(%Q: memref<8x2048x128xf16>, %K: memref<8x128x2048xf16>, %bias: memref<2x2048xf16>, %out: memref<8x2048x2048xf16>) {
  %zero = arith.constant 0.0 : f32
  %tmp = memref.alloc() : memref<8x2048x2048xf32>
  linalg.fill ins(%zero : f32) outs(%tmp : memref<8x2048x2048xf32>)
  linalg.batch_matmul ins(%Q, %K : memref<8x2048x128xf16>, memref<8x128x2048xf16>) outs(%tmp : memref<8x2048x2048xf32>)
  linalg.generic {indexing_maps = [#id, #bias, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%tmp, %bias : memref<8x2048x2048xf32>, memref<2x2048xf16>) outs(%out : memref<8x2048x2048xf16>) {
  ^bb0(%x: f32, %b: f16, %o: f16):
    %b32 = arith.extf %b : f16 to f32
    %t = arith.addf %x, %b32 : f32
    %y16 = arith.truncf %t : f32 to f16
    linalg.yield %y16 : f16
  }
  memref.dealloc %tmp : memref<8x2048x2048xf32>
  return
}

// -----

// A residual at 128x256 tiles: the ring and C's staging leave no 16 KB for
// a slot per consumer, so the residual is read per element from global
// memory (no fourth tensor map, the plan's shared memory).

// CHECK-LABEL: func.func @residual(
// CHECK-SAME:  %[[RES:[a-z0-9_]+]]: memref<4096x4096xf16> {gemm_opt.role = "E0"}
// CHECK-COUNT-3: nvgpu.tma.create.descriptor
// CHECK-NOT:   nvgpu.tma.create.descriptor
// CHECK:       gpu.launch {{.*}} dynamic_shared_memory_size %c230400_i32
// CHECK:       nvgpu.tma.async.store
// CHECK:       memref.load %[[RES]]
// CHECK:       bm = 128, bn = 256
#id = affine_map<(m, n) -> (m, n)>
func.func @residual(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>, %res: memref<4096x4096xf16>, %out: memref<4096x4096xf16>) {
  %zero = arith.constant 0.0 : f32
  %tmp = memref.alloc() : memref<4096x4096xf32>
  linalg.fill ins(%zero : f32) outs(%tmp : memref<4096x4096xf32>)
  linalg.matmul ins(%A, %B : memref<4096x4096xf16>, memref<4096x4096xf16>) outs(%tmp : memref<4096x4096xf32>)
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%tmp, %res : memref<4096x4096xf32>, memref<4096x4096xf16>) outs(%out : memref<4096x4096xf16>) {
  ^bb0(%x: f32, %r: f16, %o: f16):
    %r32 = arith.extf %r : f16 to f32
    %t = arith.addf %x, %r32 : f32
    %y16 = arith.truncf %t : f32 to f16
    linalg.yield %y16 : f16
  }
  memref.dealloc %tmp : memref<4096x4096xf32>
  return
}
