// bf16 in and out, tensor form with C passed in (beta = 1).

// RUN: rm -f %t.json
// RUN: gemm-opt %s --gemm-stage-naive="manifest-file=%t.json" -o /dev/null
// RUN: FileCheck %s --input-file=%t.json --match-full-lines

// CHECK:      {{^}}{
// CHECK-NEXT:   "format": "gemm-opt-manifest",
// CHECK-NEXT:   "version": 1,
// CHECK-NEXT:   "op": "matmul",
// CHECK-NEXT:   "stage": "naive",
// CHECK-NEXT:   "chip": "sm_90",
// CHECK-NEXT:   "func": "matmul",
// CHECK-NEXT:   "problem": {"m": 33, "n": 65, "k": 17, "beta": 1, "a": "bf16", "b": "bf16", "c": "bf16"},
// CHECK-NEXT:   "buffers": [
// CHECK-NEXT:     {"name": "A", "role": "A", "elem": "bf16", "shape": [33, 17]},
// CHECK-NEXT:     {"name": "B", "role": "B", "elem": "bf16", "shape": [17, 65]},
// CHECK-NEXT:     {"name": "C", "role": "C", "elem": "bf16", "shape": [33, 65]}
// CHECK-NEXT:   ],
// CHECK-NEXT:   "arguments": ["A", "B", "C"],
// CHECK-NEXT:   "kernels": [
// CHECK-NEXT:     {
// CHECK-NEXT:       "name": "matmul_kernel",
// CHECK-NEXT:       "grid": [2, 3, 1],
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

func.func @matmul(%A: tensor<33x17xbf16>, %B: tensor<17x65xbf16>, %C: tensor<33x65xbf16>) -> tensor<33x65xbf16> {
  %R = linalg.matmul ins(%A, %B : tensor<33x17xbf16>, tensor<17x65xbf16>) outs(%C : tensor<33x65xbf16>) -> tensor<33x65xbf16>
  return %R : tensor<33x65xbf16>
}
