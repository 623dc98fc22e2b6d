//===- MmaGemmPlan.cpp - The mma rung's plan: validation, attribute ------===//
//
// What an MmaGemmPlan may hold on a chip (validate), its dictionary form on
// the launch and its one-line description. The kernel is in MmaGemm.cpp,
// the pass in MmaRung.cpp.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Transforms/Gemm/Mma/MmaGemm.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace mlir::gemm_opt;

//===----------------------------------------------------------------------===//
// Plan
//===----------------------------------------------------------------------===//

static bool isPow2(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

std::string MmaGemmPlan::validate(const ChipInfo &chip) const {
  auto s = [](int64_t v) { return std::to_string(v); };
  for (auto [name, v] : {std::pair<const char *, int64_t>{"block-m", bm},
                         {"block-n", bn}, {"block-k", bk}, {"warp-m", wm},
                         {"warp-n", wn}, {"stages", stages}})
    if (v < 1)
      return std::string(name) + "=" + s(v) + " must be at least 1";
  if (wm % 16 || wn % 16)
    return "warp tile " + s(wm) + "x" + s(wn) +
           " must be made of 16x16 pieces (two m16n8 tiles per B ldmatrix)";
  if (bm % wm || bn % wn)
    return "block tile " + s(bm) + "x" + s(bn) +
           " is not divisible by the warp tile " + s(wm) + "x" + s(wn);
  if ((wm / 16) * (wn / 8) * 4 > 128)
    return "warp tile " + s(wm) + "x" + s(wn) +
           " needs more than 128 accumulator registers per thread";
  if (threads() > chip.maxThreadsPerBlock)
    return s(threads()) + " threads per block exceed the limit of " +
           s(chip.maxThreadsPerBlock);
  if (bk % 16 || !isPow2(aChunksPerRow()) || aChunksPerRow() < 2 ||
      (aChunksPerRow() > 8 && aChunksPerRow() % 8))
    return "block-k=" + s(bk) +
           " must be a multiple of 16 giving a power-of-two number (>= 2) of "
           "16-byte chunks per row of A";
  if (bChunksPerRow() % 8)
    return "block-n=" + s(bn) + " must give a multiple of 8 16-byte chunks per "
           "row of B (" + s(128 / elemBytes) + " elements)";
  if ((bm * bk * elemBytes / 16) % threads() ||
      (bk * bn * elemBytes / 16) % threads())
    return "tiles A " + s(bm) + "x" + s(bk) + " and B " + s(bk) + "x" + s(bn) +
           " cannot be split into 16-byte chunks evenly over " + s(threads()) +
           " threads";
  if (stages < 2 || stages > 8)
    return "stages=" + s(stages) + " must be in [2, 8]";
  return checkKernelLimits(maxRegs, groupM, sharedBytes(), chip);
}

DictionaryAttr MmaGemmPlan::toAttr(MLIRContext *ctx) const {
  Builder b(ctx);
  NamedAttrList l;
  auto i = [&](StringRef k, int64_t v) { l.append(k, b.getI64IntegerAttr(v)); };
  i("bm", bm);
  i("bn", bn);
  i("bk", bk);
  i("wm", wm);
  i("wn", wn);
  i("stages", stages);
  i("group_m", groupM);
  i("max_regs", maxRegs);
  i("elem_bytes", elemBytes);
  i("threads", threads());
  i("shared_bytes", sharedBytes());
  return l.getDictionary(ctx);
}

std::string MmaGemmPlan::str() const {
  auto s = [](int64_t v) { return std::to_string(v); };
  return "block " + s(bm) + "x" + s(bn) + "x" + s(bk) + ", warp " + s(wm) +
         "x" + s(wn) + ", " + s(threads()) + " threads, stages " + s(stages) +
         ", shared " + s(sharedBytes()) + " B";
}
