// tma-store=1 is refused where a TMA store cannot write C: C accumulated
// into (beta = 1: a TMA store overwrites), rows of C that are not 16-byte
// aligned (N = 1001 f32), and kernels other than the warp-specialized one
// with cooperative consumers (here: without a producer warpgroup).
// RUN: gemm-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tma-store=1}))" -verify-diagnostics -o /dev/null
// RUN: not gemm-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{tma-store=1 warp-specialized=0 persistent=0}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=WS

// WS: error: invalid 'wgmma' plan: tma-store=1 needs the warp-specialized kernel with cooperative consumers (warp-specialized=1 pingpong=0)

func.func @accumulate(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>, %C: memref<4096x4096xf32>) {
  // expected-error @below {{invalid 'wgmma' option tma-store=1: C is accumulated into (beta = 1), and a TMA store overwrites}}
  linalg.matmul ins(%A, %B : memref<4096x4096xf16>, memref<4096x4096xf16>) outs(%C : memref<4096x4096xf32>)
  return
}

// -----

func.func @unaligned_c(%A: memref<4096x4096xf16>, %B: memref<4096x1001xf16>, %C: memref<4096x1001xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<4096x1001xf32>)
  // expected-error @below {{invalid 'wgmma' option tma-store=1: rows of C are 4004 bytes (N=1001), not a multiple of 16 as TMA needs}}
  linalg.matmul ins(%A, %B : memref<4096x4096xf16>, memref<4096x1001xf16>) outs(%C : memref<4096x1001xf32>)
  return
}

// -----

// Valid for tma-store=1 with the default (warp-specialized) plan; refused
// with warp-specialized=0 (second RUN line).
func.func @zeroed(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>, %C: memref<4096x4096xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<4096x4096xf32>)
  linalg.matmul ins(%A, %B : memref<4096x4096xf16>, memref<4096x4096xf16>) outs(%C : memref<4096x4096xf32>)
  return
}
