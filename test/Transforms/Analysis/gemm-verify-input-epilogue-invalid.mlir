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
  // expected-error@+1 {{does not fuse as its epilogue: an op between the matmul and it writes or frees A or B}}
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%tmp : memref<8x8xf32>) outs(%O : memref<8x8xf32>) {
  ^bb0(%x: f32, %out: f32):
    %t = math.tanh %x : f32
    linalg.yield %t : f32
  }
  return
}

// -----

// A written through a view of it between the matmul and its consumer.
#id = affine_map<(m, n) -> (m, n)>
func.func @a_written_through_view(%A: memref<8x4xf32>, %P: memref<8x2xf32>, %Q: memref<2x4xf32>, %B: memref<4x8xf32>, %O: memref<8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %tmp = memref.alloc() : memref<8x8xf32>
  linalg.fill ins(%zero : f32) outs(%tmp : memref<8x8xf32>)
  linalg.matmul ins(%A, %B : memref<8x4xf32>, memref<4x8xf32>) outs(%tmp : memref<8x8xf32>)
  %Av = memref.expand_shape %A [[0, 1], [2]] output_shape [1, 8, 4] : memref<8x4xf32> into memref<1x8x4xf32>
  %Pv = memref.expand_shape %P [[0, 1], [2]] output_shape [1, 8, 2] : memref<8x2xf32> into memref<1x8x2xf32>
  %Qv = memref.expand_shape %Q [[0, 1], [2]] output_shape [1, 2, 4] : memref<2x4xf32> into memref<1x2x4xf32>
  linalg.fill ins(%zero : f32) outs(%Av : memref<1x8x4xf32>)
  linalg.batch_matmul ins(%Pv, %Qv : memref<1x8x2xf32>, memref<1x2x4xf32>) outs(%Av : memref<1x8x4xf32>)
  // expected-error@+1 {{does not fuse as its epilogue: an op between the matmul and it writes or frees A or B}}
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%tmp : memref<8x8xf32>) outs(%O : memref<8x8xf32>) {
  ^bb0(%x: f32, %out: f32):
    %t = math.tanh %x : f32
    linalg.yield %t : f32
  }
  return
}

// -----

// A vector read per entry modulo S whose extent is not S ((z mod 3, j) on
// [6, k]): no broadcast of the kernels reads it (a vector in turn is
// [S, k], like the cycle of matrices [S, q, k]).
func.func @vector_in_turn_wrong_count(%A: memref<6x16x8xf16>, %B: memref<6x8x32xf16>, %m: memref<6x32xf32>, %O: memref<6x16x32xf32>) {
  %z = arith.constant 0.0 : f32
  %tmp = memref.alloc() : memref<6x16x32xf32>
  linalg.fill ins(%z : f32) outs(%tmp : memref<6x16x32xf32>)
  linalg.batch_matmul ins(%A, %B : memref<6x16x8xf16>, memref<6x8x32xf16>) outs(%tmp : memref<6x16x32xf32>)
  // expected-error@+1 {{does not fuse as its epilogue: input #1 is read through (d0, d1, d2) -> (d0 mod 3, d2); the kernel reads an operand per column}}
  linalg.generic {indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (b mod 3, j)>, affine_map<(b, i, j) -> (b, i, j)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%tmp, %m : memref<6x16x32xf32>, memref<6x32xf32>) outs(%O : memref<6x16x32xf32>) {
  ^bb0(%x: f32, %mv: f32, %out: f32):
    %v = arith.addf %x, %mv : f32
    linalg.yield %v : f32
  }
  memref.dealloc %tmp : memref<6x16x32xf32>
  return
}

// -----

// A mask per sequence whose add also reads the key's position
// (linalg.index): no collapse onto the batch, the op stays 4-D.
func.func @mask_per_batch_index(%a: tensor<6x16x8xf16>, %b: tensor<6x8x32xf16>, %m: tensor<2x1x16x32xf32>) -> tensor<2x3x16x32xf32> {
  %z = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<6x16x32xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<6x16x32xf32>) -> tensor<6x16x32xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<6x16x8xf16>, tensor<6x8x32xf16>) outs(%c : tensor<6x16x32xf32>) -> tensor<6x16x32xf32>
  %r4 = tensor.expand_shape %r [[0, 1], [2], [3]] output_shape [2, 3, 16, 32] : tensor<6x16x32xf32> into tensor<2x3x16x32xf32>
  %e = tensor.empty() : tensor<2x3x16x32xf32>
  // expected-error@+1 {{reads a matmul's result reshaped (as torch-mlir's 4-D batch) and does not fuse as its epilogue}}
  %o = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, 0, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r4, %m : tensor<2x3x16x32xf32>, tensor<2x1x16x32xf32>) outs(%e : tensor<2x3x16x32xf32>) {
  ^bb0(%x: f32, %mv: f32, %out: f32):
    %j = linalg.index 3 : index
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %v = arith.addf %x, %mv : f32
    %w = arith.addf %v, %jf : f32
    linalg.yield %w : f32
  } -> tensor<2x3x16x32xf32>
  return %o : tensor<2x3x16x32xf32>
}
