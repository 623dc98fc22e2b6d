// RUN: gemm-opt %s -split-input-file --gemm-fuse-epilogue-chains --gemm-verify-input -debug-only=gemm-opt-epilogue -o /dev/null 2>&1 | FileCheck %s

// gemm-verify-input accepts a matmul's consumer that fuses, on tensors and
// on memrefs, and -debug-only=gemm-opt-epilogue says what it fuses as
// (activations in their algebraic forms: x / (1 + exp(-x)) is silu,
// a select is relu, torch's erf GELU).

// CHECK: [gemm-opt-epilogue] fuses linalg.generic into the linalg.matmul: #gemm_opt.epilogue<[<op = "mul", scalar = 0.125>, <op = "silu">]>
#id = affine_map<(m, n) -> (m, n)>
func.func @silu(%A: tensor<8x4xf32>, %B: tensor<4x8xf32>) -> tensor<8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %mm = linalg.matmul ins(%A, %B : tensor<8x4xf32>, tensor<4x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  %o = tensor.empty() : tensor<8x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm : tensor<8x8xf32>) outs(%o : tensor<8x8xf32>) {
  ^bb0(%x: f32, %out: f32):
    %s = arith.constant 0.125 : f32
    %one = arith.constant 1.0 : f32
    %v = arith.mulf %x, %s : f32
    %n = arith.negf %v : f32
    %ex = math.exp %n : f32
    %d = arith.addf %one, %ex : f32
    %y = arith.divf %v, %d : f32
    linalg.yield %y : f32
  } -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

// CHECK: [gemm-opt-epilogue] fuses linalg.generic into the linalg.batch_matmul: #gemm_opt.epilogue<[<broadcast = "row", op = "mul", operand = 0>, <op = "relu">]>
#id = affine_map<(b, m, n) -> (b, m, n)>
#row = affine_map<(b, m, n) -> (m)>
func.func @batched_relu(%A: memref<2x8x4xf16>, %B: memref<2x4x8xf16>, %s: memref<8xf16>, %O: memref<2x8x8xf16>) {
  %zero = arith.constant 0.0 : f32
  %tmp = memref.alloc() : memref<2x8x8xf32>
  linalg.fill ins(%zero : f32) outs(%tmp : memref<2x8x8xf32>)
  linalg.batch_matmul ins(%A, %B : memref<2x8x4xf16>, memref<2x4x8xf16>) outs(%tmp : memref<2x8x8xf32>)
  linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%tmp, %s : memref<2x8x8xf32>, memref<8xf16>) outs(%O : memref<2x8x8xf16>) {
  ^bb0(%x: f32, %sv: f16, %out: f16):
    %zero2 = arith.constant 0.0 : f32
    %s32 = arith.extf %sv : f16 to f32
    %v = arith.mulf %s32, %x : f32
    %gt = arith.cmpf ugt, %v, %zero2 : f32
    %r = arith.select %gt, %v, %zero2 : f32
    %t = arith.truncf %r : f32 to f16
    linalg.yield %t : f16
  }
  return
}

// -----

// torch-mlir's GELU (approximate = "none"), after a named linalg.add of a
// broadcast bias.
// CHECK: [gemm-opt-epilogue] fuses linalg.generic into the linalg.matmul: #gemm_opt.epilogue<[<broadcast = "col", op = "add", operand = 0>, <op = "gelu_erf">]>
#id = affine_map<(m, n) -> (m, n)>
func.func @gelu_erf(%A: tensor<8x4xbf16>, %B: tensor<4x8xbf16>, %bias: tensor<8xf32>) -> tensor<8x8xbf16> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %mm = linalg.matmul ins(%A, %B : tensor<8x4xbf16>, tensor<4x8xbf16>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  %be = tensor.empty() : tensor<8x8xf32>
  %bb = linalg.broadcast ins(%bias : tensor<8xf32>) outs(%be : tensor<8x8xf32>) dimensions = [0]
  %se = tensor.empty() : tensor<8x8xf32>
  %s = linalg.add ins(%mm, %bb : tensor<8x8xf32>, tensor<8x8xf32>) outs(%se : tensor<8x8xf32>) -> tensor<8x8xf32>
  %o = tensor.empty() : tensor<8x8xbf16>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<8x8xf32>) outs(%o : tensor<8x8xbf16>) {
  ^bb0(%x: f32, %out: bf16):
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %rs2 = arith.constant 0.707106769 : f32
    %a = arith.mulf %x, %rs2 : f32
    %erf = math.erf %a : f32
    %p = arith.addf %erf, %one : f32
    %h = arith.mulf %x, %half : f32
    %g = arith.mulf %h, %p : f32
    %t = arith.truncf %g : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<8x8xbf16>
  return %r : tensor<8x8xbf16>
}

// -----

// linalg.elementwise ops and a named linalg.max, fused into one generic
// that reads R twice: one operand, E0, read by two steps.
// CHECK: [gemm-opt-epilogue] fuses linalg.generic into the linalg.matmul: #gemm_opt.epilogue<[<broadcast = "none", op = "add", operand = 0>, <op = "tanh">, <broadcast = "none", op = "max", operand = 0>]>
func.func @shared_operand(%A: tensor<16x8xf32>, %B: tensor<8x32xf32>, %R: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x32xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<16x32xf32>) -> tensor<16x32xf32>
  %mm = linalg.matmul ins(%A, %B : tensor<16x8xf32>, tensor<8x32xf32>) outs(%c : tensor<16x32xf32>) -> tensor<16x32xf32>
  %e2 = tensor.empty() : tensor<16x32xf32>
  %s = linalg.elementwise kind=#linalg.elementwise_kind<add> ins(%mm, %R : tensor<16x32xf32>, tensor<16x32xf32>) outs(%e2 : tensor<16x32xf32>) -> tensor<16x32xf32>
  %e3 = tensor.empty() : tensor<16x32xf32>
  %t = linalg.elementwise kind=#linalg.elementwise_kind<tanh> ins(%s : tensor<16x32xf32>) outs(%e3 : tensor<16x32xf32>) -> tensor<16x32xf32>
  %e4 = tensor.empty() : tensor<16x32xf32>
  %m = linalg.max ins(%t, %R : tensor<16x32xf32>, tensor<16x32xf32>) outs(%e4 : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %m : tensor<16x32xf32>
}

// -----

// torch.clamp(x, 0, 65504) as torch-mlir writes it (cmpf + select per
// bound), then a cast: relu and min 65504. A bound of 1000 or more was taken
// for part of the relu and dropped (the activation probes stopped at 1000).
// CHECK: [gemm-opt-epilogue] fuses linalg.generic into the linalg.matmul: #gemm_opt.epilogue<[<op = "relu">, <op = "min", scalar = 65504.0>]>
#id = affine_map<(m, n) -> (m, n)>
func.func @clamp_select(%A: tensor<8x4xf16>, %B: tensor<4x8xf16>) -> tensor<8x8xf16> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %mm = linalg.matmul ins(%A, %B : tensor<8x4xf16>, tensor<4x8xf16>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  %o = tensor.empty() : tensor<8x8xf16>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm : tensor<8x8xf32>) outs(%o : tensor<8x8xf16>) {
  ^bb0(%x: f32, %out: f16):
    %lo = arith.constant 0.0 : f32
    %hi = arith.constant 65504.0 : f32
    %c1 = arith.cmpf ult, %x, %lo : f32
    %s1 = arith.select %c1, %lo, %x : f32
    %c2 = arith.cmpf ugt, %s1, %hi : f32
    %s2 = arith.select %c2, %hi, %s1 : f32
    %t = arith.truncf %s2 : f32 to f16
    linalg.yield %t : f16
  } -> tensor<8x8xf16>
  return %r : tensor<8x8xf16>
}

// -----

// The min/max form with a bound past 1000, and the compare's operands the
// other way round (hi < x): GELU, then min 1500.
// CHECK: [gemm-opt-epilogue] fuses linalg.generic into the linalg.matmul: #gemm_opt.epilogue<[<op = "gelu_erf">, <op = "min", scalar = 1500.0>, <op = "max", scalar = -2000.0>]>
#id = affine_map<(m, n) -> (m, n)>
func.func @gelu_clamped(%A: tensor<8x4xf32>, %B: tensor<4x8xf32>) -> tensor<8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %mm = linalg.matmul ins(%A, %B : tensor<8x4xf32>, tensor<4x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  %o = tensor.empty() : tensor<8x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm : tensor<8x8xf32>) outs(%o : tensor<8x8xf32>) {
  ^bb0(%x: f32, %out: f32):
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %rs2 = arith.constant 0.70710678118654752 : f32
    %hi = arith.constant 1500.0 : f32
    %lo = arith.constant -2000.0 : f32
    %u = arith.mulf %x, %rs2 : f32
    %er = math.erf %u : f32
    %p = arith.addf %er, %one : f32
    %h = arith.mulf %x, %half : f32
    %g = arith.mulf %h, %p : f32
    %m = arith.minimumf %g, %hi : f32
    %c3 = arith.cmpf olt, %lo, %m : f32
    %y = arith.select %c3, %m, %lo : f32
    linalg.yield %y : f32
  } -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

// An MLP's silu(gate) * up on memrefs: the up projection's matmul, between
// the gate's matmul and their consumer, writes the consumer's operand; the
// gate's kernel runs where the consumer was, after it.
// CHECK: [gemm-opt-epilogue] fuses linalg.generic into the linalg.matmul: #gemm_opt.epilogue<[<op = "silu">, <broadcast = "none", op = "mul", operand = 0>]>
#id = affine_map<(m, n) -> (m, n)>
func.func @gate_up(%X: memref<8x4xbf16>, %Wg: memref<4x8xbf16>, %Wu: memref<4x8xbf16>, %O: memref<8x8xbf16>) {
  %zero = arith.constant 0.0 : f32
  %gate = memref.alloc() : memref<8x8xf32>
  linalg.fill ins(%zero : f32) outs(%gate : memref<8x8xf32>)
  linalg.matmul ins(%X, %Wg : memref<8x4xbf16>, memref<4x8xbf16>) outs(%gate : memref<8x8xf32>)
  %up = memref.alloc() : memref<8x8xf32>
  linalg.fill ins(%zero : f32) outs(%up : memref<8x8xf32>)
  linalg.matmul ins(%X, %Wu : memref<8x4xbf16>, memref<4x8xbf16>) outs(%up : memref<8x8xf32>)
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%gate, %up : memref<8x8xf32>, memref<8x8xf32>) outs(%O : memref<8x8xbf16>) {
  ^bb0(%g: f32, %u: f32, %out: bf16):
    %one = arith.constant 1.0 : f32
    %n = arith.negf %g : f32
    %e = math.exp %n : f32
    %d = arith.addf %e, %one : f32
    %s = arith.divf %g, %d : f32
    %p = arith.mulf %s, %u : f32
    %t = arith.truncf %p : f32 to bf16
    linalg.yield %t : bf16
  }
  return
}

// -----

// An attention mask on memrefs: one M x N matrix added to every batch
// entry's result.
// CHECK: [gemm-opt-epilogue] fuses linalg.generic into the linalg.batch_matmul: #gemm_opt.epilogue<[<op = "mul", scalar = 0.125>, <broadcast = "batch", op = "add", operand = 0>]>
#id = affine_map<(b, m, n) -> (b, m, n)>
#mask = affine_map<(b, m, n) -> (m, n)>
func.func @batched_mask(%A: memref<4x8x16xbf16>, %B: memref<4x16x8xbf16>, %mask: memref<8x8xbf16>, %O: memref<4x8x8xbf16>) {
  %zero = arith.constant 0.0 : f32
  %tmp = memref.alloc() : memref<4x8x8xf32>
  linalg.fill ins(%zero : f32) outs(%tmp : memref<4x8x8xf32>)
  linalg.batch_matmul ins(%A, %B : memref<4x8x16xbf16>, memref<4x16x8xbf16>) outs(%tmp : memref<4x8x8xf32>)
  linalg.generic {indexing_maps = [#id, #mask, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%tmp, %mask : memref<4x8x8xf32>, memref<8x8xbf16>) outs(%O : memref<4x8x8xbf16>) {
  ^bb0(%x: f32, %mv: bf16, %out: bf16):
    %s = arith.constant 0.125 : f32
    %xs = arith.mulf %x, %s : f32
    %m32 = arith.extf %mv : bf16 to f32
    %v = arith.addf %xs, %m32 : f32
    %t = arith.truncf %v : f32 to bf16
    linalg.yield %t : bf16
  }
  return
}

// -----

// up * silu(gate), the matmul of the up projection read first: the gate's
// kernel fuses the consumer (silu of its value, times the up projection's).
// CHECK: [gemm-opt-epilogue] fuses linalg.generic into the linalg.matmul: #gemm_opt.epilogue<[<op = "silu">, <broadcast = "none", op = "mul", operand = 0>]>
#id = affine_map<(m, n) -> (m, n)>
func.func @up_times_silu_gate(%x: tensor<8x4xbf16>, %wg: tensor<4x8xbf16>, %wu: tensor<4x8xbf16>) -> tensor<8x8xbf16> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %gate = linalg.matmul ins(%x, %wg : tensor<8x4xbf16>, tensor<4x8xbf16>) outs(%f : tensor<8x8xf32>) -> tensor<8x8xf32>
  %e2 = tensor.empty() : tensor<8x8xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %up = linalg.matmul ins(%x, %wu : tensor<8x4xbf16>, tensor<4x8xbf16>) outs(%f2 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %o = tensor.empty() : tensor<8x8xbf16>
  %h = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%up, %gate : tensor<8x8xf32>, tensor<8x8xf32>) outs(%o : tensor<8x8xbf16>) {
  ^bb0(%u: f32, %g: f32, %out: bf16):
    %one = arith.constant 1.0 : f32
    %n = arith.negf %g : f32
    %ex = math.exp %n : f32
    %d = arith.addf %ex, %one : f32
    %s = arith.divf %g, %d : f32
    %p = arith.mulf %u, %s : f32
    %t = arith.truncf %p : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<8x8xbf16>
  return %h : tensor<8x8xbf16>
}

// -----

// A column bias per head ([1, h, 1, k]) over the 4-D scores: the add
// collapses onto the batch and reads it through (z mod 3, j), vectors the
// entries take in turn (broadcast "col" with span 3 and cycle).
// CHECK: [gemm-opt-epilogue] fuses linalg.generic into the linalg.batch_matmul: #gemm_opt.epilogue<[<broadcast = "col", cycle = true, op = "add", operand = 0, span = 3>]>
func.func @column_bias_per_head(%a: tensor<6x16x8xf16>, %b: tensor<6x8x32xf16>, %m: tensor<1x3x1x32xf32>) -> tensor<2x3x16x32xf32> {
  %z = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<6x16x32xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<6x16x32xf32>) -> tensor<6x16x32xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<6x16x8xf16>, tensor<6x8x32xf16>) outs(%c : tensor<6x16x32xf32>) -> tensor<6x16x32xf32>
  %r4 = tensor.expand_shape %r [[0, 1], [2], [3]] output_shape [2, 3, 16, 32] : tensor<6x16x32xf32> into tensor<2x3x16x32xf32>
  %e = tensor.empty() : tensor<2x3x16x32xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (0, h, 0, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r4, %m : tensor<2x3x16x32xf32>, tensor<1x3x1x32xf32>) outs(%e : tensor<2x3x16x32xf32>) {
  ^bb0(%x: f32, %mv: f32, %out: f32):
    %v = arith.addf %x, %mv : f32
    linalg.yield %v : f32
  } -> tensor<2x3x16x32xf32>
  return %o : tensor<2x3x16x32xf32>
}

// -----

// A row scale per entry modulo 2 on memrefs ((b mod 2, m) on [2, M]):
// broadcast "row" with span 2 and cycle.
// CHECK: [gemm-opt-epilogue] fuses linalg.generic into the linalg.batch_matmul: #gemm_opt.epilogue<[<broadcast = "row", cycle = true, op = "mul", operand = 0, span = 2>]>
#id = affine_map<(b, m, n) -> (b, m, n)>
#rows = affine_map<(b, m, n) -> (b mod 2, m)>
func.func @row_scale_in_turn(%A: memref<4x8x16xbf16>, %B: memref<4x16x8xbf16>, %scale: memref<2x8xbf16>, %O: memref<4x8x8xbf16>) {
  %zero = arith.constant 0.0 : f32
  %tmp = memref.alloc() : memref<4x8x8xf32>
  linalg.fill ins(%zero : f32) outs(%tmp : memref<4x8x8xf32>)
  linalg.batch_matmul ins(%A, %B : memref<4x8x16xbf16>, memref<4x16x8xbf16>) outs(%tmp : memref<4x8x8xf32>)
  linalg.generic {indexing_maps = [#id, #rows, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%tmp, %scale : memref<4x8x8xf32>, memref<2x8xbf16>) outs(%O : memref<4x8x8xbf16>) {
  ^bb0(%x: f32, %sv: bf16, %out: bf16):
    %s32 = arith.extf %sv : bf16 to f32
    %y = arith.mulf %x, %s32 : f32
    %t = arith.truncf %y : f32 to bf16
    linalg.yield %t : bf16
  }
  memref.dealloc %tmp : memref<4x8x8xf32>
  return
}
