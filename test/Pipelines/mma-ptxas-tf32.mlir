// REQUIRES: ptxas
// f32 matmuls reach the tensor cores only with allow-tf32: m16n8k8 TF32
// mma.sync, A fragments by ldmatrix (32-bit elements as b16 pairs), 16-byte
// cp.async, no spills. Without the option the mma stage keeps the SIMT
// kernel (fma.rn.f32, no mma.sync) and says so.

// RUN: gemm-opt %inputs/matmul-4096x4096x4096.mlir --gemm-compile="stage=mma allow-tf32=true ptx-file=%t.tf32.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.tf32.ptx -o %t.tf32.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefix=TF32 --implicit-check-not=ld.local --input-file=%t.tf32.ptx
// RUN: gemm-opt %inputs/matmul-17x33x65.mlir --gemm-compile="stage=mma allow-tf32=true ptx-file=%t.tf32-small.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t.tf32-small.ptx -o %t.tf32-small.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-opt %inputs/matmul-4096x4096x4096.mlir --gemm-stage-mma="ptx-file=%t.simt.ptx" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=SIMT --input-file=%t.simt.ptx

// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// TF32: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
// TF32: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// TF32: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32

// REMARK: remark: f32 matmul left on the SIMT kernel: tensor cores compute f32 inputs as TF32, which needs allow-tf32=true
// SIMT-NOT: mma.sync
// SIMT: fma.rn.f32
// SIMT-NOT: mma.sync
