//===- EmitKernels.cpp - Write the PTX and the launch manifest ------------===//

#include "gemm-opt/Target/KernelBundle.h"
#include "gemm-opt/Transforms/Passes.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMEMITKERNELS
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {

/// Writes through a temporary file renamed into place, so a reader never sees
/// a half-written file.
static LogicalResult writeFileAtomically(Operation *at, StringRef path,
                                         StringRef contents) {
  if (path.empty())
    return success();
  llvm::Error err = llvm::writeToOutput(path, [&](llvm::raw_ostream &os) {
    os << contents;
    return llvm::Error::success();
  });
  if (err) {
    at->emitError("cannot write '") << path << "': "
                                    << llvm::toString(std::move(err));
    return failure();
  }
  return success();
}

struct GemmEmitKernelsPass
    : public mlir::gemm_opt::impl::GemmEmitKernelsBase<GemmEmitKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<KernelBundle> bundle = extractKernelBundle(module, stage, chip);
    if (failed(bundle))
      return signalPassFailure();
    if (failed(writeFileAtomically(module, ptxFile, bundle->ptx)) ||
        failed(writeFileAtomically(module, manifestFile,
                                   ::gemm_opt::runtime::toJson(bundle->manifest))))
      return signalPassFailure();
  }
};

} // namespace
