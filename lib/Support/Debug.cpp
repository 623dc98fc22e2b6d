//===- Debug.cpp - -debug / -debug-only for a release LLVM ----------------===//
//
// Debian's LLVM registers neither option (they exist only in builds without
// NDEBUG), but keeps llvm::DebugFlag and the list of current debug types,
// which GEMM_OPT_DBG (gemm-opt/Support/Debug.h) reads.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Support/Debug.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/CommandLine.h"

#include <string>
#include <vector>

namespace cl = llvm::cl;

void mlir::gemm_opt::registerDebugOptionsIfMissing() {
  auto &options = cl::getRegisteredOptions();
  if (!options.count("debug")) {
    static cl::opt<bool, /*ExternalStorage=*/true> debug(
        "debug", cl::desc("Print all debug output"), cl::Hidden,
        cl::location(llvm::DebugFlag));
  }
  if (!options.count("debug-only")) {
    static std::vector<std::string> types;
    static cl::list<std::string> debugOnly(
        "debug-only",
        cl::desc("Print the debug output of these types only, e.g. "
                 "gemm-opt-heuristics"),
        cl::Hidden, cl::value_desc("type"), cl::CommaSeparated,
        cl::callback([](const std::string &type) {
          types.push_back(type);
          llvm::SmallVector<const char *> names;
          for (const std::string &t : types)
            names.push_back(t.c_str());
          llvm::DebugFlag = true;
          llvm::setCurrentDebugTypes(names.data(), names.size());
        }));
  }
}
