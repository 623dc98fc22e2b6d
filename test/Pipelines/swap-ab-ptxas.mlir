// REQUIRES: ptxas
// From M = 3 (the weight-streaming kernel keeps M <= 2) to M = 32 (B stored
// N x K) or 16 (B stored K x N), f16/bf16, the tensor-core stages build the swap-AB
// kernel (gemm_opt.swap_ab_plan: C^T = B A^T on mma.sync m16n8k16 with
// fragments loaded from global memory, the block's warps summed in shared
// memory); the wgmma rung keeps it. Each assembles for sm_90a with no
// spills.

// bf16, 8 tokens, B stored N x K: one 16-row tile of B per block (256
// blocks), 16-byte non-coherent loads, 4 KB of shared memory for the sum.
// RUN: gemm-opt %inputs/matmul-bf16-nt-8x4096x4096.mlir --gemm-stage-wgmma="ptx-file=%t.nt.ptx manifest-file=%t.nt.json" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=IR-NT
// RUN: FileCheck %s --check-prefix=PTX-NT --input-file=%t.nt.ptx
// RUN: FileCheck %s --check-prefix=JSON-NT --input-file=%t.nt.json
// RUN: %ptxas -arch=sm_90a -v %t.nt.ptx -o %t.nt.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// IR-NT: remark: M = 8: the swap-AB kernel (C^T = B A^T) instead of tensor-core tiles of A's rows (mma.sync with B as the 16-row operand, 16 columns of C per block, 8 warps splitting K, 2 steps of K in flight per warp)
// IR-NT: gpu.launch_func @matmul_kernel::@matmul_kernel blocks in (%c256, %{{.*}}, %{{.*}}) threads in (%c256{{.*}}) dynamic_shared_memory_size %c4096_i32
// PTX-NT: ld.global.nc.v4.b32
// PTX-NT: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// PTX-NT: bar.sync
// PTX-NT: st.global.b16
// JSON-NT: "layout": "nt"
// JSON-NT: "grid": [256, 1, 1],
// JSON-NT-NEXT: "block": [256, 1, 1],

// bf16, 3 tokens: swap-AB, not the weight-streaming kernel, which would
// take M = 3 in f32; and 2 tokens keep the weight-streaming kernel.
// RUN: sed 's/1x4096xbf16/3x4096xbf16/g' %inputs/matmul-bf16-nt-1x4096x4096.mlir \
// RUN:   | gemm-opt --gemm-stage-wgmma="ptx-file=%t.m3.ptx" 2>&1 | FileCheck %s --check-prefix=IR-M3
// RUN: %ptxas -arch=sm_90a -v %t.m3.ptx -o %t.m3.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: sed 's/1x4096xbf16/2x4096xbf16/g' %inputs/matmul-bf16-nt-1x4096x4096.mlir \
// RUN:   | gemm-opt --gemm-stage-wgmma -o /dev/null 2>&1 | FileCheck %s --check-prefix=IR-M2
// IR-M3: remark: M = 3: the swap-AB kernel (C^T = B A^T) instead of tensor-core tiles of A's rows (mma.sync with B as the 16-row operand, 16 columns of C per block
// IR-M3-NOT: weight-streaming
// IR-M2: remark: M = 2: the weight-streaming kernel instead of tensor-core tiles

// f16, 37 rows (five 8-row tiles of A, the last partly past M), C read and
// added (beta = 1), K = 776 (12 steps of 64 and a masked one), N = 999 (the
// last 32-row block partly past N), through small-m=1 (the heuristics
// stop at M = 32).
// RUN: gemm-opt %inputs/matmul-f16-nt-37x999x776.mlir --gemm-stage-mma="small-m=1 ptx-file=%t.acc.ptx manifest-file=%t.acc.json" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=IR-ACC
// RUN: FileCheck %s --check-prefix=PTX-ACC --input-file=%t.acc.ptx
// RUN: FileCheck %s --check-prefix=JSON-ACC --input-file=%t.acc.json
// RUN: %ptxas -arch=sm_90a -v %t.acc.ptx -o %t.acc.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// IR-ACC: remark: M = 37: the swap-AB kernel (C^T = B A^T) instead of tensor-core tiles of A's rows (mma.sync with B as the 16-row operand, 32 columns of C per block
// PTX-ACC: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX-ACC: ld.global.b16
// PTX-ACC: st.global.b16
// JSON-ACC: "beta": 1
// JSON-ACC: "grid": [32, 1, 1],

// bf16, 16 rows, B stored K x N: lanes read 4 columns of each of 8 rows of
// K (two row tiles: 8192 / 32 = 256 blocks, one per SM at least) and pair
// two rows' elements per register.
// RUN: gemm-opt %inputs/matmul-bf16-16x8192x1024.mlir --gemm-stage-wgmma="ptx-file=%t.nn.ptx manifest-file=%t.nn.json" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=IR-NN
// RUN: FileCheck %s --check-prefix=PTX-NN --input-file=%t.nn.ptx
// RUN: FileCheck %s --check-prefix=JSON-NN --input-file=%t.nn.json
// RUN: %ptxas -arch=sm_90a -v %t.nn.ptx -o %t.nn.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// IR-NN: remark: M = 16: the swap-AB kernel (C^T = B A^T) instead of tensor-core tiles of A's rows (mma.sync with B as the 16-row operand, 32 columns of C per block, 8 warps splitting K, 2 steps of K in flight per warp)
// PTX-NN: ld.global.nc.v4.b16
// PTX-NN: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// PTX-NN: st.global.b32
// JSON-NN: "grid": [256, 1, 1],
// JSON-NN-NEXT: "block": [256, 1, 1],

// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// The tiles stay past the heuristics' rows, and with small-m=0.
// RUN: gemm-opt %inputs/matmul-f16-nt-37x999x776.mlir --gemm-stage-mma 2>&1 | FileCheck %s --check-prefix=TILES --implicit-check-not=swap-AB
// RUN: gemm-opt %inputs/matmul-bf16-nt-8x4096x4096.mlir --gemm-stage-mma=small-m=0 2>&1 | FileCheck %s --check-prefix=TILES --implicit-check-not=swap-AB
// TILES: gemm_opt.problems = [#gemm_opt.matmul<
