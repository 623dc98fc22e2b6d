// RUN: gemm-opt %s -split-input-file --gemm-naive | FileCheck %s

// gemm-naive folds a matmul's elementwise consumer as it folds the zero
// fill: one launch at the consumer, writing the consumer's output (f16)
// from the f32 sum after the epilogue steps, reading the bias per column
// and the residual per element; the temporary, the fill, the matmul and
// the consumer are gone, the problem records the steps, the operands get
// roles E0, E1.

// CHECK-LABEL: func.func @bias_residual_silu(
// CHECK-SAME: %[[A:[a-z0-9_]+]]: memref<100x48xf16> {gemm_opt.role = "A"}
// CHECK-SAME: %[[B:[a-z0-9_]+]]: memref<48x40xf16> {gemm_opt.role = "B"}
// CHECK-SAME: %[[BIAS:[a-z0-9_]+]]: memref<40xf32> {gemm_opt.role = "E0"}
// CHECK-SAME: %[[RES:[a-z0-9_]+]]: memref<100x40xf16> {gemm_opt.role = "E1"}
// CHECK-SAME: %[[OUT:[a-z0-9_]+]]: memref<100x40xf16> {gemm_opt.role = "C"}
// CHECK-NOT:  memref.alloc
// CHECK-NOT:  linalg.
// CHECK:      gpu.launch
// CHECK:      scf.for
// CHECK:      math.fma
// CHECK:      scf.yield
// CHECK:      %[[BV:.+]] = memref.load %[[BIAS]][%[[COL:.+]]] : memref<40xf32>
// CHECK-NEXT: %[[S:.+]] = arith.addf %{{.+}}, %[[BV]] : f32
// CHECK-NEXT: %[[RV:.+]] = memref.load %[[RES]][%[[ROW:.+]], %[[COL]]] : memref<100x40xf16>
// CHECK-NEXT: %[[RV32:.+]] = arith.extf %[[RV]] : f16 to f32
// CHECK-NEXT: %[[T:.+]] = arith.addf %[[S]], %[[RV32]] : f32
// CHECK:      %[[LOG2E:.+]] = arith.constant -1.44269502 : f32
// CHECK-NEXT: %[[Z:.+]] = arith.mulf %[[T]], %[[LOG2E]] : f32
// CHECK-NEXT: %[[E:.+]] = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %[[Z]]
// CHECK:      %[[D:.+]] = arith.addf %[[E]], %{{.+}} : f32
// CHECK-NEXT: %[[SIG:.+]] = llvm.inline_asm "rcp.approx.ftz.f32 $0, $1;", "=f,f" %[[D]]
// CHECK-NEXT: %[[Y:.+]] = arith.mulf %[[T]], %[[SIG]] : f32
// CHECK-NEXT: %[[Y16:.+]] = arith.truncf %[[Y]] : f32 to f16
// CHECK-NEXT: memref.store %[[Y16]], %[[OUT]][%[[ROW]], %[[COL]]] : memref<100x40xf16>
// CHECK:      } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "x-rows", gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, c = f16, epilogue = #gemm_opt.epilogue<[<broadcast = "col", op = "add", operand = 0>, <broadcast = "none", op = "add", operand = 1>, <op = "silu">]>, k = 48, m = 100, n = 40>}
// CHECK-NOT:  linalg.
// CHECK:      return
#id = affine_map<(m, n) -> (m, n)>
#col = affine_map<(m, n) -> (n)>
func.func @bias_residual_silu(%A: memref<100x48xf16>, %B: memref<48x40xf16>, %bias: memref<40xf32>, %res: memref<100x40xf16>, %out: memref<100x40xf16>) {
  %zero = arith.constant 0.0 : f32
  %tmp = memref.alloc() : memref<100x40xf32>
  linalg.fill ins(%zero : f32) outs(%tmp : memref<100x40xf32>)
  linalg.matmul ins(%A, %B : memref<100x48xf16>, memref<48x40xf16>) outs(%tmp : memref<100x40xf32>)
  linalg.generic {indexing_maps = [#id, #col, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%tmp, %bias, %res : memref<100x40xf32>, memref<40xf32>, memref<100x40xf16>) outs(%out : memref<100x40xf16>) {
  ^bb0(%x: f32, %b: f32, %r: f16, %o: f16):
    %one = arith.constant 1.0 : f32
    %s = arith.addf %x, %b : f32
    %r32 = arith.extf %r : f16 to f32
    %t = arith.addf %s, %r32 : f32
    %n = arith.negf %t : f32
    %e = math.exp %n : f32
    %d = arith.addf %one, %e : f32
    %y = arith.divf %t, %d : f32
    %y16 = arith.truncf %y : f32 to f16
    linalg.yield %y16 : f16
  }
  memref.dealloc %tmp : memref<100x40xf32>
  return
}

// -----

// Only a cast: the kernel rounds to the output's type, with no steps.

// CHECK-LABEL: func.func @cast_only(
// CHECK-SAME: %{{.+}}: memref<16x8xbf16> {gemm_opt.role = "C"}
// CHECK-NOT:  linalg.
// CHECK:      arith.truncf %{{.+}} : f32 to bf16
// CHECK:      gemm_opt.problem = #gemm_opt.matmul<a = bf16, b = bf16, c = bf16, k = 4, m = 16, n = 8>
#id = affine_map<(m, n) -> (m, n)>
func.func @cast_only(%A: memref<16x4xbf16>, %B: memref<4x8xbf16>, %out: memref<16x8xbf16>) {
  %zero = arith.constant 0.0 : f32
  %tmp = memref.alloc() : memref<16x8xf32>
  linalg.fill ins(%zero : f32) outs(%tmp : memref<16x8xf32>)
  linalg.matmul ins(%A, %B : memref<16x4xbf16>, memref<4x8xbf16>) outs(%tmp : memref<16x8xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%tmp : memref<16x8xf32>) outs(%out : memref<16x8xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %t = arith.truncf %x : f32 to bf16
    linalg.yield %t : bf16
  }
  return
}

// -----

// GELU, erf form: x h below 0 and x (1 - h) above, h = erfc(|x| / sqrt 2) / 2
// = t 2^(Q(t) - x^2 log2(e) / 2) with t = 1 / (1 + |x| / (2 sqrt 2)) and Q
// the degree-9 fit of log2(e^P / 2) (a relative error bound, where a tail
// of tiny values needs one), in nine Horner steps of fma.
// CHECK-LABEL: func.func @gelu_erf(
// CHECK:      %[[NX:.+]] = arith.negf %[[X:.+]] : f32
// CHECK-NEXT: %[[AX:.+]] = arith.maxnumf %[[X]], %[[NX]] : f32
// CHECK:      arith.constant 0.353553385 : f32
// CHECK:      %[[TD:.+]] = math.fma %[[AX]]
// CHECK-NEXT: %[[T:.+]] = llvm.inline_asm "rcp.approx.ftz.f32 $0, $1;", "=f,f" %[[TD]]
// CHECK:      %[[Q9:.+]] = arith.constant 0.246517301 : f32
// CHECK-COUNT-8: math.fma %{{.+}}, %[[T]], %{{.+}} : f32
// CHECK:      %[[Q0:.+]] = arith.constant -2.82574821 : f32
// CHECK-NEXT: %[[Q:.+]] = math.fma %{{.+}}, %[[T]], %[[Q0]] : f32
// CHECK-NEXT: %[[X2:.+]] = arith.mulf %[[X]], %[[X]] : f32
// CHECK-NEXT: %[[K:.+]] = arith.constant -0.72134751 : f32
// CHECK-NEXT: %[[EXP:.+]] = math.fma %[[X2]], %[[K]], %[[Q]] : f32
// CHECK-NEXT: %[[P:.+]] = llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f" %[[EXP]]
// CHECK-NEXT: %[[H:.+]] = arith.mulf %[[T]], %[[P]] : f32
// CHECK:      %[[NEG:.+]] = arith.cmpf olt, %[[X]]
// CHECK:      %[[OMH:.+]] = arith.subf %{{.+}}, %[[H]] : f32
// CHECK-NEXT: %[[SEL:.+]] = arith.select %[[NEG]], %[[H]], %[[OMH]] : f32
// CHECK-NEXT: %[[Y:.+]] = arith.mulf %[[X]], %[[SEL]] : f32
// CHECK-NEXT: arith.truncf %[[Y]] : f32 to f16
#id = affine_map<(m, n) -> (m, n)>
func.func @gelu_erf(%A: memref<100x48xf16>, %B: memref<48x40xf16>, %out: memref<100x40xf16>) {
  %zero = arith.constant 0.0 : f32
  %tmp = memref.alloc() : memref<100x40xf32>
  linalg.fill ins(%zero : f32) outs(%tmp : memref<100x40xf32>)
  linalg.matmul ins(%A, %B : memref<100x48xf16>, memref<48x40xf16>) outs(%tmp : memref<100x40xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%tmp : memref<100x40xf32>) outs(%out : memref<100x40xf16>) {
  ^bb0(%x: f32, %o: f16):
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %rsqrt2 = arith.constant 0.707106769 : f32
    %h = arith.mulf %x, %half : f32
    %u = arith.mulf %x, %rsqrt2 : f32
    %e = math.erf %u : f32
    %p = arith.addf %e, %one : f32
    %y = arith.mulf %h, %p : f32
    %y16 = arith.truncf %y : f32 to f16
    linalg.yield %y16 : f16
  }
  memref.dealloc %tmp : memref<100x40xf32>
  return
}
