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

// CHECK:     gemm_opt.simt_plan = #gemm_opt.simt_plan<
// CHECK-SAME: max_regs = 0
// CHECK-NOT: max_regs = 128
