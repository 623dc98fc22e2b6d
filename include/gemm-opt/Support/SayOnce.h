//===- SayOnce.h - One diagnostic for the copies of an op ------*- C++ -*-===//
//
// gemm-specialize-dynamic-dims makes one variant of a function per range
// of M, each a copy of its ops: an error or a remark at one of those ops
// would otherwise be said once per variant, word for word.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_SUPPORT_SAYONCE_H
#define GEMM_OPT_SUPPORT_SAYONCE_H

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::gemm_opt {

/// While it lives, drops a diagnostic that repeats one already reported
/// (the same location and text); the others go on to the handlers before.
class SayOnceDiagnosticHandler : public ScopedDiagnosticHandler {
public:
  explicit SayOnceDiagnosticHandler(MLIRContext *ctx)
      : ScopedDiagnosticHandler(ctx) {
    setHandler([this](Diagnostic &diag) {
      std::string key;
      llvm::raw_string_ostream os(key);
      os << diag.getLocation() << ": " << diag.str();
      return success(!said.insert(key).second);
    });
  }

private:
  llvm::StringSet<> said;
};

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_SUPPORT_SAYONCE_H
