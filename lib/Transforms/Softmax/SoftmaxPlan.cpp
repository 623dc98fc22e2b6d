//===- SoftmaxPlan.cpp - The softmax plan's attribute and description ----===//
//
// A SoftmaxPlan's dictionary form on the launch and its one-line
// description; the plans themselves are chosen in SoftmaxHeuristics.cpp and
// built into kernels by SoftmaxKernels.cpp.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Softmax/SoftmaxKernels.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

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

DictionaryAttr SoftmaxPlan::toAttr(MLIRContext *ctx) const {
  Builder b(ctx);
  NamedAttrList attrs;
  attrs.append("algo", b.getStringAttr(algoName(algo)));
  attrs.append("threads_per_row", b.getI64IntegerAttr(threadsPerRow));
  attrs.append("rows_per_block", b.getI64IntegerAttr(rowsPerBlock));
  attrs.append("vector", b.getI64IntegerAttr(vectorWidth));
  attrs.append("chunks", b.getI64IntegerAttr(chunks));
  attrs.append("storage", b.getStringAttr(storageName(storage)));
  attrs.append("reduce", b.getStringAttr(reduce == SoftmaxReduce::Shuffle
                                             ? "shuffle"
                                             : "smem-tree"));
  // Only where used, so that the older plans print as before.
  if (packed)
    attrs.append("packed", b.getBoolAttr(true));
  if (storage == SoftmaxStorage::Hybrid) {
    attrs.append("shared_chunks", b.getI64IntegerAttr(sharedChunks));
    attrs.append("stream_chunks", b.getI64IntegerAttr(streamChunks));
  }
  if (clusterSize > 1)
    attrs.append("cluster", b.getI64IntegerAttr(clusterSize));
  if (pipelineRows > 1)
    attrs.append("pipeline_rows", b.getI64IntegerAttr(pipelineRows));
  if (ftzExp)
    attrs.append("ftz_exp", b.getBoolAttr(true));
  if (maxRegisters > 0)
    attrs.append("max_registers", b.getI64IntegerAttr(maxRegisters));
  return attrs.getDictionary(ctx);
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
