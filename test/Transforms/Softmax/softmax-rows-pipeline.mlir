// RUN: gemm-opt %s -split-input-file --gemm-softmax-three-pass --gemm-softmax-rows="cluster-size=8 pipeline-rows=8" | FileCheck %s --check-prefix=P8
// RUN: gemm-opt %s -split-input-file --gemm-softmax-three-pass --gemm-softmax-rows="cluster-size=8 cluster-threads=512 pipeline-rows=8" | FileCheck %s --check-prefix=T512
// RUN: gemm-opt %s -split-input-file --gemm-softmax-three-pass --gemm-softmax-rows="cluster-size=8 pipeline-rows=8 exp-ftz=0" | FileCheck %s --check-prefix=NOFTZ
// RUN: gemm-opt %s -split-input-file --gemm-softmax-three-pass --gemm-softmax-rows="cluster-size=4 exp-ftz=1" | FileCheck %s --check-prefix=FTZ
// RUN: gemm-opt %s -split-input-file --gemm-softmax-three-pass --gemm-softmax-rows | FileCheck %s --check-prefix=DEFAULT

// Rung softmax-rows, pipelined cluster plan (pipeline-rows = R): a cluster
// of P blocks processes rows [c R, c R + R) (grid = rows / R x P blocks).
// Each thread loads its slice of the cluster's first row, then a loop of
// R - 1 steps loads the next row's slice (loop-carried raw vectors) before
// the current row's max / sum, its block barrier, the (max, sum) exchange
// through distributed shared memory and its stores; the last row follows
// the loop. Row k uses copy k mod 2 of the block's slots and of the
// published pair (slot buffers twice as long, a pair of 4 floats), so one
// block barrier and one cluster barrier per row suffice; an arrive + wait
// ends the kernel. exp is ex2.approx.ftz by default on this plan.

// 131072 f32, 8 blocks of 1024 threads: 4 float4 per thread and row (two
// rows: 32 registers of data). 1024 rows / 8 per cluster x 8 blocks.
// P8-LABEL: func.func @f32(
// P8: gpu.launch clusters({{.*}}) in ({{.*}} = %c8, {{.*}} = %c1, {{.*}} = %c1) blocks({{.*}}) in ({{.*}} = %c1024{{.*}}) threads({{.*}}) in ({{.*}} = %c1024{{.*}}) workgroup({{.*}} : memref<64xf32, #gpu.address_space<workgroup>>, {{.*}} : memref<64xf32, #gpu.address_space<workgroup>>, %[[PUB:.*]] : memref<4xf32, #gpu.address_space<workgroup>>)
// P8: %[[CL:.*]] = arith.divui %{{.*}}, %c8
// P8: %[[FIRST:.*]] = arith.muli %[[CL]], %c8
// P8-COUNT-4: vector.load %{{.*}}[%[[FIRST]], %{{.*}}] {alignment = 16 : i64} : memref<1024x131072xf32>, vector<4xf32>
// P8: scf.for %[[I:.*]] = %{{.*}} to %c7 step %{{.*}} iter_args({{.*}}) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>)
// P8: %[[ROW:.*]] = arith.addi %[[FIRST]], %[[I]]
// P8: %[[NEXT:.*]] = arith.addi %[[ROW]], %c1
// P8-COUNT-4: vector.load %{{.*}}[%[[NEXT]], %{{.*}}] {{.*}} vector<4xf32>
// P8: %[[PAR:.*]] = arith.remui %[[I]], %c2
// P8-NOT: vector.load
// P8: llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;"
// P8-NOT: ex2.approx.f32
// P8: %[[SLOT0:.*]] = arith.muli %[[PAR]], %c32
// P8: arith.addi %{{.*}}, %[[SLOT0]]
// P8: gpu.barrier
// P8: %[[POFF:.*]] = arith.muli %[[PAR]], %c2
// P8: memref.store %{{.*}}, %[[PUB]][%[[POFF]]]
// P8: nvvm.cluster.arrive {aligned}
// P8-NEXT: nvvm.cluster.wait {aligned}
// P8: %[[LOCAL:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// P8: nvvm.mapa %[[LOCAL]]
// P8-NOT: nvvm.cluster
// P8-COUNT-4: vector.store %{{.*}}, %{{.*}}[%[[ROW]], %{{.*}}]
// P8-NEXT: scf.yield
// The last row, with copy 7 mod 2 = 1.
// P8: %[[LAST:.*]] = arith.addi %[[FIRST]], %c7
// P8: arith.muli %c1{{.*}}, %c32
// P8: nvvm.cluster.arrive {aligned}
// P8-NEXT: nvvm.cluster.wait {aligned}
// P8-NOT: nvvm.cluster
// P8-COUNT-4: vector.store %{{.*}}, %{{.*}}[%[[LAST]], %{{.*}}]
// P8-NEXT: nvvm.cluster.arrive {aligned}
// P8-NEXT: nvvm.cluster.wait {aligned}
// P8-NEXT: gpu.terminator
// P8: chunks = 4, cluster = 8, ftz_exp = true, {{.*}}pipeline_rows = 8, {{.*}}storage = "registers", threads_per_row = 1024, vector = 4
// NOFTZ-LABEL: func.func @f32(
// NOFTZ-NOT: ex2.approx.ftz
// NOFTZ: ex2.approx.f32
// NOFTZ-NOT: ftz_exp
// NOFTZ: pipeline_rows = 8
// With 4 blocks two rows' slices do not fit in registers (see
// softmax-invalid.mlir); 512 threads per block of 8: 8
// float4 per thread and row, up to 128 registers, no cap (two blocks of
// 512 threads would not fit an SM).
// T512-LABEL: func.func @f32(
// T512: threads({{.*}}) in ({{.*}} = %c512
// T512-NOT: max_registers
// T512: chunks = 8, cluster = 8
// T512-NOT: max_registers
// T512: threads_per_row = 512
// The existing cluster plan with the ftz exp only.
// FTZ-LABEL: func.func @f32(
// FTZ: ex2.approx.ftz.f32
// FTZ-NOT: ex2.approx.f32
// FTZ: cluster = 4, ftz_exp = true
// FTZ-NOT: pipeline_rows
// The default: the cluster plan (not pipelined; 8 blocks of 256 threads,
// three per SM) with the ftz exp, which the cluster plans take by default
// (measured, SoftmaxHeuristics.cpp).
// DEFAULT-LABEL: func.func @f32(
// DEFAULT: ex2.approx.ftz.f32
// DEFAULT-NOT: ex2.approx.f32
// DEFAULT: cluster = 8, ftz_exp = true
// DEFAULT-SAME: max_registers = 80
// DEFAULT-NOT: pipeline_rows
// DEFAULT: threads_per_row = 256
func.func @f32(%x: memref<1024x131072xf32>, %y: memref<1024x131072xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<1024x131072xf32>) outs(%y : memref<1024x131072xf32>)
  return
}

// -----

// 131072 f16, 512 threads per block of 8: 4 vector<8xf16> per thread and
// row, kept packed (raw f16 carried by the loop), capped at 64 registers
// (two blocks per SM). 4 blocks of 1024 threads: softmax-rows-pipeline-
// f16.mlir.
// T512-LABEL: func.func @f16(
// T512: gpu.launch clusters({{.*}}) in ({{.*}} = %c8, {{.*}} = %c1, {{.*}} = %c1) blocks({{.*}}) in ({{.*}} = %c1024{{.*}}) threads({{.*}}) in ({{.*}} = %c512
// T512: nvvm.cluster.wait {aligned, gemm_opt.kernel_fn_attrs = {nvvm.maxnreg = 64 : i32}}
// T512-NEXT: gpu.terminator
// T512: chunks = 4, cluster = 8, ftz_exp = true, kernel = "online", max_registers = 64, packed = true, pipeline_rows = 8, {{.*}}threads_per_row = 512, vector = 8
func.func @f16(%x: memref<1024x131072xf16>, %y: memref<1024x131072xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<1024x131072xf16>) outs(%y : memref<1024x131072xf16>)
  return
}

// -----

// 3 rows of 100000 f32 in clusters of 8 processing 8 rows: one cluster;
// rows past the end load the last row again (clamped) and store nothing;
// the slices are ragged (8 x 1024 x 4 x 4 = 131072 > 100000: clamped
// columns, -inf padding, guarded stores).
// P8-LABEL: func.func @ragged(
// P8: blocks({{.*}}) in ({{.*}} = %c8{{.*}})
// P8: %[[FIRST:.*]] = arith.muli %{{.*}}, %c8
// P8: arith.minui %{{.*}}, %c99996
// P8: arith.cmpi ult, %{{.*}}, %c100000
// P8: %[[C:.*]] = arith.minui %[[FIRST]], %c2
// P8: vector.load %{{.*}}[%[[C]], %{{.*}}]
// P8: scf.for
// P8: %[[ROW:.*]] = arith.addi %[[FIRST]], %{{.*}}
// P8: %[[NEXT:.*]] = arith.addi %[[ROW]], %c1
// P8: arith.minui %[[NEXT]], %c2
// P8: arith.cmpi ult, %[[ROW]], %c3
// P8: pipeline_rows = 8
func.func @ragged(%x: memref<3x100000xf32>, %y: memref<3x100000xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<3x100000xf32>) outs(%y : memref<3x100000xf32>)
  return
}
