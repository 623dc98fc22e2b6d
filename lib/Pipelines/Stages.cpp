//===- Stages.cpp - The ladder: one table row per rung --------------------===//

#include "gemm-opt/Pipelines/Pipelines.h"
#include "gemm-opt/Transforms/Passes.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::gemm_opt;

static void addNaive(OpPassManager &pm) { pm.addPass(createGemmNaive()); }
static void addCoalesce(OpPassManager &pm) { pm.addPass(createGemmCoalesce()); }

static const StageInfo kStages[] = {
    {"naive", "matmul", "", "gemm-naive",
     "one thread per C element, threadIdx.x walks rows, 32x32 threads",
     "seed 000 v0; seed 004 stage table", addNaive},
    {"coalesced", "matmul", "naive", "gemm-coalesce",
     "threadIdx.x walks columns: coalesced loads of B and stores of C",
     "seed 000 v1; seed 001 naive kernel", addCoalesce},
};

ArrayRef<StageInfo> mlir::gemm_opt::getStages() { return kStages; }

const StageInfo *mlir::gemm_opt::lookupStage(StringRef name) {
  for (const StageInfo &s : kStages)
    if (s.name == name)
      return &s;
  return nullptr;
}

std::string mlir::gemm_opt::listStageNames() {
  SmallVector<StringRef> names;
  for (const StageInfo &s : kStages)
    names.push_back(s.name);
  return llvm::join(names, ", ");
}

void mlir::gemm_opt::addStageRungPasses(OpPassManager &modulePm,
                                        const StageInfo &stage) {
  SmallVector<const StageInfo *> chain;
  for (const StageInfo *s = &stage; s; s = lookupStage(s->parent))
    chain.push_back(s);
  OpPassManager &funcPm = modulePm.nest<func::FuncOp>();
  for (const StageInfo *s : llvm::reverse(chain))
    s->addRungPasses(funcPm);
}
