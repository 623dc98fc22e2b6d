//===- SimtGemmPlan.cpp - The plan of a SIMT matmul kernel ----------------===//

#include "gemm-opt/Transforms/Gemm/Simt/SimtGemm.h"
#include "gemm-opt/Transforms/Emit/PaddedStaging.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinAttributes.h"

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

std::string SimtGemmPlan::validate(const ChipInfo &chip) const {
  auto s = [](int64_t v) { return std::to_string(v); };
  for (auto [name, v] : {std::pair<const char *, int64_t>{"block-m", bm},
                         {"block-n", bn}, {"block-k", bk}, {"thread-m", tm},
                         {"thread-n", tn}, {"warp-m", wm}, {"warp-n", wn},
                         {"fragment-m", fragM}, {"fragment-n", fragN},
                         {"stages", stages}})
    if (v < 1)
      return std::string(name) + "=" + s(v) + " must be at least 1";
  if (bm % tm || bn % tn)
    return "block tile " + s(bm) + "x" + s(bn) +
           " is not divisible by the thread tile " + s(tm) + "x" + s(tn);
  if (tm * tn > 128)
    return "thread tile " + s(tm) + "x" + s(tn) +
           " needs more than 128 accumulator registers per thread";
  int64_t t = threads();
  if (t % 32)
    return s(t) + " threads per block is not a multiple of the warp size 32";
  if (t > chip.maxThreadsPerBlock)
    return s(t) + " threads per block exceed the limit of " +
           s(chip.maxThreadsPerBlock);
  if (wm % tm || wn % tn || (wm / tm) * (wn / tn) != 32)
    return "warp tile " + s(wm) + "x" + s(wn) + " with thread tile " + s(tm) +
           "x" + s(tn) + " does not give 32 lanes per warp";
  if (bm % wm || bn % wn)
    return "block tile " + s(bm) + "x" + s(bn) +
           " is not divisible by the warp tile " + s(wm) + "x" + s(wn);
  if (tm % fragM || tn % fragN)
    return "thread tile " + s(tm) + "x" + s(tn) +
           " is not divisible by the fragment " + s(fragM) + "x" + s(fragN);
  if ((bm * bk) % t || (bk * bn) % t)
    return "tiles A " + s(bm) + "x" + s(bk) + " and B " + s(bk) + "x" + s(bn) +
           " cannot be split evenly over " + s(t) + " threads";
  if (vectorWidth != 1 && vectorWidth != 4)
    return "vector width " + s(vectorWidth) + " must be 1 or 4";
  if (aPad < 0 || bPad < 0 || aPad > 32 || bPad > 32)
    return "shared-memory padding must be in [0, 32]";
  if (bXorMask != 0 && bXorMask != 1 && bXorMask != 3 && bXorMask != 7)
    return "B swizzle mask " + s(bXorMask) + " must be 0, 1, 3 or 7";
  if (bXorMask && bCols() % 32)
    return "the B swizzle needs shared rows of a multiple of 32 elements, got " +
           s(bCols());
  if (stages > 8)
    return "stages=" + s(stages) + " must be at most 8";
  if (splitK < 1 || splitK > 64)
    return "split-k=" + s(splitK) + " must be in [1, 64]";
  if (stages > 1 && !chip.hasCpAsync())
    return "stages=" + s(stages) + " needs cp.async (sm_80 or later); chip " +
           chip.name.str() + " has none";
  if (registerPrefetch && stages > 1)
    return "register-prefetch is for one shared-memory stage (stages=" +
           s(stages) + " prefetches with cp.async)";
  return checkKernelLimits(maxRegs, groupM, sharedBytes(), chip);
}

DictionaryAttr SimtGemmPlan::toAttr(MLIRContext *ctx) const {
  Builder b(ctx);
  NamedAttrList l;
  auto i = [&](StringRef k, int64_t v) { l.append(k, b.getI64IntegerAttr(v)); };
  i("bm", bm);
  i("bn", bn);
  i("bk", bk);
  i("tm", tm);
  i("tn", tn);
  i("wm", wm);
  i("wn", wn);
  i("frag_m", fragM);
  i("frag_n", fragN);
  i("vector", vectorWidth);
  l.append("a_transposed", b.getBoolAttr(aTransposed));
  i("a_pad", aPad);
  i("b_pad", bPad);
  i("b_xor", bXorMask);
  i("stages", stages);
  l.append("warp_tiled", b.getBoolAttr(warpTiled));
  i("max_regs", maxRegs);
  i("group_m", groupM);
  l.append("read_only", b.getBoolAttr(readOnly));
  if (splitK != 1)
    i("split_k", splitK);
  if (pipelineEdges)
    l.append("pipeline_edges", b.getBoolAttr(true));
  if (registerPrefetch)
    l.append("register_prefetch", b.getBoolAttr(true));
  if (!programmaticReduction)
    l.append("programmatic_reduction", b.getBoolAttr(false));
  if (stageA)
    l.append("staged_a", b.getBoolAttr(true));
  if (stageB)
    l.append("staged_b", b.getBoolAttr(true));
  return l.getDictionary(ctx);
}

FailureOr<SimtGemmPlan> SimtGemmPlan::fromAttr(DictionaryAttr attr) {
  if (!attr)
    return failure();
  SimtGemmPlan p;
  bool ok = true;
  // Required keys fail the parse when absent; optional ones (plans written
  // before these knobs existed, or written only when set) keep the default.
  auto i = [&](StringRef k, int64_t &v, bool required = true) {
    auto a = attr.getAs<IntegerAttr>(k);
    ok &= a || !required;
    if (a)
      v = a.getInt();
  };
  auto f = [&](StringRef k, bool &v, bool required = true) {
    auto a = attr.getAs<BoolAttr>(k);
    ok &= a || !required;
    if (a)
      v = a.getValue();
  };
  i("bm", p.bm);
  i("bn", p.bn);
  i("bk", p.bk);
  i("tm", p.tm);
  i("tn", p.tn);
  i("wm", p.wm);
  i("wn", p.wn);
  i("frag_m", p.fragM);
  i("frag_n", p.fragN);
  i("vector", p.vectorWidth);
  f("a_transposed", p.aTransposed);
  i("a_pad", p.aPad);
  i("b_pad", p.bPad);
  i("b_xor", p.bXorMask);
  i("stages", p.stages);
  f("warp_tiled", p.warpTiled);
  const bool optional = false;
  i("max_regs", p.maxRegs, optional);
  i("group_m", p.groupM, optional);
  f("read_only", p.readOnly, optional);
  i("split_k", p.splitK, optional);
  f("pipeline_edges", p.pipelineEdges, optional);
  f("register_prefetch", p.registerPrefetch, optional);
  f("programmatic_reduction", p.programmaticReduction, optional);
  f("staged_a", p.stageA, optional);
  f("staged_b", p.stageB, optional);
  if (!ok)
    return failure();
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
  if (plan.splitK > 1 && plan.splitK > fullTiles)
    return "split-k=" + s(plan.splitK) + " exceeds the " + s(fullTiles) +
           " full K tiles of K=" + s(p.k) + " with block-k=" + s(plan.bk);
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
  DictionaryAttr dict =
      func ? func->getAttrOfType<DictionaryAttr>(kProblemAttr) : nullptr;
  auto integer = [&](StringRef k) -> int64_t {
    auto a = dict ? dict.getAs<IntegerAttr>(k) : nullptr;
    return a ? a.getInt() : -1;
  };
  GemmProblem p;
  p.m = integer("m");
  p.n = integer("n");
  p.k = integer("k");
  int64_t beta = integer("beta");
  if (!dict || p.m < 1 || p.n < 1 || p.k < 1 || beta < 0)
    return launch.emitError("matmul kernel without a valid ")
           << kProblemAttr << " attribute on its function";
  p.accumulate = beta != 0;

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
  for (Value v : captured) {
    Value root = getRootBuffer(v);
    if (!root || root != v)
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
  }
  if (!p.a || !p.b || !p.c)
    return launch.emitError("cannot find the A, B and C buffers of the "
                            "matmul kernel (gemm_opt.role attributes)");
  auto shapeOf = [](Value v) { return cast<MemRefType>(v.getType()).getShape(); };
  if (shapeOf(p.a) != ArrayRef<int64_t>{p.m, p.k} ||
      shapeOf(p.b) != ArrayRef<int64_t>{p.k, p.n} ||
      shapeOf(p.c) != ArrayRef<int64_t>{p.m, p.n})
    return launch.emitError("buffer shapes do not match ") << kProblemAttr;
  p.aType = cast<MemRefType>(p.a.getType()).getElementType();
  p.bType = cast<MemRefType>(p.b.getType()).getElementType();
  p.cType = cast<MemRefType>(p.c.getType()).getElementType();
  return p;
}
