// REQUIRES: ptxas
// An f32 softmax over the last dimension of 4-D scores [2, 3, 64, 72]
// whose result is cast to bf16 (torch's softmax(s, dim=-1).to(bfloat16)),
// through every softmax stage: the truncation folds, the kernels read f32
// (16-byte loads of 4 at -vector and -rows) and write bf16 (8-byte stores
// of 4, converted in pairs); every PTX assembles for sm_90 without spills.

// RUN: %{softmax-ptxas:3pass}
// RUN: %{softmax-ptxas:fused}
// RUN: %{softmax-ptxas:online}
// RUN: %{softmax-ptxas:vector}
// RUN: %{softmax-ptxas:rows}
// RUN: FileCheck %s --check-prefix=VECTOR --input-file=%t.vector.ptx
// RUN: FileCheck %s --check-prefix=VECTOR --input-file=%t.rows.ptx
// RUN: gemm-opt %s -o /dev/null --gemm-stage-softmax-rows="manifest-file=%t.json"
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json

// VECTOR-NOT: cvt.f32.bf16
// VECTOR:     ld.global.v4.b32
// VECTOR:     cvt.rn.bf16x2.f32
// VECTOR:     st.global.v2.b32
// VECTOR-NOT: st.global.v4

// JSON: "problem": {"rows": 384, "cols": 72, "x": "f32", "y": "bf16"},
// JSON-NEXT: "buffers": [
// JSON-NEXT:   {"name": "X", "role": "X", "elem": "f32", "shape": [2, 3, 64, 72]},
// JSON-NEXT:   {"name": "Y", "role": "Y", "elem": "bf16", "shape": [2, 3, 64, 72]}

#id = affine_map<(b, h, i, j) -> (b, h, i, j)>
func.func @probs(%s: tensor<2x3x64x72xf32>) -> tensor<2x3x64x72xbf16> {
  %e1 = tensor.empty() : tensor<2x3x64x72xf32>
  %p = linalg.softmax dimension(3) ins(%s : tensor<2x3x64x72xf32>) outs(%e1 : tensor<2x3x64x72xf32>) -> tensor<2x3x64x72xf32>
  %e2 = tensor.empty() : tensor<2x3x64x72xbf16>
  %pb = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%p : tensor<2x3x64x72xf32>) outs(%e2 : tensor<2x3x64x72xbf16>) {
  ^bb0(%in: f32, %out: bf16):
    %v = arith.truncf %in : f32 to bf16
    linalg.yield %v : bf16
  } -> tensor<2x3x64x72xbf16>
  return %pb : tensor<2x3x64x72xbf16>
}
