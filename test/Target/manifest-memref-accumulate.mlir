// The manifest of a memref matmul that accumulates into C (beta = 1), for
// both stages. The kernel reads C first, so outlining makes C its first
// parameter: the manifest gives the parameters in the order of the IR
// (the gpu.launch_func operands), not in A, B, C order. The stages differ
// only in the grid: 4 x 2 (naive, x walks the M = 100 rows) against 2 x 4
// (coalesced, x walks the N = 40 columns).

// RUN: rm -f %t.naive.json %t.coalesced.json
// RUN: gemm-opt %s --gemm-stage-naive="manifest-file=%t.naive.json" | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --check-prefix=NAIVE --input-file=%t.naive.json --match-full-lines
// RUN: gemm-opt %s --gemm-compile="stage=coalesced manifest-file=%t.coalesced.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=COALESCED --input-file=%t.coalesced.json --match-full-lines

// IR: func.func @matmul(%[[A:[a-z0-9_]+]]: memref<100x48xf32> {gemm_opt.role = "A"}, %[[B:[a-z0-9_]+]]: memref<48x40xf32> {gemm_opt.role = "B"}, %[[C:[a-z0-9_]+]]: memref<100x40xf32> {gemm_opt.role = "C"})
// IR: gpu.launch_func @matmul_kernel::@matmul_kernel {{.*}} args(%[[C]] : memref<100x40xf32>, %[[A]] : memref<100x48xf32>, %[[B]] : memref<48x40xf32>)

// NAIVE:      {{^}}{
// NAIVE-NEXT:   "format": "gemm-opt-manifest",
// NAIVE-NEXT:   "version": 1,
// NAIVE-NEXT:   "op": "matmul",
// NAIVE-NEXT:   "stage": "naive",
// NAIVE-NEXT:   "chip": "sm_90",
// NAIVE-NEXT:   "func": "matmul",
// NAIVE-NEXT:   "problem": {"m": 100, "n": 40, "k": 48, "beta": 1, "a": "f32", "b": "f32", "c": "f32"},
// NAIVE-NEXT:   "buffers": [
// NAIVE-NEXT:     {"name": "A", "role": "A", "elem": "f32", "shape": [100, 48]},
// NAIVE-NEXT:     {"name": "B", "role": "B", "elem": "f32", "shape": [48, 40]},
// NAIVE-NEXT:     {"name": "C", "role": "C", "elem": "f32", "shape": [100, 40]}
// NAIVE-NEXT:   ],
// NAIVE-NEXT:   "arguments": ["A", "B", "C"],
// NAIVE-NEXT:   "kernels": [
// NAIVE-NEXT:     {
// NAIVE-NEXT:       "name": "matmul_kernel",
// NAIVE-NEXT:       "grid": [4, 2, 1],
// NAIVE-NEXT:       "block": [32, 32, 1],
// NAIVE-NEXT:       "dynamic_shared_memory": 0,
// NAIVE-NEXT:       "params": [
// NAIVE-NEXT:         {"abi": "ptr", "buffer": "C"},
// NAIVE-NEXT:         {"abi": "ptr", "buffer": "A"},
// NAIVE-NEXT:         {"abi": "ptr", "buffer": "B"}
// NAIVE-NEXT:       ]
// NAIVE-NEXT:     }
// NAIVE-NEXT:   ]
// NAIVE-NEXT: }
// NAIVE-EMPTY:
// NAIVE-NOT:  {{.+}}

// COALESCED:      {{^}}{
// COALESCED-NEXT:   "format": "gemm-opt-manifest",
// COALESCED-NEXT:   "version": 1,
// COALESCED-NEXT:   "op": "matmul",
// COALESCED-NEXT:   "stage": "coalesced",
// COALESCED-NEXT:   "chip": "sm_90",
// COALESCED-NEXT:   "func": "matmul",
// COALESCED-NEXT:   "problem": {"m": 100, "n": 40, "k": 48, "beta": 1, "a": "f32", "b": "f32", "c": "f32"},
// COALESCED-NEXT:   "buffers": [
// COALESCED-NEXT:     {"name": "A", "role": "A", "elem": "f32", "shape": [100, 48]},
// COALESCED-NEXT:     {"name": "B", "role": "B", "elem": "f32", "shape": [48, 40]},
// COALESCED-NEXT:     {"name": "C", "role": "C", "elem": "f32", "shape": [100, 40]}
// COALESCED-NEXT:   ],
// COALESCED-NEXT:   "arguments": ["A", "B", "C"],
// COALESCED-NEXT:   "kernels": [
// COALESCED-NEXT:     {
// COALESCED-NEXT:       "name": "matmul_kernel",
// COALESCED-NEXT:       "grid": [2, 4, 1],
// COALESCED-NEXT:       "block": [32, 32, 1],
// COALESCED-NEXT:       "dynamic_shared_memory": 0,
// COALESCED-NEXT:       "params": [
// COALESCED-NEXT:         {"abi": "ptr", "buffer": "C"},
// COALESCED-NEXT:         {"abi": "ptr", "buffer": "A"},
// COALESCED-NEXT:         {"abi": "ptr", "buffer": "B"}
// COALESCED-NEXT:       ]
// COALESCED-NEXT:     }
// COALESCED-NEXT:   ]
// COALESCED-NEXT: }
// COALESCED-EMPTY:
// COALESCED-NOT:  {{.+}}

func.func @matmul(%A: memref<100x48xf32>, %B: memref<48x40xf32>, %C: memref<100x40xf32>) {
  linalg.matmul ins(%A, %B : memref<100x48xf32>, memref<48x40xf32>) outs(%C : memref<100x40xf32>)
  return
}
