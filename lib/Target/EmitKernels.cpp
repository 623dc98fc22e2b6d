//===- EmitKernels.cpp - Write the PTX and the launch manifest ------------===//

#include "gemm-opt/Target/KernelBundle.h"
#include "gemm-opt/Transforms/Passes.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMEMITKERNELS
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

namespace {

/// Writes `contents` to `path` as it is (no temporary file).
static std::error_code writeInPlace(StringRef path, StringRef contents) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec)
    return ec;
  os << contents;
  os.close();
  return os.error();
}

/// Writes every (path, contents) pair to a temporary file beside it and
/// renames them into place only once all were written, so a failure leaves
/// no new or half-written file behind. A path that exists is resolved
/// first: through a symbolic link the file it names is replaced, not the
/// link, and what is not a regular file (/dev/null, a pipe) is written as
/// it is (a rename would put a file in the place of the device).
static LogicalResult writeFilesAtomically(
    Operation *at, ArrayRef<std::pair<StringRef, StringRef>> files) {
  SmallVector<std::pair<std::string, std::string>> renames; // temp, target
  auto cleanup = [&] {
    for (auto &[temp, target] : renames)
      llvm::sys::fs::remove(temp);
  };
  auto fail = [&](StringRef path, std::error_code ec) {
    cleanup();
    return at->emitError("cannot write '") << path << "': " << ec.message();
  };
  SmallVector<std::pair<StringRef, StringRef>> inPlace;
  for (auto [path, contents] : files) {
    SmallString<256> target(path);
    if (llvm::sys::fs::exists(path)) {
      if (std::error_code ec = llvm::sys::fs::real_path(path, target))
        return fail(path, ec);
      if (!llvm::sys::fs::is_regular_file(target)) {
        inPlace.push_back({path, contents});
        continue;
      }
    }
    std::string temp = (target + ".gemm-opt-tmp").str();
    if (std::error_code ec = writeInPlace(temp, contents)) {
      llvm::sys::fs::remove(temp);
      return fail(path, ec);
    }
    renames.push_back({temp, std::string(target)});
  }
  for (auto [path, contents] : inPlace)
    if (std::error_code ec = writeInPlace(path, contents))
      return fail(path, ec);
  for (auto &[temp, target] : renames)
    if (std::error_code ec = llvm::sys::fs::rename(temp, target))
      return fail(target, ec);
  return success();
}

/// Whether two output paths name one file: the same file when both exist
/// (links, relative paths), else the same absolute path. Written both, the
/// second would replace the first (or its rename fail, leaving one of
/// them behind).
static bool nameOneFile(StringRef a, StringRef b) {
  bool same = false;
  if (!llvm::sys::fs::equivalent(a, b, same) && same)
    return true;
  SmallString<256> x(a), y(b);
  llvm::sys::fs::make_absolute(x);
  llvm::sys::fs::make_absolute(y);
  llvm::sys::path::remove_dots(x, /*remove_dot_dot=*/true);
  llvm::sys::path::remove_dots(y, /*remove_dot_dot=*/true);
  return x == y;
}

struct GemmEmitKernelsPass
    : public mlir::gemm_opt::impl::GemmEmitKernelsBase<GemmEmitKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!ptxFile.empty() && !manifestFile.empty() &&
        nameOneFile(ptxFile, manifestFile)) {
      module.emitError("ptx-file and manifest-file name the same file '")
          << ptxFile << "'; give each its own path";
      return signalPassFailure();
    }
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
