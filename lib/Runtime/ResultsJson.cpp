//===- ResultsJson.cpp - The results of a run as JSON ---------------------===//
//
// resultsToJson (Bench.h): format "gemm-run-results", version 1, which
// python/gemm_opt reads (benchmarks/results holds such files). A function
// stage (op "function", a version-2 manifest) has its own fields and
// "ops"; every other stage is written exactly as before. The layout (one
// line per group of numbers, one per kernel) is fixed; llvm::json spells
// the strings (JsonWriting.h).
//
//===----------------------------------------------------------------------===//
#include "gemm-opt/Runtime/Bench.h"
#include "gemm-opt/Runtime/JsonWriting.h"

#include "llvm/Support/raw_ostream.h"

namespace gemm_opt::runtime {

namespace {
std::string num(double v) { return jsonNumber(v); }

/// "kernels": one per line; a function's kernels name their op.
void writeKernels(llvm::raw_ostream &os, const StageResult &r) {
  os << "      \"kernels\": [";
  for (size_t k = 0; k < r.kernels.size(); ++k) {
    const KernelResources &kr = r.kernels[k];
    os << (k ? ",\n" : "\n") << "        {\"name\": " << jsonQuote(kr.name);
    if (kr.op >= 0)
      os << ", \"op\": " << kr.op;
    os << ", \"grid\": " << jsonIntList(kr.grid)
       << ", \"block\": " << jsonIntList(kr.block)
       << ", \"registers\": " << kr.registers
       << ", \"static_shared_bytes\": " << kr.staticSharedBytes
       << ", \"dynamic_shared_bytes\": " << kr.dynamicSharedBytes
       << ", \"local_bytes\": " << kr.localBytes
       << ", \"max_threads_per_block\": " << kr.maxThreadsPerBlock
       << ", \"ptx_version\": " << kr.ptxVersion
       << ", \"binary_version\": " << kr.binaryVersion;
    if (kr.cluster)
      os << ", \"cluster\": " << jsonIntList(*kr.cluster);
    os << "}";
  }
  os << (r.kernels.empty() ? "]" : "\n      ]") << "\n    }";
}

/// cuBLASLt's fused matmul beside a stage with an epilogue (Bench.h).
void writeCublasLt(llvm::raw_ostream &os, const StageResult &r) {
  os << "      \"cublaslt_epilogue\": " << jsonQuote(r.cublasLtEpilogue) << ", \"cublaslt_note\": "
     << jsonQuote(r.cublasLtNote) << ", \"cublaslt_error\": " << num(r.cublasLtError) << ",\n";
  os << "      \"cublaslt_ms\": " << num(r.cublasLtMs) << ", \"pct_cublaslt\": " << num(r.pctCublasLt)
     << ", \"ms_interleaved_cublaslt\": " << num(r.msInterleavedLt) << ", \"cublaslt_ms_interleaved\": "
     << num(r.cublasLtMsInterleaved) << ", \"pct_cublaslt_interleaved\": " << num(r.pctCublasLtInterleaved)
     << ",\n";
}

/// ", \"func\": NAME" for a function of a manifest of several (version 4);
/// nothing otherwise, so that other stages are written as before.
std::string funcField(const StageResult &r) { return r.func.empty() ? "" : ", \"func\": " + jsonQuote(r.func); }

/// A dynamic stage's sizes and variant, a static peer's mark: one line,
/// only for such stages (the others are written exactly as before).
void writeDynamic(llvm::raw_ostream &os, const StageResult &r) {
  if (!r.dynamicSizes.empty()) {
    os << "      \"dynamic\": {";
    for (size_t i = 0; i < r.dynamicSizes.size(); ++i)
      os << (i ? ", " : "") << jsonQuote(r.dynamicSizes[i].first) << ": " << r.dynamicSizes[i].second;
    os << "}, \"variant\": " << r.variant << ",\n";
  }
  if (r.staticPeer)
    os << "      \"static_peer\": true,\n";
}

/// One op of a function stage, on one line: what it is, its check, its times.
void writeOp(llvm::raw_ostream &os, const OpResult &o) {
  os << "{\"index\": " << o.index << ", \"op\": " << jsonQuote(o.op) << ", \"shape\": " << jsonQuote(o.shape)
     << ", \"dtype\": " << jsonQuote(o.dtype);
  if (o.op == "matmul")
    os << ", \"beta\": " << o.beta << ", \"layout\": " << jsonQuote(o.layout) << ", \"batch\": " << o.batch
       << (o.sharedB ? ", \"shared_b\": true" : "") << ", \"epilogue\": " << jsonQuote(o.epilogue);
  os << ", \"status\": " << jsonQuote(stageStatusName(o.status)) << ", \"message\": " << jsonQuote(o.message)
     << ", \"error\": " << num(o.error) << ", \"threshold\": " << num(o.threshold)
     << ", \"bad_values\": " << o.badValues << ", \"ref_spot_error\": " << num(o.refSpotError)
     << ", \"reference\": " << jsonQuote(o.reference) << ", \"ms\": " << num(o.ms) << ", \"ref_ms\": " << num(o.refMs);
  if (o.op == "matmul")
    os << ", \"ms_interleaved\": " << num(o.msInterleaved)
       << ", \"ref_ms_interleaved\": " << num(o.refMsInterleaved);
  os << ", \"pct_ref\": " << num(o.pctRef) << "}";
}

/// A function stage (version-2 manifest): the function's check and times,
/// then its ops, then its kernels.
void writeFunctionStage(llvm::raw_ostream &os, const StageResult &r) {
  os << "      \"stage\": " << jsonQuote(r.stage) << funcField(r)
     << ", \"op\": \"function\", \"chip\": " << jsonQuote(r.chip) << ", \"shape\": " << jsonQuote(r.shape) << ",\n";
  // Only for a function whose results alias (the manifest's "results").
  if (!r.results.empty()) {
    os << "      \"results\": [";
    for (size_t i = 0; i < r.results.size(); ++i)
      os << (i ? ", " : "") << jsonQuote(r.results[i]);
    os << "],\n";
  }
  // A function of ops sharing a dynamic token count, at one size.
  writeDynamic(os, r);
  os << "      \"status\": " << jsonQuote(stageStatusName(r.status)) << ", \"message\": " << jsonQuote(r.message)
     << ",\n";
  os << "      \"seed\": " << r.seed << ", \"compile_ms\": " << (r.compileMs < 0 ? std::string("null") : num(r.compileMs))
     << ", \"jit_ms\": " << num(r.jitMs) << ",\n";
  os << "      \"rotation_sets\": " << r.rotationSets << ", \"repeat\": " << r.repeat << ", \"warmup\": " << r.warmup
     << ",\n";
  os << "      \"ms\": " << num(r.ms) << ", \"ms_min\": " << num(r.msMin) << ", \"ms_max\": " << num(r.msMax)
     << ", \"ops_ms\": " << num(r.opsMs) << ", \"refs_ms\": " << num(r.refsMs) << ", \"pct_refs\": " << num(r.pctRefs)
     << ",\n";
  os << "      \"ops\": [";
  for (size_t i = 0; i < r.ops.size(); ++i) {
    os << (i ? ",\n" : "\n") << "        ";
    writeOp(os, r.ops[i]);
  }
  os << (r.ops.empty() ? "],\n" : "\n      ],\n");
  writeKernels(os, r);
}
} // namespace

std::string resultsToJson(const RunInfo &info, const std::vector<StageResult> &results) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "{\n";
  os << "  \"format\": \"gemm-run-results\",\n";
  os << "  \"version\": 1,\n";
  os << "  \"command\": " << jsonQuote(info.commandLine) << ",\n";
  if (info.haveDevice) {
    const DeviceInfo &d = info.device;
    os << "  \"device\": {\"ordinal\": " << d.ordinal << ", \"name\": " << jsonQuote(d.name)
       << ", \"chip\": " << jsonQuote(d.chip()) << ", \"sm_count\": " << d.smCount
       << ", \"clock_khz\": " << d.clockKHz << ", \"mem_clock_khz\": " << d.memClockKHz
       << ", \"bus_width_bits\": " << d.busWidthBits << ", \"l2_bytes\": " << d.l2Bytes
       << ", \"max_shared_optin_bytes\": " << d.maxSharedOptinBytes << ", \"total_mem_bytes\": " << d.totalMemBytes
       << ", \"driver_version\": " << d.driverVersion << "},\n";
  } else {
    os << "  \"device\": null,\n";
    os << "  \"no_device_reason\": " << jsonQuote(info.noDeviceReason) << ",\n";
  }
  os << "  \"cublas_version\": " << info.cublasVersion << ",\n";
  os << "  \"cublas_path\": " << jsonQuote(info.cublasPath) << ",\n";
  os << "  \"cublaslt_version\": " << info.cublasLtVersion << ",\n";
  os << "  \"options\": {\"repeat\": " << info.options.repeat << ", \"warmup\": " << info.options.warmup
     << ", \"seed\": " << info.options.seed << ", \"tf32\": " << (info.options.tf32 ? "true" : "false")
     << ", \"check_only\": " << (info.options.checkOnly ? "true" : "false") << "},\n";
  os << "  \"stages\": [";
  for (size_t i = 0; i < results.size(); ++i) {
    const StageResult &r = results[i];
    os << (i ? ",\n" : "\n") << "    {\n";
    if (r.op == "function") {
      writeFunctionStage(os, r);
      continue;
    }
    os << "      \"stage\": " << jsonQuote(r.stage) << funcField(r) << ", \"op\": " << jsonQuote(r.op)
       << ", \"chip\": " << jsonQuote(r.chip) << ",\n";
    os << "      \"shape\": " << jsonQuote(r.shape) << ", \"dtype\": " << jsonQuote(r.dtype)
       << ", \"beta\": " << r.beta;
    if (r.op == "matmul")
      os << ", \"layout\": " << jsonQuote(r.layout.empty() ? "nn" : r.layout) << ", \"batch\": " << r.batch
         << (r.sharedB ? ", \"shared_b\": true" : "");
    os << ", \"epilogue\": " << jsonQuote(r.epilogue) << ",\n";
    writeDynamic(os, r);
    os << "      \"status\": " << jsonQuote(stageStatusName(r.status)) << ", \"message\": " << jsonQuote(r.message)
       << ",\n";
    os << "      \"error\": " << num(r.error) << ", \"threshold\": " << num(r.threshold)
       << ", \"bad_values\": " << r.badValues << ", \"ref_spot_error\": " << num(r.refSpotError)
       << ", \"seed\": " << r.seed << ",\n";
    os << "      \"compile_ms\": " << (r.compileMs < 0 ? std::string("null") : num(r.compileMs))
       << ", \"jit_ms\": " << num(r.jitMs) << ",\n";
    os << "      \"rotation_sets\": " << r.rotationSets << ", \"repeat\": " << r.repeat << ", \"warmup\": " << r.warmup
       << ",\n";
    os << "      \"ms\": " << num(r.ms) << ", \"ms_min\": " << num(r.msMin) << ", \"ms_max\": " << num(r.msMax)
       << ",\n";
    if (r.op == "matmul") {
      os << "      \"tflops\": " << num(r.tflops) << ", \"cublas_ms\": " << num(r.cublasMs)
         << ", \"cublas_tflops\": " << num(r.cublasTflops) << ", \"cublas_mode\": " << jsonQuote(r.cublasMode)
         << ", \"pct_cublas\": " << num(r.pctCublas) << ",\n";
      os << "      \"ms_interleaved\": " << num(r.msInterleaved) << ", \"tflops_interleaved\": "
         << num(r.tflopsInterleaved) << ", \"cublas_ms_interleaved\": " << num(r.cublasMsInterleaved)
         << ", \"cublas_tflops_interleaved\": " << num(r.cublasTflopsInterleaved)
         << ", \"pct_cublas_interleaved\": " << num(r.pctCublasInterleaved) << ",\n";
      os << "      \"peak_tflops\": " << num(r.peakTflops) << ", \"pct_peak\": " << num(r.pctPeak)
         << ", \"arithmetic_intensity\": " << num(r.intensity) << ", \"roofline_tflops\": " << num(r.rooflineTflops)
         << ", \"pct_roofline\": " << num(r.pctRoofline) << ",\n";
      if (!r.epilogue.empty())
        writeCublasLt(os, r);
    } else {
      os << "      \"gbps\": " << num(r.gbps) << ", \"copy_ms\": " << num(r.copyMs)
         << ", \"copy_gbps\": " << num(r.copyGbps) << ", \"pct_copy\": " << num(r.pctCopy)
         << ", \"peak_gbps\": " << num(r.peakGBs) << ", \"pct_peak_bw\": " << num(r.pctPeakBw) << ",\n";
    }
    writeKernels(os, r);
  }
  os << (results.empty() ? "]\n" : "\n  ]\n");
  os << "}\n";
  return text;
}

} // namespace gemm_opt::runtime
