//===- PtxEntries.h - Kernel entries of a PTX module ------------*- C++ -*-===//
//
// Just enough of PTX to hold a launch manifest against the module it
// describes (AOT mode): the `.entry` kernels and the size of each parameter,
// so that a manifest naming a missing kernel or passing the wrong number or
// kind of parameters is an input error before any CUDA call.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_OPT_RUNTIME_PTXENTRIES_H
#define GEMM_OPT_RUNTIME_PTXENTRIES_H

#include "gemm-opt/Runtime/Manifest.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gemm_opt::runtime {

struct PtxParam {
  std::string type; // e.g. ".u64", ".b8"
  uint64_t bytes = 0; // the type's size times the array extent, if any
};

struct PtxEntry {
  std::string name;
  std::vector<PtxParam> params;
};

/// Every `.entry NAME(.param ..., ...)` of `ptx`, comments skipped. Returns
/// false and sets `error` on a parameter list it cannot read.
bool parsePtxEntries(const std::string &ptx, std::vector<PtxEntry> &out, std::string &error);

/// Every kernel of `m` is an `.entry` of `ptx` whose parameters match the
/// manifest's params in number and size (ptr, i64, tensormap: 8 bytes; i32,
/// f32: 4). On failure returns false and sets `error` ("manifest: ...").
bool checkManifestAgainstPtx(const KernelManifest &m, const std::string &ptx, std::string &error);

} // namespace gemm_opt::runtime

#endif // GEMM_OPT_RUNTIME_PTXENTRIES_H
