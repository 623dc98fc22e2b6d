// REQUIRES: ptxas
// 1024x131072 f16 through every softmax stage: each PTX assembles for sm_90
// without spills. softmax-rows: hybrid, packed: 1024 threads keep 8 raw
// 16-byte vectors each in registers (128 KB of the row), the other 128 KB go
// through dynamic shared memory; one read, nothing re-read (no third sweep of
// global loads); 64 registers at 1024 threads.

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

// The 8 register chunks, then the streamed shared chunks (2 per iteration).
// ROWSHDR: .maxntid 1024

// The 8 register loads and the shared loop's (2 per iteration, stored to
// shared memory); no global load after the barrier: nothing is re-read.
// ROWS-COUNT-9: ld.global.v4.b32
// ROWS: st.shared.v4.b32
// ROWS: ld.global.v4.b32
// ROWS: st.shared.v4.b32
// ROWS: max.NaN.f16x2
// ROWS: bar.sync
// ROWS-NOT: ld.global
// ROWS-COUNT-2: ld.shared.v4.b32
// ROWS-NOT: ld.global
// ROWS: cvt.f32.f16
// ROWS-COUNT-8: st.global.v4.b32
// ROWS-NOT: ld.global

func.func @softmax(%x: memref<1024x131072xf16>, %y: memref<1024x131072xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<1024x131072xf16>) outs(%y : memref<1024x131072xf16>)
  return
}
