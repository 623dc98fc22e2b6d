// REQUIRES: ptxas
// The rings of gemm-multi-buffer-ring.mlir lower through gemm-opt's
// lowering and assemble for sm_90 without spills: 4-byte cp.async (.ca)
// for the element copies, 16-byte ones (.cg, L1 bypassed) for the vector
// copies, zero-fills (a src-size operand) in the loop, one commit per
// iteration, wait_group 1 in the loop and 0 after it.

// RUN: gemm-opt %S/gemm-multi-buffer-ring.mlir --pass-pipeline='builtin.module(gemm-multi-buffer-ring{stages=3},gemm-lower-to-ptx{chip=sm_90})' | %python %S/Inputs/extract-ptx.py > %t.ptx
// RUN: %ptxas -arch=sm_90 -v %t.ptx -o %t.cubin > %t.log 2>&1
// RUN: FileCheck %s --check-prefix=PTXAS --input-file=%t.log
// RUN: FileCheck %s --check-prefix=SPILLS --input-file=%t.log
// RUN: FileCheck %s --input-file=%t.ptx

// Two 3-slot 16 x 16 f32 tiles, one 3-slot 64 x 4 f32 tile.
// PTXAS-DAG: Compiling entry function 'ring_kernel' for 'sm_90'
// PTXAS-DAG: Compiling entry function 'vector_tiles_kernel' for 'sm_90'
// PTXAS-DAG: used 1 barriers, 6144 bytes smem
// PTXAS-DAG: used 1 barriers, 3072 bytes smem
// SPILLS-COUNT-2: 0 bytes spill stores, 0 bytes spill loads

// CHECK-LABEL: .entry ring_kernel(
// CHECK-COUNT-2: cp.async.ca.shared.global [{{.*}}], [{{.*}}], 4;
// CHECK:       cp.async.commit_group;
// CHECK-COUNT-2: cp.async.ca.shared.global [{{.*}}], [{{.*}}], 4;
// CHECK:       cp.async.commit_group;
// CHECK:       $L__BB0_1:
// CHECK:       cp.async.wait_group 1;
// CHECK-NEXT:  bar.sync 0;
// CHECK-COUNT-2: cp.async.ca.shared.global [{{.*}}], [{{.*}}], 4, %r{{[0-9]+}};
// CHECK:       cp.async.commit_group;
// CHECK:       cp.async.wait_group 0;
// CHECK:       st.global.b32
// CHECK-LABEL: .entry vector_tiles_kernel(
// CHECK:       cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16, %r{{[0-9]+}};
// CHECK:       cp.async.commit_group;
// CHECK:       cp.async.wait_group 1;
// CHECK-NEXT:  bar.sync 0;
// CHECK:       cp.async.wait_group 0;
