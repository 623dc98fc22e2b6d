//===- Passes.td - gemm-opt transformation passes ----------*- tablegen -*-===//
//
// Every rung of the GEMM / softmax optimisation ladder is one pass here. A
// stage's pipeline is the previous stage's pipeline plus that stage's pass
// (see lib/Pipelines/Stages.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_PASSES
#define GEMM_OPT_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

// Options that several rungs share, with one meaning and one help text
// (a rung whose option differs declares its own).
defvar ChipOption =
  Option<"chip", "chip", "std::string", /*default=*/"\"\"",
    "Target chip (sm_70 ... sm_90a; default: the module's gemm_opt.target, "
    "else sm_90; one that disagrees with that target is an error): its "
    "limits bound the plan, and the rung fails at the kernel on a chip that "
    "cannot run it">;

// Rungs smem .. wgmma: build the kernel now, or only refine the plan on the
// launch (the stage pipelines; gemm-emit-planned-kernels builds it once).
defvar EmitOption =
  Option<"emit", "emit", "bool", /*default=*/"true",
    "Build the kernel (true), or only record the refined plan on the launch "
    "for gemm-emit-planned-kernels (false: what the stage pipelines do, so "
    "that each kernel is built once, from its final plan)">;

defvar MaxRegistersOption =
  Option<"maxRegisters", "max-registers", "int64_t", "-1",
    "Register cap per thread, nvvm.maxnreg (0 = none, -1 = keep/heuristic)">;

defvar ReadOnlyOption =
  Option<"readOnly", "read-only", "int64_t", "-1",
    "Read A and B through ld.global.nc: 1 = on, 0 = off (-1 = keep/heuristic)">;

defvar RegisterPrefetchOption =
  Option<"registerPrefetch", "register-prefetch", "int64_t", "-1",
    "Issue the next K tile's global loads into registers before the current tile's inner loop: 1 = on, 0 = off (-1 = keep/heuristic)">;

defvar GroupMOption =
  Option<"groupM", "group-m", "int64_t", "-1",
    "Grouped block order over this many block rows (0/1 = row-major, -1 = keep/heuristic)">;

defvar StageAOption =
  Option<"stageA", "stage-a", "int64_t", "-1",
    "Padded staging copy of A when K % 4 != 0 (-1 = heuristic, 0 = "
    "no, 1 = yes)">;

defvar StageBOption =
  Option<"stageB", "stage-b", "int64_t", "-1",
    "Padded staging copy of B when N % 4 != 0 (-1 = heuristic, 0 = "
    "no, 1 = yes)">;

defvar BlockKOption =
  Option<"blockK", "block-k", "int64_t", "0", "K tile (0 = heuristic: 16)">;

defvar MaxThreadsOption =
  Option<"maxThreads", "max-threads", "int64_t", /*default=*/"1024",
    "Most threads per block">;

defvar MaxRegisterElemsOption =
  Option<"maxRegisterElems", "max-register-elems", "int64_t",
    /*default=*/"32",
    "Most row elements a thread keeps in registers">;

defvar MaxSharedBytesOption =
  Option<"maxSharedBytes", "max-shared-bytes", "int64_t",
    /*default=*/"163840",
    "Most dynamic shared memory for a shared-memory-resident row "
    "(lowered to what the chip allows)">;

defvar BlockMOption =
  Option<"blockM", "block-m", "int64_t", "0", "Block tile rows (0 = heuristic)">;

defvar BlockNOption =
  Option<"blockN", "block-n", "int64_t", "0", "Block tile columns (0 = heuristic)">;

def GemmApplyKernelAttributes : Pass<"gemm-apply-kernel-attributes", "ModuleOp"> {
  let summary = "Move kernel-function attributes parked inside outlined "
                "kernels onto their gpu.func";
  let description = [{
    Kernel outlining drops the attributes of a `gpu.launch`, so the SIMT
    matmul builder parks the ones meant for the kernel function (a
    dictionary `gemm_opt.kernel_fn_attrs`) on an op of the launch body. Run
    after outlining, this pass copies its `nvvm.*` entries (e.g.
    `nvvm.maxnreg`) onto the enclosing `gpu.func` and, for the unit entry
    `gemm_opt.readonly_inputs`, marks every memref argument `llvm.noalias`
    and those the kernel only reads (loads, cp.async sources) also
    `llvm.readonly`, which lets NVPTX use `ld.global.nc`. The matmul's
    buffers are distinct (gemm-verify-input), so `noalias` holds. For the
    manifest, it also marks a `gpu.launch_func` whose kernel waits with
    `griddepcontrol.wait` `gemm_opt.programmatic_dependent`, and one whose
    kernel reads the clusters launched (`%nclusterid.x`)
    `gemm_opt.resident_grid`.
  }];
  let dependentDialects = ["gpu::GPUDialect", "LLVM::LLVMDialect"];
}

def GemmUnshareInits : Pass<"gemm-unshare-inits", "ModuleOp"> {
  let summary = "Give each op writing into a shared linalg.fill its own copy";
  let description = [{
    Runs first in every stage pipeline. Frontends CSE identical ops, so
    the matmuls of one shape in a function (an MLP's gate and up
    projections) write into one `linalg.fill` of one `tensor.empty`. Each
    linalg op writing into a fill on tensors that has other uses gets a
    copy of the fill (and of its `tensor.empty`) before it: every kernel
    owns its initial C, as gemm-verify-input and the rewrites before it
    expect. Linalg ops on tensors whose results nothing uses are erased
    first (no kernel computes a value the function drops).
    `-debug-only=gemm-opt-inits` counts the copies.
  }];
  let dependentDialects = ["linalg::LinalgDialect", "tensor::TensorDialect"];
}

def GemmSpecializeContractions
    : Pass<"gemm-specialize-contractions", "ModuleOp"> {
  let summary = "Rewrite matmul-like linalg.generic and linalg.contract ops "
                "as linalg.matmul";
  let description = [{
    Runs first in every stage pipeline. A `linalg.generic` whose loops are
    one each of m, n and k, whose operands are indexed A (m, k) or (k, m),
    B (k, n) or (n, k) and C (m, n), and whose body is C += A * B (inputs
    optionally extended with `arith.extf`), and a `linalg.contract` with
    such maps, become the `linalg.matmul` they compute, with transposing
    `indexing_maps` where an operand is stored transposed. Other ops are
    left as they are (gemm-verify-input then says why it cannot compile
    them).
  }];
  let dependentDialects = ["linalg::LinalgDialect"];
}

def GemmFoldOperandTransposes
    : Pass<"gemm-fold-operand-transposes", "ModuleOp"> {
  let summary = "Read a matmul's transposed operands in place: fold the "
                "copies that transpose them into its indexing maps";
  let description = [{
    Runs after gemm-specialize-contractions in every stage pipeline. An
    input of a `linalg.matmul` or `linalg.batch_matmul` produced by a
    `linalg.transpose` (or a `linalg.generic` / `linalg.copy` that only
    permutes), as torch-mlir writes nn.Linear's x * W^T and attention's
    Q * K^T, is replaced by the copy's source and the permutation composed
    into the operand's indexing map, when the result is a layout the named
    op expresses (A (m, k) or (k, m), B (k, n) or (n, k), after the batch).
    A copy left without a use is erased; one with other uses stays (and
    gemm-verify-input rejects it). On memrefs only a copy into a
    memref.alloc that the matmul alone reads is folded.
    `-debug-only=gemm-opt-transposes` says what was folded and why not.
  }];
  let dependentDialects = ["linalg::LinalgDialect"];
}

def GemmFoldResultTransposes
    : Pass<"gemm-fold-result-transposes", "ModuleOp"> {
  let summary = "Compute a transposed matmul result as the matmul of B and "
                "A, written in place of the transpose";
  let description = [{
    Runs after gemm-fold-operand-transposes in every stage pipeline. A
    `linalg.transpose` (or a `linalg.generic` / `linalg.copy` that only
    permutes) on tensors whose input is the result of a `linalg.matmul` or
    `linalg.batch_matmul` with no other use, starting from a zero
    `linalg.fill` (torch's `(x @ w).t()`, `matmul(a, b).transpose(-2, -1)`),
    is replaced by the matmul with the permutation composed into C's
    indexing map, from a zero fill of the transpose's output: C^T = B^T A^T,
    the matmul of B and A, each read in place. Elementwise `linalg.generic`
    ops between the matmul and the transpose (a bias add, an activation, a
    cast; their other inputs broadcasts or scalars) write the transposed
    layout instead, a bias of C's columns then read as one of its rows, so
    they still fuse as the epilogue. A `linalg.transpose` of a batch's
    result expanded to more dimensions (4-D attention) that keeps each
    group of the expand together first becomes the expand of a transpose
    of the batch's result, which then folds. Kept as it was where that is
    no layout the named ops express (a B shared by every batch entry, a
    permutation that moves the batch). `-debug-only=gemm-opt-result-transposes`
    says what was folded.
  }];
  let dependentDialects = ["linalg::LinalgDialect"];
}

def GemmFoldOperandExtensions
    : Pass<"gemm-fold-operand-extensions", "ModuleOp"> {
  let summary = "Read a matmul's f32 operands extended from f16 or bf16 as "
                "the 16-bit values they extend";
  let description = [{
    Runs after gemm-fold-operand-transposes in every stage pipeline. An f32
    `linalg.matmul` or `linalg.batch_matmul` on tensors whose two inputs
    are each produced by an elementwise `linalg.generic` that only extends
    one 16-bit type (f16 or bf16) to f32 with `arith.extf` (torch-mlir's
    `x.float() @ w.float()`) becomes the same op on the 16-bit values,
    accumulating in f32: products of two such values are exact in f32, so
    it computes the same matmul, on the tensor cores. The extensions left
    without a use are erased.
  }];
  let dependentDialects = ["linalg::LinalgDialect"];
}

def GemmFoldSoftmaxCasts : Pass<"gemm-fold-softmax-casts", "ModuleOp"> {
  let summary = "Read a softmax's input before its extension to f32 and "
                "write its result's truncation (torch's "
                "softmax(x.float()).to(x.dtype))";
  let description = [{
    Runs after gemm-fold-operand-extensions and before
    gemm-fuse-epilogue-chains in every stage pipeline. A `linalg.softmax`
    on tensors whose input is an elementwise `linalg.generic` only
    extending an f16 or bf16 tensor to f32 (`arith.extf`, identity maps)
    reads that tensor, and one whose result's only user is such a generic
    truncating it to f16 or bf16 (`arith.truncf`) writes that generic's
    output: the softmax kernels compute in f32 and read and write each
    operand in its own type. Before the epilogue fusion, so that attention's
    scores stay 16-bit in memory, as torch has them, instead of the
    extension becoming the scores matmul's last epilogue step (an f32
    S). The result is a `linalg.softmax` when the two types agree, else a
    `gemm_opt.softmax`. On memrefs (IR given already bufferized) the
    casts write f32 buffers: each folds only when its f32 buffer is a
    `memref.alloc` that nothing but the cast, the softmax and
    `memref.dealloc` ops use, and the allocation and its deallocations go
    with the cast. `-debug-only=gemm-opt-softmax-casts` says what folds and
    why not.
  }];
  let dependentDialects = ["gemm_opt::GemmOptDialect", "linalg::LinalgDialect",
                           "tensor::TensorDialect"];
}

def GemmFoldOperandScales : Pass<"gemm-fold-operand-scales", "ModuleOp"> {
  let summary = "Scale a matmul's result instead of an operand scaled by a "
                "constant (attention's q * scale before Q K^T)";
  let description = [{
    Runs before gemm-fuse-epilogue-chains in every stage pipeline. An input
    of a `linalg.matmul` or `linalg.batch_matmul` on tensors that is the
    only use of an elementwise `linalg.generic` multiplying (or dividing)
    one tensor of its type by a constant is read unscaled, and a generic
    multiplying the matmul's result by that factor follows it, which
    gemm-fuse-epilogue-chains fuses into the kernel's epilogue:
    (s A) B = s (A B).
  }];
  let dependentDialects = ["arith::ArithDialect", "linalg::LinalgDialect",
                           "tensor::TensorDialect"];
}

def GemmInitToEpilogue : Pass<"gemm-init-to-epilogue", "ModuleOp"> {
  let summary = "Start a matmul whose initial C is computed (a broadcast "
                "bias) from zero, and add that C in its epilogue";
  let description = [{
    Runs before gemm-fuse-epilogue-chains in every stage pipeline. A
    `linalg.matmul` or `linalg.batch_matmul` on tensors whose init is the
    result of a `linalg.broadcast` or of an elementwise linalg op (a bias
    broadcast into C's shape, as some frontends write nn.Linear), or a
    `linalg.fill` of a non-zero constant, starts from a zero `linalg.fill`
    instead, and a `linalg.add` of that init follows it;
    gemm-fuse-epilogue-chains fuses the add (and the broadcast) into the
    kernel's epilogue. A matmul starting from a zero fill, a function
    argument or another kernel's result is left as it is.
  }];
  let dependentDialects = ["arith::ArithDialect", "linalg::LinalgDialect",
                           "tensor::TensorDialect"];
}

def GemmReturnWholeAllocations
    : Pass<"gemm-return-whole-allocations", "ModuleOp"> {
  let summary = "Return whole allocations, not reshapes of one: a "
                "function's result takes the shape it is returned with";
  let description = [{
    Runs right after bufferization in every stage pipeline. A function
    result that is a `memref.expand_shape` or `memref.collapse_shape` of a
    static row-major `memref.alloc` (torch-mlir's 4-D batched matmul:
    computed on 3-D reshapes, returned reshaped back) becomes an
    allocation of the returned shape, and the ops that used the old
    allocation use the inverse reshape of it (the same bytes). A runner
    then binds the result as the function returns it.
  }];
  let dependentDialects = ["memref::MemRefDialect"];
}

def GemmVectorProductsAsMatmuls
    : Pass<"gemm-vector-products-as-matmuls", "ModuleOp"> {
  let summary = "Compute linalg.matvec / vecmat (and their batched forms) "
                "as matmuls of one row";
  let description = [{
    Runs after gemm-specialize-contractions in every stage pipeline.
    torch-mlir writes torch.mv and torch.matmul with a 1-D operand as
    `linalg.matvec` / `linalg.vecmat` (`linalg.batch_matvec` /
    `linalg.batch_vecmat`). Each becomes the `linalg.matmul`
    (`linalg.batch_matmul`) of one row it computes: y^T = x^T * A^T for
    matvec (A read as N x K, nn.Linear's layout), y = x * A for vecmat, the
    vector and the result reshaped to 1 x K and 1 x N (views of the same
    buffers), a zero fill of the result moved onto its reshape. Static
    shapes, tensors or memrefs; `linalg.dot` is left to gemm-verify-input.
  }];
  let dependentDialects = ["linalg::LinalgDialect", "memref::MemRefDialect",
                           "tensor::TensorDialect"];
}

def GemmSpecializeDynamicDims
    : Pass<"gemm-specialize-dynamic-dims", "ModuleOp"> {
  let summary = "Replace a function with a dynamic M by static variants, "
                "one per range of M";
  let description = [{
    Runs after gemm-specialize-contractions in every stage pipeline. A
    function whose one `linalg.matmul` has a dynamic M (the rows of A and C;
    tensors or memrefs; also the rows of a fused elementwise consumer's
    operands) becomes one function per range of M (DynamicRanges.h), each
    with M fixed to the rows its range is planned for and an `index`
    argument (`gemm_opt.symbol = "M"`) that carries the actual M to the
    kernels; `gemm_opt.variant` names the source function and the range.
    gemm-emit-kernels writes them as one version-3 manifest
    (docs/manifest.md, "Dynamic dimensions"). Anything else with a dynamic
    shape gets an error. Static functions are left untouched.
  }];
  let dependentDialects = ["arith::ArithDialect", "memref::MemRefDialect",
                           "tensor::TensorDialect"];
}

def GemmMergeDynamicVariants
    : Pass<"gemm-merge-dynamic-variants", "ModuleOp"> {
  let summary = "Merge neighbouring dynamic-M variants whose kernels are "
                "the same plan";
  let description = [{
    Runs after the stage's rungs have built every variant's kernels
    (gemm-specialize-dynamic-dims). A variant whose kernels take M at run
    time with the same plan as the next range's (wgmma tiles; swap-AB with
    as many 8-row tiles) is dropped and the next variant's range extended
    down to cover it: one kernel compiled instead of two.
  }];
}

def GemmFuseEpilogueChains : Pass<"gemm-fuse-epilogue-chains", "ModuleOp"> {
  let summary = "Turn the elementwise ops after a matmul into one "
                "linalg.generic (its fusable epilogue)";
  let description = [{
    Runs after gemm-specialize-contractions in every stage pipeline. The
    named elementwise linalg ops reachable from a matmul's result through
    elementwise ops (linalg.add, linalg.mul, linalg.elementwise, ...), and
    the linalg.broadcasts feeding them, are generalized; on tensors,
    upstream's elementwise op fusion then merges each chain into one
    generic, which the first rung folds into the matmul kernel as its
    epilogue (#gemm_opt.epilogue). Elementwise ops reading a
    `tensor.expand_shape` of a matmul's result (torch-mlir's 4-D batched
    matmul) are first collapsed onto the matmul's shape, the reshape moved
    after them (upstream's reshape folding by collapsing). A function
    without such ops is left untouched. `-debug-only=gemm-opt-epilogue` says what was generalized
    and fused, and why a consumer does or does not fuse.
  }];
  // The matcher builds #gemm_opt.epilogue attributes.
  let dependentDialects = ["gemm_opt::GemmOptDialect", "linalg::LinalgDialect",
                           "arith::ArithDialect"];
}

def GemmRecomputeSharedMatmuls
    : Pass<"gemm-recompute-shared-matmuls", "ModuleOp"> {
  let summary = "Give an elementwise consumer of a matmul whose result has "
                "other uses a copy of the matmul to fuse into";
  let description = [{
    Runs after gemm-fuse-epilogue-chains in every stage pipeline. A
    matmul's elementwise consumer fuses into its kernel only as the
    result's one use. When the result is also returned or read by another
    op (a pre-activation kept beside its activation), each such consumer
    gets a copy of the zero-filled matmul (on tensors) before it, into which
    it fuses; the other uses keep the original, so nothing is lost and the
    function compiles, at the cost of a second kernel over A and B (a
    remark at the consumer says so). A consumer that would not fuse alone
    either is left as it is (gemm-verify-input names why).
  }];
  let dependentDialects = ["gemm_opt::GemmOptDialect", "linalg::LinalgDialect",
                           "tensor::TensorDialect"];
}

def GemmStackGroupedHeads : Pass<"gemm-stack-grouped-heads", "ModuleOp"> {
  let summary = "Run grouped-query attention's query heads of one key head "
                "as the rows of one batch entry";
  let description = [{
    Runs after gemm-fuse-epilogue-chains in every stage pipeline. A
    `linalg.batch_matmul` whose B is a collapse of a `linalg.generic` or
    `linalg.broadcast` repeating a tensor along the last of the batch's
    dimensions (torch's repeat_kv before attention's Q K^T and P V, the
    generic leaving the loop out or reading an unsqueezed unit dimension at
    0) becomes the batch matmul
    over the repeated tensor's entries, A's entries stacked r at a time
    into rows, with its epilogue when every other input reads alike in
    stacked rows (C's shape, a scalar or a column vector, a key-padding
    vector per sequence); the repeat and its collapses are erased. Other
    repeats are left for gemm-verify-input's error.
    `-debug-only=gemm-opt-grouped-heads` says why a repeat is not stacked.
  }];
  let dependentDialects = ["linalg::LinalgDialect", "tensor::TensorDialect"];
}

def GemmFoldGroupedRepeats : Pass<"gemm-fold-grouped-repeats", "ModuleOp"> {
  let summary = "Read grouped-query attention's unrepeated K or V, one B "
                "entry per group of entries";
  let description = [{
    Runs after gemm-stack-grouped-heads in every stage pipeline, on the
    repeats stacking declined (a mask over the queries, attention's output
    transposed, A stored K x M). A `linalg.batch_matmul` whose B is a
    collapse of a repeat of a tensor along the last of the batch's
    dimensions (r repeats) keeps its entries; its B becomes a
    `linalg.broadcast` (dimension 1) of the tensor collapsed to
    [batch / r, R, C], collapsed again, and the matmul is tagged
    `gemm_opt.b_group = r`: the first rung reads the unrepeated tensor at
    entry z / r and erases the broadcast (`b_group` on #gemm_opt.matmul).
    `-debug-only=gemm-opt-grouped-heads` says why a repeat is not folded.
  }];
  let dependentDialects = ["linalg::LinalgDialect", "tensor::TensorDialect"];
}

def GemmVerifyInput : Pass<"gemm-verify-input", "ModuleOp"> {
  let summary = "Check that the input is something gemm-opt can compile";
  let description = [{
    Accepts `func.func`s whose bodies hold one `linalg.matmul` (optionally
    initialised by a `linalg.fill`; A and/or B may be stored transposed,
    through its `indexing_maps`) on static, non-empty memrefs or tensors,
    with f32 operands, or f16/bf16 operands accumulating into f32 (or the
    operand type). Anything else gets an error at the offending operation, so
    later passes may assume a well-formed problem.
  }];
  let dependentDialects = ["gemm_opt::GemmOptDialect", "linalg::LinalgDialect"];
}

def GemmNaive : Pass<"gemm-naive", "func::FuncOp"> {
  let summary = "Map linalg.matmul to a GPU kernel, one thread per output, "
                "threadIdx.x walking rows (ladder rung 'naive', seed 000 v0)";
  let description = [{
    Replaces every `linalg.matmul` on memrefs with a `gpu.launch` in which
    each thread computes one element of C with a K loop of fused
    multiply-adds. `threadIdx.x` indexes rows, so a warp reads 32 different
    rows of A and writes a column of C: uncoalesced on purpose, as in the
    seed's first kernel. Threads outside M x N do nothing, so any shape is
    correct. A `linalg.fill` of zero that initialises C is folded into the
    kernel (C is then written, not accumulated into).
  }];
  let options = [
    ChipOption,
    Option<"blockDim", "block-dim", "int64_t", /*default=*/"32",
           "Threads per block along each of x and y (block-dim^2 <= 1024)">,
  ];
  let dependentDialects = [
    "gemm_opt::GemmOptDialect",
    "arith::ArithDialect", "gpu::GPUDialect", "math::MathDialect",
    "memref::MemRefDialect", "scf::SCFDialect"
  ];
}

def GemmCoalesce : Pass<"gemm-coalesce", "func::FuncOp"> {
  let summary = "Make threadIdx.x walk the columns of C (ladder rung "
                "'coalesced', seed 000 v1)";
  let description = [{
    Rewrites the thread mapping of matmul kernels made by `gemm-naive`:
    swaps the x and y roles of both the block and the thread indices (and of
    the grid and block sizes), so that consecutive lanes of a warp read
    consecutive elements of a row of B and write consecutive elements of C.
  }];
  let options = [
    ChipOption,
  ];
}

def GemmPrintChipInfo : Pass<"gemm-print-chip-info", "ModuleOp"> {
  let summary = "Report, as a remark, what the rungs know about a chip";
  let description = [{
    Emits a remark at the module with the limits and features that the
    heuristics and plan checks of the rung passes use for `chip`
    (ChipInfo.h); changes nothing. For tests and for reading.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "The chip to describe (default: the module's gemm_opt.target, "
           "else sm_90)">,
  ];
}

def GemmKeepKernelProblems : Pass<"gemm-keep-kernel-problems", "ModuleOp"> {
  let summary = "Copy the problems of a function's kernels onto the function "
                "before outlining";
  let description = [{
    Kernel outlining drops the attributes of a `gpu.launch`, among them the
    problem each kernel solves (`gemm_opt.problem`), which the manifest
    writer (`gemm-emit-kernels`) needs. Run right before outlining, this
    pass records on each function the distinct problems of its launches, in
    order, as `gemm_opt.problems = [#gemm_opt.matmul<...>, ...]`; the
    manifest writer describes one problem per function (a function of
    several ops calls one outlined function per op, gemm-outline-kernel-ops)
    and rejects a function with more than one.
  }];
  let dependentDialects = ["gemm_opt::GemmOptDialect"];
}

def GemmOutlineKernelOps : Pass<"gemm-outline-kernel-ops", "ModuleOp"> {
  let summary = "Move each kernel op of a function with several into a "
                "function of its own (dispatch outlining)";
  let description = [{
    Every rung, the roles of the buffers and the manifest writer work on a
    function of one kernel op. In each `func.func` (bufferized) holding two
    or more kernel ops (`linalg.matmul`, `linalg.batch_matmul`,
    `linalg.softmax`), this moves op i, with the zero `linalg.fill` of its C
    that a kernel folds, into a new private function `@<func>_op<i>` (i in
    program order) whose arguments are the op's operand buffers, and
    replaces it with a `func.call`; the callee is marked
    `gemm_opt.outlined_op = "matmul"` or `"softmax"`. Functions with one
    op are left alone. Each operand must be a whole function argument or
    allocation, the op directly in the function's body and its output none
    of its inputs; anything else is an error at the op.
  }];
  let dependentDialects = ["func::FuncDialect", "gemm_opt::GemmOptDialect"];
}

def GemmMergeGpuModules : Pass<"gemm-merge-gpu-modules", "ModuleOp"> {
  let summary = "Put every outlined kernel into one gpu.module";
  let description = [{
    Kernel outlining makes one `gpu.module` per launch. A compiled function
    ships as one PTX module, so this moves all kernels into the first
    `gpu.module` and retargets the `gpu.launch_func`s.
  }];
  let dependentDialects = ["gpu::GPUDialect"];
}

def GemmAttachTarget : Pass<"gemm-attach-target", "ModuleOp"> {
  let summary = "Give every gpu.module the module's target";
  let description = [{
    The lowering's `nvvm-attach-target`, for a module that may name its
    target: every `gpu.module` gets the host module's `gemm_opt.target`
    (that very `#nvvm.target`, features and optimisation level included),
    or, when it names none, the target gemm-opt builds for `chip` (O3,
    PTX 8.3 for sm_90a, else 8.0). Targets a `gpu.module` already has are
    replaced: gemm-opt compiles each kernel for one chip.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "Chip of the target to build when the module names none "
           "(default sm_90; one that disagrees with the module's target "
           "is an error)">,
  ];
  let dependentDialects = ["gpu::GPUDialect", "NVVM::NVVMDialect"];
}

def GemmExternDynamicSharedMemory
    : Pass<"gemm-extern-dynamic-shared-memory", "gpu::GPUModuleOp"> {
  let summary = "Make gpu.dynamic_shared_memory a real .extern .shared array";
  let description = [{
    After `convert-gpu-to-nvvm`, `gpu.dynamic_shared_memory` is a
    zero-length `llvm.mlir.global internal` in address space 3, which the
    NVPTX back end emits as a one-byte *static* `.shared` variable. ptxas
    then places it among the kernel's other static shared variables (the
    mbarriers of the wgmma kernels), in declaration order, so a buffer laid
    out from its address can overlap them. This pass gives every such
    global external linkage and no initializer, so that it is emitted as
    `.extern .shared .align A .b8 name[]`, which ptxas places at the start
    of the dynamic region, after every static variable.
  }];
  let dependentDialects = ["LLVM::LLVMDialect"];
}

def GemmEmitKernels : Pass<"gemm-emit-kernels", "ModuleOp"> {
  let summary = "Write the PTX and the launch manifest of a compiled module";
  let description = [{
    Reads the PTX of the single `gpu.binary` and every `gpu.launch_func` of
    the host function, traces each kernel operand to the buffer it comes
    from, and writes the PTX and a JSON launch manifest (docs/manifest.md).
    Files are written atomically, and only when the whole module could be
    described.
  }];
  let options = [
    Option<"ptxFile", "ptx-file", "std::string", /*default=*/"",
           "Where to write the PTX ('' = do not write)">,
    Option<"manifestFile", "manifest-file", "std::string", /*default=*/"",
           "Where to write the JSON launch manifest ('' = do not write)">,
    Option<"stage", "stage", "std::string", /*default=*/"\"\"",
           "Stage name recorded in the manifest">,
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "Chip recorded in the manifest (default: the module's "
           "gemm_opt.target, else sm_90)">,
  ];
}

//===----------------------------------------------------------------------===//
// The softmax ladder (issue 5; seed 002). Each rung rewrites the launches of
// the previous one (tagged `gemm_opt.softmax_plan`); plans are chosen by
// lib/Transforms/Heuristics/SoftmaxHeuristics.cpp, kernels built by SoftmaxKernels.cpp.
//===----------------------------------------------------------------------===//

def GemmEmitPlannedKernels : Pass<"gemm-emit-planned-kernels", "func::FuncOp"> {
  let summary = "Build each matmul kernel whose rungs only refined its plan";
  let description = [{
    The matmul rungs from `smem` to `wgmma`, run with `emit=false` (as the
    stage pipelines run them), only refine the plan attribute of the
    kernel's `gpu.launch` and mark it `gemm_opt.planned`; its body is still
    the kernel of the last rung that built one. This pass builds each such
    kernel once, from its final plan (SIMT, mma or wgmma) and the problem
    on the launch, with the launches that go with it (padded staging
    copies, a transposing copy, a split-K reduction). A matmul with a
    dynamic M whose final plan is the mma.sync kernel, which compiles a
    static M only, gets the SIMT kernel of the plan that one replaced
    (`gemm_opt.simt_fallback_plan`) instead, with a remark.
  }];
  let dependentDialects = [
    "arith::ArithDialect", "gpu::GPUDialect", "LLVM::LLVMDialect",
    "memref::MemRefDialect", "NVVM::NVVMDialect", "nvgpu::NVGPUDialect",
    "scf::SCFDialect", "vector::VectorDialect", "gemm_opt::GemmOptDialect"
  ];
}

def GemmSoftmaxThreePass : Pass<"gemm-softmax-three-pass", "func::FuncOp"> {
  let summary = "Map linalg.softmax to three kernels: row max, row sum of "
                "exp, normalize (ladder rung 'softmax-3pass', seed 002)";
  let description = [{
    Replaces every `linalg.softmax dimension(1)` on memrefs with three
    `gpu.launch`es: a block per row reducing the row maximum through a
    shared-memory tree into an f32 scratch buffer, a block per row reducing
    the sum of exp(x - max) the same way into a second scratch buffer, and
    one thread per element writing exp(x - max) / sum. The scratch buffers
    are `memref.alloc`s of the host function (manifest "scratch" buffers).
    Records `gemm_opt.problem` and the roles X and Y.
  }];
  let options = [
    ChipOption,
    Option<"blockThreads", "block-threads", "int64_t", /*default=*/"256",
           "Threads per block (rounded down to a power of two in 32..1024; "
           "fewer for short rows)">,
  ];
  let dependentDialects = [
    "gemm_opt::GemmOptDialect",
    "arith::ArithDialect", "gpu::GPUDialect", "LLVM::LLVMDialect",
    "memref::MemRefDialect", "scf::SCFDialect", "vector::VectorDialect"
  ];
}

def GemmSoftmaxFused : Pass<"gemm-softmax-fused", "func::FuncOp"> {
  let summary = "Fuse the softmax kernels into one, re-reading the row "
                "(ladder rung 'softmax-fused', seed 002)";
  let description = [{
    Rewrites the softmax launches of the previous rung into one kernel with
    a block per row: a sweep for the maximum, a shared-memory tree, a sweep
    for the sum of exp(x - max), a second tree, a sweep writing the result.
    No scratch buffers and one launch, but three reads of each row.
  }];
  let options = [
    ChipOption,
    Option<"blockThreads", "block-threads", "int64_t", /*default=*/"256",
           "Threads per block (rounded down to a power of two in 32..1024; "
           "fewer for short rows)">,
  ];
  let dependentDialects = [
    "gemm_opt::GemmOptDialect",
    "arith::ArithDialect", "gpu::GPUDialect", "LLVM::LLVMDialect",
    "memref::MemRefDialect", "scf::SCFDialect", "vector::VectorDialect"
  ];
}

def GemmSoftmaxOnline : Pass<"gemm-softmax-online", "func::FuncOp"> {
  let summary = "One read of the row: online (max, sum) with rescaling, the "
                "row kept in registers (ladder rung 'softmax-online', seed 002)";
  let description = [{
    Rewrites the softmax launches into one kernel that reads each element
    once: a block per row, each thread keeping its share of the row in
    registers (or, for rows too long, in dynamic shared memory, or else
    re-reading it), computing a (max, sum of exp) pair that a shared-memory
    tree combines with the online rescaling s = s1 e^(m1-m) + s2 e^(m2-m).
    Scalar accesses.
  }];
  let options = [
    ChipOption,
    MaxThreadsOption,
    MaxRegisterElemsOption,
    MaxSharedBytesOption,
  ];
  let dependentDialects = [
    "gemm_opt::GemmOptDialect",
    "arith::ArithDialect", "gpu::GPUDialect", "LLVM::LLVMDialect",
    "memref::MemRefDialect", "scf::SCFDialect", "vector::VectorDialect"
  ];
}

def GemmSoftmaxVector : Pass<"gemm-softmax-vector", "func::FuncOp"> {
  let summary = "128-bit accesses and warp-shuffle reductions (ladder rung "
                "'softmax-vector', seed 002)";
  let description = [{
    Rewrites the softmax launches into the online kernel with 16-byte
    vector loads and stores (float4 / 8 x f16; the alignment follows from
    the static row length, which the vector width divides; narrower vectors
    when it does not) and (max, sum) reductions by `gpu.shuffle xor` inside
    each warp first, then across the warps of the row through one
    shared-memory slot per warp and a single barrier.
  }];
  let options = [
    ChipOption,
    MaxThreadsOption,
    MaxRegisterElemsOption,
    MaxSharedBytesOption,
  ];
  let dependentDialects = [
    "gemm_opt::GemmOptDialect",
    "arith::ArithDialect", "gpu::GPUDialect", "LLVM::LLVMDialect",
    "memref::MemRefDialect", "scf::SCFDialect", "vector::VectorDialect"
  ];
}

def GemmSoftmaxRows : Pass<"gemm-softmax-rows", "func::FuncOp"> {
  let summary = "Choose the row-to-thread mapping by row length (ladder rung "
                "'softmax-rows', seed 002)";
  let description = [{
    Rewrites the softmax launches into the vectorized online kernel with the
    mapping chosen from the shape: as few threads per row as hold the row in
    registers (several rows per warp for very short rows, a warp per row,
    several warps, or a whole block per row), several rows per block so that
    blocks have `block-threads` threads while the grid still fills the GPU;
    long f16 rows keep raw (packed) f16 values in registers; rows too long
    for a block's registers go to shared memory, else keep registers and
    shared memory full and re-read only the rest (hybrid), else are
    re-read. On sm_90 (the `chip` option) a row too long for one block's
    registers is split over a thread-block cluster of up to 8 blocks
    (`cluster-size`; below sm_90 a forced size is an error): each block
    keeps its slice in registers and the blocks combine their (max, sum)
    pairs through distributed shared memory. By default the blocks have 256
    threads, three per SM under a register cap (`cluster-threads`,
    `cluster-blocks-per-sm`), so that one block's loads overlap the others'
    reductions and stores. With `pipeline-rows` > 1 each
    cluster processes that many rows in a software pipeline, each thread
    holding the slices of two rows: the next row's loads stay in flight
    while the current row is reduced, exchanged and written.
  }];
  let options = [
    ChipOption,
    MaxThreadsOption,
    MaxRegisterElemsOption,
    MaxSharedBytesOption,
    Option<"blockThreads", "block-threads", "int64_t", /*default=*/"256",
           "Threads per block to aim for when several rows share a block">,
    Option<"clusterSize", "cluster-size", "int64_t", /*default=*/"0",
           "Blocks per row in a thread-block cluster (sm_90): 0 = chosen by "
           "the heuristics (rows too long for one block's registers), 1 = "
           "never, 2..8 = always">,
    Option<"smCount", "sm-count", "int64_t", /*default=*/"-1",
           "Streaming multiprocessors the grid should cover (few long "
           "rows get more blocks per row); -1 = the chip's">,
    Option<"pipelineRows", "pipeline-rows", "int64_t", /*default=*/"0",
           "Cluster plans: rows each cluster processes in a software "
           "pipeline (the next row's slice loaded while the current one is "
           "reduced, exchanged and written): 0 = chosen by the heuristics, "
           "1 = one row per cluster, >= 2 = that many">,
    Option<"clusterThreads", "cluster-threads", "int64_t", /*default=*/"0",
           "Cluster plans: threads per block (0 = as few as hold the slice, "
           "else a power of two in 32..1024)">,
    Option<"expFtz", "exp-ftz", "int64_t", /*default=*/"-1",
           "exp through ex2.approx.ftz.f32: -1 = chosen by the heuristics "
           "(cluster plans), 0 = no, 1 = yes">,
    Option<"clusterBlocksPerSm", "cluster-blocks-per-sm", "int64_t",
           /*default=*/"0",
           "Cluster plans with cluster-threads: blocks meant to share an SM "
           "(registers capped at 65536 / (blocks x threads); f16 slices "
           "packed when f32 ones do not fit): 0 = chosen by the heuristics">,
  ];
  let dependentDialects = [
    "gemm_opt::GemmOptDialect",
    "arith::ArithDialect", "gpu::GPUDialect", "LLVM::LLVMDialect",
    "memref::MemRefDialect", "NVVM::NVVMDialect", "scf::SCFDialect",
    "vector::VectorDialect"
  ];
}

//===----------------------------------------------------------------------===//
// The SIMT matmul ladder: smem -> reg1d -> reg2d -> vector -> swizzle ->
// multibuffer -> warptile. Each pass reads the plan (gemm_opt.simt_plan) of
// the kernel, turns on its feature with defaults from GemmHeuristics, applies
// its options (0 or -1 = keep the heuristic's choice) and rebuilds the kernel.
//===----------------------------------------------------------------------===//

defvar SimtGemmDialects = [
  "gemm_opt::GemmOptDialect", "arith::ArithDialect", "gpu::GPUDialect",
  "LLVM::LLVMDialect",
  "math::MathDialect",
  "memref::MemRefDialect", "nvgpu::NVGPUDialect", "NVVM::NVVMDialect",
  "scf::SCFDialect",
  "vector::VectorDialect"
];

def GemmSharedMemoryTiling : Pass<"gemm-shared-memory-tiling", "func::FuncOp"> {
  let summary = "Block tiling with A and B tiles in shared memory (ladder "
                "rung 'smem', seed 000 v2)";
  let description = [{
    Replaces the thread-per-output matmul kernels of `gemm-naive` /
    `gemm-coalesce` with a block-tiled kernel: each block stages a BM x BK
    tile of A and a BK x BN tile of B in shared memory, with a barrier after
    the loads and one after the compute of every K step. Tiles that stick out
    of M, N or K are loaded through clamped, zero-filling reads, so any shape
    is correct. The kernel's plan is recorded as `gemm_opt.simt_plan`.
  }];
  let options = [
    ChipOption,
    EmitOption,
    Option<"blockM", "block-m", "int64_t", "0", "Block tile rows (0 = 32)">,
    Option<"blockN", "block-n", "int64_t", "0", "Block tile columns (0 = 32)">,
    Option<"blockK", "block-k", "int64_t", "0", "K tile (0 = 32)">,
    MaxRegistersOption,
    ReadOnlyOption,
    RegisterPrefetchOption,
  ];
  let dependentDialects = SimtGemmDialects;
}

def GemmRegisterTiling1D : Pass<"gemm-register-tiling-1d", "func::FuncOp"> {
  let summary = "Each thread computes a column of TM outputs in registers "
                "(ladder rung 'reg1d', seed 000 v3)";
  let description = [{
    Re-tiles a shared-memory tiled kernel so that each thread keeps TM
    accumulators of one column of C in registers and reuses each B value
    read from shared memory TM times (default 64x64 block, BK = 8, TM = 8).
  }];
  let options = [
    ChipOption,
    EmitOption,
    Option<"blockM", "block-m", "int64_t", "0", "Block tile rows (0 = 64)">,
    Option<"blockN", "block-n", "int64_t", "0", "Block tile columns (0 = 64)">,
    Option<"blockK", "block-k", "int64_t", "0", "K tile (0 = 8)">,
    Option<"threadM", "thread-m", "int64_t", "0", "Outputs per thread (0 = 8)">,
    MaxRegistersOption,
    ReadOnlyOption,
    RegisterPrefetchOption,
  ];
  let dependentDialects = SimtGemmDialects;
}

def GemmRegisterTiling2D : Pass<"gemm-register-tiling-2d", "func::FuncOp"> {
  let summary = "Each thread computes a TM x TN tile by outer products "
                "(ladder rung 'reg2d', seed 000 v4)";
  let description = [{
    Each thread reads TM values of A and TN values of B per K step and
    accumulates their outer product in TM x TN registers. The block tile is
    chosen per shape by GemmHeuristics (128x128 with 8x8 per thread unless
    the grid would leave SMs idle).
  }];
  let options = [
    ChipOption,
    EmitOption,
    BlockMOption,
    BlockNOption,
    Option<"blockK", "block-k", "int64_t", "0", "K tile (0 = 8)">,
    Option<"threadM", "thread-m", "int64_t", "0", "Thread tile rows (0 = heuristic)">,
    Option<"threadN", "thread-n", "int64_t", "0", "Thread tile columns (0 = heuristic)">,
    MaxRegistersOption,
    GroupMOption,
    ReadOnlyOption,
    RegisterPrefetchOption,
  ];
  let dependentDialects = SimtGemmDialects;
}

def GemmVectorize : Pass<"gemm-vectorize", "func::FuncOp"> {
  let summary = "128-bit global and shared accesses, A transposed in shared "
                "memory (ladder rung 'vector', seed 000 v5)";
  let description = [{
    Global loads of A and B, shared-memory reads of the register fragments
    and the stores of C become `vector.load`/`vector.store` of 4 x f32 with
    `alignment = 16` wherever alignment is proven from the static shapes
    (row strides multiple of 4 elements, tile offsets multiple of 4);
    unaligned operands and edge tiles keep scalar accesses. A is stored
    K-major in shared memory so a thread's TM values of A are contiguous.
    An f32 operand whose rows are not 16-byte aligned (A: K % 4 != 0, B:
    N % 4 != 0) can first be copied by a staging kernel into scratch with
    zero-padded 16-byte rows, which the kernel then reads with the 128-bit
    paths (`stage-a`, `stage-b`; by default on problems of at least 2^28
    multiply-adds, A only where it is read by 128-bit loads). The later
    SIMT rungs take the same options.
  }];
  let options = [
    ChipOption,
    EmitOption,
    StageAOption,
    StageBOption,
    Option<"vectorWidth", "vector-width", "int64_t", "0",
           "Elements per access where aligned: 1 or 4 (0 = 4)">,
    BlockKOption,
    MaxRegistersOption,
    GroupMOption,
    ReadOnlyOption,
    RegisterPrefetchOption,
  ];
  let dependentDialects = SimtGemmDialects;
}

def GemmSwizzle : Pass<"gemm-swizzle", "func::FuncOp"> {
  let summary = "Remove shared-memory bank conflicts by padding and XOR "
                "swizzle (ladder rung 'swizzle', seed 004 §4.2)";
  let description = [{
    Pads each shared row of the transposed A tile (so a warp's transposing
    stores hit 32 banks) and XOR-swizzles the 16-byte groups of B's shared
    rows (so the 8 lanes of a quarter warp read 8 different bank groups in
    the inner loop).
  }];
  let options = [
    ChipOption,
    EmitOption,
    StageAOption,
    StageBOption,
    Option<"aPad", "a-pad", "int64_t", "-1",
           "Elements of padding per shared row of A (-1 = heuristic)">,
    Option<"bPad", "b-pad", "int64_t", "-1",
           "Elements of padding per shared row of B (-1 = heuristic)">,
    Option<"bXorMask", "b-xor-mask", "int64_t", "-1",
           "XOR mask of B's 16-byte groups: 0, 1, 3 or 7 (-1 = heuristic)">,
    BlockKOption,
    MaxRegistersOption,
    GroupMOption,
    ReadOnlyOption,
    RegisterPrefetchOption,
  ];
  let dependentDialects = SimtGemmDialects;
}

def GemmMultiBuffer : Pass<"gemm-multi-buffer", "func::FuncOp"> {
  let summary = "N-stage cp.async software pipeline (ladder rung "
                "'multibuffer', seed 004 §4.3-4.4)";
  let description = [{
    Interior blocks copy K tiles global -> shared with `nvgpu.device_async_copy`
    (16-byte `cp.async.cg` where aligned, 4-byte otherwise and for the
    transposed A), one async group per stage, `stages - 1` tiles ahead of the
    compute, one barrier per K step. Shared memory is dynamic, so more than
    48 KB is available when the stages need it.
  }];
  let options = [
    ChipOption,
    EmitOption,
    StageAOption,
    StageBOption,
    Option<"stages", "stages", "int64_t", "0", "Pipeline stages (0 = heuristic: 4)">,
    BlockKOption,
    MaxRegistersOption,
    GroupMOption,
    ReadOnlyOption,
    Option<"pipelineEdges", "pipeline-edges", "int64_t", "-1",
           "Edge blocks run the cp.async ring with zero-filling copies: 1 = on, 0 = off (-1 = keep/heuristic)">,
  ];
  let dependentDialects = SimtGemmDialects;
}

def GemmWarpTiling : Pass<"gemm-warp-tiling", "func::FuncOp"> {
  let summary = "Block -> warp -> thread tiling (ladder rung 'warptile', "
                "seed 000 next steps)";
  let description = [{
    Each warp owns a WM x WN sub-tile of the block tile; its lanes form a
    (WM/TM) x (WN/TN) grid and each lane's TM x TN outputs are split into
    fragments spread over the warp tile, so that neighbouring lanes read
    neighbouring 16-byte groups of shared memory. Grids of output tiles
    that leave SMs idle split K over several blocks (grid z): each writes
    its partial tile to an f32 scratch buffer and a second kernel sums the
    partials in split order into C (deterministic); from sm_90 on that
    kernel is a programmatic dependent launch (griddepcontrol).
  }];
  let options = [
    ChipOption,
    EmitOption,
    StageAOption,
    StageBOption,
    BlockMOption,
    BlockNOption,
    BlockKOption,
    Option<"threadM", "thread-m", "int64_t", "0", "Thread tile rows (0 = heuristic)">,
    Option<"threadN", "thread-n", "int64_t", "0", "Thread tile columns (0 = heuristic)">,
    Option<"stages", "stages", "int64_t", "0", "Pipeline stages (0 = heuristic: 4)">,
    Option<"warpM", "warp-m", "int64_t", "0", "Warp tile rows (0 = heuristic)">,
    Option<"warpN", "warp-n", "int64_t", "0", "Warp tile columns (0 = heuristic)">,
    Option<"fragmentM", "fragment-m", "int64_t", "0",
           "Contiguous rows per fragment (0 = 4)">,
    Option<"fragmentN", "fragment-n", "int64_t", "0",
           "Contiguous columns per fragment (0 = 4)">,
    MaxRegistersOption,
    GroupMOption,
    ReadOnlyOption,
    Option<"pipelineEdges", "pipeline-edges", "int64_t", "-1",
           "Edge blocks run the cp.async ring with zero-filling copies: 1 = on, 0 = off (-1 = heuristic)">,
    Option<"splitK", "split-k", "int64_t", "0",
           "Split the K tiles over this many blocks per output tile, partials summed in order by a second kernel (0 = heuristic, 1 = off)">,
  ];
  let dependentDialects = SimtGemmDialects;
}

def GemmMma : Pass<"gemm-mma", "func::FuncOp"> {
  let summary = "Tensor cores: ldmatrix + mma.sync fed by a swizzled cp.async "
                "ring (ladder rung 'mma', seed 004 section 5)";
  let description = [{
    Rewrites the warp-tiled SIMT matmul kernel into a tensor-core kernel:
    warps own WM x WN tiles of m16n8 mma.sync tiles (m16n8k16 for f16 and
    bf16 inputs, m16n8k8 TF32 for f32 inputs with allow-tf32=true), f32
    accumulators, fragments loaded with ldmatrix from a multi-stage cp.async
    ring of XOR-swizzled tiles in dynamic shared memory, fragments
    double-buffered across k-steps, 2-element vector stores of C. Any M, N,
    K: out-of-range chunks are zero-filled. Without allow-tf32 an f32 kernel
    is left as it is, with a remark. With B stored N x K and few rows of A
    (decode and short prefill through nn.Linear) it builds a kernel that
    streams B once instead (`small-m`): at M <= 2 (M <= 3 in f32) the
    weight-streaming kernel (one warp per column of C), up to M = 64 in
    f16/bf16 the swap-AB
    tensor-core kernel (C^T = B A^T: B's rows fill mma.sync's 16-row side);
    the wgmma rung keeps both. Defaults come from GemmHeuristics
    (chooseMmaPlan, chooseGemvPlan, chooseSwapAbPlan); 0 / -1 keep them.
  }];
  let options = [
    ChipOption,
    EmitOption,
    BlockMOption,
    BlockNOption,
    Option<"blockK", "block-k", "int64_t", "0",
           "K tile (0 = heuristic: 32 for f16/bf16, 16 for tf32)">,
    Option<"warpM", "warp-m", "int64_t", "0", "Warp tile rows (0 = heuristic)">,
    Option<"warpN", "warp-n", "int64_t", "0", "Warp tile columns (0 = heuristic)">,
    Option<"stages", "stages", "int64_t", "0",
           "cp.async pipeline stages, 2..8 (0 = heuristic: 4)">,
    Option<"groupM", "group-m", "int64_t", "-1",
           "Grouped block order over this many block rows (0/1 = row-major, -1 = heuristic)">,
    Option<"maxRegisters", "max-registers", "int64_t", "-1",
           "Register cap per thread, nvvm.maxnreg (0 = none, -1 = heuristic)">,
    Option<"allowTf32", "allow-tf32", "bool", "false",
           "Compute f32 matmuls on tensor cores in TF32 (changes numerics)">,
    Option<"smallM", "small-m", "int64_t", "-1",
           "With B stored N x K and few rows of A, a kernel that streams B "
           "once (gemm_opt.gemv_plan at M <= 3, gemm_opt.swap_ab_plan up to "
           "M = 64) instead of tensor-core tiles: 1 = always (an error where "
           "neither applies), 0 = never (-1 = heuristic)">,
    Option<"smallMKernel", "small-m-kernel", "std::string", "\"\"",
           "Which small-M kernel (implies small-m=1): gemv = the "
           "weight-streaming kernel, swap-ab = the swap-AB kernel; an error "
           "where it does not apply (\"\" = heuristic)">,
    Option<"gemvUnroll", "gemv-unroll", "int64_t", "0",
           "Weight-streaming kernel: chunks of B in flight per warp, 1..8 "
           "(needs small-m-kernel=gemv; 0 = heuristic)">,
    Option<"gemvWarps", "gemv-warps", "int64_t", "0",
           "Weight-streaming kernel: warps per block, one column of C each, "
           "1..32 (needs small-m-kernel=gemv; 0 = heuristic)">,
    Option<"swapAbKWarps", "swap-ab-k-warps", "int64_t", "0",
           "Swap-AB kernel: warps per block splitting K, 1..16 (needs "
           "small-m-kernel=swap-ab; 0 = heuristic)">,
    Option<"swapAbRowTiles", "swap-ab-row-tiles", "int64_t", "0",
           "Swap-AB kernel: tiles of 16 rows of B per block, 1..4 (needs "
           "small-m-kernel=swap-ab; 0 = heuristic)">,
    Option<"swapAbUnroll", "swap-ab-unroll", "int64_t", "0",
           "Swap-AB kernel: steps of 64 elements of K in flight per warp, "
           "1..8 (needs small-m-kernel=swap-ab; 0 = heuristic)">,
  ];
  let dependentDialects = [
    "gemm_opt::GemmOptDialect",
    "arith::ArithDialect", "gpu::GPUDialect", "LLVM::LLVMDialect",
    "memref::MemRefDialect", "nvgpu::NVGPUDialect", "NVVM::NVVMDialect",
    "scf::SCFDialect", "vector::VectorDialect"
  ];
}

def GemmWgmma : Pass<"gemm-wgmma", "func::FuncOp"> {
  let summary = "Hopper tensor cores: TMA + mbarrier ring feeding wgmma "
                "(ladder rung 'wgmma', sm_90a)";
  let description = [{
    Rewrites the tensor-core (mma.sync) matmul kernel of f16/bf16 inputs (and
    of f32 inputs computed as TF32, with allow-tf32=true) into a Hopper
    kernel: one elected thread loads the A and B tiles of each K
    step with TMA (cp.async.bulk.tensor, 128-byte swizzle) into a ring of
    `stages` slots in dynamic shared memory aligned at run time to 1024
    bytes; a full mbarrier per slot (arrive.expect_tx, waited with phase
    parity) says when a slot has landed and an empty mbarrier per slot
    (one arrive per consumer warp) when it may be refilled. Warpgroups
    compute m64nBNk16 wgmma.mma_async tiles from shared-memory descriptors
    (A K-major, B row-major in its transposed mode) into f32 registers
    (TF32: m64nBNk8, and both operands must be K-major, so a first kernel
    copies B transposed into an N x K scratch buffer that TMA then reads
    like A),
    keeping one wgmma group in flight; the epilogue stores 2-element
    vectors, guarded on ragged edges (C += when beta = 1). With
    warp-specialized=1 a producer warpgroup (setmaxnreg.dec) only issues
    the TMA loads and the consumer warpgroups (setmaxnreg.inc, under the
    max-registers cap) only compute; with persistent=1 one block per SM
    walks the output tiles in grouped order. With pingpong=1 the two
    consumer warpgroups no longer split each tile's rows: each owns whole
    tiles (its own accumulators) and they take the block's tiles
    alternately, fed in tile order by the producer through the one ring,
    so that one's epilogue overlaps the other's math; they take turns
    issuing their K loops (a turn mbarrier each).

    The tensor maps of A and B are built on the host side of the IR
    (`nvgpu.tma.create.descriptor`, passed to the launch as an i64 address);
    gemm-emit-kernels describes each as a `tensormap` manifest parameter.
    TMA needs 16-byte row strides: when K or N times the element size is
    not a multiple of 16 (TF32: K times 4; B is read through its
    transposed copy, whose rows the transposing kernel pads), a first kernel
    copies the operand(s) concerned into zero-padded scratch buffers whose
    rows are rounded up to 16 bytes, and the tensor maps describe the
    logical extents over those rows (padded staging, `staging`); small
    problems, where the copy would cost more than it saves, keep the
    mma.sync kernel, with a remark. So does an f32 matmul without
    allow-tf32 (the kernel it was given stays). The kernel needs sm_90a (the stage pipeline compiles for
    it). Defaults come from GemmHeuristics (chooseWgmmaPlan); 0 / -1 keep
    them.
  }];
  let options = [
    ChipOption,
    EmitOption,
    Option<"blockM", "block-m", "int64_t", "0",
           "Block tile rows, a multiple of 64 per warpgroup (0 = heuristic)">,
    Option<"blockN", "block-n", "int64_t", "0",
           "Block tile columns, 64..256 in steps of 64; with swap-ab=1 "
           "rows of A, 8..256 in steps of 8 (0 = heuristic)">,
    Option<"blockK", "block-k", "int64_t", "0",
           "K tile; one 128-byte swizzle row: 64 for f16/bf16, 32 for tf32 (0 = heuristic)">,
    Option<"stages", "stages", "int64_t", "0",
           "TMA ring slots, 2..8 (0 = heuristic)">,
    Option<"warpgroups", "warpgroups", "int64_t", "0",
           "Warpgroups splitting the block rows, 1 or 2 (0 = heuristic)">,
    Option<"groupM", "group-m", "int64_t", "-1",
           "Grouped block order over this many block rows (0/1 = row-major, -1 = heuristic)">,
    Option<"maxRegisters", "max-registers", "int64_t", "-1",
           "Register cap per thread, nvvm.maxnreg (0 = none, -1 = heuristic)">,
    Option<"producerRegisters", "producer-registers", "int64_t", "0",
           "With warp-specialized=1: setmaxnreg of the producer warpgroup, "
           "a multiple of 8 in [24, 256] (0 = heuristic)">,
    Option<"consumerRegisters", "consumer-registers", "int64_t", "0",
           "With warp-specialized=1: setmaxnreg of the consumer warpgroups, "
           "a multiple of 8 in [24, 256] (0 = heuristic)">,
    Option<"warpSpecialized", "warp-specialized", "int64_t", "-1",
           "1: a producer warpgroup issues TMA, setmaxnreg moves registers "
           "to the consumers; 0: every warpgroup computes, thread 0 also "
           "loads (-1 = heuristic)">,
    Option<"persistent", "persistent", "int64_t", "-1",
           "1: one block per SM walks the output tiles (needs "
           "warp-specialized=1) (-1 = heuristic)">,
    Option<"pingpong", "pingpong", "int64_t", "-1",
           "1: ping-pong consumers, each warpgroup owns whole block tiles "
           "and the two take turns, one's epilogue overlapping the other's "
           "math (needs warp-specialized=1 persistent=1 warpgroups=2); 0: "
           "both share each tile (-1 = heuristic)">,
    Option<"staging", "staging", "int64_t", "-1",
           "Rows of A or B that are not 16-byte aligned: 1 = copy them "
           "first into zero-padded scratch with aligned rows and run the "
           "TMA kernel on those, 0 = keep the mma.sync kernel (-1 = "
           "heuristic: staging when the problem is large)">,
    Option<"allowTf32", "allow-tf32", "bool", "false",
           "Compute f32 matmuls (the TF32 mma.sync kernel) with TF32 wgmma "
           "(changes numerics)">,
    Option<"tmaStore", "tma-store", "int64_t", "-1",
           "1: the epilogue writes C through shared-memory boxes and TMA "
           "stores (warp-specialized cooperative kernel; C rows 16-byte "
           "aligned, beta = 0); 0: 2-element global stores from registers "
           "(-1 = heuristic)">,
    Option<"storeBuffers", "store-buffers", "int64_t", "0",
           "With tma-store=1: staging boxes of C per consumer warpgroup, "
           "2..8; a box is refilled once the TMA store that last read it "
           "has, so as many as a tile's boxes let C drain during the next "
           "tile's K loop (0 = heuristic)">,
    Option<"splitK", "split-k", "int64_t", "0",
           "K splits, 1..16: the warp-specialized kernel's units are the "
           "output tiles times the splits, each writing an f32 partial that "
           "a second kernel sums in split order (needs cooperative "
           "consumers, tma-store=0, a matmul that is not batched and a "
           "static M; 0 = heuristic)">,
    Option<"streamK", "stream-k", "int64_t", "-1",
           "1: stream-K's split last wave, the tiles of the last, partial "
           "wave of the persistent grid split along K over the idle "
           "blocks, part 0 adding the others' f32 partials in part order "
           "(needs warp-specialized=1 persistent=1 pingpong=0 split-k=1, "
           "a matmul that is not batched and a static M, N and K); 0: "
           "whole tiles per block (-1 = heuristic)">,
    Option<"swapAb", "swap-ab", "int64_t", "-1",
           "1: the kernel computes C^T = B A^T, the weights' N along "
           "wgmma's 64-row side and M along its N side (block-n any "
           "multiple of 8 up to 256 rows of A), C stored transposed from "
           "registers (needs A stored M x K and B stored N x K, 16-bit "
           "inputs, a static M, one matmul, tma-store=0 split-k=1); 0: "
           "tiles of C as it is (-1 = heuristic)">,
    Option<"clusterM", "cluster-m", "int64_t", "0",
           "Clusters of 1, 2 or 4 blocks with consecutive M tiles of one N "
           "tile: each K tile of B loaded once and multicast to all of them "
           "(needs warp-specialized=1 persistent=1 split-k=1 stream-k=0, "
           "one matmul of a static M, ceil(M / block-m) a multiple of it; "
           "with swap-ab=1 of the swapped problem; 0 = heuristic: 1)">,
    Option<"clusterN", "cluster-n", "int64_t", "0",
           "Clusters of 1, 2 or 4 blocks with consecutive N tiles of one M "
           "tile sharing A's K tiles by multicast (as cluster-m, with "
           "ceil(N / block-n) a multiple of it; 0 = heuristic: 1)">,
  ];
  let dependentDialects = [
    "gemm_opt::GemmOptDialect",
    "arith::ArithDialect", "gpu::GPUDialect", "LLVM::LLVMDialect",
    "memref::MemRefDialect", "nvgpu::NVGPUDialect", "NVVM::NVVMDialect",
    "scf::SCFDialect", "vector::VectorDialect"
  ];
}

#endif // GEMM_OPT_TRANSFORMS_PASSES
