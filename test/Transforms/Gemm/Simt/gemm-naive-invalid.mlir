// Invalid inputs and options of gemm-naive, each an error at the op (at the
// function for an option), not a silent skip nor a crash. One part per
// option set (split-file), each checked with --verify-diagnostics.

// RUN: split-file %s %t
// RUN: gemm-opt %t/inputs.mlir -split-input-file --gemm-naive -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/block-dim-zero.mlir --gemm-naive=block-dim=0 -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/block-dim-too-big.mlir --gemm-naive=block-dim=64 -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/block-dim-just-over.mlir --gemm-naive=block-dim=33 -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/block-dim-negative.mlir --gemm-naive=block-dim=-4 -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/block-dim-overflow-zero.mlir --gemm-naive=block-dim=4294967296 -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/block-dim-overflow-negative.mlir --gemm-naive=block-dim=3037000500 -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/chip-unknown.mlir --gemm-naive=chip=sm_100 -verify-diagnostics -o /dev/null

//--- inputs.mlir

// gemm-naive works on buffers; a matmul on tensors is an error at the op,
// not a silent skip.

func.func @tensor_form(%A: tensor<8x4xf32>, %B: tensor<4x8xf32>, %C: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error@+1 {{'linalg.matmul' op must be bufferized before kernel generation}}
  %r = linalg.matmul ins(%A, %B : tensor<8x4xf32>, tensor<4x8xf32>) outs(%C : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

// A runner binds whole buffers (or reshapes of one: the same bytes), so an
// operand that is neither (here a global) is rejected.

memref.global "private" @weights : memref<4x8xf32> = dense<1.0>
func.func @global_operand(%A: memref<8x4xf32>, %C: memref<8x8xf32>) {
  %B = memref.get_global @weights : memref<4x8xf32>
  // expected-error@+1 {{'linalg.matmul' op operands must be function arguments or allocations, or reshapes of one, so that a runner can bind them}}
  linalg.matmul ins(%A, %B : memref<8x4xf32>, memref<4x8xf32>) outs(%C : memref<8x8xf32>)
  return
}

// -----

// gemm-naive re-checks the contract itself (it may run without
// gemm-verify-input): integer matmuls are not generated.

func.func @integer(%A: memref<8x4xi32>, %B: memref<4x8xi32>, %C: memref<8x8xi32>) {
  // expected-error@+1 {{'linalg.matmul' op element type i32 is not supported; expected f32, f16 or bf16}}
  linalg.matmul ins(%A, %B : memref<8x4xi32>, memref<4x8xi32>) outs(%C : memref<8x8xi32>)
  return
}

// -----

// One buffer as A and B (x @ x.T): a kernel argument has one role; the
// stage pipelines outline the op into a function taking it twice first.
func.func @gram(%x: memref<8x16xf32>, %g: memref<8x8xf32>) {
  // expected-error@+1 {{reads one buffer as A and B; a kernel's arguments have one role each: run gemm-outline-kernel-ops first}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%x, %x : memref<8x16xf32>, memref<8x16xf32>) outs(%g : memref<8x8xf32>)
  return
}

//--- block-dim-zero.mlir

// block-dim must satisfy 1 <= block-dim and block-dim^2 <= 1024 (CUDA's
// limit of 1024 threads per block); anything else is a clear error naming
// the value, and no kernel is generated.
// expected-error @below {{invalid option block-dim=0: need 1 <= block-dim <= 32 (block-dim^2 threads per block)}}
func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  return
}

//--- block-dim-too-big.mlir

// expected-error @below {{invalid option block-dim=64: need 1 <= block-dim <= 32 (block-dim^2 threads per block)}}
func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  return
}

//--- block-dim-just-over.mlir

// expected-error @below {{invalid option block-dim=33: need 1 <= block-dim <= 32 (block-dim^2 threads per block)}}
func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  return
}

//--- block-dim-negative.mlir

// expected-error @below {{invalid option block-dim=-4: need 1 <= block-dim <= 32 (block-dim^2 threads per block)}}
func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  return
}

//--- block-dim-overflow-zero.mlir

// block-dim^2 must not be computed in a way that wraps: 2^32 squared is
// 2^64, which wraps to 0 in int64_t ...
// expected-error @below {{invalid option block-dim=4294967296: need 1 <= block-dim <= 32 (block-dim^2 threads per block)}}
func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  return
}

//--- block-dim-overflow-negative.mlir

// ... and 3037000500^2 wraps to a negative number. Both are rejected like
// any other block-dim above 32; a launch of 2^32 x 2^32 threads per block
// is not a kernel.
// expected-error @below {{invalid option block-dim=3037000500: need 1 <= block-dim <= 32 (block-dim^2 threads per block)}}
func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  return
}

//--- chip-unknown.mlir

// An unknown chip is an error at the function.
// expected-error @below {{unsupported chip 'sm_100'; expected one of sm_70, sm_75, sm_80, sm_86, sm_87, sm_89, sm_90, sm_90a}}
func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  return
}

