// REQUIRES: ptxas
// Split-K and pipelined edge blocks assemble for sm_90 with no spills:
// 1000x999x777 (accumulating, unaligned rows) with 2 splits of 128x128 and
// of 64x64 tiles, and the 16x4096x4096 default (3 splits). Both kernels of
// each module (the split kernel and the reduction) are checked, and the
// manifest lists the scratch buffer of partials and both launches in order.

// RUN: gemm-opt %inputs/matmul-1000x999x777.mlir --pass-pipeline="builtin.module(gemm-verify-input,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling{block-m=128 block-n=128 thread-m=8 thread-n=8 split-k=2}),gemm-lower-to-ptx{chip=sm_90},gemm-emit-kernels{ptx-file=%t.a.ptx manifest-file=%t.a.json stage=warptile chip=sm_90})" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.a.ptx -o %t.a.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefix=PTX --implicit-check-not=ld.local --input-file=%t.a.ptx
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.a.json
// RUN: gemm-opt %inputs/matmul-1000x999x777.mlir --pass-pipeline="builtin.module(gemm-verify-input,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling{split-k=2}),gemm-lower-to-ptx{chip=sm_90},gemm-emit-kernels{ptx-file=%t.b.ptx manifest-file=%t.b.json stage=warptile chip=sm_90})" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.b.ptx -o %t.b.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefix=PTX --implicit-check-not=ld.local --input-file=%t.b.ptx
// RUN: gemm-opt %s --gemm-stage-warptile="ptx-file=%t.c.ptx manifest-file=%t.c.json" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.c.ptx -o %t.c.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefix=TALL --implicit-check-not=ld.local --input-file=%t.c.ptx

// PTXAS: Compiling entry function '{{.*}}' for 'sm_90'
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
// PTXAS: Compiling entry function '{{.*}}' for 'sm_90'
// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// The split kernel: edge blocks copy with a source size (zero fill past M
// or N), interior blocks without; A (K = 777) and B (N = 999) in 4-byte
// copies. Then the reduction kernel, which reads the partials (rows padded
// to 1000) in 128-bit loads.
// PTX:     .visible .entry
// PTX:     griddepcontrol.launch_dependents;
// PTX:     cp.async.ca.shared.global [%{{[a-z0-9]+}}{{(\+[0-9]+)?}}], [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], 4, %r{{[0-9]+}};
// PTX-NOT: cp.async.cg
// PTX:     fma.rn.f32
// PTX:     .visible .entry
// PTX-NOT: fma.rn.f32
// PTX:     griddepcontrol.wait;
// PTX:     ld.global.v4.b32
// PTX:     ld.global.v4.b32
// PTX:     add.rn.f32
// PTX:     ret;

// JSON:      "name": "scratch0", "role": "scratch"
// JSON-SAME: "shape": [2000, 1000]
// JSON:      "kernels": [
// JSON:      "grid": [8, 8, 2]
// JSON:      "block": [256, 1, 1]
// JSON:      "buffer": "A"
// JSON:      "buffer": "B"
// JSON:      "buffer": "scratch0"
// JSON:      "grid": [977, 1, 1]
// JSON:      "block": [256, 1, 1]
// JSON:      "programmatic_dependent": true
// JSON:      "buffer": "scratch0"
// JSON:      "buffer": "C"

// 16x4096x4096: aligned rows, 128-bit copies and a 128-bit reduction.
// TALL:     .visible .entry
// TALL:     cp.async.cg.shared.global
// TALL:     .visible .entry
// TALL:     ld.global.v4.{{[bf]}}32
// TALL:     st.global.v4.{{[bf]}}32

func.func @matmul(%A: tensor<16x4096xf32>, %B: tensor<4096x4096xf32>) -> tensor<16x4096xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<16x4096xf32>
  %C = linalg.fill ins(%zero : f32) outs(%empty : tensor<16x4096xf32>) -> tensor<16x4096xf32>
  %R = linalg.matmul ins(%A, %B : tensor<16x4096xf32>, tensor<4096x4096xf32>)
                     outs(%C : tensor<16x4096xf32>) -> tensor<16x4096xf32>
  return %R : tensor<16x4096xf32>
}
