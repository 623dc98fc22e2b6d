// REQUIRES: ptxas
// The Hopper rung's default kernels, compiled for sm_90a (asked for sm_90)
// and assembled by ptxas -arch=sm_90a with no spills and neither C7508
// (setmaxnreg ignored) nor C7520 (wgmma serialized):
//  - 4096^3 f16 and bf16: warp-specialized and persistent (132 blocks of a
//    producer warpgroup + 2 consumer warpgroups, 128x256x64 tiles, 4 TMA
//    stages, setmaxnreg 40 / 232 under a 168-register cap, C written by
//    TMA stores from swizzled staging boxes),
//  - 2048^3 f16: one warpgroup per 128x128x64 tile, 3 stages.
// The PTX holds TMA loads into the ring, mbarrier waits with phase parity
// and wgmma with both operands from shared memory (B transposed); the
// manifest says sm_90a and describes A and B as tensor maps (128-byte
// swizzle, zero fill), C as a tensor map of 64 x 32 f32 boxes (4096^3) or
// a pointer (2048^3).

// RUN: gemm-opt %inputs/matmul-f16-4096x4096x4096.mlir --gemm-stage-wgmma="ptx-file=%t.f16.ptx manifest-file=%t.f16.json" -o /dev/null
// RUN: %ptxas -arch=sm_90a -v %t.f16.ptx -o %t.f16.cubin 2>&1 | FileCheck %s --check-prefixes=PTXAS,PTXAS-WS --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// RUN: FileCheck %s --check-prefixes=WS,WS-F16 --implicit-check-not=ld.local --input-file=%t.f16.ptx
// RUN: FileCheck %s --check-prefix=DESC --input-file=%t.f16.ptx
// RUN: FileCheck %s --check-prefixes=JSON,JSON-F16,JSON-WS --input-file=%t.f16.json
// RUN: gemm-opt %inputs/matmul-bf16-4096x4096x4096.mlir --gemm-stage-wgmma="ptx-file=%t.bf16.ptx manifest-file=%t.bf16.json" -o /dev/null
// RUN: %ptxas -arch=sm_90a -v %t.bf16.ptx -o %t.bf16.cubin 2>&1 | FileCheck %s --check-prefixes=PTXAS,PTXAS-WS --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// RUN: FileCheck %s --check-prefixes=WS,WS-BF16 --implicit-check-not=ld.local --input-file=%t.bf16.ptx
// RUN: FileCheck %s --check-prefix=DESC --input-file=%t.bf16.ptx
// RUN: FileCheck %s --check-prefixes=JSON,JSON-BF16,JSON-WS --input-file=%t.bf16.json
// RUN: gemm-opt %inputs/matmul-f16-2048x2048x2048.mlir --gemm-stage-wgmma="ptx-file=%t.one.ptx manifest-file=%t.one.json" -o /dev/null
// RUN: %ptxas -arch=sm_90a -v %t.one.ptx -o %t.one.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// RUN: FileCheck %s --check-prefix=ONE --implicit-check-not=ld.local --implicit-check-not=setmaxnreg --input-file=%t.one.ptx
// RUN: FileCheck %s --check-prefix=DESC --input-file=%t.one.ptx
// RUN: FileCheck %s --check-prefixes=JSON,JSON-F16,JSON-ONE --input-file=%t.one.json

// PTXAS: Compiling entry function 'matmul_kernel' for 'sm_90a'
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
// PTXAS-WS: Used 168 registers

// The descriptors (aligned base + these words): A (K-major) 1<<62 (128-byte
// swizzle) | 64<<32 (SBO 1024 B) | 1<<16 (LBO, unused) and B (MN-major)
// 1<<62 | 64<<32 | 512<<16 (LBO: a 64-column panel of 8 KB) + 1024 (B
// follows the 16 KB A tile); each K step of 16 adds 2 (32 B) to A and 128
// (2 KB) to B.
// (The K step of A may be an `or`: the base's low bits are known zero.)
// DESC-DAG: add.s64 {{.*}}, 4611686293305360384;
// DESC-DAG: add.s64 {{.*}}, 4611686293338850304;
// DESC-DAG: {{add.s64 .*, 4611686293305360386|or.b64 .*, 2}};
// DESC-DAG: add.s64 {{.*}}, 4611686293338850432;

// The ring lives in the dynamic region, after the static mbarriers.
// WS: .extern .shared .align 16 .b8 __dynamic_shmem__0[];
// WS: .visible .entry matmul_kernel(
// WS: .maxnreg 168
// WS: mbarrier.init.shared.b64
// WS: fence.mbarrier_init.release.cluster
// WS: prefetch.tensormap
// WS: bar.sync 0;
// Consumers (more registers; wait for a full slot, wgmma, release the
// slot, store) and the producer (fewer registers; wait for an empty slot,
// TMA); ptxas lays the blocks out in its own order.
// WS-DAG: setmaxnreg.inc.sync.aligned.u32 232;
// WS-DAG: setmaxnreg.dec.sync.aligned.u32 40;
// WS-DAG: mbarrier.try_wait.parity.shared.b64
// WS-DAG: wgmma.fence.sync.aligned
// WS-DAG: setp.ne.b32 p, 0, 0;
// WS-F16-DAG: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
// WS-BF16-DAG: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// WS-DAG: wgmma.commit_group.sync.aligned
// WS-DAG: wgmma.wait_group.sync.aligned 1
// WS-DAG: wgmma.wait_group.sync.aligned 0
// WS-DAG: mbarrier.arrive.shared.b64
// WS-DAG: cp.async.bulk.wait_group.read 1;
// WS-DAG: fence.proxy.async.shared::cta;
// WS-DAG: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// WS-DAG: cp.async.bulk.commit_group;
// WS-DAG: cp.async.bulk.wait_group 0;
// WS-DAG: mbarrier.arrive.expect_tx.shared.b64
// WS-DAG: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes

// ONE: .target sm_90a
// ONE: .extern .shared .align 16 .b8 __dynamic_shmem__0[];
// ONE: .visible .entry matmul_kernel(
// ONE: mbarrier.init.shared.b64
// ONE: fence.mbarrier_init.release.cluster
// ONE: prefetch.tensormap
// ONE: mbarrier.arrive.expect_tx.shared.b64
// ONE: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// ONE: mbarrier.try_wait.parity.shared.b64
// ONE: wgmma.fence.sync.aligned
// K tile 0 starts the accumulators: scale-d = 0.
// ONE: .reg .pred p;
// ONE-NEXT: setp.ne.b32 p, 0, 0;
// ONE: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// ONE: wgmma.commit_group.sync.aligned
// ONE: wgmma.wait_group.sync.aligned 1
// ONE: mbarrier.arrive.shared.b64
// ONE: wgmma.wait_group.sync.aligned 0
// ONE: st.global.v2.{{b32|f32}}

// JSON:      "stage": "wgmma",
// JSON-NEXT: "chip": "sm_90a",
// JSON-F16:  {"name": "A", "role": "A", "elem": "f16", "shape": [{{4096|2048}}, {{4096|2048}}]},
// JSON-BF16: {"name": "A", "role": "A", "elem": "bf16", "shape": [4096, 4096]},
// JSON-WS:   "grid": [132, 1, 1],
// JSON-WS-NEXT: "block": [384, 1, 1],
// JSON-WS-NEXT: "dynamic_shared_memory": 230400,
// JSON-ONE:  "grid": [16, 16, 1],
// JSON-ONE-NEXT: "block": [128, 1, 1],
// JSON-ONE-NEXT: "dynamic_shared_memory": 99328,
// JSON-DAG:  {"abi": "tensormap", "buffer": "A", "elem": "{{b?f16}}", "dims": [{{4096|2048}}, {{4096|2048}}], "strides": [{{8192|4096}}], "box": [64, 128], "swizzle": 128, "l2_promotion": 256}
// JSON-DAG:  {"abi": "tensormap", "buffer": "B", "elem": "{{b?f16}}", "dims": [{{4096|2048}}, {{4096|2048}}], "strides": [{{8192|4096}}], "box": [64, 64], "swizzle": 128, "l2_promotion": 256}
// JSON-ONE-DAG: {"abi": "ptr", "buffer": "C"}
// JSON-WS-DAG:  {"abi": "tensormap", "buffer": "C", "elem": "f32", "dims": [4096, 4096], "strides": [16384], "box": [32, 64], "swizzle": 128, "l2_promotion": 256}
