//===- EmitKernels.cpp - Write the PTX and the launch manifest ------------===//

#include "gemm-opt/Target/KernelBundle.h"
#include "gemm-opt/Transforms/Passes.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMEMITKERNELS
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {

/// Writes every (path, contents) pair to a temporary file beside it and
/// renames them into place only once all were written, so a failure leaves
/// no new or half-written file behind.
static LogicalResult writeFilesAtomically(
    Operation *at, ArrayRef<std::pair<StringRef, StringRef>> files) {
  SmallVector<std::string> temps;
  auto cleanup = [&] {
    for (const std::string &t : temps)
      llvm::sys::fs::remove(t);
  };
  for (auto [path, contents] : files) {
    std::string temp = (path + ".gemm-opt-tmp").str();
    std::error_code ec;
    llvm::raw_fd_ostream os(temp, ec);
    if (!ec) {
      temps.push_back(temp);
      os << contents;
      os.close();
      ec = os.error();
    }
    if (ec) {
      cleanup();
      return at->emitError("cannot write '") << path << "': " << ec.message();
    }
  }
  for (auto [i, file] : llvm::enumerate(files)) {
    if (std::error_code ec = llvm::sys::fs::rename(temps[i], file.first)) {
      cleanup();
      return at->emitError("cannot write '")
             << file.first << "': " << ec.message();
    }
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
    std::string manifest = bundle->manifestJson();
    SmallVector<std::pair<StringRef, StringRef>> files;
    if (!ptxFile.empty())
      files.push_back({ptxFile, bundle->ptx});
    if (!manifestFile.empty())
      files.push_back({manifestFile, manifest});
    if (failed(writeFilesAtomically(module, files)))
      return signalPassFailure();
  }
};

} // namespace
