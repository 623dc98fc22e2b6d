// What the rungs know about each chip gemm-opt compiles for (ChipInfo.cpp):
// the opt-in shared memory per block and per SM of the programming guide's
// compute-capability table, 1024 threads per block, 64K registers per SM
// and 255 per thread everywhere, the SM count of one part per chip, and
// which instructions of the kernels exist there. An unknown chip is an
// error listing the supported ones.

// RUN: gemm-opt %s --gemm-print-chip-info=chip=sm_70 -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM70
// RUN: gemm-opt %s --gemm-print-chip-info=chip=sm_75 -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM75
// RUN: gemm-opt %s --gemm-print-chip-info=chip=sm_80 -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM80
// RUN: gemm-opt %s --gemm-print-chip-info=chip=sm_86 -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM86
// RUN: gemm-opt %s --gemm-print-chip-info=chip=sm_87 -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM87
// RUN: gemm-opt %s --gemm-print-chip-info=chip=sm_89 -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM89
// RUN: gemm-opt %s --gemm-print-chip-info=chip=sm_90 -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM90
// RUN: gemm-opt %s --gemm-print-chip-info=chip=sm_90a -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM90A
// RUN: not gemm-opt %s --gemm-print-chip-info=chip=sm_100 -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// SM70: remark: chip sm_70 (V100): 80 SMs, 1024 threads/block, 98304 B shared/block, 98304 B shared/SM, 65536 registers/SM, 255 registers/thread; cp.async no, mma.sync m16n8k16 no, TMA/clusters/griddepcontrol no, wgmma/setmaxnreg no
// SM75: remark: chip sm_75 (T4): 40 SMs, 1024 threads/block, 65536 B shared/block, 65536 B shared/SM, 65536 registers/SM, 255 registers/thread; cp.async no, mma.sync m16n8k16 no, TMA/clusters/griddepcontrol no, wgmma/setmaxnreg no
// SM80: remark: chip sm_80 (A100): 108 SMs, 1024 threads/block, 166912 B shared/block, 167936 B shared/SM, 65536 registers/SM, 255 registers/thread; cp.async yes, mma.sync m16n8k16 yes, TMA/clusters/griddepcontrol no, wgmma/setmaxnreg no
// SM86: remark: chip sm_86 (A40): 84 SMs, 1024 threads/block, 101376 B shared/block, 102400 B shared/SM, 65536 registers/SM, 255 registers/thread; cp.async yes, mma.sync m16n8k16 yes, TMA/clusters/griddepcontrol no, wgmma/setmaxnreg no
// SM87: remark: chip sm_87 (Jetson AGX Orin): 16 SMs, 1024 threads/block, 166912 B shared/block, 167936 B shared/SM, 65536 registers/SM, 255 registers/thread; cp.async yes, mma.sync m16n8k16 yes, TMA/clusters/griddepcontrol no, wgmma/setmaxnreg no
// SM89: remark: chip sm_89 (L4): 58 SMs, 1024 threads/block, 101376 B shared/block, 102400 B shared/SM, 65536 registers/SM, 255 registers/thread; cp.async yes, mma.sync m16n8k16 yes, TMA/clusters/griddepcontrol no, wgmma/setmaxnreg no
// SM90: remark: chip sm_90 (H100 SXM / H200): 132 SMs, 1024 threads/block, 232448 B shared/block, 233472 B shared/SM, 65536 registers/SM, 255 registers/thread; cp.async yes, mma.sync m16n8k16 yes, TMA/clusters/griddepcontrol yes, wgmma/setmaxnreg no
// SM90A: remark: chip sm_90a (H100 SXM / H200): 132 SMs, 1024 threads/block, 232448 B shared/block, 233472 B shared/SM, 65536 registers/SM, 255 registers/thread; cp.async yes, mma.sync m16n8k16 yes, TMA/clusters/griddepcontrol yes, wgmma/setmaxnreg yes
// BAD: error: unsupported chip 'sm_100'; expected one of sm_70, sm_75, sm_80, sm_86, sm_87, sm_89, sm_90, sm_90a

module {
}
