//===- Passes.td - Ladder techniques as transformations -----*- tablegen -*-===//
//
// Techniques of the ladder as transformations of any IR of the right form
// (a `gpu.launch`, a workgroup buffer), each a public function in
// GpuTransforms.h and a thin pass here, so that other compilers can apply
// them to kernels gemm-opt did not build.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_GPU_PASSES
#define GEMM_OPT_TRANSFORMS_GPU_PASSES

include "mlir/Pass/PassBase.td"

def GemmGroupBlockOrder : Pass<"gemm-group-block-order"> {
  let summary = "Walk the blocks of 2-D launches in groups of block rows "
                "(rasterized order, for L2 reuse)";
  let description = [{
    Rewrites every `gpu.launch` with a constant grid of more than one block
    in x and y, and no cluster, so that consecutive linear block ids walk
    `group-m` block rows column by column: the blocks resident at the same
    time share panels of the operands in L2 (ladder rung `warptile` and the
    tensor-core kernels use the same order). The body sees a permutation of
    the block ids, which is only correct when its blocks are independent,
    as in every kernel that does not synchronise between blocks. Launches
    whose grid is not constant, or that run in clusters, get an error; a
    launch already grouped (`gemm_opt.block_order`) is left alone.
  }];
  let options = [
    Option<"groupM", "group-m", "int64_t", /*default=*/"8",
           "Block rows per group (at least 2)">,
  ];
  let dependentDialects = ["arith::ArithDialect", "gpu::GPUDialect"];
}

def GemmLinearizeLaunchGrids : Pass<"gemm-linearize-launch-grids"> {
  let summary = "Put the blocks of launches with more than 65535 blocks in "
                "grid y or z into grid x";
  let description = [{
    CUDA launches at most 65535 blocks in grid y and z (2^31 - 1 in x). A
    `gpu.launch` with a constant grid past that in y or z gets its
    x * y * z blocks in x instead, in the order the hardware numbers a 3-D
    grid (x fastest), and its body the x, y and z block ids (and grid sizes)
    recomputed from the linear id, so every block does what it did. Other
    launches are left alone. A launch whose grid is not constant, that runs
    in clusters, or whose blocks exceed 2^31 - 1 gets an error. gemm-opt's
    pipelines run it on every kernel they build: row tiles of a long M and
    batch entries past 65535.
  }];
  let options = [
    Option<"maxGridYZ", "max-grid-yz", "int64_t",
           /*default=*/"::gemm_opt::kMaxGridYZ",
           "Blocks in grid y or z beyond which a launch goes into x">,
  ];
  let dependentDialects = ["arith::ArithDialect", "gpu::GPUDialect"];
}

def GemmPadWorkgroupBuffers : Pass<"gemm-pad-workgroup-buffers"> {
  let summary = "Pad the rows of the 2-D workgroup buffers of launches to "
                "avoid shared-memory bank conflicts";
  let description = [{
    Gives every 2-D workgroup (shared-memory) attribution of every
    `gpu.launch` `pad` more elements per row, and the body a
    `memref.subview` of the logical extent, so that threads reading a
    column of the buffer hit different banks (ladder rung `smem`, seed 000
    v2, pads the K-major tile of A the same way). Uses must accept a
    strided memref (loads, stores, vector and async copies do); a buffer
    passed where the identity layout is required gets an error.
  }];
  let options = [
    Option<"pad", "pad", "int64_t", /*default=*/"1",
           "Elements added to each row (at least 1)">,
  ];
  let dependentDialects = ["gpu::GPUDialect", "memref::MemRefDialect"];
}

def GemmSwizzleWorkgroupBuffers : Pass<"gemm-swizzle-workgroup-buffers"> {
  let summary = "XOR-swizzle the columns of the 2-D workgroup buffers of "
                "launches (upstream nvgpu shared-memory optimization)";
  let description = [{
    Applies upstream's `nvgpu::optimizeSharedMemoryReadsAndWrites` (the
    transformation behind `nvgpu-optimize-shared-memory`) to every 2-D
    workgroup attribution of every `gpu.launch`: the 16-byte column groups
    of each row are permuted by an XOR with the row, in every read and
    write, so that the rows an `ldmatrix` or a column walk touches fall
    into different banks (ladder rungs `swizzle` and `mma` build the same
    permutation into their kernels). Upstream's pass only looks at
    `memref.alloc`s; kernels whose shared buffers are launch attributions
    get it here. A buffer upstream cannot rewrite (a use that is not a
    load, store or copy with indices; rows under 128 bytes are left as they
    are) gets an error.
  }];
  let dependentDialects = ["arith::ArithDialect", "gpu::GPUDialect",
                           "memref::MemRefDialect", "nvgpu::NVGPUDialect",
                           "vector::VectorDialect"];
}

def GemmStageUnalignedOperands : Pass<"gemm-stage-unaligned-operands"> {
  let summary = "Give launches 16-byte-aligned padded copies of the 2-D "
                "operands they only read";
  let description = [{
    For every `gpu.launch`, every static 2-D memref of 2- or 4-byte
    elements that the body only reads (loads, vector loads and transfers,
    async copies from it) and whose rows are not a multiple of 16 bytes
    (e.g. K = 777 in f16) is copied first, by one copy kernel before the
    launch, into a scratch buffer whose rows are padded with zeros to whole
    16-byte chunks; the body reads the logical extent through a strided
    view of the copy, so that 16-byte vector loads, cp.async and TMA work
    on it (the padded staging route of the `vector` and `wgmma` rungs).
    The scratch buffers are deallocated after the launch. Operands the
    body writes, or passes to anything else, are left as they are.
  }];
  let dependentDialects = ["arith::ArithDialect", "gpu::GPUDialect",
                           "memref::MemRefDialect", "scf::SCFDialect",
                           "vector::VectorDialect"];
}

def GemmMultiBufferRing : Pass<"gemm-multi-buffer-ring"> {
  let summary = "Turn tile copies into workgroup buffers in scf.for loops of "
                "launches into an N-stage cp.async ring";
  let description = [{
    For every `scf.for` in a `gpu.launch` whose body copies tiles from
    global memory into workgroup (shared) buffers (vector loads/stores,
    vector transfers or element loads/stores of 4, 8 or 16 bytes), followed
    by a `gpu.barrier` and code reading the buffers: each buffer gets
    `stages` slots, the copies become `nvgpu.device_async_copy` committed as
    one group per iteration, and the loop is software-pipelined (upstream
    `memref::multiBuffer`, `nvgpu::createAsyncGroups`,
    `scf::pipelineForLoop`): a prologue issues the first `stages - 1`
    iterations' copies, each iteration waits for its own group
    (`nvgpu.device_async_wait` with `stages - 2` groups left pending) before
    the barrier and issues the copies `stages - 1` iterations ahead after
    its compute, zero-filling past the end of the loop (ladder rung
    `multibuffer` builds the same ring). A loop of another form (copies
    without a barrier after them, buffers used outside the loop, a
    `memref.copy`, copies whose indices depend on loop-carried values, ...)
    gets an error at the op.
  }];
  let options = [
    Option<"stages", "stages", "int64_t", /*default=*/"3",
           "Slots per buffer, i.e. iterations in flight (at least 2)">,
  ];
  let dependentDialects = ["affine::AffineDialect", "arith::ArithDialect",
                           "gpu::GPUDialect", "memref::MemRefDialect",
                           "nvgpu::NVGPUDialect", "scf::SCFDialect",
                           "vector::VectorDialect"];
}

def GemmSplitK : Pass<"gemm-split-k"> {
  let summary = "Split the K loop of matmul launches over grid z, with a "
                "deterministic reduction launch after them";
  let description = [{
    For every `gpu.launch` (untagged, or a `matmul` kernel of the ladder)
    that computes C = A*B or C += A*B with one K loop (an `scf.for` whose f32
    accumulators start from 0.0 or from the element of C they are stored
    to, and are stored to C right after the loop, possibly narrowed): the
    grid gets `splits` blocks along z (which must be 1), block z runs its
    share of the K iterations from zero and stores f32 partials to a
    scratch buffer allocated before the launch (`memref.alloc`: a manifest
    scratch buffer), and a second launch sums the partials in split order
    (results never depend on timing) into C, adding C's old value when the
    loop started from it. It is the split-K of ladder rung `warptile`, and
    builds the same reduction kernel. Launches of another form get an error
    at the op.
  }];
  let options = [
    Option<"splits", "splits", "int64_t", /*default=*/"2",
           "Slices of the K range (at least 2)">,
  ];
  let dependentDialects = ["arith::ArithDialect", "gpu::GPUDialect",
                           "memref::MemRefDialect", "scf::SCFDialect",
                           "vector::VectorDialect"];
}

#endif // GEMM_OPT_TRANSFORMS_GPU_PASSES
