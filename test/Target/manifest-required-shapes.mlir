// The manifests of the three required shapes (test/Inputs), together with
// their PTX files: every file a runner needs is written by one compile.

// RUN: rm -f %t.4096.json %t.4096.ptx %t.ragged.json %t.ragged.ptx %t.one.json %t.one.ptx
// RUN: gemm-opt %inputs/matmul-4096x4096x4096.mlir --gemm-stage-coalesced="ptx-file=%t.4096.ptx manifest-file=%t.4096.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=BIG --input-file=%t.4096.json --match-full-lines
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.4096.ptx
// RUN: gemm-opt %inputs/matmul-1000x999x777.mlir --gemm-stage-naive="ptx-file=%t.ragged.ptx manifest-file=%t.ragged.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=RAGGED --input-file=%t.ragged.json --match-full-lines
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ragged.ptx
// RUN: gemm-opt %inputs/matmul-1x1x1.mlir --gemm-stage-coalesced="ptx-file=%t.one.ptx manifest-file=%t.one.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=ONE --input-file=%t.one.json --match-full-lines
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.one.ptx

// PTX: .visible .entry matmul_kernel(

// 4096^3, tensor form with a zero fill: beta 0, C written only.
// BIG:      {{^}}{
// BIG-NEXT:   "format": "gemm-opt-manifest",
// BIG-NEXT:   "version": 1,
// BIG-NEXT:   "op": "matmul",
// BIG-NEXT:   "stage": "coalesced",
// BIG-NEXT:   "chip": "sm_90",
// BIG-NEXT:   "func": "matmul",
// BIG-NEXT:   "problem": {"m": 4096, "n": 4096, "k": 4096, "beta": 0, "a": "f32", "b": "f32", "c": "f32"},
// BIG-NEXT:   "buffers": [
// BIG-NEXT:     {"name": "A", "role": "A", "elem": "f32", "shape": [4096, 4096]},
// BIG-NEXT:     {"name": "B", "role": "B", "elem": "f32", "shape": [4096, 4096]},
// BIG-NEXT:     {"name": "C", "role": "C", "elem": "f32", "shape": [4096, 4096]}
// BIG-NEXT:   ],
// BIG-NEXT:   "arguments": ["A", "B"],
// BIG-NEXT:   "kernels": [
// BIG-NEXT:     {
// BIG-NEXT:       "name": "matmul_kernel",
// BIG-NEXT:       "grid": [128, 128, 1],
// BIG-NEXT:       "block": [32, 32, 1],
// BIG-NEXT:       "dynamic_shared_memory": 0,
// BIG-NEXT:       "params": [
// BIG-NEXT:         {"abi": "ptr", "buffer": "A"},
// BIG-NEXT:         {"abi": "ptr", "buffer": "B"},
// BIG-NEXT:         {"abi": "ptr", "buffer": "C"}
// BIG-NEXT:       ]
// BIG-NEXT:     }
// BIG-NEXT:   ]
// BIG-NEXT: }
// BIG-EMPTY:
// BIG-NOT:  {{.+}}

// M=1000, N=999, K=777 on memrefs: beta 1, grid ceil(1000/32) x ceil(999/32).
// RAGGED:      {{^}}{
// RAGGED-NEXT:   "format": "gemm-opt-manifest",
// RAGGED-NEXT:   "version": 1,
// RAGGED-NEXT:   "op": "matmul",
// RAGGED-NEXT:   "stage": "naive",
// RAGGED-NEXT:   "chip": "sm_90",
// RAGGED-NEXT:   "func": "matmul",
// RAGGED-NEXT:   "problem": {"m": 1000, "n": 999, "k": 777, "beta": 1, "a": "f32", "b": "f32", "c": "f32"},
// RAGGED-NEXT:   "buffers": [
// RAGGED-NEXT:     {"name": "A", "role": "A", "elem": "f32", "shape": [1000, 777]},
// RAGGED-NEXT:     {"name": "B", "role": "B", "elem": "f32", "shape": [777, 999]},
// RAGGED-NEXT:     {"name": "C", "role": "C", "elem": "f32", "shape": [1000, 999]}
// RAGGED-NEXT:   ],
// RAGGED-NEXT:   "arguments": ["A", "B", "C"],
// RAGGED-NEXT:   "kernels": [
// RAGGED-NEXT:     {
// RAGGED-NEXT:       "name": "matmul_kernel",
// RAGGED-NEXT:       "grid": [32, 32, 1],
// RAGGED-NEXT:       "block": [32, 32, 1],
// RAGGED-NEXT:       "dynamic_shared_memory": 0,
// RAGGED-NEXT:       "params": [
// RAGGED-NEXT:         {"abi": "ptr", "buffer": "C"},
// RAGGED-NEXT:         {"abi": "ptr", "buffer": "A"},
// RAGGED-NEXT:         {"abi": "ptr", "buffer": "B"}
// RAGGED-NEXT:       ]
// RAGGED-NEXT:     }
// RAGGED-NEXT:   ]
// RAGGED-NEXT: }
// RAGGED-EMPTY:
// RAGGED-NOT:  {{.+}}

// 1x1x1, tensor form with C passed in: beta 1, one block.
// ONE:      {{^}}{
// ONE-NEXT:   "format": "gemm-opt-manifest",
// ONE-NEXT:   "version": 1,
// ONE-NEXT:   "op": "matmul",
// ONE-NEXT:   "stage": "coalesced",
// ONE-NEXT:   "chip": "sm_90",
// ONE-NEXT:   "func": "matmul",
// ONE-NEXT:   "problem": {"m": 1, "n": 1, "k": 1, "beta": 1, "a": "f32", "b": "f32", "c": "f32"},
// ONE-NEXT:   "buffers": [
// ONE-NEXT:     {"name": "A", "role": "A", "elem": "f32", "shape": [1, 1]},
// ONE-NEXT:     {"name": "B", "role": "B", "elem": "f32", "shape": [1, 1]},
// ONE-NEXT:     {"name": "C", "role": "C", "elem": "f32", "shape": [1, 1]}
// ONE-NEXT:   ],
// ONE-NEXT:   "arguments": ["A", "B", "C"],
// ONE-NEXT:   "kernels": [
// ONE-NEXT:     {
// ONE-NEXT:       "name": "matmul_kernel",
// ONE-NEXT:       "grid": [1, 1, 1],
// ONE-NEXT:       "block": [32, 32, 1],
// ONE-NEXT:       "dynamic_shared_memory": 0,
// ONE-NEXT:       "params": [
// ONE-NEXT:         {"abi": "ptr", "buffer": "C"},
// ONE-NEXT:         {"abi": "ptr", "buffer": "A"},
// ONE-NEXT:         {"abi": "ptr", "buffer": "B"}
// ONE-NEXT:       ]
// ONE-NEXT:     }
// ONE-NEXT:   ]
// ONE-NEXT: }
// ONE-EMPTY:
// ONE-NOT:  {{.+}}
