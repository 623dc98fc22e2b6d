// gemm-emit-kernels on a hand-written compiled module with two kernels: the
// manifest lists the kernels in launch order, each with its grid, block and
// dynamic shared memory, and its parameters in launch-operand order: buffers
// by name (function arguments by role, an allocation without a role as
// scratch), scalars by value (i32 as i32, index as i64, f32 as f32). The
// PTX file is the gpu.binary's assembly, byte for byte. The stage and chip
// options are recorded as given.

// RUN: rm -f %t.ptx %t.json
// RUN: gemm-opt %s --gemm-emit-kernels="ptx-file=%t.ptx manifest-file=%t.json stage=handmade chip=sm_89" | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json --match-full-lines
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx --match-full-lines
// RUN: printf '// handmade PTX\n.visible .entry first(\n\t.param .u64 a,\n\t.param .u64 b,\n\t.param .u32 c,\n\t.param .u64 d,\n\t.param .f32 e\n)\n{\n}\n.visible .entry second(\n\t.param .u64 a,\n\t.param .u64 b,\n\t.param .u64 c,\n\t.param .u64 d\n)\n{\n}\n' > %t.expected.ptx
// RUN: cmp %t.expected.ptx %t.ptx

// Only the PTX when only ptx-file is given, and nothing without either.
// RUN: rm -f %t.only.ptx %t.only.json
// RUN: gemm-opt %s --gemm-emit-kernels="ptx-file=%t.only.ptx" -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.only.ptx --match-full-lines
// RUN: not test -e %t.only.json

// The module itself is unchanged.
// IR: gpu.launch_func @k::@first
// IR: gpu.launch_func @k::@second
// IR: gpu.binary @k

// JSON:      {
// JSON-NEXT:   "format": "gemm-opt-manifest",
// JSON-NEXT:   "version": 1,
// JSON-NEXT:   "op": "matmul",
// JSON-NEXT:   "stage": "handmade",
// JSON-NEXT:   "chip": "sm_89",
// JSON-NEXT:   "func": "host",
// JSON-NEXT:   "problem": {"m": 4, "n": 6, "k": 2, "beta": 1, "a": "f16", "b": "f16", "c": "f32"},
// JSON-NEXT:   "buffers": [
// JSON-NEXT:     {"name": "A", "role": "A", "elem": "f16", "shape": [4, 2]},
// JSON-NEXT:     {"name": "B", "role": "B", "elem": "f16", "shape": [2, 6]},
// JSON-NEXT:     {"name": "C", "role": "C", "elem": "f32", "shape": [4, 6]},
// JSON-NEXT:     {"name": "{{scratch[0-9]*}}", "role": "scratch", "elem": "f32", "shape": [16]}
// JSON-NEXT:   ],
// JSON-NEXT:   "arguments": ["A", "B", "C"],
// JSON-NEXT:   "kernels": [
// JSON-NEXT:     {
// JSON-NEXT:       "name": "first",
// JSON-NEXT:       "grid": [3, 2, 1],
// JSON-NEXT:       "block": [8, 4, 2],
// JSON-NEXT:       "dynamic_shared_memory": 0,
// JSON-NEXT:       "params": [
// JSON-NEXT:         {"abi": "ptr", "buffer": "A"},
// JSON-NEXT:         {"abi": "ptr", "buffer": "[[SCRATCH:scratch[0-9]*]]"},
// JSON-NEXT:         {"abi": "i32", "value": 7},
// JSON-NEXT:         {"abi": "i64", "value": 2},
// JSON-NEXT:         {"abi": "f32", "value": 0.5}
// JSON-NEXT:       ]
// JSON-NEXT:     },
// JSON-NEXT:     {
// JSON-NEXT:       "name": "second",
// JSON-NEXT:       "grid": [1, 1, 1],
// JSON-NEXT:       "block": [1, 1, 1],
// JSON-NEXT:       "dynamic_shared_memory": 128,
// JSON-NEXT:       "params": [
// JSON-NEXT:         {"abi": "ptr", "buffer": "[[SCRATCH]]"},
// JSON-NEXT:         {"abi": "ptr", "buffer": "B"},
// JSON-NEXT:         {"abi": "ptr", "buffer": "C"},
// JSON-NEXT:         {"abi": "ptr", "buffer": "A"}
// JSON-NEXT:       ]
// JSON-NEXT:     }
// JSON-NEXT:   ]
// JSON-NEXT: }

// PTX:      // handmade PTX
// PTX-NEXT: .visible .entry first(
// PTX-NEXT: 	.param .u64 a,
// PTX-NEXT: 	.param .u64 b,
// PTX-NEXT: 	.param .u32 c,
// PTX-NEXT: 	.param .u64 d,
// PTX-NEXT: 	.param .f32 e
// PTX-NEXT: )
// PTX-NEXT: {
// PTX-NEXT: }
// PTX-NEXT: .visible .entry second(
// PTX-NEXT: 	.param .u64 a,
// PTX-NEXT: 	.param .u64 b,
// PTX-NEXT: 	.param .u64 c,
// PTX-NEXT: 	.param .u64 d
// PTX-NEXT: )
// PTX-NEXT: {
// PTX-NEXT: }
// PTX-NOT:  {{.+}}

module attributes {gpu.container_module} {
  func.func @host(%x: memref<4x2xf16> {gemm_opt.role = "A"}, %y: memref<2x6xf16> {gemm_opt.role = "B"}, %z: memref<4x6xf32> {gemm_opt.role = "C"}) attributes {gemm_opt.problems = [#gemm_opt.matmul<a = f16, accumulate = true, b = f16, c = f32, k = 2, m = 4, n = 6>]} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %seven = arith.constant 7 : i32
    %half = arith.constant 0.5 : f32
    %smem = arith.constant 128 : i32
    %scratch = memref.alloc() : memref<16xf32>
    gpu.launch_func @k::@first blocks in (%c3, %c2, %c1) threads in (%c8, %c4, %c2) args(%x : memref<4x2xf16>, %scratch : memref<16xf32>, %seven : i32, %c2 : index, %half : f32)
    gpu.launch_func @k::@second blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) dynamic_shared_memory_size %smem args(%scratch : memref<16xf32>, %y : memref<2x6xf16>, %z : memref<4x6xf32>, %x : memref<4x2xf16>)
    return
  }
  gpu.binary @k [#gpu.object<#nvvm.target<chip = "sm_89">, assembly = "// handmade PTX\0A.visible .entry first(\0A\09.param .u64 a,\0A\09.param .u64 b,\0A\09.param .u32 c,\0A\09.param .u64 d,\0A\09.param .f32 e\0A)\0A{\0A}\0A.visible .entry second(\0A\09.param .u64 a,\0A\09.param .u64 b,\0A\09.param .u64 c,\0A\09.param .u64 d\0A)\0A{\0A}\0A">]
}
