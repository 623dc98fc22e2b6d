// REQUIRES: ptxas
// The wgmma stage on rows that are not 16-byte aligned (4097^3 f16 and
// bf16, 1000x999x777 f16 and bf16): padded staging. The module holds two
// kernels, launched in this order: the copy kernel, writing A and B into
// zero-padded scratch with 16-byte rows (st.global.v4, read-only scalar
// source loads), then the TMA + wgmma kernel (4097^3: warp-specialized and
// persistent; 1000x999x777: one warpgroup on 64x128 tiles) whose tensor
// maps describe the logical extents over the scratch buffers' padded rows.
// ptxas: both kernels, 0 spills, no C7508/C7520.

// RUN: gemm-opt %inputs/matmul-f16-4097x4097x4097.mlir --gemm-stage-wgmma="ptx-file=%t.f16.ptx manifest-file=%t.f16.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %ptxas -arch=sm_90a -v %t.f16.ptx -o %t.f16.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// RUN: FileCheck %s --check-prefixes=PTX,PTX-F16,PTX-WS --implicit-check-not=ld.local --input-file=%t.f16.ptx
// RUN: FileCheck %s --check-prefix=JSON-4097 -DELEM=f16 --input-file=%t.f16.json

// RUN: gemm-opt %inputs/matmul-bf16-4097x4097x4097.mlir --gemm-stage-wgmma="ptx-file=%t.bf16.ptx manifest-file=%t.bf16.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %ptxas -arch=sm_90a -v %t.bf16.ptx -o %t.bf16.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// RUN: FileCheck %s --check-prefixes=PTX,PTX-BF16,PTX-WS --implicit-check-not=ld.local --input-file=%t.bf16.ptx
// RUN: FileCheck %s --check-prefix=JSON-4097 -DELEM=bf16 --input-file=%t.bf16.json

// RUN: gemm-opt %inputs/matmul-f16-1000x999x777.mlir --gemm-stage-wgmma="ptx-file=%t.777.ptx manifest-file=%t.777.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK-777
// RUN: %ptxas -arch=sm_90a -v %t.777.ptx -o %t.777.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// RUN: FileCheck %s --check-prefixes=PTX,PTX-F16 --implicit-check-not=ld.local --input-file=%t.777.ptx
// RUN: FileCheck %s --check-prefix=JSON-777 -DELEM=f16 --input-file=%t.777.json

// RUN: gemm-opt %inputs/matmul-bf16-1000x999x777.mlir --gemm-stage-wgmma="ptx-file=%t.777b.ptx manifest-file=%t.777b.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK-777
// RUN: %ptxas -arch=sm_90a -v %t.777b.ptx -o %t.777b.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7508 --implicit-check-not=C7520 --implicit-check-not=arning
// RUN: FileCheck %s --check-prefixes=PTX,PTX-BF16 --implicit-check-not=ld.local --input-file=%t.777b.ptx
// RUN: FileCheck %s --check-prefix=JSON-777 -DELEM=bf16 --input-file=%t.777b.json

// REMARK: remark: padded staging: rows of A are 8194 bytes (K=4097), not a multiple of 16 as TMA needs; a copy kernel first writes A and B into scratch with 16-byte-aligned rows
// REMARK-777: remark: padded staging: rows of A are 1554 bytes (K=777), not a multiple of 16 as TMA needs; a copy kernel first writes A and B into scratch with 16-byte-aligned rows

// PTXAS: Compiling entry function '[[K0:.*]]' for 'sm_90a'
// PTXAS: 0 bytes spill stores, 0 bytes spill loads
// PTXAS: Compiling entry function '[[K1:.*]]' for 'sm_90a'
// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// The copy kernel: read-only 2-byte loads, 16-byte stores, no tensor cores.
// PTX:      .target sm_90a
// PTX:      .visible .entry [[COPY:[a-z_0-9]+]](
// PTX-NOT:  .entry
// PTX:      ld.global.nc.{{[bu]}}16
// PTX-NOT:  .entry
// PTX:      st.global.v4.{{[bu]}}32
// PTX-NOT:  wgmma
// PTX:      ret;
// The matmul kernel: TMA, mbarriers, wgmma.
// PTX:      .visible .entry [[MM:[a-z_0-9]+]](
// PTX-WS-DAG:   setmaxnreg
// PTX-DAG:      cp.async.bulk.tensor.2d
// PTX-DAG:      mbarrier.try_wait.parity
// PTX-F16-DAG:  wgmma.mma_async.sync.aligned.m64n{{[0-9]+}}k16.f32.f16.f16
// PTX-BF16-DAG: wgmma.mma_async.sync.aligned.m64n{{[0-9]+}}k16.f32.bf16.bf16
// N is odd, so C's rows are not 8-byte aligned: scalar stores of C.
// PTX-DAG:      st.global.{{b32|f32}}

// 4097^3: scratch0 = A' (4097 x 4104), scratch1 = B' (4097 x 4104); the
// copy kernel first (4097 * 513 * 2 16-byte chunks over 256 threads), then
// the persistent kernel reading both through tensor maps with the logical
// dims [4097, 4097] and the padded stride 8208 bytes.
// JSON-4097:      "chip": "sm_90a",
// JSON-4097:      "buffers": [
// JSON-4097-NEXT:   {"name": "A", "role": "A", "elem": "[[ELEM]]", "shape": [4097, 4097]},
// JSON-4097-NEXT:   {"name": "B", "role": "B", "elem": "[[ELEM]]", "shape": [4097, 4097]},
// JSON-4097-NEXT:   {"name": "C", "role": "C", "elem": "f32", "shape": [4097, 4097]},
// JSON-4097-NEXT:   {"name": "scratch0", "role": "scratch", "elem": "[[ELEM]]", "shape": [4097, 4104]},
// JSON-4097-NEXT:   {"name": "scratch1", "role": "scratch", "elem": "[[ELEM]]", "shape": [4097, 4104]}
// JSON-4097-NEXT: ],
// JSON-4097:      "grid": [16421, 1, 1],
// JSON-4097-NEXT: "block": [256, 1, 1],
// JSON-4097-NEXT: "dynamic_shared_memory": 0,
// JSON-4097-NEXT: "params": [
// JSON-4097-DAG:  {"abi": "ptr", "buffer": "A"}
// JSON-4097-DAG:  {"abi": "ptr", "buffer": "B"}
// JSON-4097-DAG:  {"abi": "ptr", "buffer": "scratch0"}
// JSON-4097-DAG:  {"abi": "ptr", "buffer": "scratch1"}
// JSON-4097:      "grid": [132, 1, 1],
// JSON-4097-NEXT: "block": [384, 1, 1],
// JSON-4097:      "params": [
// JSON-4097-DAG:  {"abi": "tensormap", "buffer": "scratch0", "elem": "[[ELEM]]", "dims": [4097, 4097], "strides": [8208], "box": [64, 128], "swizzle": 128, "l2_promotion": 256}
// JSON-4097-DAG:  {"abi": "tensormap", "buffer": "scratch1", "elem": "[[ELEM]]", "dims": [4097, 4097], "strides": [8208], "box": [64, 64], "swizzle": 128, "l2_promotion": 256}
// JSON-4097-DAG:  {"abi": "ptr", "buffer": "C"}
// JSON-4097:      ]
// JSON-4097-NEXT: }
// JSON-4097-NEXT: ]

// 1000x999x777: A' 1000 x 784, B' 777 x 1000; (1000 * 98 + 777 * 125) chunks.
// JSON-777:      "buffers": [
// JSON-777:        {"name": "scratch0", "role": "scratch", "elem": "[[ELEM]]", "shape": [1000, 784]},
// JSON-777-NEXT:   {"name": "scratch1", "role": "scratch", "elem": "[[ELEM]]", "shape": [777, 1000]}
// JSON-777:      "grid": [763, 1, 1],
// JSON-777-NEXT: "block": [256, 1, 1],
// JSON-777:      "params": [
// JSON-777-DAG:  {"abi": "tensormap", "buffer": "scratch0", "elem": "[[ELEM]]", "dims": [777, 1000], "strides": [1568], "box": [64, 64], "swizzle": 128, "l2_promotion": 256}
// JSON-777-DAG:  {"abi": "tensormap", "buffer": "scratch1", "elem": "[[ELEM]]", "dims": [999, 777], "strides": [2000], "box": [64, 64], "swizzle": 128, "l2_promotion": 256}
