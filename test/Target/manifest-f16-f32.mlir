// f16 inputs accumulating into f32: A and B are f16 buffers, C an f32 one,
// and the problem records all three types.

// RUN: rm -f %t.json
// RUN: gemm-opt %s --gemm-stage-naive="manifest-file=%t.json" -o /dev/null
// RUN: FileCheck %s --input-file=%t.json --match-full-lines

// CHECK:      {{^}}{
// CHECK-NEXT:   "format": "gemm-opt-manifest",
// CHECK-NEXT:   "version": 1,
// CHECK-NEXT:   "op": "matmul",
// CHECK-NEXT:   "stage": "naive",
// CHECK-NEXT:   "chip": "sm_90",
// CHECK-NEXT:   "func": "hgemm",
// CHECK-NEXT:   "problem": {"m": 64, "n": 64, "k": 32, "beta": 0, "a": "f16", "b": "f16", "c": "f32"},
// CHECK-NEXT:   "buffers": [
// CHECK-NEXT:     {"name": "A", "role": "A", "elem": "f16", "shape": [64, 32]},
// CHECK-NEXT:     {"name": "B", "role": "B", "elem": "f16", "shape": [32, 64]},
// CHECK-NEXT:     {"name": "C", "role": "C", "elem": "f32", "shape": [64, 64]}
// CHECK-NEXT:   ],
// CHECK-NEXT:   "arguments": ["A", "B"],
// CHECK-NEXT:   "kernels": [
// CHECK-NEXT:     {
// CHECK-NEXT:       "name": "hgemm_kernel",
// CHECK-NEXT:       "grid": [2, 2, 1],
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

func.func @hgemm(%A: tensor<64x32xf16>, %B: tensor<32x64xf16>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<64x64xf32>
  %C = linalg.fill ins(%zero : f32) outs(%empty : tensor<64x64xf32>) -> tensor<64x64xf32>
  %R = linalg.matmul ins(%A, %B : tensor<64x32xf16>, tensor<32x64xf16>) outs(%C : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %R : tensor<64x64xf32>
}
