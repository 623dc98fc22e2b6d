//===- SoftmaxPlan.cpp - The softmax plan's attribute and description ----===//
//
// A SoftmaxPlan's attribute on the launch and its one-line
// description; the plans themselves are chosen in SoftmaxHeuristics.cpp and
// built into kernels by SoftmaxKernels.cpp.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Softmax/SoftmaxKernels.h"


#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::gemm_opt;

//===----------------------------------------------------------------------===//
// SoftmaxPlan
//===----------------------------------------------------------------------===//

static StringRef algoName(SoftmaxAlgo a) {
  switch (a) {
  case SoftmaxAlgo::ThreePass:
    return "three-pass";
  case SoftmaxAlgo::Fused:
    return "fused";
  case SoftmaxAlgo::Online:
    return "online";
  }
  llvm_unreachable("unknown algorithm");
}

static StringRef storageName(SoftmaxStorage s) {
  switch (s) {
  case SoftmaxStorage::Registers:
    return "registers";
  case SoftmaxStorage::Shared:
    return "shared";
  case SoftmaxStorage::Reread:
    return "reread";
  case SoftmaxStorage::Hybrid:
    return "hybrid";
  }
  llvm_unreachable("unknown storage");
}

SoftmaxPlanAttr SoftmaxPlan::toAttr(MLIRContext *ctx, StringRef kernel) const {
  return SoftmaxPlanAttr::get(
      ctx, algoName(algo), chunks, clusterSize, ftzExp, kernel, maxRegisters,
      packed, pipelineRows,
      reduce == SoftmaxReduce::Shuffle ? "shuffle" : "smem-tree",
      rowsPerBlock, sharedChunks, storageName(storage), streamChunks,
      threadsPerRow, vectorWidth);
}

std::string SoftmaxPlan::str() const {
  return llvm::formatv("{0}: {1} threads/row x {2} rows/block, vector {3}, "
                       "{4} chunks{7}, {5}{8}, {6}",
                       algoName(algo), threadsPerRow, rowsPerBlock,
                       vectorWidth, chunks, storageName(storage),
                       reduce == SoftmaxReduce::Shuffle ? "shuffle"
                                                        : "smem-tree",
                       packed ? " (packed)" : "",
                       storage == SoftmaxStorage::Hybrid
                           ? llvm::formatv(" ({0} shared chunks, {1} per "
                                           "iteration)",
                                           sharedChunks, streamChunks)
                                 .str()
                           : std::string())
             .str() +
         (clusterSize > 1
              ? llvm::formatv(", cluster of {0} blocks per row", clusterSize)
                    .str()
              : std::string()) +
         (pipelineRows > 1
              ? llvm::formatv(", {0} rows pipelined per cluster", pipelineRows)
                    .str()
              : std::string()) +
         (ftzExp ? ", ftz exp" : "") +
         (maxRegisters > 0
              ? llvm::formatv(", at most {0} registers", maxRegisters).str()
              : std::string());
}
