//===- SplitK.cpp - Split-K of a matmul launch, deterministic reduction ---===//
//
// The warptile rung's split-K as a transformation of any matmul launch of
// the form
//
//   gpu.launch ... {
//     %init = arith.constant 0.0 (C = A*B) | memref.load %C[%i, %j] (C +=)
//     %acc = scf.for %k = lb to ub step s iter_args(%a = %init) {...}
//     memref.store %acc, %C[%i, %j]
//   }
//
// (one or more f32 accumulators, each stored once to the same C, possibly
// narrowed by arith.truncf and loaded by arith.extf). The grid gets S
// blocks along z; block z runs the K iterations [z*T/S, (z+1)*T/S) of the T
// the loop had, from zero, and stores its f32 partial to row z*M + i of a
// scratch buffer (a memref.alloc of the host function, which the manifest
// lists as scratch). The shared split-K reduction (Emit/SplitKReduction.h)
// launched after it sums the partials in split order and writes C, adding
// C's old value when the loop started from it: the same result whatever
// order the blocks ran in.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Emit/SplitKReduction.h"
#include "gemm-opt/Transforms/Gpu/GpuTransforms.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMSPLITK
#include "gemm-opt/Transforms/Gpu/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {
/// One accumulator of the K loop: its final store to C and, when the loop
/// starts from C's element, the load of it.
struct Accumulator {
  unsigned index;
  memref::StoreOp store;
  memref::LoadOp initLoad;
};

/// The K loop of a launch and what it computes.
struct KLoop {
  scf::ForOp loop;
  Value c;
  SmallVector<Accumulator> accumulators;
  bool accumulate = false;
  int64_t lb, step, trips;
};
} // namespace

/// The store of loop result `result` (through an arith.truncf) to a memref
/// defined above `launch`, or null.
static memref::StoreOp storeOfResult(gpu::LaunchOp launch, Value result) {
  if (!result.hasOneUse())
    return nullptr;
  Operation *user = *result.getUsers().begin();
  if (auto trunc = dyn_cast<arith::TruncFOp>(user)) {
    if (!trunc->hasOneUse())
      return nullptr;
    user = *trunc->getUsers().begin();
  }
  auto store = dyn_cast<memref::StoreOp>(user);
  if (!store || launch.getBody().isAncestor(store.getMemRef().getParentRegion()))
    return nullptr;
  return store;
}

/// Checks accumulator `index` of `k.loop` and records it in `k`.
static LogicalResult matchAccumulator(gpu::LaunchOp launch, KLoop &k,
                                      unsigned index) {
  scf::ForOp loop = k.loop;
  Value result = loop.getResult(index);
  if (!result.getType().isF32())
    return loop.emitError("split-K: the K loop's results must be f32 "
                          "accumulators; result ")
           << index << " is " << result.getType();
  memref::StoreOp store = storeOfResult(launch, result);
  if (!store || store->getBlock() != loop->getBlock())
    return loop.emitError("split-K: result ")
           << index << " of the K loop must be stored once, right after the "
           << "loop, to a memref defined above the launch";
  if (!k.c)
    k.c = store.getMemRef();
  if (store.getMemRef() != k.c)
    return store.emitError("split-K: every accumulator must be stored to the "
                           "same C");
  Value init = loop.getInitArgs()[index];
  if (auto ext = init.getDefiningOp<arith::ExtFOp>())
    init = ext.getIn();
  auto load = init.getDefiningOp<memref::LoadOp>();
  bool fromC = load && load.getMemRef() == k.c &&
               load.getIndices() == store.getIndices();
  if (!fromC && !matchPattern(init, m_AnyZeroFloat()))
    return loop.emitError("split-K: accumulator ")
           << index << " must start from 0.0 or from the element of C it is "
           << "stored to";
  if (index > 0 && fromC != k.accumulate)
    return loop.emitError("split-K: either every accumulator starts from C "
                          "or none does");
  k.accumulate = fromC;
  k.accumulators.push_back({index, store, fromC ? load : memref::LoadOp()});
  return success();
}

/// Checks that C is a static row-major matrix and that the launch only
/// touches it through the accumulators' loads and stores.
static LogicalResult checkC(gpu::LaunchOp launch, KLoop &k) {
  auto type = dyn_cast<MemRefType>(k.c.getType());
  if (!type || type.getRank() != 2 || !type.hasStaticShape() ||
      !type.getLayout().isIdentity() ||
      !isa<Float32Type, Float16Type, BFloat16Type>(type.getElementType()))
    return k.accumulators.front().store.emitError(
               "split-K: C must be a static row-major 2-D memref of f32, f16 "
               "or bf16, got ")
           << k.c.getType();
  for (Operation *user : k.c.getUsers()) {
    if (!launch->isProperAncestor(user))
      continue;
    bool own = llvm::any_of(k.accumulators, [&](const Accumulator &a) {
      return user == a.store || user == a.initLoad;
    });
    if (!own)
      return user->emitError("split-K: the launch may only load C's element "
                             "an accumulator starts from and store the "
                             "result");
  }
  return success();
}

/// Finds and checks the K loop of `launch`.
static FailureOr<KLoop> matchKLoop(gpu::LaunchOp launch, int64_t splits) {
  SmallVector<scf::ForOp> loops;
  launch.getBody().walk([&](scf::ForOp loop) {
    if (llvm::any_of(loop.getResults(), [&](Value r) {
          return storeOfResult(launch, r) != nullptr;
        }))
      loops.push_back(loop);
  });
  if (loops.size() != 1)
    return launch.emitError("split-K needs one K loop (an scf.for whose "
                            "results are stored to a matrix defined above "
                            "the launch), found ")
           << loops.size();
  KLoop k;
  k.loop = loops.front();
  for (unsigned i = 0, e = k.loop.getNumResults(); i < e; ++i)
    if (failed(matchAccumulator(launch, k, i)))
      return failure();
  if (failed(checkC(launch, k)))
    return failure();
  std::optional<int64_t> lb = getConstantIntValue(k.loop.getLowerBound());
  std::optional<int64_t> ub = getConstantIntValue(k.loop.getUpperBound());
  std::optional<int64_t> step = getConstantIntValue(k.loop.getStep());
  if (!lb || !ub || !step || *step <= 0)
    return k.loop.emitError("split-K: the K loop needs constant bounds and a "
                            "positive constant step");
  k.lb = *lb;
  k.step = *step;
  k.trips = *ub > *lb ? ceilDiv(*ub - *lb, *step) : 0;
  if (k.trips < splits)
    return k.loop.emitError("split-K: ")
           << splits << " splits of a K loop of " << k.trips
           << " iterations (each split needs at least one)";
  return k;
}

/// Checks the launch's grid: z is free for the splits.
static LogicalResult checkGrid(gpu::LaunchOp launch) {
  if (launch.hasClusterSize())
    return launch.emitError("split-K of a cluster launch is not supported");
  if (getConstantIntValue(launch.getGridSizeZ()) != 1)
    return launch.emitError("split-K puts the splits along grid z, which "
                            "must be 1 here");
  return success();
}

/// Restricts `k.loop` to split z's share of the iterations and makes it
/// store its partials to `scratch` from zero.
static void splitLoop(RewriterBase &rewriter, KLoop &k, Value z,
                      Value scratch, int64_t splits, int64_t m) {
  Location loc = k.loop.getLoc();
  rewriter.setInsertionPoint(k.loop);
  auto c = [&](int64_t v) {
    return arith::ConstantIndexOp::create(rewriter, loc, v);
  };
  auto mul = [&](Value x, int64_t y) {
    return rewriter.createOrFold<arith::MulIOp>(loc, x, c(y));
  };
  auto add = [&](Value x, int64_t y) {
    return rewriter.createOrFold<arith::AddIOp>(loc, x, c(y));
  };
  // Iterations [z*T/S, (z+1)*T/S): every split gets floor or ceil of T/S.
  auto bound = [&](Value split) {
    Value first = rewriter.createOrFold<arith::DivUIOp>(
        loc, mul(split, k.trips), c(splits));
    return add(mul(first, k.step), k.lb);
  };
  Value lb = bound(z);
  Value ub = bound(add(z, 1));
  Value zero = arith::ConstantOp::create(rewriter, loc,
                                         rewriter.getF32FloatAttr(0.0f));
  Value rowOffset = mul(z, m);
  rewriter.modifyOpInPlace(k.loop, [&] {
    k.loop.getLowerBoundMutable().assign(lb);
    k.loop.getUpperBoundMutable().assign(ub);
    for (const Accumulator &a : k.accumulators)
      k.loop.getInitArgsMutable()[a.index].assign(zero);
  });
  for (Accumulator &a : k.accumulators) {
    memref::StoreOp store = a.store;
    rewriter.setInsertionPoint(store);
    Value row = arith::AddIOp::create(rewriter, loc, store.getIndices()[0],
                                      rowOffset);
    memref::StoreOp::create(rewriter, store.getLoc(),
                            k.loop.getResult(a.index), scratch,
                            ValueRange{row, store.getIndices()[1]});
    Operation *trunc = store.getValueToStore().getDefiningOp<arith::TruncFOp>();
    rewriter.eraseOp(store);
    if (trunc)
      rewriter.eraseOp(trunc);
  }
  // The loads of C's old values (and their widenings), now unused: the
  // reduction adds C.
  SetVector<Operation *> loads;
  for (const Accumulator &a : k.accumulators)
    if (a.initLoad)
      loads.insert(a.initLoad);
  for (Operation *load : loads) {
    for (Operation *user : llvm::make_early_inc_range(load->getUsers()))
      if (isa<arith::ExtFOp>(user) && user->use_empty())
        rewriter.eraseOp(user);
    if (load->use_empty())
      rewriter.eraseOp(load);
  }
}

LogicalResult mlir::gemm_opt::splitLaunchK(RewriterBase &rewriter,
                                           gpu::LaunchOp launch,
                                           int64_t splits) {
  if (splits < 2)
    return launch.emitError("split-K needs at least 2 splits, got ") << splits;
  if (failed(checkGrid(launch)))
    return failure();
  // The K loop's store would carry the epilogue into the partials.
  if (auto problem = launch->getAttrOfType<MatmulProblemAttr>(kProblemAttr);
      problem && problem.getEpilogue())
    return launch.emitError("gemm-split-k does not split a kernel with a "
                            "fused epilogue (")
           << problem.getEpilogue()
           << "); the warptile rung's split-K applies it in its reduction";
  FailureOr<KLoop> k = matchKLoop(launch, splits);
  if (failed(k))
    return failure();
  auto cType = cast<MemRefType>(k->c.getType());
  int64_t m = cType.getDimSize(0), n = cType.getDimSize(1);
  // Rows of partials padded to 16 bytes: the reduction reads 4 at a time.
  int64_t ld = ceilDiv(n, 4) * 4;

  Location loc = launch.getLoc();
  rewriter.setInsertionPoint(launch);
  Value scratch = memref::AllocOp::create(
      rewriter, loc,
      MemRefType::get({splits * m, ld}, rewriter.getF32Type()));
  Value gridZ = arith::ConstantIndexOp::create(rewriter, loc, splits);
  // With a grid of one block along z the body may use blockIdx.z as 0.
  Value z = launch.getBlockIds().z;
  rewriter.setInsertionPointToStart(&launch.getBody().front());
  Value zeroIndex = arith::ConstantIndexOp::create(rewriter, loc, 0);
  rewriter.replaceAllUsesWith(z, zeroIndex);
  rewriter.modifyOpInPlace(
      launch, [&] { launch.getGridSizeZMutable().assign(gridZ); });
  splitLoop(rewriter, *k, z, scratch, splits, m);

  KernelBuilder b(loc, launch->getContext());
  b.setInsertionPointAfter(launch);
  gpu::LaunchOp reduction = buildSplitKReduction(
      b, {scratch, k->c, m, n, ld, splits, k->accumulate,
          /*programmatic=*/false});
  rewriter.setInsertionPointAfter(reduction);
  memref::DeallocOp::create(rewriter, loc, scratch);
  return success();
}

namespace {
struct GemmSplitKPass
    : public mlir::gemm_opt::impl::GemmSplitKBase<GemmSplitKPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    SmallVector<gpu::LaunchOp> launches;
    getOperation()->walk([&](gpu::LaunchOp l) {
      // Kernels of the ladder's own split-K or staging are not matmuls.
      auto kind = l->getAttrOfType<StringAttr>(kKernelAttr);
      if (!kind || kind.getValue() == "matmul")
        launches.push_back(l);
    });
    for (gpu::LaunchOp launch : launches)
      if (failed(splitLaunchK(rewriter, launch, splits)))
        return signalPassFailure();
  }
};
} // namespace
