// The gemm_opt attributes print as they parse: parameters in alphabetical
// order, switches that are off and fields at their neutral value elided.
// RUN: gemm-opt %s | gemm-opt | FileCheck %s

// CHECK-LABEL: func.func @matmul()
// CHECK-SAME: gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 128, bn = 128, elem_bytes = 2, group_m = 8, max_regs = 0, stages = 4, wm = 64, wn = 32>
// CHECK-SAME: gemm_opt.problem = #gemm_opt.matmul<a = bf16, accumulate = true, b = bf16, c = f32, k = 777, m = 1000, n = 999>
// CHECK-SAME: gemm_opt.simt_plan = #gemm_opt.simt_plan<a_pad = 0, a_transposed = false, b_pad = 0, b_xor = 0, bk = 8, bm = 64, bn = 64, frag_m = 8, frag_n = 1, group_m = 0, max_regs = 32, read_only = true, split_k = 2, stages = 1, tm = 8, tn = 1, vector = 1, warp_tiled = false, wm = 64, wn = 4>
// CHECK-SAME: gemm_opt.swap_ab_plan = #gemm_opt.swap_ab_plan<k_warps = 8, row_tiles = 2, unroll = 4>
// CHECK-SAME: gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 128, bn = 256, elem_bytes = 2, group_m = 8, max_regs = 168, persistent = true, stages = 4, tma_store = true, warp_specialized = true, warpgroups = 2>
func.func @matmul() attributes {
  gemm_opt.problem = #gemm_opt.matmul<m = 1000, n = 999, k = 777, a = bf16, b = bf16, c = f32, accumulate = true>,
  // Defaults written out are elided: programmatic_reduction = true,
  // pipeline_edges = false.
  gemm_opt.simt_plan = #gemm_opt.simt_plan<bm = 64, bn = 64, bk = 8, tm = 8, tn = 1, wm = 64, wn = 4, frag_m = 8, frag_n = 1, vector = 1, a_transposed = false, a_pad = 0, b_pad = 0, b_xor = 0, stages = 1, warp_tiled = false, max_regs = 32, group_m = 0, read_only = true, split_k = 2, programmatic_reduction = true, pipeline_edges = false>,
  gemm_opt.swap_ab_plan = #gemm_opt.swap_ab_plan<unroll = 4, row_tiles = 2, k_warps = 8>,
  gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 128, bn = 128, elem_bytes = 2, group_m = 8, max_regs = 0, stages = 4, wm = 64, wn = 32>,
  gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 128, bn = 256, consumer_regs = 232, elem_bytes = 2, group_m = 8, max_regs = 168, persistent = true, producer_regs = 40, stages = 4, tma_store = true, warp_specialized = true, warpgroups = 2>} {
  return
}

// CHECK-LABEL: func.func @softmax()
// CHECK-SAME: gemm_opt.problem = #gemm_opt.softmax<cols = 32768, rows = 4096, x = f16, y = f16>
// CHECK-SAME: gemm_opt.problems = [#gemm_opt.softmax<cols = 32768, rows = 4096, x = f16, y = f16>]
// CHECK-SAME: gemm_opt.softmax_plan = #gemm_opt.softmax_plan<algo = "online", chunks = 4, cluster = 2, ftz_exp = true, kernel = "online", max_registers = 80, packed = true, reduce = "shuffle", rows_per_block = 1, storage = "registers", threads_per_row = 256, vector = 8>
func.func @softmax() attributes {
  gemm_opt.problem = #gemm_opt.softmax<rows = 4096, cols = 32768, x = f16, y = f16>,
  gemm_opt.problems = [#gemm_opt.softmax<rows = 4096, cols = 32768, x = f16, y = f16>],
  gemm_opt.softmax_plan = #gemm_opt.softmax_plan<algo = "online", kernel = "online", threads_per_row = 256, rows_per_block = 1, vector = 8, chunks = 4, storage = "registers", reduce = "shuffle", packed = true, cluster = 2, ftz_exp = true, max_registers = 80>} {
  return
}

// A group of entries per B entry prints when above 1, after B's type.
// CHECK-LABEL: func.func @grouped_b()
// CHECK-SAME: gemm_opt.problem = #gemm_opt.matmul<a = bf16, b = bf16, b_group = 4, batch = 16, c = bf16, k = 72, m = 130, n = 67, transpose_b = true>
// CHECK-LABEL: func.func @ungrouped_b()
// CHECK-SAME: gemm_opt.problem = #gemm_opt.matmul<a = bf16, b = bf16, batch = 16, c = bf16, k = 72, m = 130, n = 67>
func.func @grouped_b() attributes {
  gemm_opt.problem = #gemm_opt.matmul<m = 130, n = 67, k = 72, a = bf16, b = bf16, c = bf16, batch = 16, b_group = 4, transpose_b = true>
} {
  return
}
func.func @ungrouped_b() attributes {
  gemm_opt.problem = #gemm_opt.matmul<m = 130, n = 67, k = 72, a = bf16, b = bf16, c = bf16, batch = 16, b_group = 1>
} {
  return
}

// A wgmma plan with a cluster prints its size after c_elem_bytes; a
// cluster of 1 (the default) is elided.
// CHECK-LABEL: func.func @wgmma_cluster()
// CHECK-SAME: gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 128, bn = 256, c_elem_bytes = 2, cluster_m = 2, elem_bytes = 2, group_m = 8, max_regs = 168, persistent = true, stages = 4, warp_specialized = true, warpgroups = 2>
// CHECK-LABEL: func.func @wgmma_cluster_n()
// CHECK-SAME: gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 128, bn = 256, cluster_n = 4, elem_bytes = 2, group_m = 8, max_regs = 168, persistent = true, stages = 4, warp_specialized = true, warpgroups = 2>
func.func @wgmma_cluster() attributes {
  gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 128, bn = 256, c_elem_bytes = 2, cluster_m = 2, cluster_n = 1, elem_bytes = 2, group_m = 8, max_regs = 168, persistent = true, stages = 4, warp_specialized = true, warpgroups = 2>} {
  return
}
func.func @wgmma_cluster_n() attributes {
  gemm_opt.wgmma_plan = #gemm_opt.wgmma_plan<bk = 64, bm = 128, bn = 256, cluster_n = 4, elem_bytes = 2, group_m = 8, max_regs = 168, persistent = true, stages = 4, warp_specialized = true, warpgroups = 2>} {
  return
}
