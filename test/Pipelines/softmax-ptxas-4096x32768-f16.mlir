// REQUIRES: ptxas
// 4096x32768 f16 through every softmax stage: each PTX assembles for sm_90
// without spills. softmax-rows: packed registers: 512 threads per row, each
// keeping 8 raw 16-byte vectors (64 f16 in 32 registers) so 8 loads are in
// flight per thread; at most 64 registers, so 2 blocks of 512 fit an SM.

// RUN: gemm-opt %s --gemm-stage-softmax-3pass="ptx-file=%t.3pass.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.3pass.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-opt %s --gemm-stage-softmax-fused="ptx-file=%t.fused.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.fused.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-opt %s --gemm-stage-softmax-online="ptx-file=%t.online.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.online.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-opt %s --gemm-stage-softmax-vector="ptx-file=%t.vector.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.vector.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-opt %s --gemm-stage-softmax-rows="ptx-file=%t.rows.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.rows.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefix=ROWS --input-file=%t.rows.ptx
// RUN: FileCheck %s --check-prefix=ROWSHDR --input-file=%t.rows.ptx

// PTXAS-NOT: {{[1-9][0-9]*}} bytes spill
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
// PTXAS-NOT: {{[1-9][0-9]*}} bytes spill

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
