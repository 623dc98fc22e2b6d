// What every chip rejects is a verifier error at parse time; the chip's own
// limits are checked by the rung passes.
// RUN: gemm-opt %s -split-input-file -verify-diagnostics

// expected-error@+1 {{m = 0 must be at least 1}}
func.func private @f() attributes {gemm_opt.problem = #gemm_opt.matmul<a = f32, b = f32, c = f32, k = 4, m = 0, n = 4>}

// -----

// expected-error@+1 {{f32 inputs need an f32 result, got f16}}
func.func private @f() attributes {gemm_opt.problem = #gemm_opt.matmul<a = f32, b = f32, c = f16, k = 4, m = 4, n = 4>}

// -----

// expected-error@+1 {{element type i32 is not supported; expected f32, f16 or bf16}}
func.func private @f() attributes {gemm_opt.problem = #gemm_opt.softmax<cols = 4, rows = 4, x = i32, y = i32>}

// -----

// X and Y may differ (f16 -> f32 is fine), but each is f32, f16 or bf16.
// expected-error@+1 {{element type i8 is not supported; expected f32, f16 or bf16}}
func.func private @f() attributes {gemm_opt.problem = #gemm_opt.softmax<cols = 4, rows = 4, x = f16, y = i8>}

// -----

// expected-error@+1 {{struct is missing required parameter: n}}
func.func private @f() attributes {gemm_opt.problem = #gemm_opt.matmul<a = f32, b = f32, c = f32, k = 4, m = 4>}

// -----

// expected-error@+2 {{expected 'true' or 'false'}}
// expected-error@+1 {{failed to parse GemmOpt_SimtPlanAttr parameter 'a_transposed' which is to be a `bool`}}
func.func private @f() attributes {gemm_opt.simt_plan = #gemm_opt.simt_plan<a_pad = 0, a_transposed = 1, b_pad = 0, b_xor = 0, bk = 32, bm = 32, bn = 32, frag_m = 1, frag_n = 1, group_m = 0, max_regs = 0, read_only = false, stages = 1, tm = 1, tn = 1, vector = 1, warp_tiled = false, wm = 1, wn = 32>}

// -----

// expected-error@+1 {{48 threads per block is not a multiple of the warp size 32}}
func.func private @f() attributes {gemm_opt.simt_plan = #gemm_opt.simt_plan<a_pad = 0, a_transposed = false, b_pad = 0, b_xor = 0, bk = 32, bm = 6, bn = 8, frag_m = 1, frag_n = 1, group_m = 0, max_regs = 0, read_only = false, stages = 1, tm = 1, tn = 1, vector = 1, warp_tiled = false, wm = 1, wn = 32>}

// -----

// expected-error@+1 {{split-k=65 must be in [1, 64]}}
func.func private @f() attributes {gemm_opt.simt_plan = #gemm_opt.simt_plan<a_pad = 0, a_transposed = false, b_pad = 0, b_xor = 0, bk = 32, bm = 32, bn = 32, frag_m = 1, frag_n = 1, group_m = 0, max_regs = 0, read_only = false, split_k = 65, stages = 1, tm = 1, tn = 1, vector = 1, warp_tiled = false, wm = 1, wn = 32>}

// -----

// expected-error@+1 {{stages=1 must be in [2, 8]}}
func.func private @f() attributes {gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 128, bn = 128, elem_bytes = 2, group_m = 8, max_regs = 0, stages = 1, wm = 64, wn = 32>}

// -----

// expected-error@+1 {{warp tile 24x32 must be made of 16x16 pieces}}
func.func private @f() attributes {gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 96, bn = 128, elem_bytes = 2, group_m = 8, max_regs = 0, stages = 4, wm = 24, wn = 32>}

// -----

// expected-error@+1 {{ping-pong consumers need the warp-specialized persistent kernel}}
func.func private @f() attributes {gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 64, bn = 256, elem_bytes = 2, group_m = 8, max_regs = 168, persistent = false, pingpong = true, stages = 4, warp_specialized = true, warpgroups = 2>}

// -----

// expected-error@+1 {{store-buffers=4 stages C for TMA stores: it needs tma-store=1}}
func.func private @f() attributes {gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 128, bn = 256, elem_bytes = 2, group_m = 8, max_regs = 168, persistent = true, stages = 3, store_buffers = 4, warp_specialized = true, warpgroups = 2>}

// -----

// expected-error@+1 {{store-buffers=9 must be in [2, 8]}}
func.func private @f() attributes {gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 128, bn = 256, elem_bytes = 2, group_m = 8, max_regs = 168, persistent = true, stages = 3, store_buffers = 9, tma_store = true, warp_specialized = true, warpgroups = 2>}

// -----

// expected-error@+1 {{block-k=32 must be 64: one 128-byte swizzle row of A per K tile}}
func.func private @f() attributes {gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 32, bm = 128, bn = 128, elem_bytes = 2, group_m = 8, max_regs = 0, persistent = false, stages = 3, warp_specialized = false, warpgroups = 1>}

// -----

// expected-error@+1 {{algo "two-pass" must be three-pass, fused or online}}
func.func private @f() attributes {gemm_opt.softmax_plan = #gemm_opt.softmax_plan<algo = "two-pass", chunks = 1, kernel = "max", reduce = "shuffle", rows_per_block = 1, storage = "registers", threads_per_row = 32, vector = 1>}

// -----

// expected-error@+1 {{threads_per_row = 48 must be a power of two in [1, 1024]}}
func.func private @f() attributes {gemm_opt.softmax_plan = #gemm_opt.softmax_plan<algo = "online", chunks = 1, kernel = "online", reduce = "shuffle", rows_per_block = 1, storage = "registers", threads_per_row = 48, vector = 1>}

// -----

// The plan names hold their own kind of attribute.
// expected-error@+1 {{'func.func' op attribute 'gemm_opt.mma_plan' must be a #gemm_opt.mma_plan<...>, got #gemm_opt.softmax<cols = 4, rows = 4, x = f32, y = f32>}}
func.func @f() attributes {gemm_opt.mma_plan = #gemm_opt.softmax<cols = 4, rows = 4, x = f32, y = f32>} {
  return
}

// -----

// expected-error@+1 {{'func.func' op attribute 'gemm_opt.problem' must be a problem (#gemm_opt.matmul or #gemm_opt.softmax), got {m = 4 : i64}}}
func.func @f() attributes {gemm_opt.problem = {m = 4 : i64}} {
  return
}

// -----

// expected-error@+1 {{row_tiles = 5 must be in [1, 4]}}
func.func private @f() attributes {gemm_opt.swap_ab_plan = #gemm_opt.swap_ab_plan<k_warps = 8, row_tiles = 5, unroll = 2>}

// -----

// expected-error@+1 {{k_warps = 0 must be in [1, 16]}}
func.func private @f() attributes {gemm_opt.swap_ab_plan = #gemm_opt.swap_ab_plan<k_warps = 0, row_tiles = 1, unroll = 2>}

// -----

// A group of entries per B entry divides the batch.
// expected-error@+1 {{b_group = 3 must be positive and divide batch = 8}}
func.func private @f() attributes {gemm_opt.problem = #gemm_opt.matmul<a = bf16, b = bf16, b_group = 3, batch = 8, c = bf16, k = 4, m = 4, n = 4>}

// -----

// A shared B is one B for every entry already.
// expected-error@+1 {{b_group needs a batched B (shared_b already shares one B)}}
func.func private @f() attributes {gemm_opt.problem = #gemm_opt.matmul<a = bf16, b = bf16, b_group = 4, batch = 8, c = bf16, k = 4, m = 4, n = 4, shared_b = true>}

// -----

// expected-error@+1 {{cluster-m=3 must be 1, 2 or 4}}
func.func private @f() attributes {gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 128, bn = 256, cluster_m = 3, elem_bytes = 2, group_m = 8, max_regs = 168, persistent = true, stages = 4, warp_specialized = true, warpgroups = 2>}

// -----

// expected-error@+1 {{cluster-m=2 and cluster-n=2: at most one of them may exceed 1}}
func.func private @f() attributes {gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 128, bn = 256, cluster_m = 2, cluster_n = 2, elem_bytes = 2, group_m = 8, max_regs = 168, persistent = true, stages = 4, warp_specialized = true, warpgroups = 2>}

// -----

// expected-error@+1 {{cluster-n=2 needs the warp-specialized persistent kernel without K splits or stream-K (warp-specialized=1 persistent=1 split-k=1 stream-k=0)}}
func.func private @f() attributes {gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 128, bn = 256, cluster_n = 2, elem_bytes = 2, group_m = 8, max_regs = 168, persistent = false, stages = 4, warp_specialized = true, warpgroups = 2>}

// -----

// expected-error@+1 {{cluster-m=2 needs the warp-specialized persistent kernel without K splits or stream-K}}
func.func private @f() attributes {gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 128, bn = 128, cluster_m = 2, elem_bytes = 2, group_m = 8, max_regs = 0, persistent = false, stages = 4, warp_specialized = false, warpgroups = 2>}

// -----

// expected-error@+1 {{cluster-m=2 needs the warp-specialized persistent kernel without K splits or stream-K}}
func.func private @f() attributes {gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 128, bn = 256, cluster_m = 2, elem_bytes = 2, group_m = 8, max_regs = 168, persistent = true, split_k = 2, stages = 4, warp_specialized = true, warpgroups = 2>}

// -----

// expected-error@+1 {{cluster-n=2 needs the warp-specialized persistent kernel without K splits or stream-K}}
func.func private @f() attributes {gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 128, bn = 256, cluster_n = 2, elem_bytes = 2, group_m = 8, max_regs = 168, persistent = true, stages = 4, stream_k = true, warp_specialized = true, warpgroups = 2>}

// -----

// expected-error@+1 {{persistent_blocks=1 is fewer than a cluster of 2 blocks}}
func.func private @f() attributes {gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 128, bn = 256, cluster_n = 2, elem_bytes = 2, group_m = 8, max_regs = 168, persistent = true, persistent_blocks = 1, stages = 4, warp_specialized = true, warpgroups = 2>}
