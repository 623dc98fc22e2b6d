//===- Debug.h - Debug output that a release LLVM keeps ---------*- C++ -*-===//
//
// LLVM_DEBUG / LDBG compile to nothing under NDEBUG, and Debian's LLVM is a
// release build: its tools have no -debug-only either. libLLVMSupport still
// holds the flag and the list of debug types, so our debug output is
// compiled in always and gated on them; gemm-opt registers -debug and
// -debug-only when LLVM did not (registerDebugOptionsIfMissing):
//
//   #define DEBUG_TYPE "gemm-opt-heuristics"
//   GEMM_OPT_DBG() << "warptile: small grid (" << blocks << " blocks)\n";
//
// prints with `gemm-opt -debug-only=gemm-opt-heuristics ...`.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_SUPPORT_DEBUG_H
#define GEMM_OPT_SUPPORT_DEBUG_H

#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"

// Under NDEBUG, llvm/Support/Debug.h hides these functions behind macros
// that do nothing; the library still defines them.
#undef isCurrentDebugType
#undef setCurrentDebugTypes
namespace llvm {
bool isCurrentDebugType(const char *type, int level);
void setCurrentDebugTypes(const char **types, unsigned count);
} // namespace llvm

/// A stream for one debug line of DEBUG_TYPE, or nothing when that type is
/// not asked for (the operands of << are then not evaluated).
#define GEMM_OPT_DBG()                                                         \
  if (!::llvm::DebugFlag || !::llvm::isCurrentDebugType(DEBUG_TYPE, 0)) {         \
  } else                                                                       \
    ::llvm::dbgs() << "[" DEBUG_TYPE "] "

namespace mlir::gemm_opt {

/// Registers -debug and -debug-only (comma-separated debug types) with
/// llvm::cl when the linked LLVM did not (release builds). Call before the
/// command line is parsed.
void registerDebugOptionsIfMissing();

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_SUPPORT_DEBUG_H
