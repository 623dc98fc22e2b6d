//===- DynamicBinding.h - Symbols bound by buffer shapes -------*- C++ -*-===//
//
// Private to lib/Runtime: what the version-3 reader (DynamicManifest.cpp)
// and the binding of symbols from a caller's buffers (DynamicBinding.cpp)
// share.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_OPT_LIB_RUNTIME_DYNAMICBINDING_H
#define GEMM_OPT_LIB_RUNTIME_DYNAMICBINDING_H

#include "llvm/Support/JSON.h"

#include <cstdint>
#include <string>
#include <utility>

namespace gemm_opt::runtime {

/// The symbol of a dimension that binds it, {"sym": S} or {"sym": S, "div": q}
/// alone (S = q * extent), with q; "" for any other.
std::pair<std::string, int64_t> bindingSymbol(const llvm::json::Value &v);

} // namespace gemm_opt::runtime

#endif // GEMM_OPT_LIB_RUNTIME_DYNAMICBINDING_H
