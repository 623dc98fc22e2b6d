// REQUIRES: ptxas
// Ping-pong consumers (pingpong=1) at 4096^3, compiled for sm_90a and
// assembled by ptxas -arch=sm_90a under the 168-register cap with no
// spills and neither C7508 (setmaxnreg ignored) nor C7520 (wgmma
// serialized): f16 on 64x256 tiles with 5 stages, bf16 on
// 128x128 tiles with 6 stages, f16 on 128x128 tiles with 7 stages (230,400
// B of dynamic shared memory).

// RUN: gemm-opt %inputs/matmul-f16-4096x4096x4096.mlir --pass-pipeline="builtin.module(gemm-verify-input,func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{warp-specialized=1 persistent=1 warpgroups=2 max-registers=168 pingpong=1 block-m=64 block-n=256 stages=5}),gemm-lower-to-ptx{chip=sm_90a},gemm-emit-kernels{ptx-file=%t.a.ptx manifest-file=%t.a.json stage=pp chip=sm_90a})" -o /dev/null
// RUN: %ptxas -arch=sm_90a -v %t.a.ptx -o %t.a.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// RUN: FileCheck %s --check-prefixes=PTX,PTX-A --implicit-check-not=ld.local --input-file=%t.a.ptx
// RUN: FileCheck %s --check-prefixes=JSON,JSON-A --input-file=%t.a.json
// RUN: gemm-opt %inputs/matmul-bf16-4096x4096x4096.mlir --pass-pipeline="builtin.module(gemm-verify-input,func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{warp-specialized=1 persistent=1 warpgroups=2 max-registers=168 pingpong=1 block-m=128 block-n=128 stages=6}),gemm-lower-to-ptx{chip=sm_90a},gemm-emit-kernels{ptx-file=%t.b.ptx manifest-file=%t.b.json stage=pp chip=sm_90a})" -o /dev/null
// RUN: %ptxas -arch=sm_90a -v %t.b.ptx -o %t.b.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// RUN: FileCheck %s --check-prefixes=PTX,PTX-B --implicit-check-not=ld.local --input-file=%t.b.ptx
// RUN: FileCheck %s --check-prefixes=JSON,JSON-B --input-file=%t.b.json
// RUN: gemm-opt %inputs/matmul-f16-4096x4096x4096.mlir --pass-pipeline="builtin.module(gemm-verify-input,func.func(gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma,gemm-wgmma{warp-specialized=1 persistent=1 warpgroups=2 max-registers=168 pingpong=1 block-m=128 block-n=128 stages=7}),gemm-lower-to-ptx{chip=sm_90a},gemm-emit-kernels{ptx-file=%t.c.ptx manifest-file=%t.c.json stage=pp chip=sm_90a})" -o /dev/null
// RUN: %ptxas -arch=sm_90a -v %t.c.ptx -o %t.c.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// RUN: FileCheck %s --check-prefixes=PTX,PTX-C --implicit-check-not=ld.local --input-file=%t.c.ptx
// RUN: FileCheck %s --check-prefixes=JSON,JSON-C --input-file=%t.c.json

// PTXAS: Compiling entry function 'matmul_kernel' for 'sm_90a'
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
// PTXAS: Used 168 registers

// PTX: .visible .entry matmul_kernel(
// PTX: .maxnreg 168
// PTX: mbarrier.init.shared.b64
// PTX-DAG: setmaxnreg.inc.sync.aligned.u32 232;
// PTX-DAG: setmaxnreg.dec.sync.aligned.u32 40;
// PTX-DAG: mbarrier.try_wait.parity.shared.b64
// PTX-A-DAG: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
// PTX-B-DAG: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16
// PTX-C-DAG: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// PTX-DAG: wgmma.wait_group.sync.aligned 1
// PTX-DAG: wgmma.wait_group.sync.aligned 0
// PTX-DAG: mbarrier.arrive.shared.b64
// PTX-DAG: st.global.v2.{{b32|f32}}
// PTX-DAG: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes

// JSON:      "stage": "pp",
// JSON-NEXT: "chip": "sm_90a",
// JSON:      "grid": [132, 1, 1],
// JSON-NEXT: "block": [384, 1, 1],
// JSON-A-NEXT: "dynamic_shared_memory": 205824,
// JSON-B-NEXT: "dynamic_shared_memory": 197632,
// JSON-C-NEXT: "dynamic_shared_memory": 230400,
// JSON-A:    {"abi": "tensormap", "buffer": "A", "elem": "f16", "dims": [4096, 4096], "strides": [8192], "box": [64, 64], "swizzle": 128, "l2_promotion": 256}
// JSON-B:    {"abi": "tensormap", "buffer": "A", "elem": "bf16", "dims": [4096, 4096], "strides": [8192], "box": [64, 128], "swizzle": 128, "l2_promotion": 256}
// JSON-C:    {"abi": "tensormap", "buffer": "A", "elem": "f16", "dims": [4096, 4096], "strides": [8192], "box": [64, 128], "swizzle": 128, "l2_promotion": 256}
