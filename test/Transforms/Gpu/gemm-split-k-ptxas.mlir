// REQUIRES: ptxas
// Split-K of launches gemm-opt did not split: the naive kernel of
// gemm-naive on 1000x999x777 (accumulating, N not a multiple of 4) and the
// hand-written kernels of gemm-split-k.mlir. Both kernels of each module
// assemble for sm_90; the manifest lists the scratch buffer of partials
// (3 x 1000 rows of 999 floats padded to 1000) and the split kernel (grid
// z = 3) before the reduction (one thread per 4 partials: 977 blocks of
// 256).

// RUN: gemm-opt %inputs/matmul-1000x999x777.mlir --pass-pipeline="builtin.module(gemm-verify-input,func.func(gemm-naive),gemm-split-k{splits=3},gemm-lower-to-ptx{chip=sm_90},gemm-emit-kernels{ptx-file=%t.naive.ptx manifest-file=%t.naive.json stage=naive chip=sm_90})" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.naive.ptx -o %t.naive.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.naive.json
// RUN: gemm-opt %S/gemm-split-k.mlir --pass-pipeline='builtin.module(gemm-split-k{splits=2},gemm-lower-to-ptx{chip=sm_90})' | %python %S/Inputs/extract-ptx.py > %t.hand.ptx
// RUN: %ptxas -arch=sm_90 -v %t.hand.ptx -o %t.hand.cubin 2>&1 | FileCheck %s --check-prefix=HAND

// PTXAS-COUNT-2: Compiling entry function '{{.*}}' for 'sm_90'

// JSON:      "buffers": [
// JSON-NEXT:   {"name": "A", "role": "A", "elem": "f32", "shape": [1000, 777]},
// JSON-NEXT:   {"name": "B", "role": "B", "elem": "f32", "shape": [777, 999]},
// JSON-NEXT:   {"name": "C", "role": "C", "elem": "f32", "shape": [1000, 999]},
// JSON-NEXT:   {"name": "scratch0", "role": "scratch", "elem": "f32", "shape": [3000, 1000]}
// JSON:      "grid": [{{[0-9]+}}, {{[0-9]+}}, 3],
// JSON:        {"abi": "ptr", "buffer": "scratch0"}
// JSON:      "grid": [977, 1, 1],
// JSON-NEXT: "block": [256, 1, 1],
// JSON:        {"abi": "ptr", "buffer": "scratch0"},
// JSON-NEXT:   {"abi": "ptr", "buffer": "C"}

// HAND-COUNT-4: Compiling entry function '{{.*}}' for 'sm_90'
