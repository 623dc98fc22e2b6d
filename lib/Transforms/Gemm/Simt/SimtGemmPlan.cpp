//===- SimtGemmPlan.cpp - The plan of a SIMT matmul kernel ----------------===//

#include "gemm-opt/Transforms/Gemm/Simt/SimtGemm.h"
#include "gemm-opt/Transforms/Dispatch/DynamicVariants.h"
#include "gemm-opt/Support/EpilogueVocabulary.h"
#include "gemm-opt/Transforms/Emit/PaddedStaging.h"
#include "gemm-opt/Transforms/Emit/TransposedCopy.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::gemm_opt;

void SimtGemmPlan::setNaturalLayout() {
  int64_t perRow = tn > 0 ? bn / tn : 0;
  if (perRow >= 32) {
    wm = tm;
    wn = 32 * tn;
  } else {
    wn = bn;
    wm = perRow > 0 ? (32 / perRow) * tm : 0;
  }
  fragM = tm;
  fragN = tn;
  warpTiled = false;
}

/// Calls `fn` with the plan's fields in the attribute's parameter order
/// (GemmOptAttrs.td): the one place that lists them.
template <typename Fn>
static auto withFields(const SimtGemmPlan &p, Fn &&fn) {
  return fn(p.aPad, p.aTransposed, p.bPad, p.bXorMask, p.bk, p.bm, p.bn,
            p.fragM, p.fragN, p.groupM, p.maxRegs, p.pipelineEdges,
            p.programmaticReduction, p.readOnly, p.registerPrefetch, p.splitK,
            p.stageA, p.stageB, p.stages, p.tm, p.tn, p.vectorWidth,
            p.warpTiled, p.wm, p.wn);
}

std::string SimtGemmPlan::validate(const ChipInfo &chip) const {
  auto s = [](int64_t v) { return std::to_string(v); };
  // Checked first, as before the rules were shared with the attribute.
  if (tm >= 1 && tn >= 1 && threads() > chip.maxThreadsPerBlock)
    return s(threads()) + " threads per block exceed the limit of " +
           s(chip.maxThreadsPerBlock);
  std::string why =
      withFields(*this, [](auto... f) { return checkSimtPlan(f...); });
  if (!why.empty())
    return why;
  if (stages > 1 && !chip.hasCpAsync())
    return "stages=" + s(stages) + " needs cp.async (sm_80 or later); chip " +
           chip.name.str() + " has none";
  return checkKernelLimits(maxRegs, groupM, sharedBytes(), chip);
}

SimtPlanAttr SimtGemmPlan::toAttr(MLIRContext *ctx) const {
  return withFields(*this,
                    [&](auto... f) { return SimtPlanAttr::get(ctx, f...); });
}

SimtGemmPlan SimtGemmPlan::fromAttr(SimtPlanAttr a) {
  SimtGemmPlan p;
  p.bm = a.getBm();
  p.bn = a.getBn();
  p.bk = a.getBk();
  p.tm = a.getTm();
  p.tn = a.getTn();
  p.wm = a.getWm();
  p.wn = a.getWn();
  p.fragM = a.getFragM();
  p.fragN = a.getFragN();
  p.vectorWidth = a.getVector();
  p.aTransposed = a.getATransposed();
  p.aPad = a.getAPad();
  p.bPad = a.getBPad();
  p.bXorMask = a.getBXor();
  p.stages = a.getStages();
  p.warpTiled = a.getWarpTiled();
  p.maxRegs = a.getMaxRegs();
  p.groupM = a.getGroupM();
  p.readOnly = a.getReadOnly();
  p.splitK = a.getSplitK();
  p.programmaticReduction = a.getProgrammaticReduction();
  p.pipelineEdges = a.getPipelineEdges();
  p.registerPrefetch = a.getRegisterPrefetch();
  p.stageA = a.getStagedA();
  p.stageB = a.getStagedB();
  return p;
}

std::string SimtGemmPlan::str() const {
  auto s = [](int64_t v) { return std::to_string(v); };
  return "block " + s(bm) + "x" + s(bn) + "x" + s(bk) + ", thread " + s(tm) +
         "x" + s(tn) + ", warp " + s(wm) + "x" + s(wn) + ", " + s(threads()) +
         " threads, vector " + s(vectorWidth) +
         (aTransposed ? ", A transposed" : "") + ", pad " + s(aPad) + "/" +
         s(bPad) + ", xor " + s(bXorMask) + ", stages " + s(stages) +
         ", shared " + s(sharedBytes()) + " B" +
         (maxRegs ? ", max " + s(maxRegs) + " regs" : "") +
         (groupM > 1 ? ", group " + s(groupM) : "") +
         (readOnly ? ", read-only A/B" : "") +
         (pipelineEdges ? ", pipelined edges" : "") +
         (registerPrefetch ? ", register prefetch" : "") +
         (splitK > 1 ? ", split-K " + s(splitK) : "") +
         (splitK > 1 && !programmaticReduction ? " (plain launch)" : "") +
         (stageA || stageB ? std::string(", padded copies of ") +
                                 (stageA ? (stageB ? "A and B" : "A") : "B")
                           : "");
}

std::string mlir::gemm_opt::validateForProblem(const SimtGemmPlan &plan,
                                               const GemmProblem &p) {
  auto s = [](int64_t v) { return std::to_string(v); };
  int64_t fullTiles = p.k / plan.bk;
  if (plan.splitK > 1 && p.isBatched())
    return "split-k=" + s(plan.splitK) +
           ": a batched matmul's grid z holds the batch, not K splits";
  if (plan.splitK > 1 && plan.splitK > fullTiles)
    return "split-k=" + s(plan.splitK) + " exceeds the " + s(fullTiles) +
           " full K tiles of K=" + s(p.k) + " with block-k=" + s(plan.bk);
  bool runtimeSizes = p.dynamicM() || p.dynamicExtents();
  if (runtimeSizes && (plan.splitK > 1 || plan.stageA || plan.stageB))
    return "split-k and padded staging (stage-a/stage-b) need static sizes; "
           "this variant takes M, N or K at run time";
  if (plan.stageA || plan.stageB) {
    if (!p.aType.isF32() || !p.bType.isF32())
      return "padded staging (stage-a/stage-b) needs f32 operands";
    if (plan.stageA && p.k % 4 == 0)
      return "stage-a: the rows of A (K=" + s(p.k) +
             ") are already 16-byte aligned";
    if (plan.stageB && p.n % 4 == 0)
      return "stage-b: the rows of B (N=" + s(p.n) +
             ") are already 16-byte aligned";
  }
  return "";
}

SmallVector<gpu::LaunchOp>
mlir::gemm_opt::findMatmulAuxLaunches(func::FuncOp func) {
  SmallVector<gpu::LaunchOp> launches = findKernels(func, kPaddedStagingKind);
  llvm::append_range(launches, findKernels(func, kTransposedCopyKind));
  llvm::append_range(launches, findKernels(func, kTransposedCopyAKind));
  llvm::append_range(launches, findKernels(func, kSplitKReduceKind));
  return launches;
}

void mlir::gemm_opt::eraseMatmulAuxLaunches(ArrayRef<gpu::LaunchOp> launches) {
  SetVector<Operation *> scratch = collectScratchBuffers(launches);
  for (gpu::LaunchOp launch : launches)
    launch.erase();
  eraseUnusedScratchBuffers(scratch.getArrayRef());
}

FailureOr<GemmProblem> mlir::gemm_opt::recoverGemmProblem(gpu::LaunchOp launch) {
  auto func = launch->getParentOfType<func::FuncOp>();
  auto recorded = launch->getAttrOfType<MatmulProblemAttr>(kProblemAttr);
  if (!recorded)
    return launch.emitError("matmul kernel without a ")
           << kProblemAttr << " = #gemm_opt.matmul<...> attribute";
  GemmProblem p;
  p.m = recorded.getM();
  p.n = recorded.getN();
  p.k = recorded.getK();
  p.accumulate = recorded.getAccumulate();
  setRuntimeSizes(p, func);
  p.transposeA = recorded.getTransposeA();
  p.transposeB = recorded.getTransposeB();

  // The buffers: memrefs defined outside the launch, by their role.
  // A split-K kernel writes partials to scratch (C is in its reduction), a
  // staged one reads padded copies (A and B are in the copy kernel).
  llvm::SetVector<Value> captured;
  SmallVector<gpu::LaunchOp> kernels = {launch};
  if (func)
    llvm::append_range(kernels, findMatmulAuxLaunches(func));
  for (gpu::LaunchOp k : kernels)
    k.getBody().walk([&](Operation *op) {
      for (Value v : op->getOperands())
        if (isa<MemRefType>(v.getType()) &&
            !k.getBody().isAncestor(v.getParentRegion()))
          captured.insert(v);
    });
  EpilogueAttr epilogue = recorded.getEpilogue();
  SmallVector<Value> epilogueOperands(epilogue ? epilogue.getNumOperands() : 0);
  for (Value v : captured) {
    // A buffer, or a reshape of one (a batch of several dimensions).
    Value root = getViewedRootBuffer(v);
    if (!root)
      continue;
    StringAttr role;
    if (auto arg = dyn_cast<BlockArgument>(root))
      role = func.getArgAttrOfType<StringAttr>(arg.getArgNumber(), kRoleAttr);
    else
      role = root.getDefiningOp()->getAttrOfType<StringAttr>(kRoleAttr);
    if (!role)
      continue;
    if (role.getValue() == "A")
      p.a = v;
    else if (role.getValue() == "B")
      p.b = v;
    else if (role.getValue() == "C")
      p.c = v;
    else if (int i = ::gemm_opt::epilogue::operandIndex(role.getValue());
             i >= 0 && static_cast<size_t>(i) < epilogueOperands.size())
      epilogueOperands[i] = v;
  }
  p.epilogue = recorded.getEpilogue();
  if (llvm::is_contained(epilogueOperands, Value()))
    return launch.emitError("cannot find the epilogue operands E0..E")
           << epilogueOperands.size() - 1
           << " of the matmul kernel (gemm_opt.role attributes)";
  p.epilogueOperands.assign(epilogueOperands.begin(), epilogueOperands.end());
  if (!p.a || !p.b || !p.c)
    return launch.emitError("cannot find the A, B and C buffers of the "
                            "matmul kernel (gemm_opt.role attributes)");
  p.batch = recorded.getBatch();
  p.sharedB = recorded.getSharedB();
  p.bGroup = recorded.getBGroup();
  p.cHeads = recorded.getCHeads();
  // A batch_matmul's buffers are 3-D, batch first (batch 1 included); a
  // grouped B has an entry per group of entries.
  auto fits = [&](Value v, ArrayRef<int64_t> shape) {
    ArrayRef<int64_t> s = cast<MemRefType>(v.getType()).getShape();
    if (v == p.b && p.sharedB)
      return s == shape;
    int64_t entries = v == p.b ? p.batch / p.bGroup : p.batch;
    if (s.size() == 3)
      return s.front() == entries && s.drop_front() == shape;
    return p.batch == 1 && s == shape;
  };
  // C of heads (attention's output transposed): [batch / h, m, h, n].
  auto fitsC = [&] {
    int64_t h = p.cHeads;
    return h > 1 ? cast<MemRefType>(p.c.getType()).getShape() ==
                       ArrayRef<int64_t>{p.batch / h, p.m, h, p.n}
                 : fits(p.c, {p.m, p.n});
  };
  if (!fits(p.a, p.storedShapeA()) || !fits(p.b, p.storedShapeB()) || !fitsC())
    return launch.emitError("buffer shapes do not match ") << recorded;
  if (epilogue)
    for (EpilogueStepAttr step : epilogue.getSteps()) {
      if (step.getOperand() < 0)
        continue;
      Value e = p.epilogueOperands[step.getOperand()];
      ArrayRef<int64_t> s = cast<MemRefType>(e.getType()).getShape();
      StringRef bc = step.getBroadcast();
      // A group or cycle of matrices: [batch / span] or [span] of them; a
      // vector per group of entries: [batch / span] of them, read in turn:
      // [span].
      int64_t span = step.getSpan();
      int64_t entries = bc == "cycle" || step.getCycle() ? span
                        : span                           ? p.batch / span
                                                         : 0;
      auto vector = [&](int64_t extent) {
        return span ? SmallVector<int64_t>{entries, extent}
                    : SmallVector<int64_t>{extent};
      };
      if (bc == "col"     ? s != ArrayRef<int64_t>(vector(p.n))
          : bc == "row"   ? s != ArrayRef<int64_t>(vector(p.m))
          : bc == "batch" ? s != ArrayRef<int64_t>{p.m, p.n}
          : entries       ? s != ArrayRef<int64_t>{entries, p.m, p.n}
                          : !fits(e, {p.m, p.n}))
        return launch.emitError("epilogue operand E")
               << step.getOperand() << " does not match " << recorded;
    }
  p.aType = cast<MemRefType>(p.a.getType()).getElementType();
  p.bType = cast<MemRefType>(p.b.getType()).getElementType();
  p.cType = cast<MemRefType>(p.c.getType()).getElementType();
  if (p.aType != recorded.getA() || p.bType != recorded.getB() ||
      p.cType != recorded.getC())
    return launch.emitError("buffer element types do not match ") << recorded;
  return p;
}
