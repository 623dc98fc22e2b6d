// RUN: gemm-opt %s -split-input-file --gemm-emit-kernels --verify-diagnostics

// The emitter checks that each launched kernel's PTX .entry takes as many
// parameters as the launch passes. The diagnostic names the kernel once, in
// single quotes (not '"k"'), and a kernel missing from the PTX is reported as
// missing, not as having -1 parameters.

// The PTX entry must take exactly the parameters the launch passes.

module attributes {gpu.container_module} {
  func.func @host(%a: memref<4x4xf32> {gemm_opt.role = "A"}, %b: memref<4x4xf32> {gemm_opt.role = "B"}, %c: memref<4x4xf32> {gemm_opt.role = "C"}) attributes {gemm_opt.problems = [#gemm_opt.matmul<a = f32, b = f32, c = f32, k = 4, m = 4, n = 4>]} {
    %c1 = arith.constant 1 : index
    // expected-error@+1 {{PTX entry 'k' has 2 parameters but the launch passes 3}}
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4x4xf32>, %b : memref<4x4xf32>, %c : memref<4x4xf32>)
    return
  }
  gpu.binary @k [#gpu.object<#nvvm.target, assembly = ".visible .entry k(\0A.param .u64 p0,\0A.param .u64 p1\0A)\0A{\0A}\0A">]
}

// -----

// A launched kernel that the PTX does not define at all.

module attributes {gpu.container_module} {
  func.func @host(%a: memref<4x4xf32> {gemm_opt.role = "A"}, %b: memref<4x4xf32> {gemm_opt.role = "B"}, %c: memref<4x4xf32> {gemm_opt.role = "C"}) attributes {gemm_opt.problems = [#gemm_opt.matmul<a = f32, b = f32, c = f32, k = 4, m = 4, n = 4>]} {
    %c1 = arith.constant 1 : index
    // expected-error@+1 {{kernel 'missing' is not in the PTX}}
    gpu.launch_func @k::@missing blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4x4xf32>, %b : memref<4x4xf32>, %c : memref<4x4xf32>)
    return
  }
  gpu.binary @k [#gpu.object<#nvvm.target, assembly = ".visible .entry k(\0A.param .u64 p0,\0A.param .u64 p1,\0A.param .u64 p2\0A)\0A{\0A}\0A">]
}

