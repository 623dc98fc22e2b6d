// REQUIRES: ptxas
// The wgmma stage on other shapes, all compiled for sm_90a and assembled by
// ptxas with no spills, no C7508/C7520: 1000x1000x1024 (rows 16-byte
// aligned, M and N ragged; 64x64 tiles) runs TMA + wgmma with guarded
// stores; 17x33x65 and 1x1x1 have rows TMA cannot load and are too small
// for padded staging copies to pay: they keep the mma.sync kernel, with a
// remark saying why (wgmma-staging-ptxas.mlir has the large unaligned
// shapes).

// RUN: gemm-opt %inputs/matmul-f16-1000x1000x1024.mlir --gemm-stage-wgmma="ptx-file=%t.ragged.ptx manifest-file=%t.ragged.json" -o /dev/null
// RUN: %ptxas -arch=sm_90a -v %t.ragged.ptx -o %t.ragged.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// RUN: FileCheck %s --check-prefix=RAGGED --implicit-check-not=ld.local --input-file=%t.ragged.ptx
// RUN: FileCheck %s --check-prefix=RAGGED-JSON --input-file=%t.ragged.json

// RUN: gemm-opt %inputs/matmul-f16-17x33x65.mlir --gemm-stage-wgmma="ptx-file=%t.17.ptx manifest-file=%t.17.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK-17
// RUN: %ptxas -arch=sm_90a -v %t.17.ptx -o %t.17.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// RUN: FileCheck %s --check-prefix=FALLBACK --implicit-check-not=wgmma --input-file=%t.17.ptx
// RUN: FileCheck %s --check-prefix=FALLBACK-JSON --input-file=%t.17.json

// RUN: gemm-opt %inputs/matmul-f16-1x1x1.mlir --gemm-stage-wgmma="ptx-file=%t.1.ptx" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK-1
// RUN: %ptxas -arch=sm_90a -v %t.1.ptx -o %t.1.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// RUN: FileCheck %s --check-prefix=FALLBACK --implicit-check-not=wgmma --input-file=%t.1.ptx

// PTXAS: Compiling entry function 'matmul_kernel' for 'sm_90a'
// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// RAGGED: .target sm_90a
// RAGGED: cp.async.bulk.tensor.2d
// RAGGED: mbarrier.try_wait.parity
// RAGGED: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// RAGGED: setp.{{.*}}999
// RAGGED: st.global.v2.{{b32|f32}}
// RAGGED-JSON: "chip": "sm_90a",
// RAGGED-JSON: "grid": [16, 16, 1],
// RAGGED-JSON-DAG: {"abi": "tensormap", "buffer": "A", "elem": "f16", "dims": [1024, 1000], "strides": [2048], "box": [64, 64], "swizzle": 128, "l2_promotion": 256}
// RAGGED-JSON-DAG: {"abi": "tensormap", "buffer": "B", "elem": "f16", "dims": [1000, 1024], "strides": [2000], "box": [64, 64], "swizzle": 128, "l2_promotion": 256}

// REMARK-17: remark: matmul kept on the mma.sync kernel: rows of A are 130 bytes (K=65), not a multiple of 16 as TMA needs; padded staging copies do not pay at this size (staging=1 forces them)
// REMARK-1: remark: matmul kept on the mma.sync kernel: rows of A are 2 bytes (K=1), not a multiple of 16 as TMA needs
// FALLBACK: .target sm_90a
// FALLBACK: mma.sync.aligned.m16n8k16.row.col.f32
// FALLBACK-JSON: "stage": "wgmma",
// FALLBACK-JSON-NEXT: "chip": "sm_90a",
// FALLBACK-JSON-NOT: tensormap
