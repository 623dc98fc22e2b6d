// RUN: gemm-opt %s -split-input-file --gemm-keep-kernel-problems --verify-diagnostics -o /dev/null

// A variant with a dynamic batch count whose kernel runs a fixed grid z
// would compute the planned entries, not the actual ones.
func.func @qk_batchmax(%a: memref<4096x8x16xf32>, %count: index {gemm_opt.symbol = "batch"})
    attributes {gemm_opt.variant = {hi = 2147483647 : i64, lo = 1 : i64, of = "qk", symbol = "batch"}} {
  %c1 = arith.constant 1 : index
  %c4096 = arith.constant 4096 : index
  // expected-error@+1 {{a batched matmul with a dynamic batch count: this kernel's grid z is not the count, so it would run the planned entries}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c4096)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}

// -----

// The same kernel on grid z = the count passes.
func.func @qk_batchmax(%a: memref<4096x8x16xf32>, %count: index {gemm_opt.symbol = "batch"})
    attributes {gemm_opt.variant = {hi = 2147483647 : i64, lo = 1 : i64, of = "qk", symbol = "batch"}} {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %count)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}
