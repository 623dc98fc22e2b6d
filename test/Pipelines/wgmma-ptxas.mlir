// REQUIRES: ptxas
// The Hopper rung at 4096^3 in f16 and bf16: the stage compiles for sm_90a
// (asked for sm_90), the PTX holds TMA loads into the ring, mbarrier waits
// with phase parity and wgmma m64n128k16 with both operands from shared
// memory (B transposed), and ptxas -arch=sm_90a assembles it with no spills
// and neither C7508 (setmaxnreg ignored) nor C7520 (wgmma serialized). The
// manifest says sm_90a and describes A and B as tensor maps (128-byte
// swizzle, zero fill), C as a pointer.

// RUN: gemm-opt %inputs/matmul-f16-4096x4096x4096.mlir --gemm-stage-wgmma="ptx-file=%t.f16.ptx manifest-file=%t.f16.json" -o /dev/null
// RUN: %ptxas -arch=sm_90a -v %t.f16.ptx -o %t.f16.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// RUN: FileCheck %s --check-prefixes=PTX,PTX-F16 --implicit-check-not=ld.local --input-file=%t.f16.ptx
// RUN: FileCheck %s --check-prefix=DESC --input-file=%t.f16.ptx
// RUN: FileCheck %s --check-prefixes=JSON,JSON-F16 --input-file=%t.f16.json
// RUN: gemm-opt %inputs/matmul-bf16-4096x4096x4096.mlir --gemm-stage-wgmma="ptx-file=%t.bf16.ptx manifest-file=%t.bf16.json" -o /dev/null
// RUN: %ptxas -arch=sm_90a -v %t.bf16.ptx -o %t.bf16.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// RUN: FileCheck %s --check-prefixes=PTX,PTX-BF16 --implicit-check-not=ld.local --input-file=%t.bf16.ptx
// RUN: FileCheck %s --check-prefix=DESC --input-file=%t.bf16.ptx
// RUN: FileCheck %s --check-prefixes=JSON,JSON-BF16 --input-file=%t.bf16.json

// PTXAS: Compiling entry function 'matmul_kernel' for 'sm_90a'
// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// PTX: .target sm_90a
// PTX: .visible .entry matmul_kernel(
// PTX: mbarrier.init.shared.b64
// PTX: fence.mbarrier_init.release.cluster
// PTX: prefetch.tensormap
// PTX: mbarrier.arrive.expect_tx.shared.b64
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX: mbarrier.try_wait.parity.shared.b64
// The descriptors of K tile 0 (aligned base + these words): A (K-major)
// 1<<62 (128-byte swizzle) | 64<<32 (SBO 1024 B) | 1<<16 (LBO, unused) and
// B (MN-major) 1<<62 | 64<<32 | 512<<16 (LBO: a 64-column panel of 8 KB) +
// 1024 (B follows the 16 KB A tile); A's second m64 tile is 512 (8 KB)
// further, each K step of 16 adds 2 (32 B) to A and 128 (2 KB) to B.
// DESC-DAG: add.s64 {{.*}}, 4611686293305360384;
// DESC-DAG: add.s64 {{.*}}, 4611686293338850304;
// DESC-DAG: add.s64 {{.*}}, 4611686293305360896;
// DESC-DAG: add.s64 {{.*}}, 4611686293338850432;
// DESC-DAG: add.s64 {{.*}}, 4611686293305360386;
// PTX: wgmma.fence.sync.aligned
// K tile 0 starts the accumulators: scale-d = 0.
// PTX: .reg .pred p;
// PTX-NEXT: setp.ne.b32 p, 0, 0;
// PTX-F16: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// PTX-BF16: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16
// PTX: wgmma.commit_group.sync.aligned
// PTX: wgmma.wait_group.sync.aligned 1
// PTX: mbarrier.arrive.shared.b64
// PTX: wgmma.wait_group.sync.aligned 0
// PTX: st.global.v2.{{b32|f32}}

// JSON:      "stage": "wgmma",
// JSON-NEXT: "chip": "sm_90a",
// JSON-F16:  {"name": "A", "role": "A", "elem": "f16", "shape": [4096, 4096]},
// JSON-BF16: {"name": "A", "role": "A", "elem": "bf16", "shape": [4096, 4096]},
// JSON:      "dynamic_shared_memory": 99328,
// JSON-DAG:  {"abi": "tensormap", "buffer": "A", "elem": "{{b?f16}}", "dims": [4096, 4096], "strides": [8192], "box": [64, 128], "swizzle": 128, "l2_promotion": 256}
// JSON-DAG:  {"abi": "tensormap", "buffer": "B", "elem": "{{b?f16}}", "dims": [4096, 4096], "strides": [8192], "box": [64, 64], "swizzle": 128, "l2_promotion": 256}
// JSON-DAG:  {"abi": "ptr", "buffer": "C"}
