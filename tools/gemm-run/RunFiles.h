//===- RunFiles.h - gemm-run's whole-file reads and writes ------*- C++ -*-===//
#ifndef GEMM_RUN_RUNFILES_H
#define GEMM_RUN_RUNFILES_H

#include <string>

namespace gemm_run {

/// The contents of `path`; false when it cannot be read.
bool readFile(const std::string &path, std::string &out);

/// Writes `text` to `path` atomically (a temporary file renamed into place):
/// a failed or interrupted run leaves no half-written file.
bool writeFile(const std::string &path, const std::string &text);

} // namespace gemm_run

#endif // GEMM_RUN_RUNFILES_H
