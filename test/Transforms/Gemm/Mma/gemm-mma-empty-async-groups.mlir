// RUN: gemm-opt %s --gemm-naive --gemm-coalesce --gemm-shared-memory-tiling --gemm-register-tiling-1d --gemm-register-tiling-2d --gemm-vectorize --gemm-swizzle --gemm-multi-buffer --gemm-warp-tiling --gemm-mma -o %t.mlir
// RUN: gemm-opt %t.mlir | FileCheck %s

// The IR after the mma rung parses again. K = 65 (bf16 rows of 130 bytes)
// has the tiles loaded by plain loads, not cp.async: the ring still
// commits one group per tile, of no copies, which upstream's format printed
// as a bare `nvgpu.device_async_create_group` that the parser then read
// with the next line's result as its operand ("expected operation name in
// quotes"). Such groups carry `gemm_opt.empty_group`.

// CHECK-LABEL: func.func @matmul(
// CHECK: = nvgpu.device_async_create_group {gemm_opt.empty_group}
// CHECK: nvgpu.device_async_wait
// CHECK: gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma"
func.func @matmul(%A: memref<17x65xbf16>, %B: memref<65x33xbf16>, %C: memref<17x33xf32>) {
  linalg.matmul ins(%A, %B : memref<17x65xbf16>, memref<65x33xbf16>) outs(%C : memref<17x33xf32>)
  return
}
