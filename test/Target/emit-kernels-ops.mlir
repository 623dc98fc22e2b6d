// gemm-emit-kernels on a hand-written compiled function of two ops (what
// gemm-outline-kernel-ops and the rungs leave): the caller allocates and
// calls one function per op; each callee has its problem, its arguments'
// roles and its kernels. The manifest is version 2: buffers by what they
// are to the caller (every argument by position, the returned allocation,
// the other allocation, the callee's own allocation as scratch), each op's
// roles bound to them through the call's operands, each kernel with its op.

// RUN: gemm-opt %s --gemm-emit-kernels="manifest-file=%t.json stage=handmade chip=sm_90" -o /dev/null
// RUN: FileCheck %s --input-file=%t.json --match-full-lines

// CHECK:      {
// CHECK-NEXT:   "format": "gemm-opt-manifest",
// CHECK-NEXT:   "version": 2,
// CHECK-NEXT:   "stage": "handmade",
// CHECK-NEXT:   "chip": "sm_90",
// CHECK-NEXT:   "func": "host",
// CHECK-NEXT:   "ops": [
// CHECK-NEXT:     {"op": "matmul", "problem": {"m": 4, "n": 6, "k": 2, "beta": 0, "a": "f32", "b": "f32", "c": "f32", "layout": "nt"}, "operands": {"A": "arg1", "B": "arg0", "C": "temp0"}},
// CHECK-NEXT:     {"op": "softmax", "problem": {"rows": 4, "cols": 6, "x": "f32", "y": "f32"}, "operands": {"X": "temp0", "Y": "result0"}}
// CHECK-NEXT:   ],
// CHECK-NEXT:   "buffers": [
// CHECK-NEXT:     {"name": "arg0", "role": "arg", "elem": "f32", "shape": [6, 2]},
// CHECK-NEXT:     {"name": "arg1", "role": "arg", "elem": "f32", "shape": [4, 2]},
// CHECK-NEXT:     {"name": "arg2", "role": "arg", "elem": "f32", "shape": [3]},
// CHECK-NEXT:     {"name": "result0", "role": "result", "elem": "f32", "shape": [4, 6]},
// CHECK-NEXT:     {"name": "temp0", "role": "temp", "elem": "f32", "shape": [4, 6]},
// CHECK-NEXT:     {"name": "scratch0", "role": "scratch", "elem": "f32", "shape": [2, 6]}
// CHECK-NEXT:   ],
// CHECK-NEXT:   "kernels": [
// CHECK-NEXT:     {
// CHECK-NEXT:       "name": "host_op0_kernel",
// CHECK-NEXT:       "op": 0,
// CHECK:              {"abi": "ptr", "buffer": "arg0"},
// CHECK-NEXT:         {"abi": "ptr", "buffer": "scratch0"}
// CHECK:            "name": "host_op0_kernel_0",
// CHECK-NEXT:       "op": 0,
// CHECK:              {"abi": "ptr", "buffer": "arg1"},
// CHECK-NEXT:         {"abi": "ptr", "buffer": "scratch0"},
// CHECK-NEXT:         {"abi": "ptr", "buffer": "temp0"}
// CHECK:            "name": "host_op1_kernel",
// CHECK-NEXT:       "op": 1,
// CHECK:              {"abi": "ptr", "buffer": "temp0"},
// CHECK-NEXT:         {"abi": "ptr", "buffer": "result0"}

#mm = #gemm_opt.matmul<a = f32, b = f32, c = f32, k = 2, m = 4, n = 6, transpose_b = true>
#sm = #gemm_opt.softmax<cols = 6, rows = 4, x = f32, y = f32>
module attributes {gpu.container_module} {
  func.func @host(%w: memref<6x2xf32>, %x: memref<4x2xf32>, %unused: memref<3xf32>) -> memref<4x6xf32> {
    %s = memref.alloc() : memref<4x6xf32>
    %p = memref.alloc() : memref<4x6xf32>
    call @host_op0(%x, %w, %s) : (memref<4x2xf32>, memref<6x2xf32>, memref<4x6xf32>) -> ()
    call @host_op1(%s, %p) : (memref<4x6xf32>, memref<4x6xf32>) -> ()
    return %p : memref<4x6xf32>
  }
  func.func private @host_op0(%a: memref<4x2xf32> {gemm_opt.role = "A"}, %b: memref<6x2xf32> {gemm_opt.role = "B"}, %c: memref<4x6xf32> {gemm_opt.role = "C"}) attributes {gemm_opt.outlined_op = "matmul", gemm_opt.problems = [#mm]} {
    %c1 = arith.constant 1 : index
    %copy = memref.alloc() : memref<2x6xf32>
    gpu.launch_func @k::@host_op0_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%b : memref<6x2xf32>, %copy : memref<2x6xf32>)
    gpu.launch_func @k::@host_op0_kernel_0 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4x2xf32>, %copy : memref<2x6xf32>, %c : memref<4x6xf32>)
    return
  }
  func.func private @host_op1(%x: memref<4x6xf32> {gemm_opt.role = "X"}, %y: memref<4x6xf32> {gemm_opt.role = "Y"}) attributes {gemm_opt.outlined_op = "softmax", gemm_opt.problems = [#sm]} {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k::@host_op1_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<4x6xf32>, %y : memref<4x6xf32>)
    return
  }
  gpu.binary @k [#gpu.object<#nvvm.target, assembly = ".visible .entry host_op0_kernel(\0A.param .u64 a,\0A.param .u64 b\0A)\0A.visible .entry host_op0_kernel_0(\0A.param .u64 a,\0A.param .u64 b,\0A.param .u64 c\0A)\0A.visible .entry host_op1_kernel(\0A.param .u64 a,\0A.param .u64 b\0A)\0A">]
}
