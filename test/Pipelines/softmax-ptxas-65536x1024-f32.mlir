// REQUIRES: ptxas
// 65536x1024 f32 through every softmax stage: each PTX assembles for sm_90
// without spills. softmax-rows: a warp per row, 8 rows per block: no barrier, 8 float4 loads then 8 float4 stores per lane.

// RUN: gemm-opt %s --gemm-stage-softmax-3pass="ptx-file=%t.3pass.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.3pass.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefix=3PASS --input-file=%t.3pass.ptx
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

// 3PASS-COUNT-3: .visible .entry
// 3PASS-NOT: .visible .entry

// VECTOR: ld.global.v4.b32
// VECTOR: shfl.sync.bfly.b32
// VECTOR: st.global.v4.b32

// ROWS: .visible .entry softmax_kernel(
// ROWS-NOT: bar.sync
// ROWS-COUNT-8: ld.global.v4.b32
// ROWS: shfl.sync.bfly.b32
// ROWS: ex2.approx.f32
// ROWS-COUNT-8: st.global.v4.b32

func.func @softmax(%x: memref<65536x1024xf32>, %y: memref<65536x1024xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<65536x1024xf32>) outs(%y : memref<65536x1024xf32>)
  return
}
