//===- ModuleManifest.h - Manifests of several functions --------*- C++ -*-===//
//
// A module whose kernels belong to several functions (each a runner calls
// by name) is compiled into one PTX module and a version-4 manifest
// (docs/manifest.md, "Several functions"): the manifest each function
// would have alone (version 1, 2 or 3), in module order. A runner picks a
// function and reads its manifest with that version's reader.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_MODULEMANIFEST_H
#define GEMM_OPT_RUNTIME_MODULEMANIFEST_H

#include <string>
#include <vector>

namespace gemm_opt::runtime {

/// Version 4: the manifests of several functions.
inline constexpr int kManifestVersionModule = 4;

/// One function of a version-4 manifest.
struct ModuleFunction {
  std::string func; // its "func"
  int version = 0;  // 1, 2 or 3
  std::string text; // its manifest, exactly as written
};

struct ModuleManifest {
  std::string stage, chip;
  std::vector<ModuleFunction> functions; // in module order
};

/// Strict reader of version 4: the text checks of every reader, the keys
/// "format", "version", "stage", "chip" and "functions" (a non-empty array)
/// and nothing else, each function a manifest of version 1, 2 or 3 that
/// passes its own reader, with the container's stage and chip and a "func"
/// no other function has. On failure returns false and sets `error`
/// ("manifest: ...", naming the function at fault).
bool parseModuleManifest(const std::string &text, ModuleManifest &out, std::string &error);

/// The functions of any manifest's text: a version-4 manifest's (read by
/// parseModuleManifest), or the manifest itself as the one function (its
/// "func" and "version" read, the rest left to its reader). On failure
/// returns false and sets `error`.
bool manifestFunctions(const std::string &text, std::vector<ModuleFunction> &out, std::string &error);

/// "a, b, c": the functions' names, for messages.
std::string functionNames(const std::vector<ModuleFunction> &functions);

} // namespace gemm_opt::runtime

#endif // GEMM_OPT_RUNTIME_MODULEMANIFEST_H
