// REQUIRES: ptxas
// Long rows read as f16 and written as f32 (16 x 131072; the op as Python
// writes it, a gemm_opt.softmax on memrefs), through every softmax stage:
// a row streamed through shared memory or re-read at -online and -vector
// (kept in X's type), at -rows on sm_90 a cluster of blocks per row whose
// f16 registers are written as 16-byte f32 stores; every PTX assembles
// for sm_90 without spills.

// RUN: %{softmax-ptxas:3pass}
// RUN: %{softmax-ptxas:fused}
// RUN: %{softmax-ptxas:online}
// RUN: %{softmax-ptxas:vector}
// RUN: %{softmax-ptxas:rows}
// RUN: FileCheck %s --check-prefix=ROWS --input-file=%t.rows.ptx

// ROWS:     ld.global.v4.b32
// ROWS:     ld.shared::cluster
// ROWS:     st.global.v4.b32
// ROWS-NOT: cvt.rn.f16.f32

func.func @softmax(%x: memref<16x131072xf16>, %y: memref<16x131072xf32>) {
  gemm_opt.softmax dimension(1) ins(%x : memref<16x131072xf16>) outs(%y : memref<16x131072xf32>)
  return
}
