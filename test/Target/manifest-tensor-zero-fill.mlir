// The manifest of a tensor matmul initialised by a zero fill (beta = 0): C
// is an allocation of the function (it is returned), still described as the
// buffer with role C. C is only written, so the kernel's parameters are A,
// B, C.

// RUN: rm -f %t.json
// RUN: gemm-opt %s --gemm-stage-coalesced="manifest-file=%t.json" -o /dev/null
// RUN: FileCheck %s --input-file=%t.json --match-full-lines

// CHECK:      {{^}}{
// CHECK-NEXT:   "format": "gemm-opt-manifest",
// CHECK-NEXT:   "version": 1,
// CHECK-NEXT:   "op": "matmul",
// CHECK-NEXT:   "stage": "coalesced",
// CHECK-NEXT:   "chip": "sm_90",
// CHECK-NEXT:   "func": "matmul",
// CHECK-NEXT:   "problem": {"m": 70, "n": 130, "k": 9, "beta": 0, "a": "f32", "b": "f32", "c": "f32"},
// CHECK-NEXT:   "buffers": [
// CHECK-NEXT:     {"name": "A", "role": "A", "elem": "f32", "shape": [70, 9]},
// CHECK-NEXT:     {"name": "B", "role": "B", "elem": "f32", "shape": [9, 130]},
// CHECK-NEXT:     {"name": "C", "role": "C", "elem": "f32", "shape": [70, 130]}
// CHECK-NEXT:   ],
// CHECK-NEXT:   "arguments": ["A", "B"],
// CHECK-NEXT:   "kernels": [
// CHECK-NEXT:     {
// CHECK-NEXT:       "name": "matmul_kernel",
// CHECK-NEXT:       "grid": [5, 3, 1],
// CHECK-NEXT:       "block": [32, 32, 1],
// CHECK-NEXT:       "dynamic_shared_memory": 0,
// CHECK-NEXT:       "params": [
// CHECK-NEXT:         {"abi": "ptr", "buffer": "A"},
// CHECK-NEXT:         {"abi": "ptr", "buffer": "B"},
// CHECK-NEXT:         {"abi": "ptr", "buffer": "C"}
// CHECK-NEXT:       ]
// CHECK-NEXT:     }
// CHECK-NEXT:   ]
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NOT:  {{.+}}

func.func @matmul(%A: tensor<70x9xf32>, %B: tensor<9x130xf32>) -> tensor<70x130xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<70x130xf32>
  %C = linalg.fill ins(%zero : f32) outs(%empty : tensor<70x130xf32>) -> tensor<70x130xf32>
  %R = linalg.matmul ins(%A, %B : tensor<70x9xf32>, tensor<9x130xf32>) outs(%C : tensor<70x130xf32>) -> tensor<70x130xf32>
  return %R : tensor<70x130xf32>
}
