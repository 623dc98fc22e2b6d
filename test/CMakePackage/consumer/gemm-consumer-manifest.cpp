//===- gemm-consumer-manifest.cpp - The runtime alone, from the package ---===//
//
// A runner of another project links GemmOpt::GemmOptRuntime only (no MLIR):
// it reads and validates a launch manifest that gemm-opt wrote.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Runtime/Manifest.h"

#include <cstdio>
#include <fstream>
#include <sstream>

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: gemm-consumer-manifest MANIFEST.json\n");
    return 2;
  }
  std::ifstream in(argv[1]);
  std::stringstream text;
  text << in.rdbuf();
  gemm_opt::runtime::KernelManifest manifest;
  std::string error;
  if (!gemm_opt::runtime::parseManifest(text.str(), manifest, error) ||
      !gemm_opt::runtime::validateManifest(manifest, error)) {
    std::fprintf(stderr, "gemm-consumer-manifest: %s\n", error.c_str());
    return 1;
  }
  std::printf("%s stage %s: %zu kernel(s)\n", manifest.op.c_str(),
              manifest.stage.c_str(), manifest.kernels.size());
  return 0;
}
