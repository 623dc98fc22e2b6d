// REQUIRES: ptxas
// The tensor-core rung on f16 inputs at every required shape: the PTX holds
// mma.sync m16n8k16 fed by ldmatrix, cp.async where rows are 16-byte aligned
// (4096^3; the ragged shapes take guarded scalar loads), and assembles for
// sm_90 with no spills.

// RUN: gemm-opt %inputs/matmul-f16-4096x4096x4096.mlir --gemm-stage-mma="ptx-file=%t.4096x4096x4096.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.4096x4096x4096.ptx -o %t.4096x4096x4096.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefixes=ALL,ASYNC --implicit-check-not=ld.local --input-file=%t.4096x4096x4096.ptx
// RUN: gemm-opt %inputs/matmul-f16-1000x999x777.mlir --gemm-stage-mma="ptx-file=%t.1000x999x777.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.1000x999x777.ptx -o %t.1000x999x777.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefixes=ALL,SCALAR --implicit-check-not=ld.local --input-file=%t.1000x999x777.ptx
// RUN: gemm-opt %inputs/matmul-f16-4097x4097x4097.mlir --gemm-stage-mma="ptx-file=%t.4097x4097x4097.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.4097x4097x4097.ptx -o %t.4097x4097x4097.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefixes=ALL,SCALAR --implicit-check-not=ld.local --input-file=%t.4097x4097x4097.ptx
// RUN: gemm-opt %inputs/matmul-f16-17x33x65.mlir --gemm-stage-mma="ptx-file=%t.17x33x65.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.17x33x65.ptx -o %t.17x33x65.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefixes=ALL,SCALAR --implicit-check-not=ld.local --input-file=%t.17x33x65.ptx
// RUN: gemm-opt %inputs/matmul-f16-1x1x1.mlir --gemm-stage-mma="ptx-file=%t.1x1x1.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.1x1x1.ptx -o %t.1x1x1.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefixes=ALL,SCALAR --implicit-check-not=ld.local --input-file=%t.1x1x1.ptx

// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// ALL: .visible .entry matmul_kernel(
// ASYNC: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
// ASYNC: cp.async.commit_group
// 4096^3 takes 3 stages of 128x256x64: at most one younger group pending.
// ASYNC: cp.async.wait_group 1
// ALL: bar.sync
// ALL: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// ASYNC: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// ALL: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// ASYNC: st.global.v2.{{b32|f32}}
// SCALAR-NOT: cp.async.cg
