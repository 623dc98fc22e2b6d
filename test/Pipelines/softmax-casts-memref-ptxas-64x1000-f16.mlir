// REQUIRES: ptxas
// torch's softmax(x.float()).to(x.dtype) on f16 x (64 x 1000) given
// already bufferized: the casts write f32 scratch buffers (memref.alloc)
// around an f32 linalg.softmax on memrefs. The stage pipelines fold both
// (gemm-fold-softmax-casts on memrefs) into one softmax reading and
// writing the f16 arguments, as the tensor form bufferizes to: no f32
// copy of X or Y is left, only the 3-pass kernel's row statistics. Every
// PTX assembles for sm_90 without spills; -vector and -rows load and
// store 8 f16 at a time, -online loads and stores scalar f16.

// RUN: %{softmax-ptxas:3pass}
// RUN: %{softmax-ptxas:fused}
// RUN: %{softmax-ptxas:online}
// RUN: %{softmax-ptxas:vector}
// RUN: %{softmax-ptxas:rows}
// RUN: FileCheck %s --check-prefix=ONLINE --input-file=%t.online.ptx
// RUN: FileCheck %s --check-prefix=VECTOR --input-file=%t.rows.ptx
// RUN: gemm-opt %s -o /dev/null --gemm-stage-softmax-rows="manifest-file=%t.rows.json"
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.rows.json
// RUN: gemm-opt %s -o /dev/null --gemm-stage-softmax-3pass="manifest-file=%t.3pass.json"
// RUN: FileCheck %s --check-prefix=JSON3 --input-file=%t.3pass.json

// ONLINE:     ld.global.b16
// ONLINE:     cvt.f32.f16
// ONLINE:     cvt.rn.f16.f32
// ONLINE:     st.global.b16
// ONLINE-NOT: st.global.b32
// VECTOR-COUNT-4: ld.global.v4.b32
// VECTOR-NOT: ld.global.v4.b32
// VECTOR:     cvt.rn.f16x2.f32
// VECTOR-COUNT-4: st.global.v4.b32
// VECTOR-NOT: st.global

// JSON:      "problem": {"rows": 64, "cols": 1000, "x": "f16", "y": "f16"},
// JSON-NEXT: "buffers": [
// JSON-NEXT:   {"name": "X", "role": "X", "elem": "f16", "shape": [64, 1000]},
// JSON-NEXT:   {"name": "Y", "role": "Y", "elem": "f16", "shape": [64, 1000]}
// JSON-NEXT: ],
// JSON-NEXT: "arguments": ["X", "Y"],
// JSON-NOT:  f32

// JSON3:      "problem": {"rows": 64, "cols": 1000, "x": "f16", "y": "f16"},
// JSON3-NEXT: "buffers": [
// JSON3-NEXT:   {"name": "X", "role": "X", "elem": "f16", "shape": [64, 1000]},
// JSON3-NEXT:   {"name": "Y", "role": "Y", "elem": "f16", "shape": [64, 1000]},
// JSON3-NEXT:   {"name": "scratch0", "role": "scratch", "elem": "f32", "shape": [64]},
// JSON3-NEXT:   {"name": "scratch1", "role": "scratch", "elem": "f32", "shape": [64]}
// JSON3-NEXT: ],
// JSON3-NEXT: "arguments": ["X", "Y"],

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @sm(%x: memref<64x1000xf16>, %y: memref<64x1000xf16>) {
  %t = memref.alloc() : memref<64x1000xf32>
  %u = memref.alloc() : memref<64x1000xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<64x1000xf16>) outs(%t : memref<64x1000xf32>) {
  ^bb0(%a: f16, %b: f32):
    %e = arith.extf %a : f16 to f32
    linalg.yield %e : f32
  }
  linalg.softmax dimension(1) ins(%t : memref<64x1000xf32>) outs(%u : memref<64x1000xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%u : memref<64x1000xf32>) outs(%y : memref<64x1000xf16>) {
  ^bb0(%a: f32, %b: f16):
    %e = arith.truncf %a : f32 to f16
    linalg.yield %e : f16
  }
  memref.dealloc %t : memref<64x1000xf32>
  memref.dealloc %u : memref<64x1000xf32>
  return
}
