//===- ReferenceLibraries.cpp - cuBLAS and cuBLASLt for gemm-run ----------===//
#include "ReferenceLibraries.h"

#include <cstdio>
#include <iostream>

using namespace gemm_opt::runtime;

namespace gemm_run {

namespace {
/// `Lib` loaded and initialised, `loaded` told; null after a warning
/// that names `what` and what goes without it.
template <typename Lib, typename Loaded>
std::unique_ptr<Lib> load(const char *what, const char *without, Loaded loaded) {
  std::string why;
  std::unique_ptr<Lib> lib = Lib::load(why);
  if (lib) {
    try {
      lib->init();
      loaded(*lib);
      return lib;
    } catch (const CudaError &e) {
      why = e.what();
    }
  }
  std::cerr << "gemm-run: warning: " << what << " unavailable (" << why << "); " << without << "\n";
  return nullptr;
}

/// Whether cuBLASLt has `m`'s epilogue.
bool cublasLtFuses(const KernelManifest &m) {
  if (!m.isMatmul() || m.matmul.epilogue.empty() || m.matmul.epilogue[0].operand.empty())
    return false;
  const BufferDesc *bias = m.findRole(m.matmul.epilogue[0].operand);
  std::string why;
  return bias && cublasLtEpilogueFor(m.matmul, bias->elem, why) != LtEpilogue::None;
}
} // namespace

ReferenceLibraries loadReferenceLibraries(const std::vector<const KernelManifest *> &manifests, RunInfo &info) {
  bool matmul = false, fused = false;
  for (const KernelManifest *m : manifests) {
    for (const OpDesc &o : m->ops)
      matmul = matmul || o.isMatmul();
    matmul = matmul || m->isMatmul();
    fused = fused || cublasLtFuses(*m);
  }
  ReferenceLibraries libs;
  if (matmul)
    libs.cublas = load<Cublas>("cuBLAS", "matmul stages cannot be checked", [&](Cublas &c) {
      info.cublasVersion = c.version();
      info.cublasPath = c.path();
      std::printf("cuBLAS %d (%s)\n", c.version(), c.path().c_str());
    });
  if (fused)
    libs.cublasLt = load<CublasLt>("cuBLASLt", "fused epilogues are not timed against it", [&](CublasLt &c) {
      info.cublasLtVersion = c.version();
      std::printf("cuBLASLt %zu (%s)\n", c.version(), c.path().c_str());
    });
  return libs;
}

std::unique_ptr<gemm_opt::runtime::CudaDriver> openDriver(int ordinal, std::string &reason) {
  std::unique_ptr<gemm_opt::runtime::CudaDriver> drv = gemm_opt::runtime::CudaDriver::load(reason);
  if (drv && !drv->openDevice(ordinal, reason))
    drv.reset();
  return drv;
}

} // namespace gemm_run
