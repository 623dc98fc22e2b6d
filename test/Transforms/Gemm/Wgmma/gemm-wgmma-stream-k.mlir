// Stream-K's split last wave on the wgmma kernel: 512 x 10240 is 160 tiles
// of 128x256 on 132 SMs (K = 8192: 128 K tiles). The heuristics keep the
// first wave's 132 tiles whole (block b: tile b) and split the last 28
// along K in 4 parts of 32 K tiles, one round: units 0 .. 111 are blocks
// 0 .. 111, unit u part 3 - u / 28 of tile 132 + u % 28 (part 0, which
// finishes the tile, in the last round). A kernel launched first clears
// the 224 flags (28 x 4 parts x 2 consumer warpgroups); the matmul kernel
// waits for it (griddepcontrol.wait) after its whole tiles. Parts 1 .. 3
// write their f32 partials (slot 4t + j) and raise their flags; part 0 of
// tail tile t adds slots 4t + 1 .. 4t + 3 in that order once their flags
// are up (the loop's end through an opaque mov), then stores C.
// With stream-k=0 there is no flags kernel and no tail unit. Several
// rounds: 300 x 10240 on 64x256 tiles (asked for: the heuristics take
// 128x256 there) is 200 tiles, a last wave of 68: 5 parts over 3 rounds,
// block b computing units b, b + 132, b + 264 (< 340).
// RUN: split-file %s %t
// RUN: gemm-opt %t/matmul.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma),canonicalize,cse)" | FileCheck %s
// RUN: gemm-opt %t/matmul.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{stream-k=0}),canonicalize,cse)" | FileCheck %s --check-prefix=PLAIN
// RUN: gemm-opt %t/rounds.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db='' block-m=64 block-n=256 warpgroups=1 stream-k=1}),canonicalize,cse)" | FileCheck %s --check-prefix=ROUNDS
// 128x256 tiles over several rounds (8192 x 5120 x 5120 nt: 1280 tiles, 92
// in the last wave, 4 parts over 3 rounds: 736 flags) give the consumers 240
// registers and the producer 24 (at 232 ptxas spilled); a plan that asks
// for fewer is an error.
// RUN: gemm-opt %t/wide-rounds.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db='' block-n=256 warpgroups=2 stream-k=1}),canonicalize,cse)" | FileCheck %s --check-prefix=WIDE
// RUN: not gemm-opt %t/wide-rounds.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db='' block-n=256 warpgroups=2 stream-k=1 producer-registers=40 consumer-registers=232}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=WIDE-FEW
// Stream-K shares one matmul's tiles among the persistent blocks: not a
// ping-pong kernel's, nor a batched matmul's.
// RUN: not gemm-opt %t/matmul.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{stream-k=1 pingpong=1 block-n=128}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PINGPONG
// RUN: not gemm-opt %t/batched.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{stream-k=1}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BATCHED

// CHECK-LABEL: func.func @matmul
// CHECK:       %[[PARTIALS:.*]] = memref.alloc() : memref<3670016xf32>
// CHECK:       %[[FLAGS:.*]] = memref.alloc() : memref<224xf32>
// CHECK:       gpu.launch blocks({{.*}}) in ({{.*}} = %c1, {{.*}} = %c1, {{.*}} = %c1) threads({{.*}}) in ({{.*}} = %c224,
// CHECK:         memref.store %{{.*}}, %[[FLAGS]]
// CHECK:       gemm_opt.kernel = "matmul-stream-k-flags"
// CHECK:       gpu.launch blocks(%[[BID:.*]], %{{.*}}, %{{.*}}) in ({{.*}} = %c132, {{.*}} = %c1, {{.*}} = %c1)
// The producer: the whole tiles, then its part's 32 K tiles after them.
// CHECK:         scf.for %{{.*}} = %[[BID]] to %c132 step %c132
// CHECK:         %[[TILE:.*]] = arith.remui %[[BID]], %c28
// CHECK:         %[[ROUND:.*]] = arith.divui %[[BID]], %c28
// CHECK:         %[[PART:.*]] = arith.subi %c3, %[[ROUND]]
// CHECK:         %[[FROM:.*]] = arith.muli %[[PART]], %c128
// CHECK:         arith.divui %[[FROM]], %c4
// CHECK:         %[[TAIL:.*]] = arith.cmpi ult, %[[BID]], %c112
// CHECK:         scf.if %[[TAIL]]
// CHECK:           scf.for %[[J:.*]] = %c0 to %{{.*}} step %c1
// CHECK:             arith.addi %[[J]], %c128
// The consumers: whole tiles, then griddepcontrol.wait before the part.
// CHECK:         scf.for %{{.*}} = %[[BID]] to %c132 step %c132
// CHECK:         nvvm.griddepcontrol wait
// CHECK:         %[[CTILE:.*]] = arith.remui %[[BID]], %c28
// CHECK:         %[[CROUND:.*]] = arith.divui %[[BID]], %c28
// CHECK:         %[[CPART:.*]] = arith.subi %c3, %[[CROUND]]
// CHECK:         scf.if
// CHECK:           %[[SLOTS:.*]] = arith.muli %[[CTILE]], %c4
// CHECK:           arith.cmpi ne, %[[CPART]], %c0
// CHECK:           scf.if
// CHECK:             vector.store %{{.*}}, %[[PARTIALS]][%{{.*}}] {alignment = 16 : i64} : memref<3670016xf32>, vector<4xf32>
// CHECK:             nvvm.barrier
// CHECK:             llvm.inline_asm has_side_effects "fence.acq_rel.gpu;{{.*}}st.relaxed.gpu.global.f32 [$0], 0f3F800000;"
// CHECK:           } else {
// CHECK:             %[[NEXT:.*]] = arith.addi %[[CTILE]], %c1
// CHECK:             %[[END:.*]] = arith.muli %[[NEXT]], %c4
// CHECK:             %[[END64:.*]] = arith.index_castui %[[END]] : index to i64
// CHECK:             %[[OPAQUE:.*]] = llvm.inline_asm has_side_effects "mov.b64 $0, $1;", "=l,l" %[[END64]]
// CHECK:             %[[LAST:.*]] = arith.index_cast %[[OPAQUE]] : i64 to index
// CHECK:             %[[FIRST:.*]] = arith.addi %[[SLOTS]], %c1
// CHECK:             scf.for %[[PEER:.*]] = %[[FIRST]] to %[[LAST]] step %c1 iter_args
// CHECK:               memref.extract_aligned_pointer_as_index %[[FLAGS]]
// CHECK:               scf.while
// CHECK:                 llvm.inline_asm has_side_effects "ld.acquire.gpu.global.f32 $0, [$1];"
// CHECK:               nvvm.barrier
// CHECK:               arith.muli %[[PEER]], %c2
// CHECK:               vector.load %[[PARTIALS]]
// CHECK:               arith.addf
// CHECK:             nvgpu.tma.async.store
// CHECK:       gemm_opt.kernel = "matmul"
// CHECK-SAME:  stream_k = true

// PLAIN-NOT:   matmul-stream-k-flags
// PLAIN-NOT:   griddepcontrol
// PLAIN-NOT:   stream_k
// PLAIN:       gemm_opt.kernel = "matmul"

// ROUNDS-LABEL: func.func @matmul
// ROUNDS:       memref.alloc() : memref<5570560xf32>
// ROUNDS:       memref.alloc() : memref<340xf32>
// ROUNDS:       gemm_opt.kernel = "matmul-stream-k-flags"
// ROUNDS:       gpu.launch blocks(%[[BID:.*]], %{{.*}}, %{{.*}}) in ({{.*}} = %c132, {{.*}} = %c1, {{.*}} = %c1)
// The producer's units, the ring's step count carried from one to the next.
// ROUNDS:       scf.for %{{.*}} = %[[BID]] to %c132 step %c132
// ROUNDS:       scf.for %[[U:.*]] = %[[BID]] to %c340 step %c132 iter_args(%[[RING:.*]] = %c128)
// ROUNDS:         arith.remui %[[U]], %c68
// ROUNDS:         arith.divui %[[U]], %c68
// ROUNDS:         scf.yield
// The consumers': the same units.
// ROUNDS:       nvvm.griddepcontrol wait
// ROUNDS:       scf.for %[[CU:.*]] = %[[BID]] to %c340 step %c132 iter_args(%{{.*}} = %c128)
// ROUNDS:         arith.remui %[[CU]], %c68
// ROUNDS:       gemm_opt.kernel = "matmul"
// ROUNDS-SAME:  stream_k = true

// WIDE:        memref.alloc() : memref<736xf32>
// WIDE:        gemm_opt.kernel = "matmul-stream-k-flags"
// WIDE:        gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 128, bn = 256, c_elem_bytes = 2, consumer_regs = 240, {{.*}}, producer_regs = 24, stages = 4, stream_k = true
// WIDE-FEW:    error: invalid 'wgmma' option stream-k=1: its tail parts take several rounds beside 128 accumulator registers a thread: consumer-registers=240 at least (232 given)

// PINGPONG:    error: invalid 'wgmma' plan: stream-k=1 needs the warp-specialized persistent kernel with cooperative consumers and no K splits (warp-specialized=1 persistent=1 pingpong=0 split-k=1)
// BATCHED:     error: invalid 'wgmma' option stream-k=1: a batched matmul takes no stream-K
//--- matmul.mlir
func.func @matmul(%A: memref<512x8192xbf16>, %B: memref<8192x10240xbf16>, %C: memref<512x10240xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%C : memref<512x10240xbf16>)
  linalg.matmul ins(%A, %B : memref<512x8192xbf16>, memref<8192x10240xbf16>) outs(%C : memref<512x10240xbf16>)
  return
}

//--- batched.mlir
func.func @matmul(%A: memref<4x256x512xbf16>, %B: memref<4x512x1024xbf16>, %C: memref<4x256x1024xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%C : memref<4x256x1024xbf16>)
  linalg.batch_matmul ins(%A, %B : memref<4x256x512xbf16>, memref<4x512x1024xbf16>) outs(%C : memref<4x256x1024xbf16>)
  return
}

//--- rounds.mlir
func.func @matmul(%A: memref<300x8192xbf16>, %B: memref<10240x8192xbf16>, %C: memref<300x10240xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%C : memref<300x10240xbf16>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<300x8192xbf16>, memref<10240x8192xbf16>) outs(%C : memref<300x10240xbf16>)
  return
}

//--- wide-rounds.mlir
func.func @matmul(%A: memref<8192x5120xbf16>, %B: memref<5120x5120xbf16>, %C: memref<8192x5120xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%C : memref<8192x5120xbf16>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<8192x5120xbf16>, memref<5120x5120xbf16>) outs(%C : memref<8192x5120xbf16>)
  return
}
