// f16 in and out, accumulating into a C passed in (beta = 1): every buffer
// is f16. The kernel name follows the function name.

// RUN: rm -f %t.json
// RUN: gemm-opt %s --gemm-stage-coalesced="manifest-file=%t.json" -o /dev/null
// RUN: FileCheck %s --input-file=%t.json --match-full-lines

// CHECK:      {{^}}{
// CHECK-NEXT:   "format": "gemm-opt-manifest",
// CHECK-NEXT:   "version": 1,
// CHECK-NEXT:   "op": "matmul",
// CHECK-NEXT:   "stage": "coalesced",
// CHECK-NEXT:   "chip": "sm_90",
// CHECK-NEXT:   "func": "half_gemm",
// CHECK-NEXT:   "problem": {"m": 16, "n": 48, "k": 8, "beta": 1, "a": "f16", "b": "f16", "c": "f16"},
// CHECK-NEXT:   "buffers": [
// CHECK-NEXT:     {"name": "A", "role": "A", "elem": "f16", "shape": [16, 8]},
// CHECK-NEXT:     {"name": "B", "role": "B", "elem": "f16", "shape": [8, 48]},
// CHECK-NEXT:     {"name": "C", "role": "C", "elem": "f16", "shape": [16, 48]}
// CHECK-NEXT:   ],
// CHECK-NEXT:   "arguments": ["A", "B", "C"],
// CHECK-NEXT:   "kernels": [
// CHECK-NEXT:     {
// CHECK-NEXT:       "name": "half_gemm_kernel",
// CHECK-NEXT:       "grid": [2, 1, 1],
// CHECK-NEXT:       "block": [32, 32, 1],
// CHECK-NEXT:       "dynamic_shared_memory": 0,
// CHECK-NEXT:       "params": [
// CHECK-NEXT:         {"abi": "ptr", "buffer": "C"},
// CHECK-NEXT:         {"abi": "ptr", "buffer": "A"},
// CHECK-NEXT:         {"abi": "ptr", "buffer": "B"}
// CHECK-NEXT:       ]
// CHECK-NEXT:     }
// CHECK-NEXT:   ]
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NOT:  {{.+}}

func.func @half_gemm(%A: memref<16x8xf16>, %B: memref<8x48xf16>, %C: memref<16x48xf16>) {
  linalg.matmul ins(%A, %B : memref<16x8xf16>, memref<8x48xf16>) outs(%C : memref<16x48xf16>)
  return
}
