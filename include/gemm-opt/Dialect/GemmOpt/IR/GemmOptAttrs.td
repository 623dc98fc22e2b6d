//===- GemmOptAttrs.td - Problems and plans of gemm-opt ----*- tablegen -*-===//
//
// One attribute per problem kind and per kernel family. A plan attribute
// holds exactly the fields of its C++ plan struct (the emitters' working
// type; `toAttr` / `fromAttr` convert), named as the dictionaries that came
// before them named them and listed, like those, in alphabetical order, so
// that a FileCheck line over the old dictionary reads the same. Switches
// that are off and fields at their neutral value are elided.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_GEMMOPT_IR_GEMMOPTATTRS
#define GEMM_OPT_DIALECT_GEMMOPT_IR_GEMMOPTATTRS

include "gemm-opt/Dialect/GemmOpt/IR/GemmOptDialect.td"
include "mlir/IR/AttrTypeBase.td"

class GemmOpt_Attr<string name, string attrMnemonic>
    : AttrDef<GemmOpt_Dialect, name> {
  let mnemonic = attrMnemonic;
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

// `true` / `false` in the assembly (FieldParser<bool> would read 0 / 1).
class GemmOpt_BoolParameter<string value, string desc>
    : DefaultValuedParameter<"bool", value, desc> {
  let parser = "::mlir::gemm_opt::parseBoolParameter($_parser)";
  let printer = "$_printer << ($_self ? \"true\" : \"false\")";
}
class GemmOpt_RequiredBool<string desc> : AttrParameter<"bool", desc> {
  let parser = "::mlir::gemm_opt::parseBoolParameter($_parser)";
  let printer = "$_printer << ($_self ? \"true\" : \"false\")";
}
class GemmOpt_Int<string value, string desc>
    : DefaultValuedParameter<"int64_t", value, desc>;
// An f64 (APFloat: hashable) printed so that it reads back exactly.
class GemmOpt_F64<string value, string desc>
    : DefaultValuedParameter<"::llvm::APFloat", value, desc> {
  let parser = "::mlir::gemm_opt::parseF64Parameter($_parser)";
  let printer = "::mlir::gemm_opt::printF64Parameter($_printer, $_self)";
}
class GemmOpt_OptionalF64<string desc>
    : OptionalParameter<"std::optional<::llvm::APFloat>", desc> {
  let parser = "::mlir::gemm_opt::parseOptionalF64Parameter($_parser)";
  let printer = "::mlir::gemm_opt::printF64Parameter($_printer, *$_self)";
}

//===----------------------------------------------------------------------===//
// Epilogues
//===----------------------------------------------------------------------===//

def GemmOpt_EpilogueStepAttr : GemmOpt_Attr<"EpilogueStep", "epilogue_step"> {
  let summary = "One step of a fused matmul epilogue (docs/manifest.md)";
  let description = [{
    A unary activation (`relu`, `gelu_tanh`, `gelu_erf`, `silu`, `sigmoid`,
    `tanh`) or a binary step `add`, `sub`, `mul`, `div`, `max`, `min` with
    the running value on the left and, on the right, either a constant
    (`scalar`) or the operand buffer E<`operand`> read per element as
    `broadcast` says: "col" (N values, one per column), "row" (M values),
    "none" (M x N, batch x M x N when batched), "batch" (one M x N matrix
    shared by every batch entry: an attention mask), "group" (batch / `span`
    matrices, entry z reading matrix z floordiv `span`: a mask per sequence
    shared by its `span` heads) or "cycle" (`span` matrices, entry z reading
    matrix z mod `span`: a bias per head shared by the sequences), times
    `operand_scale`. A batched matmul's "col" or "row" with a `span` reads
    a vector per group of `span` entries (batch / `span` of them, entry z
    reading vector z floordiv `span`: a key-padding mask per sequence; span
    1, a vector per entry), or with `cycle` `span` vectors read in turn
    (entry z reading vector z mod `span`: a column bias per head shared by
    the sequences); without one, every entry reads the same vector.

    ```mlir
    #gemm_opt.epilogue_step<op = "mul", scalar = 0.088388>
    #gemm_opt.epilogue_step<broadcast = "col", op = "add", operand = 0>
    #gemm_opt.epilogue_step<op = "gelu_tanh">
    #gemm_opt.epilogue_step<broadcast = "group", op = "add", operand = 1, span = 16>
    #gemm_opt.epilogue_step<broadcast = "col", op = "add", operand = 2, span = 16>
    #gemm_opt.epilogue_step<broadcast = "col", cycle = true, op = "add", operand = 3, span = 16>
    ```
  }];
  let parameters = (ins
    StringRefParameter<"col, row, none, batch, group or cycle (operand steps)", "\"\"">:$broadcast,
    GemmOpt_BoolParameter<"false", "col or row: `span` vectors read in turn (z mod span)">:$cycle,
    StringRefParameter<"the step's operation">:$op,
    GemmOpt_Int<"-1", "index i of the operand buffer Ei">:$operand,
    GemmOpt_F64<"::llvm::APFloat(1.0)", "factor of the operand">:$operand_scale,
    GemmOpt_OptionalF64<"the constant right operand">:$scalar,
    GemmOpt_Int<"0", "entries per matrix (group) or vector (col, row), or matrices (cycle)">:$span
  );
  let extraClassDeclaration = [{
    /// relu, gelu_tanh, gelu_erf, silu, sigmoid or tanh.
    bool isUnary() const;
  }];
}

// Printed in full (#gemm_opt.epilogue<...>), elided when absent.
class GemmOpt_EpilogueParameterBase
    : OptionalParameter<"::mlir::gemm_opt::EpilogueAttr", "fused epilogue"> {
  let printer = "$_printer << $_self";
}
def GemmOpt_EpilogueParameter : GemmOpt_EpilogueParameterBase;

def GemmOpt_EpilogueAttr : GemmOpt_Attr<"Epilogue", "epilogue"> {
  let summary = "The steps a matmul kernel applies to each f32 result "
                "before it rounds once to C's type and stores";
  let description = [{
    ```mlir
    #gemm_opt.epilogue<[<broadcast = "col", op = "add", operand = 0>, <op = "gelu_tanh">]>
    ```
    The operand steps name E0, E1, ... in order of first use; a later step
    may read one again, with the same broadcast.
  }];
  let parameters = (ins ArrayRefParameter<"EpilogueStepAttr">:$steps);
  let assemblyFormat = "`<` `[` custom<EpilogueSteps>($steps) `]` `>`";
  let extraClassDeclaration = [{
    /// How many operand buffers (E0..) the steps read.
    int64_t getNumOperands() const;
  }];
}

//===----------------------------------------------------------------------===//
// Problems
//===----------------------------------------------------------------------===//

def GemmOpt_MatmulProblemAttr : GemmOpt_Attr<"MatmulProblem", "matmul"> {
  let summary = "C (m x n) = [C +] A (m x k) * B (k x n), row-major, A and "
                "B possibly stored transposed";
  let description = [{
    The matmul a kernel computes, recorded by `gemm-naive` on the kernel's
    `gpu.launch` as `gemm_opt.problem` and carried by every later rung:

    ```mlir
    #gemm_opt.matmul<a = bf16, b = bf16, c = f32, k = 4096, m = 4096, n = 4096>
    #gemm_opt.matmul<a = f32, accumulate = true, b = f32, c = f32, k = 777, m = 1000, n = 999>
    #gemm_opt.matmul<a = bf16, b = bf16, c = bf16, k = 4096, m = 512, n = 6144, transpose_b = true>
    ```

    `accumulate` (beta = 1): C is added to, the semantics of linalg.matmul;
    off when a zero `linalg.fill` of C was folded into the kernel (beta =
    0). `transpose_a` / `transpose_b`: the operand is stored transposed,
    row-major k x m (A) or n x k (B; nn.Linear's weight), as a linalg.matmul
    with transposing `indexing_maps` reads it. `batch` (default 1): a
    linalg.batch_matmul of that many independent matmuls, A, B and C 3-D
    with the batch first (the kernels take it as blockIdx.z); `shared_b`:
    B is one 2-D matrix that every entry multiplies (a 3-D activation times
    a weight: batch_matmul's B map without the batch dimension).
    `epilogue` (#gemm_opt.epilogue): elementwise steps applied in f32 to
    every result before it is rounded once to `c` and stored (a fused
    elementwise consumer; C is then its output, never accumulated into).
    `c_heads` (default 1): C is stored [batch / c_heads, m, c_heads, n],
    entry z at rows of c_heads * n elements from (z / c_heads, 0, z %
    c_heads, 0): attention's output transposed (1, 2), written in place.
    `b_group` (default 1): B holds batch / b_group entries, entry z reading
    B's entry z / b_group (grouped-query attention's K or V, shared by the
    b_group query heads of one key head); never with `shared_b`.
  }];
  let parameters = (ins
    "::mlir::Type":$a,
    GemmOpt_BoolParameter<"false", "C is accumulated into (beta = 1)">:$accumulate,
    "::mlir::Type":$b,
    GemmOpt_Int<"1", "entries per B entry: entry z reads B's z / b_group">:$b_group,
    GemmOpt_Int<"1", "batch entries (linalg.batch_matmul: A, B, C 3-D)">:$batch,
    "::mlir::Type":$c,
    GemmOpt_Int<"1", "heads: C stored [batch / c_heads, m, c_heads, n]">:$c_heads,
    GemmOpt_EpilogueParameter:$epilogue,
    "int64_t":$k,
    "int64_t":$m,
    "int64_t":$n,
    GemmOpt_BoolParameter<"false", "B 2-D, shared by every batch entry">:$shared_b,
    GemmOpt_BoolParameter<"false", "A stored k x m">:$transpose_a,
    GemmOpt_BoolParameter<"false", "B stored n x k">:$transpose_b
  );
}

def GemmOpt_SoftmaxProblemAttr : GemmOpt_Attr<"SoftmaxProblem", "softmax"> {
  let summary = "Y (rows x cols) = softmax(X) along each row, row-major";
  let description = [{
    ```mlir
    #gemm_opt.softmax<cols = 256, rows = 128, x = f16, y = f16>
    ```
  }];
  let parameters = (ins
    "int64_t":$cols,
    "int64_t":$rows,
    "::mlir::Type":$x,
    "::mlir::Type":$y
  );
}

//===----------------------------------------------------------------------===//
// Plans (the C++ structs and what each field means: SimtGemm.h, MmaGemm.h,
// WgmmaGemm.h, SoftmaxKernels.h)
//===----------------------------------------------------------------------===//

def GemmOpt_SimtPlanAttr : GemmOpt_Attr<"SimtPlan", "simt_plan"> {
  let summary = "Plan of a block-tiled SIMT matmul kernel (SimtGemmPlan)";
  let description = [{
    ```mlir
    #gemm_opt.simt_plan<a_pad = 0, a_transposed = false, b_pad = 0, b_xor = 0,
      bk = 8, bm = 64, bn = 64, frag_m = 8, frag_n = 1, group_m = 0,
      max_regs = 32, read_only = true, stages = 1, tm = 8, tn = 1,
      vector = 1, warp_tiled = false, wm = 64, wn = 4>
    ```
  }];
  let parameters = (ins
    "int64_t":$a_pad,
    GemmOpt_RequiredBool<"A stored K-major in shared memory">:$a_transposed,
    "int64_t":$b_pad,
    "int64_t":$b_xor,
    "int64_t":$bk,
    "int64_t":$bm,
    "int64_t":$bn,
    "int64_t":$frag_m,
    "int64_t":$frag_n,
    "int64_t":$group_m,
    "int64_t":$max_regs,
    GemmOpt_BoolParameter<"false", "edge blocks run the cp.async ring">:$pipeline_edges,
    GemmOpt_BoolParameter<"true", "split-K reduction launched programmatically">:$programmatic_reduction,
    GemmOpt_RequiredBool<"A and B read through ld.global.nc">:$read_only,
    GemmOpt_BoolParameter<"false", "next K tile prefetched into registers">:$register_prefetch,
    GemmOpt_Int<"1", "blocks sharing the K tiles of an output tile">:$split_k,
    GemmOpt_BoolParameter<"false", "A read from a padded copy">:$staged_a,
    GemmOpt_BoolParameter<"false", "B read from a padded copy">:$staged_b,
    "int64_t":$stages,
    "int64_t":$tm,
    "int64_t":$tn,
    "int64_t":$vector,
    GemmOpt_RequiredBool<"warp tile chosen by gemm-warp-tiling">:$warp_tiled,
    "int64_t":$wm,
    "int64_t":$wn
  );
}

def GemmOpt_MmaPlanAttr : GemmOpt_Attr<"MmaPlan", "mma_plan"> {
  let summary = "Plan of a tensor-core (mma.sync) matmul kernel (MmaGemmPlan)";
  let description = [{
    ```mlir
    #gemm_opt.mma_plan<bk = 32, bm = 128, bn = 128, elem_bytes = 2,
      group_m = 8, max_regs = 0, stages = 4, wm = 64, wn = 32>
    ```
  }];
  let parameters = (ins
    "int64_t":$bk,
    "int64_t":$bm,
    "int64_t":$bn,
    "int64_t":$elem_bytes,
    "int64_t":$group_m,
    "int64_t":$max_regs,
    "int64_t":$stages,
    "int64_t":$wm,
    "int64_t":$wn
  );
}

def GemmOpt_GemvPlanAttr : GemmOpt_Attr<"GemvPlan", "gemv_plan"> {
  let summary = "Plan of a weight-streaming small-M matmul kernel (GemvGemmPlan)";
  let description = [{
    For M <= 3 and B stored N x K (nn.Linear's weight at decode): one warp
    per column of C streams that row of B once with 16-byte loads, `unroll`
    chunks of 32 x 16 bytes in flight per warp, `warps` warps per block.

    ```mlir
    #gemm_opt.gemv_plan<unroll = 4, warps = 8>
    ```
  }];
  let parameters = (ins
    "int64_t":$unroll,
    "int64_t":$warps
  );
}

def GemmOpt_SwapAbPlanAttr : GemmOpt_Attr<"SwapAbPlan", "swap_ab_plan"> {
  let summary = "Plan of a small-M tensor-core kernel computing C^T = B A^T (SwapAbGemmPlan)";
  let description = [{
    For a few rows of A (4 <= M <= 64) and B stored N x K, f16 or bf16:
    mma.sync m16n8k16 with B's rows as the 16-row operand and A's rows as
    the 8-column one, so that the weights fill the tensor cores and are
    read once. Each warp owns `row_tiles` tiles of 16 rows of B, the
    `k_warps` warps of a block split K and sum their accumulators in
    shared memory, and each warp has `unroll` steps of 64 elements of K in
    flight.

    ```mlir
    #gemm_opt.swap_ab_plan<k_warps = 8, row_tiles = 1, unroll = 2>
    ```
  }];
  let parameters = (ins
    "int64_t":$k_warps,
    "int64_t":$row_tiles,
    "int64_t":$unroll
  );
}

def GemmOpt_WgmmaPlanAttr : GemmOpt_Attr<"WgmmaPlan", "wgmma_plan"> {
  let summary = "Plan of a Hopper (TMA + wgmma) matmul kernel (WgmmaGemmPlan)";
  let description = [{
    ```mlir
    #gemm_opt.wgmma_plan<bk = 64, bm = 128, bn = 256, consumer_regs = 232,
      elem_bytes = 2, group_m = 8, max_regs = 168, persistent = true,
      producer_regs = 40, stages = 4, tma_store = true,
      warp_specialized = true, warpgroups = 2>
    ```
    `producer_regs` / `consumer_regs` only count with `warp_specialized`,
    `persistent_blocks` only with `persistent`. `split_k` > 1 (the
    warp-specialized kernel, cooperative consumers, no TMA stores): the
    work units are the output tiles times the K splits, each writing its
    f32 partial to scratch, and a second kernel sums them in split order.
    `store_buffers` (with `tma_store`): staging boxes of C per consumer
    warpgroup; a warpgroup waits before refilling one only for the TMA
    store that last read it. `stream_k` (the warp-specialized persistent
    kernel, cooperative consumers, split_k 1): whole waves of tiles stay
    whole and the tiles of the last, partial wave split along K over the
    idle blocks, one part each; part 0's block adds the other parts' f32
    partials in part order and stores the tile. `swap_ab`: the kernel
    computes C^T = B A^T (A stored M x K and B stored N x K, both read
    K-major as they are): a block tile is `bm` rows of N by `bn` (any
    multiple of 8) rows of M, and C is stored transposed from registers.
    `cluster_m` / `cluster_n` (the warp-specialized persistent kernel, at
    most one above 1): clusters of that many blocks with consecutive M
    (resp. N) tiles of one N (resp. M) tile, each K tile of the operand
    they share (B, resp. A) loaded once and multicast to all of them.
  }];
  let parameters = (ins
    "int64_t":$bk,
    "int64_t":$bm,
    "int64_t":$bn,
    GemmOpt_Int<"4", "bytes per element of C">:$c_elem_bytes,
    GemmOpt_Int<"1", "blocks of a cluster along M sharing B's K tiles (TMA multicast)">:$cluster_m,
    GemmOpt_Int<"1", "blocks of a cluster along N sharing A's K tiles (TMA multicast)">:$cluster_n,
    GemmOpt_Int<"232", "setmaxnreg of the consumer warpgroups">:$consumer_regs,
    "int64_t":$elem_bytes,
    "int64_t":$group_m,
    "int64_t":$max_regs,
    GemmOpt_RequiredBool<"one block per SM walks the tiles">:$persistent,
    GemmOpt_Int<"132", "blocks of a persistent grid">:$persistent_blocks,
    GemmOpt_BoolParameter<"false", "ping-pong consumers">:$pingpong,
    GemmOpt_Int<"40", "setmaxnreg of the producer warpgroup">:$producer_regs,
    GemmOpt_Int<"1", "K splits, each an f32 partial that a second kernel sums">:$split_k,
    GemmOpt_BoolParameter<"false", "A read from a padded copy">:$staged_a,
    GemmOpt_BoolParameter<"false", "B read from a padded copy">:$staged_b,
    "int64_t":$stages,
    GemmOpt_Int<"2", "TMA-store staging boxes of each consumer warpgroup">:$store_buffers,
    GemmOpt_BoolParameter<"false", "stream-K: the last wave's tiles split along K over the idle blocks">:$stream_k,
    GemmOpt_BoolParameter<"false", "C^T = B A^T: bm rows of N, bn columns of M">:$swap_ab,
    GemmOpt_BoolParameter<"false", "epilogue through TMA stores">:$tma_store,
    GemmOpt_RequiredBool<"a producer warpgroup issues the TMA loads">:$warp_specialized,
    "int64_t":$warpgroups
  );
}

def GemmOpt_SoftmaxPlanAttr : GemmOpt_Attr<"SoftmaxPlan", "softmax_plan"> {
  let summary = "Plan of a softmax kernel (SoftmaxPlan) and which of its "
                "kernels a launch is";
  let description = [{
    ```mlir
    #gemm_opt.softmax_plan<algo = "online", chunks = 4, kernel = "online",
      reduce = "shuffle", rows_per_block = 1, storage = "registers",
      threads_per_row = 256, vector = 4>
    ```
    `algo`: "three-pass", "fused" or "online"; `storage`: "registers",
    "shared", "reread" or "hybrid"; `reduce`: "smem-tree" or "shuffle";
    `kernel`: the launch's part of the plan (a three-pass plan has three).
  }];
  let parameters = (ins
    StringRefParameter<"three-pass, fused or online">:$algo,
    "int64_t":$chunks,
    GemmOpt_Int<"1", "blocks per row (thread-block cluster)">:$cluster,
    GemmOpt_BoolParameter<"false", "exp through ex2.approx.ftz">:$ftz_exp,
    StringRefParameter<"which kernel of the plan this launch is">:$kernel,
    GemmOpt_Int<"0", "register cap (nvvm.maxnreg)">:$max_registers,
    GemmOpt_BoolParameter<"false", "raw 16-bit values kept in registers">:$packed,
    GemmOpt_Int<"1", "rows a cluster processes in a pipeline">:$pipeline_rows,
    StringRefParameter<"smem-tree or shuffle">:$reduce,
    "int64_t":$rows_per_block,
    GemmOpt_Int<"0", "hybrid: chunks in shared memory">:$shared_chunks,
    StringRefParameter<"registers, shared, reread or hybrid">:$storage,
    GemmOpt_Int<"1", "hybrid: vectors per thread and streaming iteration">:$stream_chunks,
    "int64_t":$threads_per_row,
    "int64_t":$vector
  );
}

#endif // GEMM_OPT_DIALECT_GEMMOPT_IR_GEMMOPTATTRS
