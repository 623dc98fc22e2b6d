// RUN: gemm-opt %s -split-input-file --gemm-emit-kernels --verify-diagnostics

// The version-2 writer's errors, on hand-written compiled functions of
// several ops (see emit-kernels-ops.mlir): what a runner could not bind or
// launch is an error at the op concerned.

#sm = #gemm_opt.softmax<cols = 6, rows = 4, x = f32, y = f32>
module attributes {gpu.container_module} {
  func.func @host(%x: memref<4x6xf32>, %y: memref<4x6xf32>) {
    call @host_op0(%x, %y) : (memref<4x6xf32>, memref<4x6xf32>) -> ()
    return
  }
  // expected-error@+1 {{launches no kernel for its op}}
  func.func private @host_op0(%x: memref<4x6xf32> {gemm_opt.role = "X"}, %y: memref<4x6xf32> {gemm_opt.role = "Y"}) attributes {gemm_opt.outlined_op = "softmax", gemm_opt.problems = [#sm]} {
    return
  }
  gpu.binary @k [#gpu.object<#nvvm.target, assembly = ".visible .entry k(\0A.param .u64 a\0A)\0A">]
}

// -----

#sm = #gemm_opt.softmax<cols = 6, rows = 4, x = f32, y = f32>
module attributes {gpu.container_module} {
  func.func @host(%x: memref<4x6xf32>, %y: memref<4x6xf32>) {
    call @host_op0(%x, %y) : (memref<4x6xf32>, memref<4x6xf32>) -> ()
    return
  }
  // expected-error@+1 {{no argument has the role Y of its softmax (gemm_opt.role)}}
  func.func private @host_op0(%x: memref<4x6xf32> {gemm_opt.role = "X"}, %y: memref<4x6xf32>) attributes {gemm_opt.outlined_op = "softmax", gemm_opt.problems = [#sm]} {
    return
  }
  gpu.binary @k [#gpu.object<#nvvm.target, assembly = ".visible .entry k(\0A.param .u64 a\0A)\0A">]
}

// -----

#sm = #gemm_opt.softmax<cols = 6, rows = 4, x = f32, y = f32>
#sm2 = #gemm_opt.softmax<cols = 6, rows = 4, x = f16, y = f16>
module attributes {gpu.container_module} {
  func.func @host(%x: memref<4x6xf32>, %y: memref<4x6xf32>) {
    call @host_op0(%x, %y) : (memref<4x6xf32>, memref<4x6xf32>) -> ()
    return
  }
  // expected-error@+1 {{an outlined op has one problem; found 2 in gemm_opt.problems}}
  func.func private @host_op0(%x: memref<4x6xf32>, %y: memref<4x6xf32>) attributes {gemm_opt.outlined_op = "softmax", gemm_opt.problems = [#sm, #sm2]} {
    return
  }
  gpu.binary @k [#gpu.object<#nvvm.target, assembly = ".visible .entry k(\0A.param .u64 a\0A)\0A">]
}

// -----

#sm = #gemm_opt.softmax<cols = 6, rows = 4, x = f32, y = f32>
module attributes {gpu.container_module} {
  func.func @host(%x: memref<8x6xf32>, %y: memref<4x6xf32>) {
    %top = memref.subview %x[0, 0] [4, 6] [1, 1] : memref<8x6xf32> to memref<4x6xf32>
    // expected-error@+1 {{is not a whole argument or allocation of @host; a runner cannot bind it}}
    call @host_op0(%top, %y) : (memref<4x6xf32>, memref<4x6xf32>) -> ()
    return
  }
  func.func private @host_op0(%x: memref<4x6xf32> {gemm_opt.role = "X"}, %y: memref<4x6xf32> {gemm_opt.role = "Y"}) attributes {gemm_opt.outlined_op = "softmax", gemm_opt.problems = [#sm]} {
    return
  }
  gpu.binary @k [#gpu.object<#nvvm.target, assembly = ".visible .entry k(\0A.param .u64 a\0A)\0A">]
}

// -----

#sm = #gemm_opt.softmax<cols = 6, rows = 4, x = f32, y = f32>
module attributes {gpu.container_module} {
  func.func @host(%x: memref<4x6xf32>, %y: memref<4x6xf32>) {
    %c1 = arith.constant 1 : index
    call @host_op0(%x, %y) : (memref<4x6xf32>, memref<4x6xf32>) -> ()
    // expected-error@+1 {{is launched outside the functions of its function's ops}}
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<4x6xf32>)
    return
  }
  func.func private @host_op0(%x: memref<4x6xf32> {gemm_opt.role = "X"}, %y: memref<4x6xf32> {gemm_opt.role = "Y"}) attributes {gemm_opt.outlined_op = "softmax", gemm_opt.problems = [#sm]} {
    return
  }
  gpu.binary @k [#gpu.object<#nvvm.target, assembly = ".visible .entry k(\0A.param .u64 a\0A)\0A">]
}

// -----

// A function of several ops returns whole allocations (or arguments).
#sm = #gemm_opt.softmax<cols = 6, rows = 4, x = f32, y = f32>
module attributes {gpu.container_module} {
  // expected-error@+1 {{result #0 is not a function argument or allocation; a runner cannot bind it}}
  func.func @host(%x: memref<4x6xf32>, %y: memref<8x6xf32>) -> memref<4x6xf32> {
    %top = memref.subview %y[0, 0] [4, 6] [1, 1] : memref<8x6xf32> to memref<4x6xf32>
    call @host_op0(%x, %y) : (memref<4x6xf32>, memref<8x6xf32>) -> ()
    return %top : memref<4x6xf32>
  }
  func.func private @host_op0(%x: memref<4x6xf32> {gemm_opt.role = "X"}, %y: memref<8x6xf32> {gemm_opt.role = "Y"}) attributes {gemm_opt.outlined_op = "softmax", gemm_opt.problems = [#sm]} {
    return
  }
  gpu.binary @k [#gpu.object<#nvvm.target, assembly = ".visible .entry k(\0A.param .u64 a\0A)\0A">]
}
