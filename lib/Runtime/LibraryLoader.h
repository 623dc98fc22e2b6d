//===- LibraryLoader.h - dlopen a CUDA library by its usual names -*- C++ -*-===//
//
// cuBLAS and cuBLASLt are opened at run time (no link-time dependency):
// an environment variable first, then the versioned names on the loader
// path, $CUDA_HOME/lib64 and /usr/local/cuda/lib64; then the symbols the
// runtime uses, each looked up by name.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_OPT_RUNTIME_LIBRARYLOADER_H
#define GEMM_OPT_RUNTIME_LIBRARYLOADER_H

#include <string>
#include <vector>

namespace gemm_opt::runtime {

/// Opens the first of: $envVar, each of `names` on the loader path, in
/// $CUDA_HOME/lib64, in /usr/local/cuda/lib64. Returns the handle and sets
/// `path`, or null with `error` naming what was tried and the last dlerror.
void *openCudaLibrary(const char *envVar, const std::vector<std::string> &names, const std::string &what,
                      std::string &path, std::string &error);

struct SymbolSlot {
  const char *name;
  void **slot;
};
/// Resolves every symbol into its slot; false with `error` at the first missing one.
bool resolveSymbols(void *lib, const std::vector<SymbolSlot> &symbols, const std::string &path, std::string &error);

} // namespace gemm_opt::runtime

#endif // GEMM_OPT_RUNTIME_LIBRARYLOADER_H
