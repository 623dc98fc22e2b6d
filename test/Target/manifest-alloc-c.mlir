// C may be an allocation inside a memref function (nothing returns it): it
// is still the buffer with role C, and the manifest's shapes follow the
// problem (A is M x K, B is K x N, C is M x N).

// RUN: rm -f %t.json
// RUN: gemm-opt %s --gemm-stage-naive="manifest-file=%t.json" | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --input-file=%t.json

// IR: memref.alloc() {gemm_opt.role = "C"} : memref<5x7xf32>

// CHECK:      "func": "scratch_c",
// CHECK-NEXT: "problem": {"m": 5, "n": 7, "k": 3, "beta": 1, "a": "f32", "b": "f32", "c": "f32"},
// CHECK-NEXT: "buffers": [
// CHECK-NEXT:   {"name": "A", "role": "A", "elem": "f32", "shape": [5, 3]},
// CHECK-NEXT:   {"name": "B", "role": "B", "elem": "f32", "shape": [3, 7]},
// CHECK-NEXT:   {"name": "C", "role": "C", "elem": "f32", "shape": [5, 7]}
// CHECK-NEXT: ],
// CHECK:      "name": "scratch_c_kernel",
// CHECK-NEXT: "grid": [1, 1, 1],
// CHECK:      "params": [
// CHECK-NEXT:   {"abi": "ptr", "buffer": "C"},
// CHECK-NEXT:   {"abi": "ptr", "buffer": "A"},
// CHECK-NEXT:   {"abi": "ptr", "buffer": "B"}
// CHECK-NEXT: ]

func.func @scratch_c(%A: memref<5x3xf32>, %B: memref<3x7xf32>) {
  %C = memref.alloc() : memref<5x7xf32>
  linalg.matmul ins(%A, %B : memref<5x3xf32>, memref<3x7xf32>) outs(%C : memref<5x7xf32>)
  return
}
