// RUN: gemm-opt %s -split-input-file --gemm-emit-kernels --verify-diagnostics

// Cluster launches gemm-emit-kernels cannot describe: the cluster size must
// be made of positive constants, divide the grid in every dimension and hold
// at most 8 blocks (the portable limit).

#problem = #gemm_opt.matmul<a = f32, b = f32, c = f32, k = 4, m = 4, n = 4>
module attributes {gpu.container_module} {
  func.func @host(%a: memref<4x4xf32> {gemm_opt.role = "A"}, %b: memref<4x4xf32> {gemm_opt.role = "B"}, %c: memref<4x4xf32> {gemm_opt.role = "C"}, %n: index) attributes {gemm_opt.problems = [#problem]} {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // expected-error@+1 {{launch cluster sizes must be positive constants}}
    gpu.launch_func @k::@k clusters in (%n, %c1, %c1) blocks in (%c4, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4x4xf32>, %b : memref<4x4xf32>, %c : memref<4x4xf32>)
    return
  }
  gpu.binary @k [#gpu.object<#nvvm.target, assembly = ".visible .entry k(\0A.param .u64 p0,\0A.param .u64 p1,\0A.param .u64 p2\0A)\0A{\0A}\0A">]
}

// -----

#problem = #gemm_opt.matmul<a = f32, b = f32, c = f32, k = 4, m = 4, n = 4>
module attributes {gpu.container_module} {
  func.func @host(%a: memref<4x4xf32> {gemm_opt.role = "A"}, %b: memref<4x4xf32> {gemm_opt.role = "B"}, %c: memref<4x4xf32> {gemm_opt.role = "C"}) attributes {gemm_opt.problems = [#problem]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // expected-error@+1 {{launch cluster sizes must be positive constants}}
    gpu.launch_func @k::@k clusters in (%c1, %c0, %c1) blocks in (%c4, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4x4xf32>, %b : memref<4x4xf32>, %c : memref<4x4xf32>)
    return
  }
  gpu.binary @k [#gpu.object<#nvvm.target, assembly = ".visible .entry k(\0A.param .u64 p0,\0A.param .u64 p1,\0A.param .u64 p2\0A)\0A{\0A}\0A">]
}

// -----

#problem = #gemm_opt.matmul<a = f32, b = f32, c = f32, k = 4, m = 4, n = 4>
module attributes {gpu.container_module} {
  func.func @host(%a: memref<4x4xf32> {gemm_opt.role = "A"}, %b: memref<4x4xf32> {gemm_opt.role = "B"}, %c: memref<4x4xf32> {gemm_opt.role = "C"}) attributes {gemm_opt.problems = [#problem]} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c6 = arith.constant 6 : index
    // expected-error@+1 {{launch grid (6, 4, 1) is not divisible by the cluster size (4, 2, 1) in dimension x}}
    gpu.launch_func @k::@k clusters in (%c4, %c2, %c1) blocks in (%c6, %c4, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4x4xf32>, %b : memref<4x4xf32>, %c : memref<4x4xf32>)
    return
  }
  gpu.binary @k [#gpu.object<#nvvm.target, assembly = ".visible .entry k(\0A.param .u64 p0,\0A.param .u64 p1,\0A.param .u64 p2\0A)\0A{\0A}\0A">]
}

// -----

#problem = #gemm_opt.matmul<a = f32, b = f32, c = f32, k = 4, m = 4, n = 4>
module attributes {gpu.container_module} {
  // expected-error@+1 {{cannot describe the compiled kernels: manifest: kernels[0] ("k"): cluster [4, 4, 1] has 16 blocks; at most 8 (the portable cluster size limit) are allowed}}
  func.func @host(%a: memref<4x4xf32> {gemm_opt.role = "A"}, %b: memref<4x4xf32> {gemm_opt.role = "B"}, %c: memref<4x4xf32> {gemm_opt.role = "C"}) attributes {gemm_opt.problems = [#problem]} {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @k::@k clusters in (%c4, %c4, %c1) blocks in (%c4, %c4, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4x4xf32>, %b : memref<4x4xf32>, %c : memref<4x4xf32>)
    return
  }
  gpu.binary @k [#gpu.object<#nvvm.target, assembly = ".visible .entry k(\0A.param .u64 p0,\0A.param .u64 p1,\0A.param .u64 p2\0A)\0A{\0A}\0A">]
}
