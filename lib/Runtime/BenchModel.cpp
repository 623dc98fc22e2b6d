//===- BenchModel.cpp - The numbers around a benchmark --------------------===//
//
// What the check and the report compute without a device: peak rates and
// the roofline, thresholds, rotation sets, tensor-map encoding arguments,
// chip compatibility, shapes and names (Bench.h).
//
//===----------------------------------------------------------------------===//
#include "gemm-opt/Runtime/Bench.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

namespace gemm_opt::runtime {

//===----------------------------------------------------------------------===//
// Performance model
//===----------------------------------------------------------------------===//

PeakTable peaksForChip(const std::string &chip) {
  PeakTable p;
  if (chip == "sm_90" || chip == "sm_90a") {
    p.fp32Tflops = 67;
    p.tf32Tflops = 495;
    p.f16Tflops = 990;
    p.bf16Tflops = 990;
    p.bandwidthGBs = 4800;
  }
  return p;
}

double matmulPeakTflops(const PeakTable &peaks, const MatmulProblem &p, bool tf32) {
  switch (p.a) {
  case ElemType::F32: return tf32 ? peaks.tf32Tflops : peaks.fp32Tflops;
  case ElemType::F16: return peaks.f16Tflops;
  case ElemType::BF16: return peaks.bf16Tflops;
  }
  return 0;
}

double matmulFlops(const MatmulProblem &p) {
  return 2.0 * static_cast<double>(p.batch) * static_cast<double>(p.m) * static_cast<double>(p.n) *
         static_cast<double>(p.k);
}

double matmulMinBytes(const MatmulProblem &p) {
  double m = static_cast<double>(p.m), n = static_cast<double>(p.n), k = static_cast<double>(p.k);
  const double e = static_cast<double>(p.batch),
               eB = static_cast<double>(p.bEntries());
  return e * (m * k * elemTypeSize(p.a) + m * n * elemTypeSize(p.c) * (1.0 + p.beta)) + eB * k * n * elemTypeSize(p.b);
}

double matmulArithmeticIntensity(const MatmulProblem &p) { return matmulFlops(p) / matmulMinBytes(p); }

double rooflineTflops(double intensity, double peakTflops, double bandwidthGBs) {
  if (peakTflops <= 0 || bandwidthGBs <= 0)
    return 0;
  return std::min(peakTflops, intensity * bandwidthGBs / 1000.0);
}

double softmaxMinBytes(const SoftmaxProblem &p) {
  double n = static_cast<double>(p.rows) * static_cast<double>(p.cols);
  return n * (elemTypeSize(p.x) + elemTypeSize(p.y));
}

double matmulThreshold(const MatmulProblem &p, bool tf32) {
  if (p.c == ElemType::BF16)
    return 1e-2;
  if (p.c == ElemType::F16)
    return 5e-3;
  if (p.a == ElemType::F32 && p.b == ElemType::F32)
    return tf32 ? 5e-3 : 1e-4;
  return 1e-3;
}

double softmaxThreshold(const SoftmaxProblem &p) {
  switch (p.y) {
  case ElemType::F32: return 1e-4;
  case ElemType::F16: return 2e-3;
  case ElemType::BF16: return 1e-2;
  }
  return 1e-4;
}

size_t rotationSetCount(size_t bytesPerSet, size_t l2Bytes, size_t capBytes, double l2Factor) {
  if (bytesPerSet == 0)
    return 1;
  double want = std::ceil(l2Factor * static_cast<double>(l2Bytes) / static_cast<double>(bytesPerSet));
  size_t n = want < 1 ? 1 : static_cast<size_t>(want);
  size_t cap = capBytes / bytesPerSet;
  if (n > cap)
    n = cap;
  // A problem so small that this many sets stay inside L2 is cache-resident
  // whatever we do; without the cap a 1x1x1 matmul asked for millions.
  if (n > kMaxRotationSets)
    n = kMaxRotationSets;
  return n < 1 ? 1 : n;
}

cu::TensorMapEncodeArgs tensorMapEncodeArgs(const TensorMapDesc &d) {
  cu::TensorMapEncodeArgs a;
  switch (d.elem) {
  case ElemType::F16: a.dataType = cu::CU_TENSOR_MAP_DATA_TYPE_FLOAT16; break;
  case ElemType::BF16: a.dataType = cu::CU_TENSOR_MAP_DATA_TYPE_BFLOAT16; break;
  case ElemType::F32: a.dataType = cu::CU_TENSOR_MAP_DATA_TYPE_FLOAT32; break;
  }
  a.rank = static_cast<unsigned>(std::min(d.dims.size(), kMaxTensorMapRank));
  for (unsigned i = 0; i < a.rank; ++i) {
    a.globalDim[i] = d.dims[i];
    a.boxDim[i] = i < d.box.size() ? d.box[i] : 0;
    a.elementStrides[i] = 1;
    if (i + 1 < a.rank)
      a.globalStrides[i] = i < d.strides.size() ? d.strides[i] : 0;
  }
  a.interleave = cu::CU_TENSOR_MAP_INTERLEAVE_NONE;
  switch (d.swizzle) {
  case 32: a.swizzle = cu::CU_TENSOR_MAP_SWIZZLE_32B; break;
  case 64: a.swizzle = cu::CU_TENSOR_MAP_SWIZZLE_64B; break;
  case 128: a.swizzle = cu::CU_TENSOR_MAP_SWIZZLE_128B; break;
  default: a.swizzle = cu::CU_TENSOR_MAP_SWIZZLE_NONE; break;
  }
  switch (d.l2Promotion) {
  case 64: a.l2Promotion = cu::CU_TENSOR_MAP_L2_PROMOTION_L2_64B; break;
  case 128: a.l2Promotion = cu::CU_TENSOR_MAP_L2_PROMOTION_L2_128B; break;
  case 256: a.l2Promotion = cu::CU_TENSOR_MAP_L2_PROMOTION_L2_256B; break;
  default: a.l2Promotion = cu::CU_TENSOR_MAP_L2_PROMOTION_NONE; break;
  }
  a.oobFill = cu::CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;
  return a;
}

std::string chipSupportError(const std::string &chip, int ccMajor, int ccMinor) {
  // "sm_" digits [ "a" ]; anything else is left to the JIT to judge.
  if (chip.rfind("sm_", 0) != 0)
    return "";
  size_t end = 3;
  while (end < chip.size() && std::isdigit(static_cast<unsigned char>(chip[end])))
    ++end;
  if (end == 3 || end - 3 > 4)
    return "";
  const std::string suffix = chip.substr(end);
  if (!suffix.empty() && suffix != "a")
    return "";
  const int target = std::atoi(chip.substr(3, end - 3).c_str());
  const int device = ccMajor * 10 + ccMinor;
  const std::string cc = std::to_string(target / 10) + "." + std::to_string(target % 10);
  const std::string have =
      "the device is sm_" + std::to_string(device) + " (compute capability " + std::to_string(ccMajor) + "." +
      std::to_string(ccMinor) + ")";
  if (suffix == "a" && device != target)
    return "the stage was compiled for " + chip + " (arch-specific features such as wgmma/setmaxnreg), which runs "
           "only on a compute capability " + cc + " device; " + have;
  if (device < target)
    return "the stage was compiled for " + chip + ", which needs compute capability " + cc + " or newer; " + have;
  return "";
}

bool parseShape(const std::string &s, std::vector<int64_t> &dims) {
  dims.clear();
  size_t pos = 0;
  while (true) {
    size_t x = s.find_first_of("xX", pos);
    std::string part = s.substr(pos, x == std::string::npos ? std::string::npos : x - pos);
    if (part.empty() || part.size() > 12 || part.find_first_not_of("0123456789") != std::string::npos)
      return false;
    int64_t v = std::strtoll(part.c_str(), nullptr, 10);
    if (v <= 0)
      return false;
    dims.push_back(v);
    if (x == std::string::npos)
      break;
    pos = x + 1;
  }
  return !dims.empty();
}

const char *stageStatusName(StageStatus s) {
  switch (s) {
  case StageStatus::Pass: return "PASS";
  case StageStatus::Fail: return "FAIL";
  case StageStatus::Error: return "ERROR";
  case StageStatus::NotRun: return "NOT RUN";
  }
  return "?";
}

std::string manifestDtypeString(const KernelManifest &m) {
  if (m.isMatmul())
    return std::string(elemTypeName(m.matmul.a)) + "," + elemTypeName(m.matmul.b) + "->" + elemTypeName(m.matmul.c);
  return std::string(elemTypeName(m.softmax.x)) + "->" + elemTypeName(m.softmax.y);
}

std::string manifestShapeString(const KernelManifest &m) {
  if (m.isMatmul())
    // Batched: the batch count first (gemm-run --batch B --shape MxNxK).
    return (m.matmul.batch > 1 ? std::to_string(m.matmul.batch) + "x" : std::string()) + std::to_string(m.matmul.m) +
           "x" + std::to_string(m.matmul.n) + "x" + std::to_string(m.matmul.k);
  return std::to_string(m.softmax.rows) + "x" + std::to_string(m.softmax.cols);
}
} // namespace gemm_opt::runtime
