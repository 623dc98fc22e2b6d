// REQUIRES: ptxas
// Hugging Face's softmax(x, dim=-1, dtype=torch.float32) on f16 x (7 x
// 1000), as torch-mlir writes it, through every softmax stage: the stage
// pipelines fold the extension (gemm-fold-softmax-casts) and each kernel
// reads X as f16 and writes Y as f32; every PTX assembles for sm_90
// without spills. softmax-online: scalar f16 loads, f32 stores; -vector and
// -rows: 16-byte loads of 8 f16 (v4.b32), each row's 8 results written as
// two 16-byte f32 stores, nothing narrowed. The manifest says both types.

// RUN: %{softmax-ptxas:3pass}
// RUN: %{softmax-ptxas:fused}
// RUN: %{softmax-ptxas:online}
// RUN: %{softmax-ptxas:vector}
// RUN: %{softmax-ptxas:rows}
// RUN: FileCheck %s --check-prefix=ONLINE --input-file=%t.online.ptx
// RUN: FileCheck %s --check-prefix=VECTOR --input-file=%t.vector.ptx
// RUN: FileCheck %s --check-prefix=VECTOR --input-file=%t.rows.ptx
// RUN: gemm-opt %s -o /dev/null --gemm-stage-softmax-rows="manifest-file=%t.json"
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json

// ONLINE-NOT: cvt.rn.f16.f32
// ONLINE:     ld.global.b16
// ONLINE:     cvt.f32.f16
// ONLINE:     st.global.b32
// ONLINE-NOT: cvt.rn.f16.f32
// VECTOR-NOT: cvt.rn.f16.f32
// VECTOR-COUNT-4: ld.global.v4.b32
// VECTOR-NOT: ld.global.v4.b32
// VECTOR-COUNT-8: st.global.v4.b32
// VECTOR-NOT: cvt.rn.f16.f32

// JSON: "problem": {"rows": 7, "cols": 1000, "x": "f16", "y": "f32"},
// JSON-NEXT: "buffers": [
// JSON-NEXT:   {"name": "X", "role": "X", "elem": "f16", "shape": [7, 1000]},
// JSON-NEXT:   {"name": "Y", "role": "Y", "elem": "f32", "shape": [7, 1000]}

func.func @softmax(%x: tensor<7x1000xf16>) -> tensor<7x1000xf32> {
  %xf_e = tensor.empty() : tensor<7x1000xf32>
  %xf = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<7x1000xf16>) outs(%xf_e : tensor<7x1000xf32>) {
  ^bb0(%in: f16, %out: f32):
    %v = arith.extf %in : f16 to f32
    linalg.yield %v : f32
  } -> tensor<7x1000xf32>
  %ye = tensor.empty() : tensor<7x1000xf32>
  %y = linalg.softmax dimension(1) ins(%xf : tensor<7x1000xf32>) outs(%ye : tensor<7x1000xf32>) -> tensor<7x1000xf32>
  return %y : tensor<7x1000xf32>
}
