// RUN: gemm-opt %s --gemm-emit-planned-kernels | FileCheck %s --check-prefix=GEMV

// A hand-written plan of the weight-streaming kernel on the naive kernel of
// a 2 x 64 x 64 bf16 matmul whose B is stored N x K: the emit pass builds
// it (8 blocks of 8 warps, one column of C per warp).
// GEMV-LABEL: func.func @gemv_from_plan
// GEMV:       %[[BLOCKS:.+]] = arith.constant 8 : index
// GEMV:       gpu.launch blocks(%{{.*}}) in (%{{.*}} = %[[BLOCKS]],
// GEMV:         vector.load %{{.*}} : memref<64x64xbf16>, vector<8xbf16>
// GEMV:         vector.fma
// GEMV:         gpu.shuffle  xor
// GEMV:       } {gemm_opt.gemv_plan = #gemm_opt.gemv_plan<unroll = 2, warps = 8>, gemm_opt.kernel = "matmul", gemm_opt.mapping = "gemv", gemm_opt.problem = #gemm_opt.matmul<a = bf16, b = bf16, c = f32, k = 64, m = 2, n = 64, transpose_b = true>}
// GEMV-NOT:   gemm_opt.planned
func.func @gemv_from_plan(%A: memref<2x64xbf16> {gemm_opt.role = "A"},
                          %B: memref<64x64xbf16> {gemm_opt.role = "B"},
                          %C: memref<2x64xf32> {gemm_opt.role = "C"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %A[%c0, %c0] : memref<2x64xbf16>
    %b = memref.load %B[%c0, %c0] : memref<64x64xbf16>
    %ae = arith.extf %a : bf16 to f32
    %be = arith.extf %b : bf16 to f32
    %ab = arith.mulf %ae, %be : f32
    memref.store %ab, %C[%c0, %c0] : memref<2x64xf32>
    gpu.terminator
  } {gemm_opt.gemv_plan = #gemm_opt.gemv_plan<unroll = 2, warps = 8>, gemm_opt.kernel = "matmul",
     gemm_opt.mapping = "simt", gemm_opt.planned,
     gemm_opt.problem = #gemm_opt.matmul<a = bf16, b = bf16, c = f32, k = 64, m = 2, n = 64, transpose_b = true>}
  return
}
