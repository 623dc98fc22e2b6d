// wgmma tiles of any multiple of 8 columns where B is K-major (stored
// N x K, nn.Linear's layout): 300 x 5120 x 5120 in 64x200 tiles is 5 x 26 =
// 130 tiles, one wave on 132 SMs, where 64x256 ones are 100. B's tensor map
// loads 200 rows of K (one box per ring slot, 1024-byte aligned: 200 x 128
// bytes), each wgmma is n = 200, and C's last column tile (5000..5199) is
// stored from registers only inside N.
// RUN: split-file %s %t
// RUN: gemm-opt %t/linear.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db='' block-m=64 block-n=200 warpgroups=1 warp-specialized=1 persistent=1 max-registers=168 stages=6}),canonicalize,cse)" | FileCheck %s
// Where such a block-n does not apply: B stored K x N (read in 64-column
// panels), C through TMA stores (whole 128-byte boxes), and wgmma's n
// itself (multiples of 8).
// RUN: not gemm-opt %t/nn.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db='' block-m=64 block-n=200 warpgroups=1 warp-specialized=1 persistent=1 max-registers=168}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NN
// RUN: not gemm-opt %t/linear.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db='' block-m=64 block-n=200 warpgroups=1 warp-specialized=1 persistent=1 max-registers=168 tma-store=1}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TMA
// RUN: not gemm-opt %t/linear.mlir --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tuning-db='' block-n=204}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=EIGHT

// CHECK-LABEL: func.func @linear
// CHECK:       nvgpu.tma.create.descriptor %{{.*}} box[%c64, %c64] : memref<*xbf16> -> <tensor = memref<64x64xbf16
// CHECK:       nvgpu.tma.create.descriptor %{{.*}} box[%c200, %c64] : memref<*xbf16> -> <tensor = memref<200x64xbf16
// CHECK:       gpu.launch blocks({{.*}}) in ({{.*}} = %c130, {{.*}} = %c1, {{.*}} = %c1) threads({{.*}}) in ({{.*}} = %c256,
// CHECK:         nvvm.wgmma.mma_async {{.*}} <m = 64, n = 200, k = 16>, D[<f32>, <zero>], A[<bf16>, <one>, <row>], B[<bf16>, <one>, <col>]
// CHECK-NOT:     nvgpu.tma.async.store
// CHECK:       gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 64, bn = 200, c_elem_bytes = 2, elem_bytes = 2, group_m = 8, max_regs = 168, persistent = true, stages = 6, warp_specialized = true, warpgroups = 1>

// NN:  error: invalid 'wgmma' option block-n=200: block-n=200 is not a multiple of 64, the panels in which B stored K x N is read (B stored N x K, layout nt or tt, takes any multiple of 8)
// TMA: error: invalid 'wgmma' plan: block-n=200 with tma-store=1 must be a multiple of 64: whole 128-byte staging boxes of C
// EIGHT: error: invalid 'wgmma' plan: block-n=204 must be a multiple of 8 up to 256 (wgmma n)

//--- linear.mlir
func.func @linear(%A: memref<300x5120xbf16>, %B: memref<5120x5120xbf16>, %C: memref<300x5120xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%C : memref<300x5120xbf16>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<300x5120xbf16>, memref<5120x5120xbf16>) outs(%C : memref<300x5120xbf16>)
  return
}

//--- nn.mlir
func.func @linear(%A: memref<300x5120xbf16>, %B: memref<5120x5120xbf16>, %C: memref<300x5120xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%C : memref<300x5120xbf16>)
  linalg.matmul ins(%A, %B : memref<300x5120xbf16>, memref<5120x5120xbf16>) outs(%C : memref<300x5120xbf16>)
  return
}
