//===- GemmOptDialect.cpp - The gemm_opt dialect --------------------------===//

#include "gemm-opt/Dialect/GemmOpt/IR/GemmOptDialect.h"
#include "gemm-opt/Dialect/GemmOpt/IR/GemmOptAttrs.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::gemm_opt;

#include "gemm-opt/Dialect/GemmOpt/IR/GemmOptDialect.cpp.inc"

void GemmOptDialect::initialize() {
  registerAttributes();
  registerOperations();
}

static bool isProblem(Attribute attr) {
  return isa<MatmulProblemAttr, SoftmaxProblemAttr>(attr);
}

/// The discardable attributes that must hold one of our attributes: a
/// problem, the problems of a function (for the manifest writer), a plan.
/// The other `gemm_opt.*` names (roles, kinds, ...) are not checked here.
LogicalResult GemmOptDialect::verifyOperationAttribute(Operation *op,
                                                       NamedAttribute attr) {
  StringRef name = attr.getName().strref();
  Attribute value = attr.getValue();
  auto expect = [&](bool ok, StringRef what) -> LogicalResult {
    if (ok)
      return success();
    return op->emitOpError("attribute '")
           << name << "' must be " << what << ", got " << value;
  };
  if (name == "gemm_opt.problem")
    return expect(isProblem(value),
                  "a problem (#gemm_opt.matmul or #gemm_opt.softmax)");
  if (name == "gemm_opt.problems") {
    auto list = dyn_cast<ArrayAttr>(value);
    return expect(list && llvm::all_of(list, isProblem),
                  "an array of problems (#gemm_opt.matmul or "
                  "#gemm_opt.softmax)");
  }
  bool ok = llvm::StringSwitch<bool>(name)
                .Case("gemm_opt.simt_plan", isa<SimtPlanAttr>(value))
                .Case("gemm_opt.mma_plan", isa<MmaPlanAttr>(value))
                .Case("gemm_opt.wgmma_plan", isa<WgmmaPlanAttr>(value))
                .Case("gemm_opt.softmax_plan", isa<SoftmaxPlanAttr>(value))
                .Default(true);
  return expect(ok, ("a #" + name + "<...>").str());
}
