//===- ManifestFuzzer.cpp - libFuzzer target: the AOT manifest reader -----===//
//
// What `gemm-run --ptx P --manifest M` does with its inputs before it touches
// a device: parseManifest (JSON, the strict reader, validateManifest) and
// checkManifestAgainstPtx. An input is a manifest, optionally followed by a
// line "//--PTX--" and the PTX module it describes (fuzz/corpus/manifest).
//
// Errors are the expected outcome; findings are crashes, sanitizer reports,
// hangs, and manifests that pass validation but do not survive the round trip
// parseManifest(toJson(m)) == m (what gemm-run --emit-dir relies on). A
// version-3 manifest (dynamic dimensions) is read by parseDynamicManifest;
// what it accepts is instantiated at its symbols' bounds and midpoints, and
// each instance that instantiateManifest accepts is held to the same rules.
//
//===----------------------------------------------------------------------===//
#include "gemm-opt/Runtime/DynamicManifest.h"
#include "gemm-opt/Runtime/Manifest.h"
#include "gemm-opt/Runtime/MemoryBudget.h"
#include "gemm-opt/Runtime/ModuleManifest.h"
#include "gemm-opt/Runtime/PtxEntries.h"

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace gemm_opt::runtime;

namespace {
[[noreturn]] void finding(const std::string &what) {
  std::fprintf(stderr, "gemm-opt-fuzz-manifest: %s\n", what.c_str());
  std::abort();
}

/// What every accepted manifest must be: valid, unchanged by the round trip
/// through toJson, then checked against the PTX and sized by the runner.
void checkAccepted(const KernelManifest &m, const std::string &ptx) {
  std::string error;
  if (!validateManifest(m, error))
    finding("parseManifest accepted a manifest that validateManifest rejects: " + error);
  const std::string text = toJson(m);
  KernelManifest again;
  if (!parseManifest(text, again, error))
    finding("toJson wrote a manifest that parseManifest rejects: " + error + "\n" + text);
  if (again != m || toJson(again) != text)
    finding("the manifest changed in the round trip through toJson:\n" + text);
  checkManifestAgainstPtx(m, ptx, error);
  // The runner's memory arithmetic on every accepted shape (UBSan watches).
  (void)deviceMemoryError(m, uint64_t(1) << 37, uint64_t(1) << 37);
  (void)hostMemoryError(m, uint64_t(1) << 37);
}

/// A version-3 manifest: its instances at the bounds and the midpoints.
void checkDynamic(const std::string &json, const std::string &ptx) {
  DynamicManifest d;
  std::string error;
  if (!parseDynamicManifest(json, d, error)) {
    if (error.empty())
      finding("parseDynamicManifest failed without a message");
    return;
  }
  std::vector<SymbolSizes> probes(3);
  for (const DynamicSymbol &s : d.symbols) {
    probes[0][s.name] = s.min;
    probes[1][s.name] = s.max;
    probes[2][s.name] = s.min + (s.max - s.min) / 2;
  }
  for (const SymbolSizes &sizes : probes) {
    KernelManifest m;
    int variant = -1;
    if (instantiateManifest(d, sizes, m, variant, error))
      checkAccepted(m, ptx);
    else if (error.empty())
      finding("instantiateManifest failed without a message");
  }
}
/// Any manifest: version 3 through its reader and instances, version 4
/// through its reader and then each function it accepted, the others
/// through parseManifest.
void checkManifestText(const std::string &json, const std::string &ptx) {
  std::string error;
  std::optional<int64_t> version = manifestVersionOf(json);
  if (version == kManifestVersionDynamic) {
    checkDynamic(json, ptx);
    return;
  }
  if (version == kManifestVersionModule) {
    ModuleManifest module;
    if (!parseModuleManifest(json, module, error)) {
      if (error.empty())
        finding("parseModuleManifest failed without a message");
      return;
    }
    for (const ModuleFunction &f : module.functions) {
      if (f.version < 1 || f.version > 3 || manifestVersionOf(f.text) != f.version)
        finding("parseModuleManifest accepted a function of version " + std::to_string(f.version));
      checkManifestText(f.text, ptx);
    }
    return;
  }
  KernelManifest m;
  if (!parseManifest(json, m, error)) {
    if (error.empty())
      finding("parseManifest failed without a message");
    return;
  }
  checkAccepted(m, ptx);
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const std::string input(reinterpret_cast<const char *>(data), size);
  const std::string marker = "\n//--PTX--\n";
  const size_t at = input.find(marker);
  const std::string json = input.substr(0, at);
  const std::string ptx = at == std::string::npos ? "" : input.substr(at + marker.size());

  std::vector<PtxEntry> entries;
  std::string error;
  parsePtxEntries(ptx, entries, error);

  checkManifestText(json, ptx);
  return 0;
}
