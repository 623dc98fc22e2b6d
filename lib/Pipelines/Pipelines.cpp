//===- Pipelines.cpp - Stage pipelines from linalg to PTX -----------------===//

#include "gemm-opt/Pipelines/Pipelines.h"
#include "AssignTargetPass.h"
#include "StageRungsPass.h"
#include "gemm-opt/Support/TuningDb.h"
#include "gemm-opt/Transforms/Analysis/ChipInfo.h"
#include "gemm-opt/Transforms/Analysis/ModuleTarget.h"
#include "gemm-opt/Transforms/Gpu/GpuTransforms.h"
#include "gemm-opt/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::gemm_opt;

bool mlir::gemm_opt::isSupportedChip(StringRef chip) {
  // PTX 8.0 (what we ask the NVVM target for) covers these.
  return lookupChipInfo(chip) != nullptr;
}

void mlir::gemm_opt::addLowerToPtxPasses(OpPassManager &pm, StringRef chip) {
  // Row tiles of a long M and batch entries past grid y's and z's 65535.
  pm.addPass(createGemmLinearizeLaunchGrids());
  pm.addPass(createGpuLaunchSinkIndexComputationsPass());
  // Outlining drops the launches' problems; the manifest needs them.
  pm.addPass(createGemmKeepKernelProblems());
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(createGemmMergeGpuModules());
  pm.addPass(createGemmApplyKernelAttributes());

  OpPassManager &gpuPm = pm.nest<gpu::GPUModuleOp>();
  gpuPm.addPass(createCanonicalizerPass());
  gpuPm.addPass(createCSEPass());
  gpuPm.addPass(createConvertNVGPUToNVVMPass());
  gpuPm.addPass(createSCFToControlFlowPass());
  gpuPm.addPass(memref::createExpandStridedMetadataPass());
  gpuPm.addPass(createLowerAffinePass());
  ConvertGpuOpsToNVVMOpsOptions toNvvm;
  // One pointer per memref: kernels see static shapes, and the manifest
  // describes each buffer by one `.u64` parameter.
  toNvvm.useBarePtrCallConv = true;
  gpuPm.addPass(createConvertGpuOpsToNVVMOps(toNvvm));
  // Dynamic shared memory after the static variables (mbarriers), not
  // among them.
  gpuPm.addPass(createGemmExternDynamicSharedMemory());
  gpuPm.addPass(createConvertNVVMToLLVMPass());
  gpuPm.addPass(createReconcileUnrealizedCastsPass());

  // The module's target as written, else the one built for `chip`.
  GemmAttachTargetOptions target;
  target.chip = chip.str();
  pm.addPass(createGemmAttachTarget(target));
  GpuModuleToBinaryPassOptions toBinary;
  toBinary.compilationTarget = "isa";
  pm.addPass(createGpuModuleToBinaryPass(toBinary));
}

LogicalResult mlir::gemm_opt::buildCompilePipeline(OpPassManager &pm,
                                                   const CompileOptions &opts,
                                                   std::string &error) {
  const StageInfo *stage = lookupStage(opts.stage);
  if (!stage) {
    error = "unknown stage '" + opts.stage + "'; known stages: " +
            listStageNames();
    return failure();
  }
  // The chip asked for is checked now; a target the module names, when the
  // pipeline runs (gemm-assign-target).
  std::string asked = opts.chip.empty() ? kDefaultChip.str() : opts.chip;
  if (!isSupportedChip(asked)) {
    error = "unsupported chip '" + asked + "'; expected one of " +
            listSupportedChips();
    return failure();
  }
  FailureOr<std::string> chip = resolveStageChip(*stage, asked, error);
  if (failed(chip))
    return failure();
  pm.addPass(createAssignTargetPass(stage->name, opts.chip));
  pm.addPass(createGemmUnshareInits());
  pm.addPass(createGemmSpecializeContractions());
  pm.addPass(createGemmVectorProductsAsMatmuls());
  // Before and after the transposes: a scale of a transposed operand, or
  // a transpose of a scaled one.
  pm.addPass(createGemmFoldOperandScales());
  pm.addPass(createGemmFoldOperandTransposes());
  pm.addPass(createGemmFoldResultTransposes());
  pm.addPass(createGemmFoldOperandExtensions());
  // Before the epilogue fusion, which would make the extension of
  // attention's scores to f32 the scores kernel's last step (an f32 S in
  // memory): the softmax reads the 16-bit S instead.
  pm.addPass(createGemmFoldSoftmaxCasts());
  pm.addPass(createGemmFoldOperandScales());
  pm.addPass(createGemmInitToEpilogue());
  pm.addPass(createGemmSpecializeDynamicDims());
  pm.addPass(createGemmFuseEpilogueChains());
  pm.addPass(createGemmRecomputeSharedMatmuls());
  pm.addPass(createGemmStackGroupedHeads());
  pm.addPass(createGemmFoldGroupedRepeats());
  pm.addPass(createGemmVerifyInput());
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  pm.addPass(createGemmReturnWholeAllocations());
  // A function of several ops: one function per op, so that every rung
  // and the manifest see functions of one op.
  pm.addPass(createGemmOutlineKernelOps());
  // From here on every pass reads the module's target; only the companion
  // stage of a function of several ops is chosen now, for the chip asked
  // (gemm-stage-rungs checks it against the target).
  CompileOptions rungOptions = opts;
  rungOptions.chip = *chip;
  addStageRungPasses(pm, *stage, rungOptions);
  pm.addPass(createGemmMergeDynamicVariants());
  addLowerToPtxPasses(pm, "");
  // Also without output files (checkKernels): the kernels are described
  // and checked as the manifest would be, so that a compile does not
  // succeed on what a written manifest refuses.
  if (!opts.checkKernels && opts.ptxFile.empty() && opts.manifestFile.empty())
    return success();
  GemmEmitKernelsOptions emit;
  emit.ptxFile = opts.ptxFile;
  emit.manifestFile = opts.manifestFile;
  emit.stage = opts.stage;
  pm.addPass(createGemmEmitKernels(emit));
  return success();
}

namespace {
/// Options of `gemm-compile`; the per-stage pipelines take the same minus
/// `stage`.
struct CompilePipelineOptions
    : public PassPipelineOptions<CompilePipelineOptions> {
  Option<std::string> stage{*this, "stage",
                            llvm::cl::desc("Ladder stage to compile")};
  Option<std::string> chip{
      *this, "chip",
      llvm::cl::desc("Target chip (default: the module's gemm_opt.target, "
                     "else sm_90; one that disagrees with it is an error)")};
  Option<std::string> ptxFile{*this, "ptx-file",
                              llvm::cl::desc("Write the PTX here")};
  Option<std::string> manifestFile{
      *this, "manifest-file",
      llvm::cl::desc("Write the JSON launch manifest here")};
  Option<bool> allowTf32{
      *this, "allow-tf32",
      llvm::cl::desc("Let the mma and wgmma rungs compute f32 matmuls in TF32"),
      llvm::cl::init(false)};
  Option<int64_t> smallM{
      *this, "small-m",
      llvm::cl::desc("The mma rung's small-m: kernels that stream B once "
                     "for few rows of A (-1 heuristic, 0 never, 1 always)"),
      llvm::cl::init(-1)};
  Option<std::string> tuningDb{
      *this, "tuning-db",
      llvm::cl::desc("The mma and wgmma rungs' tuning database (JSON lines, "
                     "gemm-run --tune): measured plans before the "
                     "heuristics; 'default' = the committed one (H200, "
                     "H100), '' = none"),
      llvm::cl::init(std::string(::gemm_opt::tuning::kDefaultTuningDb))};
  Option<bool> tuningDbStrict{
      *this, "tuning-db-strict",
      llvm::cl::desc("A tuning database plan that does not apply is an "
                     "error, not the heuristics"),
      llvm::cl::init(false)};
  Option<std::string> tuningDevice{
      *this, "tuning-device",
      llvm::cl::desc("The GPU the kernels are for, as CUDA names it (e.g. "
                     "'NVIDIA H100 80GB HBM3'): the tuning database's "
                     "entries measured on it before other GPUs' ('' = the "
                     "H200, the reference)")};
};
} // namespace

/// Registers one pipeline whose stage is either fixed or an option.
static void registerCompilePipeline(StringRef arg, StringRef description,
                                    std::optional<std::string> fixedStage) {
  registerPassPipeline(
      arg, description,
      [fixedStage](OpPassManager &pm, StringRef optionsStr,
                   function_ref<LogicalResult(const Twine &)> errorHandler) {
        CompilePipelineOptions options;
        if (failed(options.parseFromString(optionsStr)))
          return failure();
        CompileOptions compile;
        compile.stage = fixedStage ? *fixedStage : options.stage.getValue();
        if (fixedStage && !options.stage.getValue().empty() &&
            options.stage.getValue() != *fixedStage)
          return errorHandler("this pipeline compiles stage '" + *fixedStage +
                              "'; use gemm-compile to choose another");
        compile.chip = options.chip;
        compile.ptxFile = options.ptxFile;
        compile.manifestFile = options.manifestFile;
        compile.allowTf32 = options.allowTf32;
        compile.smallM = options.smallM;
        compile.tuningDb = options.tuningDb;
        compile.tuningDbStrict = options.tuningDbStrict;
        compile.tuningDevice = options.tuningDevice;
        std::string error;
        if (failed(buildCompilePipeline(pm, compile, error)))
          return errorHandler(error);
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)> optHandler) {
        optHandler(CompilePipelineOptions());
      });
}

namespace {
/// Options of `gemm-lower-to-ptx`.
struct LowerToPtxPipelineOptions
    : public PassPipelineOptions<LowerToPtxPipelineOptions> {
  Option<std::string> chip{
      *this, "chip",
      llvm::cl::desc("Target chip (default: the module's gemm_opt.target, "
                     "else sm_90; one that disagrees with it is an error)")};
};
} // namespace

void mlir::gemm_opt::registerGemmOptPipelines() {
  registerStageRungsPass();
  registerAssignTargetPass();
  // The lowering half of every stage pipeline, so that a textual pipeline
  // can compose rung passes with any options:
  //   builtin.module(gemm-verify-input, one-shot-bufferize{...},
  //     func.func(gemm-naive, ..., gemm-multi-buffer{stages=4}),
  //     gemm-lower-to-ptx{chip=sm_90}, gemm-emit-kernels{...})
  registerPassPipeline(
      "gemm-lower-to-ptx",
      "Outline the GPU kernels of a bufferized module and compile them to "
      "PTX in a gpu.binary (for the module's gemm_opt.target, else chip, "
      "default sm_90); the rung passes must have run",
      [](OpPassManager &pm, StringRef optionsStr,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        LowerToPtxPipelineOptions options;
        if (failed(options.parseFromString(optionsStr)))
          return failure();
        if (!options.chip.empty() && !isSupportedChip(options.chip))
          return errorHandler("unsupported chip '" + options.chip.getValue() +
                              "'; expected one of " + listSupportedChips());
        addLowerToPtxPasses(pm, options.chip);
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)> optHandler) {
        optHandler(LowerToPtxPipelineOptions());
      });
  registerCompilePipeline(
      "gemm-compile",
      "Compile linalg.matmul to PTX through a ladder stage (stage=..., "
      "chip=sm_90 or the module's gemm_opt.target, ptx-file=..., "
      "manifest-file=...)",
      std::nullopt);
  for (const StageInfo &stage : getStages()) {
    static llvm::StringMap<std::string> argNames, descriptions;
    std::string &arg = argNames[stage.name];
    arg = ("gemm-stage-" + stage.name).str();
    std::string &desc = descriptions[stage.name];
    desc = ("Compile to PTX through ladder stage '" + stage.name +
            "': " + stage.change)
               .str();
    registerCompilePipeline(arg, desc, stage.name.str());
  }
}
