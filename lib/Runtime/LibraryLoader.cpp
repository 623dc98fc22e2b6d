//===- LibraryLoader.cpp - dlopen a CUDA library by its usual names -------===//
#include "LibraryLoader.h"

#include <cstdlib>
#include <dlfcn.h>

namespace gemm_opt::runtime {

void *openCudaLibrary(const char *envVar, const std::vector<std::string> &names, const std::string &what,
                      std::string &path, std::string &error) {
  std::vector<std::string> candidates;
  if (const char *env = std::getenv(envVar))
    if (*env)
      candidates.push_back(env);
  for (const std::string &n : names)
    candidates.push_back(n);
  if (const char *home = std::getenv("CUDA_HOME"))
    if (*home)
      for (const std::string &n : names)
        candidates.push_back(std::string(home) + "/lib64/" + n);
  for (const std::string &n : names)
    candidates.push_back("/usr/local/cuda/lib64/" + n);
  std::string last;
  for (const std::string &c : candidates) {
    if (void *lib = dlopen(c.c_str(), RTLD_NOW | RTLD_LOCAL)) {
      path = c;
      return lib;
    }
    if (const char *e = dlerror())
      last = e;
  }
  std::string tried;
  for (const std::string &n : names)
    tried += (tried.empty() ? "" : "/") + n;
  error = "cannot load " + what + " (tried " + envVar + ", " + tried + ", $CUDA_HOME/lib64, /usr/local/cuda/lib64); "
          "last error: " + last;
  return nullptr;
}

bool resolveSymbols(void *lib, const std::vector<SymbolSlot> &symbols, const std::string &path, std::string &error) {
  for (const SymbolSlot &s : symbols) {
    *s.slot = dlsym(lib, s.name);
    if (!*s.slot) {
      error = path + " does not export " + s.name;
      return false;
    }
  }
  return true;
}

} // namespace gemm_opt::runtime
