//===- StageCompiler.h - JIT compile interface for gemm-run -----*- C++ -*-===//
//
// The boundary between gemm-run (MLIR-free) and the compiler. Declared here,
// implemented by the MLIR side (lib/Runner/, target GemmOptRunner). gemm-run
// only calls these when built with GEMM_OPT_HAVE_MLIR; the runtime-only build
// (GEMM_OPT_RUNTIME_ONLY) supports AOT mode (--ptx/--manifest) only.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_OPT_RUNTIME_STAGECOMPILER_H
#define GEMM_OPT_RUNTIME_STAGECOMPILER_H

#include "gemm-opt/Runtime/DynamicManifest.h"
#include "gemm-opt/Runtime/Manifest.h"

#include <map>
#include <string>
#include <vector>

namespace gemm_opt::runtime {

struct CompileRequest {
  std::string inputPath; // empty: the embedded default input for the op
  std::string op;        // "matmul" | "softmax": the embedded default's op
  std::string shape;     // "MxNxK" (matmul) or "RxC" (softmax); empty: the input's own
  std::string dtype;     // "f32" | "f16" | "bf16"; empty: the input's own
  std::string layout;    // matmul "nn" | "nt" | "tn" | "tt"; empty: the input's own (the default's: nn)
  int64_t batch = 1;     // matmul: > 1 makes the embedded default a linalg.batch_matmul of that many entries
  bool sharedB = false;  // matmul, batch > 1: one 2-D B for every entry (a 3-D activation times a weight)
  std::string epilogue;  // matmul: gemm-run's --epilogue list (Epilogue.h), fused after the matmul; "" none
  std::string outDtype;  // matmul: C's element type "f32" | "f16" | "bf16"; empty: f32
  std::string chip;      // e.g. "sm_90"; empty: the input's gemm_opt.target, else sm_90
  bool allowTf32 = false; // let f32 matmuls use TF32 tensor cores (mma rung)
  int smallM = -1;        // the mma rung's small-m: -1 heuristic, 0 never, 1 always
  std::string tuningDb = "default"; // the rungs' tuning database: "default" (committed), "" (none), a file
  bool tuningDbStrict = false;      // a database plan that does not apply is a compile error (the tuner)
  std::string tuningDevice;         // the GPU (CUDA's name) whose database entries come first; "" = the H200
  /// matmul: the dimensions of the embedded default that are dynamic
  /// (`?`; the shape's sizes for them are then no part of the input), as
  /// letters of "mnk" in that order ("m": M only; empty: none), compiled
  /// once into a version-3 manifest.
  std::string dynamicDims;
  /// Non-empty list in the order to compile. gemm-run expands "all" through
  /// availableStages() when it knows the op (--op, or no input file); with an
  /// input file and no --op it passes {"all"}, meaning every stage of the
  /// input's op, and leaves stage-name checking to the compiler.
  std::vector<std::string> stages;
};

struct CompiledStage {
  std::string stage;
  std::string ptx; // one PTX module holding every kernel of the manifest
  KernelManifest manifest; // empty when the stage is dynamic
  double compileMs = 0; // wall time of the compile of this stage
  /// The compile's warnings, as the compiler prints them (e.g. a tuning
  /// database's skipped lines); "" for none.
  std::string warnings;
  /// A matmul's plan as the tensor-core rungs planned it, rung -> its
  /// options with every choice explicit (what a tuning database entry
  /// holds; gemm-opt/Transforms/Gemm/RungPlanOptions.h); empty where no
  /// such rung planned one matmul.
  std::map<std::string, std::string> plan;
  /// A stage with dynamic dimensions (docs/manifest.md, "Dynamic
  /// dimensions"): its version-3 manifest as the compiler wrote it and as
  /// parseDynamicManifest read it; a runner instantiates it per size.
  std::string dynamicManifestText;
  DynamicManifest dynamic;
  bool isDynamic() const { return !dynamicManifestText.empty(); }
  /// A module of several functions (docs/manifest.md, "Several
  /// functions"): a stage per function, each with the module's version-4
  /// manifest. Empty for a module of one function.
  std::string moduleManifestText;
  /// The function of such a stage ("" for a module of one function).
  std::string function() const {
    if (moduleManifestText.empty())
      return "";
    return isDynamic() ? dynamic.func : manifest.func;
  }
};

/// Implemented by the MLIR side (lib/Runner/, not in GemmOptRuntime); returns
/// false and fills `error` on failure.
bool compileStages(const CompileRequest &request, std::vector<CompiledStage> &out, std::string &error);

/// The kernel ops of the input file in program order ("matmul",
/// "batch_matmul", "softmax"): more than one make a function of several
/// ops, compiled to a version-2 manifest. Returns false and fills `error`
/// when the file cannot be read or parsed.
bool inputKernelOps(const std::string &inputPath, std::vector<std::string> &ops, std::string &error);

/// The embedded default input `request` describes (its op, shape, types,
/// layout, batch, epilogue), as compileStages would compile it; false with
/// `error` on a bad request. For gemm-run --print-input.
bool defaultInputSource(const CompileRequest &request, std::string &source, std::string &error);

/// The stage names known for an op ("matmul" | "softmax"), in pipeline order.
std::vector<std::string> availableStages(const std::string &op);

} // namespace gemm_opt::runtime

#endif // GEMM_OPT_RUNTIME_STAGECOMPILER_H
