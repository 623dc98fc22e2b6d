// RUN: gemm-opt %s -split-input-file --gemm-fuse-epilogue-chains --gemm-verify-input --verify-diagnostics

// A consumer of a matmul's result that does not fuse as its epilogue gets
// one error at the consumer saying why and naming what fuses.

#id = affine_map<(m, n) -> (m, n)>
#col = affine_map<(m, n) -> (n)>
func.func @not_elementwise(%A: tensor<8x4xf32>, %B: tensor<4x8xf32>) -> tensor<8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %mm = linalg.matmul ins(%A, %B : tensor<8x4xf32>, tensor<4x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  %o = tensor.empty() : tensor<8xf32>
  // expected-error@+1 {{'linalg.generic' op reads a matmul's result but does not fuse as its epilogue: it is not elementwise (one output, parallel loops only). A matmul's only consumer fuses when it is elementwise}}
  %r = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%mm : tensor<8x8xf32>) outs(%o : tensor<8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

#id = affine_map<(m, n) -> (m, n)>
func.func @unknown_body_op(%A: tensor<8x4xf32>, %B: tensor<4x8xf32>) -> tensor<8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %mm = linalg.matmul ins(%A, %B : tensor<8x4xf32>, tensor<4x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  %o = tensor.empty() : tensor<8x8xf32>
  // expected-error@+1 {{does not fuse as its epilogue: 'math.log' is not an epilogue step}}
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm : tensor<8x8xf32>) outs(%o : tensor<8x8xf32>) {
  ^bb0(%x: f32, %out: f32):
    %l = math.log %x : f32
    linalg.yield %l : f32
  } -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

#id = affine_map<(m, n) -> (m, n)>
func.func @used_twice(%A: tensor<8x4xf32>, %B: tensor<4x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %mm = linalg.matmul ins(%A, %B : tensor<8x4xf32>, tensor<4x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  %o = tensor.empty() : tensor<8x8xf32>
  // expected-error@+1 {{does not fuse as its epilogue: the matmul's result has other uses}}
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm : tensor<8x8xf32>) outs(%o : tensor<8x8xf32>) {
  ^bb0(%x: f32, %out: f32):
    %zero2 = arith.constant 0.0 : f32
    %m = arith.maximumf %x, %zero2 : f32
    linalg.yield %m : f32
  } -> tensor<8x8xf32>
  return %r, %mm : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// A transposed operand: the kernel reads operands per column, per row or
// whole.
#id = affine_map<(m, n) -> (m, n)>
#t = affine_map<(m, n) -> (n, m)>
func.func @transposed_operand(%A: memref<8x4xf32>, %B: memref<4x8xf32>, %R: memref<8x8xf32>, %O: memref<8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %tmp = memref.alloc() : memref<8x8xf32>
  linalg.fill ins(%zero : f32) outs(%tmp : memref<8x8xf32>)
  linalg.matmul ins(%A, %B : memref<8x4xf32>, memref<4x8xf32>) outs(%tmp : memref<8x8xf32>)
  // expected-error@+1 {{does not fuse as its epilogue: input #1 is read through (d0, d1) -> (d1, d0); the kernel reads an operand per column}}
  linalg.generic {indexing_maps = [#id, #t, #id], iterator_types = ["parallel", "parallel"]}
      ins(%tmp, %R : memref<8x8xf32>, memref<8x8xf32>) outs(%O : memref<8x8xf32>) {
  ^bb0(%x: f32, %r: f32, %out: f32):
    %s = arith.addf %x, %r : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Without the zero fill the matmul accumulates into the temporary.
#id = affine_map<(m, n) -> (m, n)>
func.func @no_zero_fill(%A: memref<8x4xf32>, %B: memref<4x8xf32>, %O: memref<8x8xf32>) {
  %tmp = memref.alloc() : memref<8x8xf32>
  linalg.matmul ins(%A, %B : memref<8x4xf32>, memref<4x8xf32>) outs(%tmp : memref<8x8xf32>)
  // expected-error@+1 {{does not fuse as its epilogue: the matmul accumulates into its C (no zero linalg.fill)}}
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%tmp : memref<8x8xf32>) outs(%O : memref<8x8xf32>) {
  ^bb0(%x: f32, %out: f32):
    %t = math.tanh %x : f32
    linalg.yield %t : f32
  }
  return
}

// -----

// sub with the running value on the right.
#id = affine_map<(m, n) -> (m, n)>
func.func @sub_from_constant(%A: tensor<8x4xf32>, %B: tensor<4x8xf32>) -> tensor<8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %mm = linalg.matmul ins(%A, %B : tensor<8x4xf32>, tensor<4x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  %o = tensor.empty() : tensor<8x8xf32>
  // expected-error@+1 {{'arith.subf' has the running value on the right; sub and div take it on the left only}}
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm : tensor<8x8xf32>) outs(%o : tensor<8x8xf32>) {
  ^bb0(%x: f32, %out: f32):
    %one = arith.constant 1.0 : f32
    %s = arith.subf %one, %x : f32
    linalg.yield %s : f32
  } -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

// An f32 matmul's epilogue cannot round to bf16 (C's type rules).
#id = affine_map<(m, n) -> (m, n)>
func.func @f32_to_bf16(%A: tensor<8x4xf32>, %B: tensor<4x8xf32>) -> tensor<8x8xbf16> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %mm = linalg.matmul ins(%A, %B : tensor<8x4xf32>, tensor<4x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  %o = tensor.empty() : tensor<8x8xbf16>
  // expected-error@+1 {{does not fuse as its epilogue: its output: f32 inputs need an f32 result, got bf16}}
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm : tensor<8x8xf32>) outs(%o : tensor<8x8xbf16>) {
  ^bb0(%x: f32, %out: bf16):
    %t = arith.truncf %x : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<8x8xbf16>
  return %r : tensor<8x8xbf16>
}

// -----

// The kernel would read B where the consumer is: an op between that writes
// B keeps the consumer apart.
#id = affine_map<(m, n) -> (m, n)>
func.func @b_written_between(%A: memref<8x4xf32>, %B: memref<4x8xf32>, %P: memref<4x2xf32>, %Q: memref<2x8xf32>, %O: memref<8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %tmp = memref.alloc() : memref<8x8xf32>
  linalg.fill ins(%zero : f32) outs(%tmp : memref<8x8xf32>)
  linalg.matmul ins(%A, %B : memref<8x4xf32>, memref<4x8xf32>) outs(%tmp : memref<8x8xf32>)
  linalg.fill ins(%zero : f32) outs(%B : memref<4x8xf32>)
  linalg.matmul ins(%P, %Q : memref<4x2xf32>, memref<2x8xf32>) outs(%B : memref<4x8xf32>)
  // expected-error@+1 {{does not fuse as its epilogue: an op between the matmul and it writes A or B}}
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%tmp : memref<8x8xf32>) outs(%O : memref<8x8xf32>) {
  ^bb0(%x: f32, %out: f32):
    %t = math.tanh %x : f32
    linalg.yield %t : f32
  }
  return
}
