// REQUIRES: ptxas
// 4096x32768 f16 through every softmax stage: each PTX assembles for sm_90
// without spills. softmax-rows: packed registers: 512 threads per row, each
// keeping 8 raw 16-byte vectors (64 f16 in 32 registers) so 8 loads are in
// flight per thread; at most 64 registers, so 2 blocks of 512 fit an SM.

// RUN: %{softmax-ptxas:3pass}
// RUN: %{softmax-ptxas:fused}
// RUN: %{softmax-ptxas:online}
// RUN: %{softmax-ptxas:vector}
// RUN: %{softmax-ptxas:rows}
// RUN: FileCheck %s --check-prefix=ROWS --input-file=%t.rows.ptx
// RUN: FileCheck %s --check-prefix=ROWSHDR --input-file=%t.rows.ptx

// RUN: %ptxas -arch=sm_90 -v %t.rows.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=ROWSREGS
// ROWSREGS: Used {{([1-5]?[0-9]|6[0-4])}} registers

// ROWS-COUNT-8: ld.global.v4.b32
// ROWS: max.NaN.f16x2
// ROWS: bar.sync
// ROWS: cvt.f32.f16
// ROWS-COUNT-8: st.global.v4.b32
// ROWS-NOT: ld.global
// ROWSHDR-NOT: .extern .shared
// ROWSHDR: .maxntid 512

func.func @softmax(%x: memref<4096x32768xf16>, %y: memref<4096x32768xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<4096x32768xf16>) outs(%y : memref<4096x32768xf16>)
  return
}
