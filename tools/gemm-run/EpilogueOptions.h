//===- EpilogueOptions.h - gemm-run's fused-epilogue options ----*- C++ -*-===//
//
// --epilogue LIST, --out-dtype and --print-input (issue 16): the embedded
// default matmul with a fused elementwise epilogue and its output type,
// and their usage errors. Kept apart from gemm-run.cpp's other options.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_RUN_EPILOGUEOPTIONS_H
#define GEMM_RUN_EPILOGUEOPTIONS_H

#include "gemm-opt/Runtime/Manifest.h"
#include "gemm-opt/Runtime/StageCompiler.h"

#include "llvm/Support/CommandLine.h"

#include <string>

namespace gemm_run {

llvm::cl::OptionCategory &epilogueCategory();

/// What makes the options wrong: "" when fine. `softmax`: the op is a
/// softmax; `aot`: --ptx/--manifest; `inputFile`: an input file is given;
/// `batch`: --batch (a mask group's or cycle's span divides it).
std::string epilogueUsageError(bool softmax, bool aot, bool inputFile, int64_t batch);
/// Whether --epilogue or --out-dtype was given.
bool epilogueOptionsGiven();
/// Adds --epilogue and --out-dtype to the request of the embedded default.
void addEpilogueOptions(gemm_opt::runtime::CompileRequest &request);
/// --print-input: print the embedded default input and exit.
bool printInputRequested();

/// A note when the compiled manifest's epilogue is not --epilogue's (the
/// check follows the manifest); "" when they agree or none was asked for.
std::string epilogueMismatchNote(const gemm_opt::runtime::KernelManifest &m);

} // namespace gemm_run

#endif // GEMM_RUN_EPILOGUEOPTIONS_H
