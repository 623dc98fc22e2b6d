// REQUIRES: ptxas
// 16384x4096 f16 through every softmax stage: each PTX assembles for sm_90
// without spills. softmax-rows: 4 warps per row, 2 rows per block: 8 x f16 per 16-byte access.

// RUN: gemm-opt %s --gemm-stage-softmax-3pass="ptx-file=%t.3pass.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.3pass.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-opt %s --gemm-stage-softmax-fused="ptx-file=%t.fused.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.fused.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-opt %s --gemm-stage-softmax-online="ptx-file=%t.online.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.online.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-opt %s --gemm-stage-softmax-vector="ptx-file=%t.vector.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.vector.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefix=VECTOR --input-file=%t.vector.ptx
// RUN: gemm-opt %s --gemm-stage-softmax-rows="ptx-file=%t.rows.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.rows.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefix=ROWS --input-file=%t.rows.ptx

// PTXAS-NOT: {{[1-9][0-9]*}} bytes spill
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
// PTXAS-NOT: {{[1-9][0-9]*}} bytes spill

// VECTOR: ld.global.v4.b32
// VECTOR: shfl.sync.bfly.b32
// VECTOR: bar.sync
// VECTOR: st.global.v4.b32

// ROWS-COUNT-4: ld.global.v4.b32
// ROWS: cvt.f32.f16
// ROWS: shfl.sync.bfly.b32
// ROWS: bar.sync
// ROWS: cvt.rn.f16x2.f32
// ROWS-COUNT-4: st.global.v4.b32

func.func @softmax(%x: memref<16384x4096xf16>, %y: memref<16384x4096xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<16384x4096xf16>) outs(%y : memref<16384x4096xf16>)
  return
}
