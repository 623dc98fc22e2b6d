// REQUIRES: ptxas
// 1024x131072 f32 through every softmax stage: each PTX assembles for sm_90
// without spills. softmax-rows: hybrid: 8 float4 chunks per thread in
// registers (128 KB of the 512 KB row), 10 chunks through dynamic shared
// memory (160 KB), the last 14 chunks (224 KB) re-read, backwards.

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

// ROWSHDR: .maxntid 1024

// The 8 register loads, the shared loop's (stored to shared memory), the
// re-read part's; after the barrier only the re-read part is loaded again.
// ROWS-COUNT-9: ld.global.v4.b32
// ROWS: st.shared.v4.b32
// ROWS: ld.global.v4.b32
// ROWS: st.shared.v4.b32
// ROWS-COUNT-2: ld.global.v4.b32
// ROWS: bar.sync
// ROWS-COUNT-2: ld.global.v4.b32
// ROWS-COUNT-2: ld.shared.v4.b32
// ROWS-NOT: ld.global
// ROWS-COUNT-8: st.global.v4.b32
// ROWS-NOT: ld.global

func.func @softmax(%x: memref<1024x131072xf32>, %y: memref<1024x131072xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<1024x131072xf32>) outs(%y : memref<1024x131072xf32>)
  return
}
