// REQUIRES: ptxas
// The Hopper rung on f32 inputs with allow-tf32 (the stage pipeline passes
// the option to the mma and wgmma rungs), compiled for sm_90a and
// assembled by ptxas -arch=sm_90a with no spills and neither C7508
// (setmaxnreg ignored) nor C7520 (wgmma serialized):
//  - 4096^3: warp-specialized and persistent, 128x256x32 tiles, 4 stages,
//    setmaxnreg 40 / 232 under a 168-register cap (WS),
//  - 2048^3: one warpgroup per 128x128x32 tile, 3 stages (ONE),
//  - 1000x999x1024 (odd N, accumulating): 64x64x32 tiles (RAGGED),
//  - 4097^3 (K * 4 bytes not a multiple of 16): padded staging copies A
//    into 4097 x 4100 scratch first, the transposing kernel writes B^T
//    into 4097 x 4100 scratch, both tensor maps take the logical dims over
//    the padded 16400-byte rows (STAGED): three kernels.
// Each module holds two kernels: first `matmul_kernel`, which writes B
// transposed into a scratch buffer (TF32 wgmma reads both operands K-major
// only), then `matmul_kernel_0`, the wgmma kernel, whose tensor map of B
// describes that copy. Without allow-tf32 the stage keeps the SIMT kernel
// and says so (SIMT).

// RUN: gemm-opt %inputs/matmul-4096x4096x4096.mlir --gemm-compile="stage=wgmma allow-tf32=true ptx-file=%t.ws.ptx manifest-file=%t.ws.json" -o /dev/null
// RUN: %ptxas -arch=sm_90a -v %t.ws.ptx -o %t.ws.cubin 2>&1 | FileCheck %s --check-prefixes=PTXAS,PTXAS-WS --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// RUN: FileCheck %s --check-prefixes=T,V4,WS --implicit-check-not=ld.local --input-file=%t.ws.ptx
// RUN: FileCheck %s --check-prefixes=JSON,JSON-WS --input-file=%t.ws.json
// RUN: gemm-opt %inputs/matmul-2048x2048x2048.mlir --gemm-stage-wgmma="allow-tf32=true ptx-file=%t.one.ptx manifest-file=%t.one.json" -o /dev/null
// RUN: %ptxas -arch=sm_90a -v %t.one.ptx -o %t.one.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// RUN: FileCheck %s --check-prefixes=T,V4,ONE --implicit-check-not=ld.local --implicit-check-not=setmaxnreg --input-file=%t.one.ptx
// RUN: FileCheck %s --check-prefixes=JSON,JSON-ONE --input-file=%t.one.json
// RUN: gemm-opt %inputs/matmul-1000x999x1024.mlir --gemm-compile="stage=wgmma allow-tf32=true ptx-file=%t.rag.ptx manifest-file=%t.rag.json" -o /dev/null
// RUN: %ptxas -arch=sm_90a -v %t.rag.ptx -o %t.rag.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// RUN: FileCheck %s --check-prefixes=T,SCALAR,RAGGED --implicit-check-not=ld.local --implicit-check-not=setmaxnreg --input-file=%t.rag.ptx
// RUN: FileCheck %s --check-prefixes=JSON,JSON-RAGGED --input-file=%t.rag.json
// RUN: gemm-opt %inputs/matmul-4097x4097x4097.mlir --gemm-stage-wgmma="allow-tf32=true ptx-file=%t.stg.ptx manifest-file=%t.stg.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=STAGED-REMARK
// RUN: %ptxas -arch=sm_90a -v %t.stg.ptx -o %t.stg.cubin 2>&1 | FileCheck %s --check-prefix=STAGED-PTXAS --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// RUN: FileCheck %s --check-prefix=STAGED --input-file=%t.stg.json
// RUN: gemm-opt %inputs/matmul-4096x4096x4096.mlir --gemm-stage-wgmma="ptx-file=%t.simt.ptx" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=SIMT --input-file=%t.simt.ptx

// Both kernels (ptxas reports the wgmma kernel first), no spills.
// PTXAS:         Compiling entry function 'matmul_kernel_0' for 'sm_90a'
// PTXAS:         0 bytes spill stores, 0 bytes spill loads
// PTXAS-WS-NEXT: Used 168 registers
// PTXAS:         Compiling entry function 'matmul_kernel' for 'sm_90a'
// PTXAS:         0 bytes spill stores, 0 bytes spill loads

// The transposing kernel: 4 coalesced 16-byte read-only loads of B rows
// (V4; odd N: 16 element loads, SCALAR) into the padded shared tile, a
// barrier, 4 coalesced 16-byte stores of B^T rows.
// T:     .target sm_90a
// T:     .visible .entry matmul_kernel(
// T:     .shared .align 4 .b8 __wg_matmul_kernel_0[16640];
// V4-COUNT-4: ld.global.nc.v4.b32
// SCALAR-COUNT-16: ld.global.nc.b32
// T:     bar.sync 0;
// T-COUNT-4: st.global.v4.b32
// T:     ret;
// T:     .visible .entry matmul_kernel_0(
// WS:    .maxnreg 168
// T:     mbarrier.init.shared.b64
// T:     fence.mbarrier_init.release.cluster
// T:     prefetch.tensormap
// T:     prefetch.tensormap

// wgmma .tf32 (k8), both operands from descriptors, no imm-trans operands
// (`p, 1, 1;`: scale-d, scale-a, scale-b only). The descriptor words: A and
// B are both K-major, 1<<62 (128-byte swizzle) | 64<<32 (SBO 1024 B) |
// 1<<16 (LBO, unused) = 4611686293305360384; B starts after A's tile
// (+ BM*128 B >> 4) and each K step of 8 adds 2 (32 B) to both.
// WS-DAG: setmaxnreg.inc.sync.aligned.u32 232;
// WS-DAG: setmaxnreg.dec.sync.aligned.u32 40;
// WS-DAG: add.s64 {{.*}}, 4611686293305360384;
// WS-DAG: add.s64 {{.*}}, 4611686293305361408;
// WS-DAG: add.s64 {{.*}}, 4611686293305361410;
// WS-DAG: add.s64 {{.*}}, 4611686293305361414;
// WS-DAG: wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32 {{{.*}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1,  1;
// WS-DAG: wgmma.wait_group.sync.aligned 1
// WS-DAG: mbarrier.arrive.expect_tx.shared.b64
// WS-DAG: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// WS-DAG: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group

// ONE-DAG: add.s64 {{.*}}, 4611686293305360384;
// ONE-DAG: add.s64 {{.*}}, 4611686293305360896;
// ONE-DAG: add.s64 {{.*}}, 4611686293305361408;
// ONE-DAG: add.s64 {{.*}}, 4611686293305361414;
// ONE-DAG: wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 {{{.*}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1,  1;
// ONE-DAG: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// ONE-DAG: st.global.v2.{{b32|f32}}

// Odd N: the epilogue reads, adds and writes C element by element.
// RAGGED-DAG: add.s64 {{.*}}, 4611686293305360896;
// RAGGED-DAG: wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32 {{{.*}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1,  1;
// RAGGED-DAG: add.rn.f32

// The scratch buffer is B^T (N x K); the transposing kernel runs first, the
// tensor map of B is over the scratch buffer with A's box (32 f32 x BN).
// JSON:      "chip": "sm_90a",
// JSON-WS:   {"name": "scratch0", "role": "scratch", "elem": "f32", "shape": [4096, 4096]}
// JSON-ONE:  {"name": "scratch0", "role": "scratch", "elem": "f32", "shape": [2048, 2048]}
// JSON-RAGGED: {"name": "scratch0", "role": "scratch", "elem": "f32", "shape": [999, 1024]}
// JSON:      "kernels": [
// JSON-NEXT:   {
// JSON-NEXT:     "name": "matmul_kernel",
// JSON-WS-NEXT:     "grid": [64, 64, 1],
// JSON-ONE-NEXT:    "grid": [32, 32, 1],
// JSON-RAGGED-NEXT: "grid": [16, 16, 1],
// JSON-NEXT:     "block": [256, 1, 1],
// JSON:          {"abi": "ptr", "buffer": "B"},
// JSON-NEXT:     {"abi": "ptr", "buffer": "scratch0"}
// JSON:          "name": "matmul_kernel_0",
// JSON-WS-NEXT:  "grid": [132, 1, 1],
// JSON-WS-NEXT:  "block": [384, 1, 1],
// JSON-WS-NEXT:  "dynamic_shared_memory": 230400,
// JSON-ONE-NEXT: "grid": [16, 16, 1],
// JSON-ONE-NEXT: "block": [128, 1, 1],
// JSON-ONE-NEXT: "dynamic_shared_memory": 99328,
// JSON-RAGGED-NEXT: "grid": [16, 16, 1],
// JSON-RAGGED-NEXT: "block": [128, 1, 1],
// JSON-RAGGED-NEXT: "dynamic_shared_memory": 66560,
// JSON-WS:       {"abi": "tensormap", "buffer": "A", "elem": "f32", "dims": [4096, 4096], "strides": [16384], "box": [32, 128], "swizzle": 128, "l2_promotion": 256},
// JSON-WS-NEXT:  {"abi": "tensormap", "buffer": "scratch0", "elem": "f32", "dims": [4096, 4096], "strides": [16384], "box": [32, 256], "swizzle": 128, "l2_promotion": 256},
// JSON-ONE:      {"abi": "tensormap", "buffer": "scratch0", "elem": "f32", "dims": [2048, 2048], "strides": [8192], "box": [32, 128], "swizzle": 128, "l2_promotion": 256},
// JSON-RAGGED:   {"abi": "tensormap", "buffer": "A", "elem": "f32", "dims": [1024, 1000], "strides": [4096], "box": [32, 64], "swizzle": 128, "l2_promotion": 256},
// JSON-RAGGED-NEXT: {"abi": "tensormap", "buffer": "scratch0", "elem": "f32", "dims": [1024, 999], "strides": [4096], "box": [32, 64], "swizzle": 128, "l2_promotion": 256},
// JSON-ONE:      {"abi": "ptr", "buffer": "C"}
// JSON-RAGGED:   {"abi": "ptr", "buffer": "C"}
// JSON-WS:       {"abi": "tensormap", "buffer": "C", "elem": "f32", "dims": [4096, 4096], "strides": [16384], "box": [32, 64], "swizzle": 128, "l2_promotion": 256}

// STAGED-REMARK: remark: padded staging: rows of A are 16388 bytes (K=4097), not a multiple of 16 as TMA needs; a copy kernel first writes A into scratch with 16-byte-aligned rows
// STAGED-PTXAS-COUNT-3: 0 bytes spill stores, 0 bytes spill loads
// STAGED:      {"name": "scratch0", "role": "scratch", "elem": "f32", "shape": [4097, 4100]},
// STAGED-NEXT: {"name": "scratch1", "role": "scratch", "elem": "f32", "shape": [4097, 4100]}
// STAGED:      "name": "matmul_kernel",
// STAGED:      {"abi": "ptr", "buffer": "A"},
// STAGED-NEXT: {"abi": "ptr", "buffer": "scratch0"}
// STAGED:      "name": "matmul_kernel_0",
// STAGED:      {"abi": "ptr", "buffer": "B"},
// STAGED-NEXT: {"abi": "ptr", "buffer": "scratch1"}
// STAGED:      "name": "matmul_kernel_1",
// STAGED-NEXT: "grid": [132, 1, 1],
// STAGED:      {"abi": "tensormap", "buffer": "scratch0", "elem": "f32", "dims": [4097, 4097], "strides": [16400], "box": [32, 128], "swizzle": 128, "l2_promotion": 256},
// STAGED-NEXT: {"abi": "tensormap", "buffer": "scratch1", "elem": "f32", "dims": [4097, 4097], "strides": [16400], "box": [32, 256], "swizzle": 128, "l2_promotion": 256},

// REMARK: remark: f32 matmul left on the SIMT kernel: tensor cores compute f32 inputs as TF32, which needs allow-tf32=true
// REMARK: remark: f32 matmul left as it is: the 'wgmma' rung computes f32 inputs as TF32 from the TF32 mma.sync kernel, which needs allow-tf32=true
// SIMT-NOT: wgmma
// SIMT: fma.rn.f32
// SIMT-NOT: wgmma
