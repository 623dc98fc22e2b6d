// RUN: gemm-opt %s -split-input-file --gemm-emit-kernels --verify-diagnostics

// gemm-emit-kernels describes a compiled module from its IR alone; whatever
// it cannot describe is an error at the op concerned (and nothing is
// written). The modules here are written by hand: a host function with
// gemm_opt roles and problems, launches, and a gpu.binary holding a small PTX
// text whose .entry parameter lists are all the emitter reads.

// expected-error@+1 {{expected a function with compiled kernels}}
module attributes {gpu.container_module} {
  func.func @host(%a: memref<4x4xf32>) {
    return
  }
  gpu.binary @k [#gpu.object<#nvvm.target, assembly = ".visible .entry k(\0A.param .u64 p0\0A)\0A">]
}

// -----

// Several functions are several entries (a version-4 manifest), each
// described as it would be alone: the first without launches is an error.
#problem = #gemm_opt.matmul<a = f32, b = f32, c = f32, k = 4, m = 4, n = 4>
module attributes {gpu.container_module} {
  // expected-error@+1 {{cannot describe the compiled kernels: manifest: no buffers}}
  func.func @one() attributes {gemm_opt.problems = [#problem]} {
    return
  }
  func.func @two() attributes {gemm_opt.problems = [#problem]} {
    return
  }
  gpu.binary @k [#gpu.object<#nvvm.target, assembly = ".visible .entry k(\0A.param .u64 p0\0A)\0A">]
}

// -----

// expected-error@+1 {{expected exactly one gpu.binary, found 0}}
module attributes {gpu.container_module} {
  func.func @host() attributes {gemm_opt.problems = [#gemm_opt.matmul<a = f32, b = f32, c = f32, k = 4, m = 4, n = 4>]} {
    return
  }
}

// -----

module attributes {gpu.container_module} {
  func.func @host() attributes {gemm_opt.problems = [#gemm_opt.matmul<a = f32, b = f32, c = f32, k = 4, m = 4, n = 4>]} {
    return
  }
  // expected-error@+1 {{has no PTX object; compile with gpu-module-to-binary{format=isa}}}
  gpu.binary @k [#gpu.object<#nvvm.target, bin = "\7FELF">]
}

// -----

module attributes {gpu.container_module} {
  // A manifest describes one problem: a function whose kernels solve two
  // cannot be described.
  // expected-error@+1 {{a launch manifest describes one problem per function; found 2 in gemm_opt.problems}}
  func.func @host() attributes {gemm_opt.problems = [#gemm_opt.matmul<a = f32, b = f32, c = f32, k = 4, m = 4, n = 4>, #gemm_opt.matmul<a = f32, b = f32, c = f32, k = 8, m = 4, n = 4>]} {
    return
  }
  gpu.binary @k [#gpu.object<#nvvm.target, assembly = ".visible .entry k(\0A.param .u64 p0\0A)\0A">]
}

// -----

module attributes {gpu.container_module} {
  func.func @host(%a: memref<4x4xf32> {gemm_opt.role = "A"}, %b: memref<4x4xf32> {gemm_opt.role = "B"}, %c: memref<4x4xf32> {gemm_opt.role = "C"}, %n: index) attributes {gemm_opt.problems = [#gemm_opt.matmul<a = f32, b = f32, c = f32, k = 4, m = 4, n = 4>]} {
    %c1 = arith.constant 1 : index
    // expected-error@+1 {{launch grid sizes must be positive constants}}
    gpu.launch_func @k::@k blocks in (%n, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4x4xf32>, %b : memref<4x4xf32>, %c : memref<4x4xf32>)
    return
  }
  gpu.binary @k [#gpu.object<#nvvm.target, assembly = ".visible .entry k(\0A.param .u64 p0,\0A.param .u64 p1,\0A.param .u64 p2\0A)\0A{\0A}\0A">]
}

// -----

module attributes {gpu.container_module} {
  func.func @host(%a: memref<4x4xf32> {gemm_opt.role = "A"}, %b: memref<4x4xf32> {gemm_opt.role = "B"}, %c: memref<4x4xf32> {gemm_opt.role = "C"}) attributes {gemm_opt.problems = [#gemm_opt.matmul<a = f32, b = f32, c = f32, k = 4, m = 4, n = 4>]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-error@+1 {{launch block sizes must be positive constants}}
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c0, %c1) args(%a : memref<4x4xf32>, %b : memref<4x4xf32>, %c : memref<4x4xf32>)
    return
  }
  gpu.binary @k [#gpu.object<#nvvm.target, assembly = ".visible .entry k(\0A.param .u64 p0,\0A.param .u64 p1,\0A.param .u64 p2\0A)\0A{\0A}\0A">]
}

// -----

module attributes {gpu.container_module} {
  func.func @host(%a: memref<4x4xf32> {gemm_opt.role = "A"}, %b: memref<4x4xf32> {gemm_opt.role = "B"}, %c: memref<4x4xf32> {gemm_opt.role = "C"}, %s: i32) attributes {gemm_opt.problems = [#gemm_opt.matmul<a = f32, b = f32, c = f32, k = 4, m = 4, n = 4>]} {
    %c1 = arith.constant 1 : index
    // expected-error-re@+1 {{scalar kernel operand {{.*}} must be a constant}}
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4x4xf32>, %b : memref<4x4xf32>, %c : memref<4x4xf32>, %s : i32)
    return
  }
  gpu.binary @k [#gpu.object<#nvvm.target, assembly = ".visible .entry k(\0A.param .u64 p0,\0A.param .u64 p1,\0A.param .u64 p2,\0A.param .u32 p3\0A)\0A{\0A}\0A">]
}

// -----

module attributes {gpu.container_module} {
  func.func @host(%a: memref<4x4xf32> {gemm_opt.role = "A"}, %b: memref<4x4xf32> {gemm_opt.role = "B"}, %c: memref<4x4xf32> {gemm_opt.role = "C"}) attributes {gemm_opt.problems = [#gemm_opt.matmul<a = f32, b = f32, c = f32, k = 4, m = 4, n = 4>]} {
    %c1 = arith.constant 1 : index
    %s = arith.constant 3 : i16
    // expected-error@+1 {{unsupported scalar kernel operand type 'i16'}}
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4x4xf32>, %b : memref<4x4xf32>, %c : memref<4x4xf32>, %s : i16)
    return
  }
  gpu.binary @k [#gpu.object<#nvvm.target, assembly = ".visible .entry k(\0A.param .u64 p0,\0A.param .u64 p1,\0A.param .u64 p2,\0A.param .u16 p3\0A)\0A{\0A}\0A">]
}

// -----

// A kernel operand must be a whole buffer a runner can allocate (or a
// reshape of one), not a window of it.

module attributes {gpu.container_module} {
  func.func @host(%a: memref<4x4xf32> {gemm_opt.role = "A"}, %b: memref<4x4xf32> {gemm_opt.role = "B"}, %c: memref<4x4xf32> {gemm_opt.role = "C"}) attributes {gemm_opt.problems = [#gemm_opt.matmul<a = f32, b = f32, c = f32, k = 4, m = 4, n = 4>]} {
    %c1 = arith.constant 1 : index
    %rows = memref.subview %c[2, 0] [2, 4] [1, 1] : memref<4x4xf32> to memref<2x4xf32, strided<[4, 1], offset: 8>>
    // expected-error-re@+1 {{kernel operand {{.*}} is not a function argument or allocation}}
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4x4xf32>, %b : memref<4x4xf32>, %rows : memref<2x4xf32, strided<[4, 1], offset: 8>>)
    return
  }
  gpu.binary @k [#gpu.object<#nvvm.target, assembly = ".visible .entry k(\0A.param .u64 p0,\0A.param .u64 p1,\0A.param .u64 p2\0A)\0A{\0A}\0A">]
}

// -----

// A scratch buffer of a type a manifest has no name for.

module attributes {gpu.container_module} {
  func.func @host(%a: memref<4x4xf32> {gemm_opt.role = "A"}, %b: memref<4x4xf32> {gemm_opt.role = "B"}, %c: memref<4x4xf32> {gemm_opt.role = "C"}) attributes {gemm_opt.problems = [#gemm_opt.matmul<a = f32, b = f32, c = f32, k = 4, m = 4, n = 4>]} {
    %c1 = arith.constant 1 : index
    // expected-error@+1 {{buffer element type 'f64' cannot be described in a launch manifest}}
    %s = memref.alloc() : memref<8xf64>
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4x4xf32>, %b : memref<4x4xf32>, %s : memref<8xf64>)
    return
  }
  gpu.binary @k [#gpu.object<#nvvm.target, assembly = ".visible .entry k(\0A.param .u64 p0,\0A.param .u64 p1,\0A.param .u64 p2\0A)\0A{\0A}\0A">]
}

// -----

// Launches that never touch C: the manifest cannot say which buffer C is.

module attributes {gpu.container_module} {
  // expected-error@+1 {{cannot describe the compiled kernels: manifest: expected exactly one buffer with role C, found 0}}
  func.func @host(%a: memref<4x4xf32> {gemm_opt.role = "A"}, %b: memref<4x4xf32> {gemm_opt.role = "B"}, %c: memref<4x4xf32> {gemm_opt.role = "C"}) attributes {gemm_opt.problems = [#gemm_opt.matmul<a = f32, b = f32, c = f32, k = 4, m = 4, n = 4>]} {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4x4xf32>, %b : memref<4x4xf32>)
    return
  }
  gpu.binary @k [#gpu.object<#nvvm.target, assembly = ".visible .entry k(\0A.param .u64 p0,\0A.param .u64 p1\0A)\0A{\0A}\0A">]
}

// -----

// A grid CUDA cannot launch (gridDim.y <= 65535) is caught before anything
// is written.

module attributes {gpu.container_module} {
  // expected-error@+1 {{cannot describe the compiled kernels: manifest: kernels[0] ("k"): grid exceeds the CUDA limits [2^31-1, 65535, 65535]}}
  func.func @host(%a: memref<4x4xf32> {gemm_opt.role = "A"}, %b: memref<4x4xf32> {gemm_opt.role = "B"}, %c: memref<4x4xf32> {gemm_opt.role = "C"}) attributes {gemm_opt.problems = [#gemm_opt.matmul<a = f32, b = f32, c = f32, k = 4, m = 4, n = 4>]} {
    %c1 = arith.constant 1 : index
    %big = arith.constant 65536 : index
    gpu.launch_func @k::@k blocks in (%c1, %big, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4x4xf32>, %b : memref<4x4xf32>, %c : memref<4x4xf32>)
    return
  }
  gpu.binary @k [#gpu.object<#nvvm.target, assembly = ".visible .entry k(\0A.param .u64 p0,\0A.param .u64 p1,\0A.param .u64 p2\0A)\0A{\0A}\0A">]
}

// -----

module attributes {gpu.container_module} {
  func.func @host(%a: memref<4x4xf32> {gemm_opt.role = "A"}, %b: memref<4x4xf32> {gemm_opt.role = "B"}, %c: memref<4x4xf32> {gemm_opt.role = "C"}, %smem: i32) attributes {gemm_opt.problems = [#gemm_opt.matmul<a = f32, b = f32, c = f32, k = 4, m = 4, n = 4>]} {
    %c1 = arith.constant 1 : index
    // expected-error@+1 {{dynamic shared memory size must be a constant}}
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) dynamic_shared_memory_size %smem args(%a : memref<4x4xf32>, %b : memref<4x4xf32>, %c : memref<4x4xf32>)
    return
  }
  gpu.binary @k [#gpu.object<#nvvm.target, assembly = ".visible .entry k(\0A.param .u64 p0,\0A.param .u64 p1,\0A.param .u64 p2\0A)\0A{\0A}\0A">]
}
