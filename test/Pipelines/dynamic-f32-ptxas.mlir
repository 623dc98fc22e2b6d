// REQUIRES: ptxas
// f32 matmuls with run-time sizes stay on the SIMT kernels, whose guarded
// paths need more than the 128 registers the SIMT rungs cap f32 kernels of
// whole tiles to: with a dynamic M, N and K (warptile, as the wgmma stage
// leaves f32 without TF32, and reg2d) and a dynamic M (reg2d) no variant is
// capped, and every kernel assembles for sm_90a without spills.

// RUN: gemm-run --print-input --dynamic=mnk --layout nt --dtype f32 --out-dtype f32 --shape 1000x1024x776 | gemm-opt --gemm-stage-wgmma="ptx-file=%t.mnk.ptx" -o /dev/null --mlir-print-ir-after=gemm-emit-planned-kernels 2>&1 | FileCheck %s
// RUN: %ptxas -arch=sm_90a -v %t.mnk.ptx -o %t.mnk.cubin 2>&1 | FileCheck %S/../Inputs/ptxas-no-spill.check
// RUN: gemm-run --print-input --dynamic=mnk --layout nn --dtype f32 --out-dtype f32 --shape 1000x1024x776 | gemm-opt --gemm-stage-reg2d="ptx-file=%t.reg2d.ptx" -o /dev/null
// RUN: %ptxas -arch=sm_90a -v %t.reg2d.ptx -o %t.reg2d.cubin 2>&1 | FileCheck %S/../Inputs/ptxas-no-spill.check
// RUN: gemm-run --print-input --dynamic=m --layout nn --dtype f32 --out-dtype f32 --shape 1000x1024x776 | gemm-opt --gemm-stage-reg2d="ptx-file=%t.m.ptx" -o /dev/null --mlir-print-ir-after=gemm-emit-planned-kernels 2>&1 | FileCheck %s
// RUN: %ptxas -arch=sm_90a -v %t.m.ptx -o %t.m.cubin 2>&1 | FileCheck %S/../Inputs/ptxas-no-spill.check

// Warptile's edge blocks run the interior's cp.async ring (pipeline_edges):
// with a run-time or ragged M (N and K whole tiles, rows aligned) its
// 128x128 plan keeps the cap and assembles without spills.
// RUN: gemm-run --print-input --dynamic --layout nn --dtype f32 --out-dtype f32 --shape 1x4096x4096 | gemm-opt --gemm-stage-warptile="ptx-file=%t.wt.ptx" -o /dev/null --mlir-print-ir-after=gemm-emit-planned-kernels 2>&1 | FileCheck %s --check-prefix=CAP
// RUN: %ptxas -arch=sm_90a -v %t.wt.ptx -o %t.wt.cubin 2>&1 | FileCheck %S/../Inputs/ptxas-no-spill.check
// RUN: gemm-run --print-input --layout nn --dtype f32 --out-dtype f32 --shape 4000x4096x4096 | gemm-opt --gemm-stage-warptile="ptx-file=%t.ragged.ptx" -o /dev/null --mlir-print-ir-after=gemm-emit-planned-kernels 2>&1 | FileCheck %s --check-prefix=CAP
// RUN: %ptxas -arch=sm_90a -v %t.ragged.ptx -o %t.ragged.cubin 2>&1 | FileCheck %S/../Inputs/ptxas-no-spill.check
// CAP:       simt_plan<{{.*}}bm = 128, bn = 128{{.*}}max_regs = 128, pipeline_edges = true

// CHECK:     gemm_opt.simt_plan = #gemm_opt.simt_plan<
// CHECK-SAME: max_regs = 0
// CHECK-NOT: max_regs = 128
