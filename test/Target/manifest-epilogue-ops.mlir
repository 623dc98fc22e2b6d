// A function of two kernel ops, tensors: Y = softmax(X W + bias), the bias
// add fused into the matmul's kernel. The version-2 manifest binds the
// matmul's epilogue operand E0 after C (E0 = arg2), and the outlined op's
// function holds the matmul with its consumer.

// RUN: rm -f %t.json
// RUN: gemm-opt %s --gemm-stage-mma="manifest-file=%t.json" | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --input-file=%t.json

// IR: func.func private @block_op0(%{{.+}}: memref<64x32xf16> {gemm_opt.role = "A"}, %{{.+}}: memref<32x48xf16> {gemm_opt.role = "B"}, %{{.+}}: memref<48xf16> {gemm_opt.role = "E0"}, %{{.+}}: memref<64x48xf16> {gemm_opt.role = "C"})
// IR-SAME: epilogue = #gemm_opt.epilogue<[<broadcast = "col", op = "add", operand = 0>]>

// CHECK: "version": 2,
// CHECK: {"op": "matmul", "problem": {"m": 64, "n": 48, "k": 32, "beta": 0, "a": "f16", "b": "f16", "c": "f16", "epilogue": [{"op": "add", "operand": "E0", "broadcast": "col"}]}, "operands": {"A": "arg0", "B": "arg1", "C": "temp0", "E0": "arg2"}},
// CHECK-NEXT: {"op": "softmax", "problem": {"rows": 64, "cols": 48, "x": "f16", "y": "f16"}, "operands": {"X": "temp0", "Y": "result0"}}
// CHECK: {"name": "arg2", "role": "arg", "elem": "f16", "shape": [48]},
#id = affine_map<(m, n) -> (m, n)>
#col = affine_map<(m, n) -> (n)>
func.func @block(%X: tensor<64x32xf16>, %W: tensor<32x48xf16>, %bias: tensor<48xf16>) -> tensor<64x48xf16> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x48xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<64x48xf32>) -> tensor<64x48xf32>
  %mm = linalg.matmul ins(%X, %W : tensor<64x32xf16>, tensor<32x48xf16>) outs(%c : tensor<64x48xf32>) -> tensor<64x48xf32>
  %se = tensor.empty() : tensor<64x48xf16>
  %s = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<64x48xf32>, tensor<48xf16>) outs(%se : tensor<64x48xf16>) {
  ^bb0(%x: f32, %b: f16, %o: f16):
    %b32 = arith.extf %b : f16 to f32
    %y = arith.addf %x, %b32 : f32
    %t = arith.truncf %y : f32 to f16
    linalg.yield %t : f16
  } -> tensor<64x48xf16>
  %pe = tensor.empty() : tensor<64x48xf16>
  %p = linalg.softmax dimension(1) ins(%s : tensor<64x48xf16>) outs(%pe : tensor<64x48xf16>) -> tensor<64x48xf16>
  return %p : tensor<64x48xf16>
}
