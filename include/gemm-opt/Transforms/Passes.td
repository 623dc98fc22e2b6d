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

def GemmVerifyInput : Pass<"gemm-verify-input", "ModuleOp"> {
  let summary = "Check that the input is something gemm-opt can compile";
  let description = [{
    Accepts `func.func`s whose bodies hold one `linalg.matmul` (optionally
    initialised by a `linalg.fill`) on static, non-empty memrefs or tensors,
    with f32 operands, or f16/bf16 operands accumulating into f32 (or the
    operand type). Anything else gets an error at the offending operation, so
    later passes may assume a well-formed problem.
  }];
  let dependentDialects = ["linalg::LinalgDialect"];
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
    Option<"blockDim", "block-dim", "int64_t", /*default=*/"32",
           "Threads per block along each of x and y (block-dim^2 <= 1024)">,
  ];
  let dependentDialects = [
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
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90\"",
           "Chip recorded in the manifest">,
  ];
}

#endif // GEMM_OPT_TRANSFORMS_PASSES
