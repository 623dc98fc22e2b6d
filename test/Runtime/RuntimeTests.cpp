//===- RuntimeTests.cpp - Host-side unit tests for GemmOptRuntime ---------===//
//
// No GPU needed. Prints "N passed, M failed"; exit status 1 on any failure.
//
//===----------------------------------------------------------------------===//
#include "gemm-opt/Runtime/Bench.h"
#include "gemm-opt/Runtime/Manifest.h"
#include "gemm-opt/Runtime/Numerics.h"
#include "TestHarness.h"

#include "llvm/Support/JSON.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

using namespace gemm_opt::runtime;

#ifdef GEMM_OPT_CUDA_H_CHECKED
bool cudaHeaderChecked(); // CudaHeaderCheck.cpp: the cuda.h mirror, checked at compile time
#endif

static void testTensorMapEncoding() {
  // The arguments handed to cuTensorMapEncodeTiled.
  TensorMapDesc d = TensorMapDesc::rowMajor2D(ElemType::BF16, 1000, 776, 64, 128, 128, 256);
  cu::TensorMapEncodeArgs a = tensorMapEncodeArgs(d);
  EXPECT(a.dataType == cu::CU_TENSOR_MAP_DATA_TYPE_BFLOAT16 && a.dataType == 9);
  EXPECT(a.rank == 2 && a.globalDim[0] == 776 && a.globalDim[1] == 1000 && a.globalStrides[0] == 1552);
  EXPECT(a.boxDim[0] == 64 && a.boxDim[1] == 128 && a.elementStrides[0] == 1 && a.elementStrides[1] == 1);
  EXPECT(a.swizzle == cu::CU_TENSOR_MAP_SWIZZLE_128B && a.swizzle == 3);
  EXPECT(a.l2Promotion == cu::CU_TENSOR_MAP_L2_PROMOTION_L2_256B && a.l2Promotion == 3);
  EXPECT(a.interleave == 0 && a.oobFill == 0);
  const std::pair<uint32_t, int> swizzles[] = {{0, 0}, {32, 1}, {64, 2}, {128, 3}};
  for (auto [bytes, e] : swizzles) {
    d.swizzle = bytes;
    EXPECT(tensorMapEncodeArgs(d).swizzle == e);
  }
  const std::pair<uint32_t, int> l2s[] = {{0, 0}, {64, 1}, {128, 2}, {256, 3}};
  for (auto [bytes, e] : l2s) {
    d.l2Promotion = bytes;
    EXPECT(tensorMapEncodeArgs(d).l2Promotion == e);
  }
  d.elem = ElemType::F16;
  EXPECT(tensorMapEncodeArgs(d).dataType == 6);
  d.elem = ElemType::F32;
  EXPECT(tensorMapEncodeArgs(d).dataType == 7);
  TensorMapDesc r5;
  r5.dims = {8, 5, 5, 5, 8};
  r5.strides = {32, 160, 800, 4000};
  r5.box = {4, 1, 2, 3, 8};
  cu::TensorMapEncodeArgs a5 = tensorMapEncodeArgs(r5);
  EXPECT(a5.rank == 5 && a5.globalDim[4] == 8 && a5.globalStrides[3] == 4000 && a5.boxDim[4] == 8 &&
         a5.elementStrides[4] == 1);
  EXPECT(sizeof(cu::CUtensorMap) == 128 && alignof(cu::CUtensorMap) % 64 == 0);
#ifdef GEMM_OPT_CUDA_H_CHECKED
  EXPECT(cudaHeaderChecked());
  std::printf("cuda.h mirror: checked against the toolkit's cuda.h\n");
#else
  std::printf("cuda.h mirror: not checked (no cuda.h at configure time)\n");
#endif

  // Which devices may run which PTX target.
  EXPECT(chipSupportError("sm_90", 9, 0).empty());
  EXPECT(chipSupportError("sm_90a", 9, 0).empty());
  EXPECT(chipSupportError("sm_80", 9, 0).empty());
  EXPECT(chipSupportError("sm_90", 10, 0).empty());
  std::string e = chipSupportError("sm_90a", 8, 6);
  EXPECT_MSG(contains(e, "compiled for sm_90a") && contains(e, "runs only on a compute capability 9.0 device") &&
                 contains(e, "the device is sm_86 (compute capability 8.6)"),
             e);
  EXPECT(contains(chipSupportError("sm_90a", 10, 0), "runs only on a compute capability 9.0 device"));
  e = chipSupportError("sm_90", 8, 0);
  EXPECT_MSG(contains(e, "needs compute capability 9.0 or newer; the device is sm_80"), e);
  EXPECT(chipSupportError("compute_90", 8, 0).empty()); // unknown spellings are the JIT's to judge
  EXPECT(chipSupportError("sm_", 8, 0).empty());
  EXPECT(chipSupportError("sm_90f", 8, 0).empty());
}

static void testConversions() {
  EXPECT(floatToHalf(1.0f) == 0x3C00);
  EXPECT(floatToHalf(-2.0f) == 0xC000);
  EXPECT(floatToHalf(65504.0f) == 0x7BFF);
  EXPECT(floatToHalf(65519.0f) == 0x7BFF);   // below the tie
  EXPECT(floatToHalf(65520.0f) == 0x7C00);   // tie rounds to even -> inf
  EXPECT(floatToHalf(1e6f) == 0x7C00);
  EXPECT(floatToHalf(-std::numeric_limits<float>::infinity()) == 0xFC00);
  EXPECT((floatToHalf(std::nanf("")) & 0x7C00) == 0x7C00 && (floatToHalf(std::nanf("")) & 0x3FF) != 0);
  EXPECT(floatToHalf(0.0f) == 0x0000 && floatToHalf(-0.0f) == 0x8000);
  EXPECT(floatToHalf(std::ldexp(1.0f, -24)) == 0x0001);    // smallest subnormal
  EXPECT(floatToHalf(std::ldexp(1.0f, -25)) == 0x0000);    // tie -> even (0)
  EXPECT(floatToHalf(std::ldexp(1.5f, -25)) == 0x0001);    // above the tie
  EXPECT(floatToHalf(std::ldexp(3.0f, -25)) == 0x0002);    // 1.5 ulp tie -> even (2)
  EXPECT(floatToHalf(std::ldexp(1.0f, -14)) == 0x0400);    // smallest normal
  EXPECT(floatToHalf(std::ldexp(1023.5f, -24)) == 0x0400); // rounds up into the normals
  EXPECT(floatToHalf(1.0f + std::ldexp(1.0f, -11)) == 0x3C00); // tie, even stays
  EXPECT(floatToHalf(1.0f + 3 * std::ldexp(1.0f, -11)) == 0x3C02); // tie, odd rounds up
  EXPECT(floatToHalf(1.0f + std::ldexp(1.0f, -11) + std::ldexp(1.0f, -20)) == 0x3C01);
  EXPECT(halfToFloat(0x3C00) == 1.0f && halfToFloat(0x7BFF) == 65504.0f);
  EXPECT(halfToFloat(0x0001) == std::ldexp(1.0f, -24) && halfToFloat(0x8000) == 0.0f &&
         std::signbit(halfToFloat(0x8000)));
  EXPECT(std::isinf(halfToFloat(0x7C00)) && std::isnan(halfToFloat(0x7E00)) && std::isnan(halfToFloat(0xFFFF)));
  // Exhaustive: every finite half converts to float and back exactly.
  bool allOk = true;
  for (uint32_t h = 0; h < 0x10000; ++h) {
    float f = halfToFloat(static_cast<uint16_t>(h));
    if (std::isnan(f))
      continue;
    if (floatToHalf(f) != h)
      allOk = false;
  }
  EXPECT(allOk);
  // Rounding to nearest: the result is never farther than any neighbour.
  Rng rng(7);
  bool nearest = true;
  for (int i = 0; i < 200000; ++i) {
    float f = rng.uniform(-70000.0f, 70000.0f) * std::ldexp(1.0f, -static_cast<int>(rng.next() % 40));
    uint16_t h = floatToHalf(f);
    float g = halfToFloat(h);
    if (std::isinf(g))
      continue;
    for (int d : {-1, 1}) {
      float n = halfToFloat(static_cast<uint16_t>(h + d));
      if (!std::isnan(n) && !std::isinf(n) && std::fabs(n - f) < std::fabs(g - f))
        nearest = false;
    }
  }
  EXPECT(nearest);

  EXPECT(floatToBfloat16(1.0f) == 0x3F80);
  EXPECT(floatToBfloat16(-1.0f) == 0xBF80);
  EXPECT(floatToBfloat16(1.0f + std::ldexp(1.0f, -8)) == 0x3F80);     // tie, even stays
  EXPECT(floatToBfloat16(1.0f + 3 * std::ldexp(1.0f, -8)) == 0x3F82); // tie, odd rounds up
  EXPECT(floatToBfloat16(1.0f + std::ldexp(1.0f, -8) + std::ldexp(1.0f, -20)) == 0x3F81);
  EXPECT(floatToBfloat16(3.4028235e38f) == 0x7F80); // rounds to inf
  EXPECT(std::isnan(bfloat16ToFloat(floatToBfloat16(std::nanf("")))));
  EXPECT(bfloat16ToFloat(0x3F80) == 1.0f && bfloat16ToFloat(0x7F80) == std::numeric_limits<float>::infinity());
  EXPECT(std::isnan(bfloat16ToFloat(0xFFFF)) && std::isnan(halfToFloat(0xFFFF))); // the 0xFF poison is NaN
  float poison;
  uint32_t ones = 0xFFFFFFFFu;
  std::memcpy(&poison, &ones, 4);
  EXPECT(std::isnan(poison));
  // The softmax output poison: finite, above 1 in every output type.
  const uint16_t softmaxPoison16 = kSoftmaxPoisonByte * 0x0101u;
  uint32_t softmaxPoison32 = kSoftmaxPoisonByte * 0x01010101u;
  float softmaxPoison;
  std::memcpy(&softmaxPoison, &softmaxPoison32, 4);
  EXPECT(std::isfinite(softmaxPoison) && softmaxPoison > 1.0f);
  EXPECT(std::isfinite(halfToFloat(softmaxPoison16)) && halfToFloat(softmaxPoison16) > 1.0f);
  EXPECT(std::isfinite(bfloat16ToFloat(softmaxPoison16)) && bfloat16ToFloat(softmaxPoison16) > 1.0f);

  std::vector<float> vals = {1.0f, -0.5f, 3.0f};
  auto bytes = encode(ElemType::F16, vals);
  EXPECT(bytes.size() == 6);
  auto back = decode(ElemType::F16, bytes.data(), 3);
  EXPECT(back[0] == 1.0 && back[1] == -0.5 && back[2] == 3.0);
  auto b32 = encode(ElemType::F32, vals);
  EXPECT(b32.size() == 12 && decode(ElemType::F32, b32.data(), 3)[2] == 3.0);
  auto r = randomValues(ElemType::BF16, 1000, -1.0f, 1.0f, 42);
  bool inRange = true, rounded = true;
  double sum = 0;
  for (float x : r) {
    inRange = inRange && x >= -1.0f && x <= 1.0f;
    rounded = rounded && roundTo(ElemType::BF16, x) == x;
    sum += x;
  }
  EXPECT(inRange && rounded && std::fabs(sum / 1000) < 0.1);
  EXPECT(randomValues(ElemType::F32, 10, -1, 1, 1) == randomValues(ElemType::F32, 10, -1, 1, 1));
  EXPECT(randomValues(ElemType::F32, 10, -1, 1, 1) != randomValues(ElemType::F32, 10, -1, 1, 2));
}

static void testErrorMetrics() {
  std::vector<double> ref = {3, 4}, out = {3, 4};
  size_t bad = 99;
  EXPECT(relativeFrobeniusError(out, ref, &bad) == 0 && bad == 0);
  out = {3, 4.5};
  EXPECT(std::fabs(relativeFrobeniusError(out, ref) - 0.1) < 1e-15);
  out = {std::nan(""), 4};
  EXPECT(std::isinf(relativeFrobeniusError(out, ref, &bad)) && bad == 1);
  out = {3, std::numeric_limits<double>::infinity()};
  EXPECT(std::isinf(relativeFrobeniusError(out, ref, &bad)) && bad == 1);
  EXPECT(median({3, 1, 2}) == 2 && median({4, 1, 3, 2}) == 2.5 && median({}) == 0);

  const double inf = std::numeric_limits<double>::infinity();
  // Rows: plain, constant, some -inf, all -inf, huge magnitudes.
  std::vector<double> x = {1, 2, 3, 4, 5, 5, 5, 5, -inf, 0, -inf, 0, -inf, -inf, -inf, -inf, 1e4, -1e4, 9999, 0};
  std::vector<double> y = softmaxReference(x, 5, 4);
  double s = std::exp(-3.0) + std::exp(-2.0) + std::exp(-1.0) + 1.0;
  EXPECT(std::fabs(y[3] - 1.0 / s) < 1e-15 && std::fabs(y[0] - std::exp(-3.0) / s) < 1e-15);
  EXPECT(y[4] == 0.25 && y[7] == 0.25);
  EXPECT(y[8] == 0 && y[10] == 0 && y[9] == 0.5 && y[11] == 0.5);
  EXPECT(std::isnan(y[12]) && std::isnan(y[15]));
  EXPECT(std::fabs(y[16] - 1.0 / (1.0 + std::exp(-1.0))) < 1e-15 && y[17] == 0 && y[19] == 0);
  std::vector<double> nanRow = {1, std::nan(""), 2};
  auto yn = softmaxReference(nanRow, 1, 3);
  EXPECT(std::isnan(yn[0]) && std::isnan(yn[1]) && std::isnan(yn[2]));

  SoftmaxError e = softmaxError(y, y, 5, 4);
  EXPECT(e.maxRowError == 0 && e.nanMismatches == 0 && e.infCount == 0);
  std::vector<double> o = y;
  o[1] += 1e-3; // row 0: max |ref| = y[3]; one f32 unit at y[1] is allowed
  e = softmaxError(o, y, 5, 4);
  EXPECT(std::fabs(e.maxRowError - (1e-3 - ulpOf(ElemType::F32, y[1])) / y[3]) < 1e-12 && e.worstRow == 0);
  o = y;
  o[12] = 0.25; // out finite where the reference is NaN
  e = softmaxError(o, y, 5, 4);
  EXPECT(e.nanMismatches == 1 && std::isinf(e.maxRowError));
  o = y;
  o[0] = std::nan(""); // NaN where the reference is finite
  e = softmaxError(o, y, 5, 4);
  EXPECT(e.nanMismatches == 1 && std::isinf(e.maxRowError));
  o = y;
  o[5] = inf;
  e = softmaxError(o, y, 5, 4);
  EXPECT(e.infCount == 1 && std::isinf(e.maxRowError));
}

// The softmax check allows one unit of the output type per element: an
// f16 row of 151936 equal values is 1/151936 = 110.4 subnormal units
// (2^-24), so the exact answer rounded to f16 is already 3.8e-3 of the row's
// largest value away, above the 2e-3 threshold (issue 14's 2048x151936).
static void testSoftmaxErrorUnits() {
  EXPECT(ulpOf(ElemType::F16, 1.0) == std::ldexp(1.0, -10));
  EXPECT(ulpOf(ElemType::F16, 1e-6) == std::ldexp(1.0, -24)); // subnormal
  EXPECT(ulpOf(ElemType::F16, 0.0) == std::ldexp(1.0, -24));
  EXPECT(ulpOf(ElemType::BF16, 3.0) == std::ldexp(1.0, -6));
  EXPECT(ulpOf(ElemType::F32, 1.0) == std::ldexp(1.0, -23));
  const int64_t cols = 151936;
  std::vector<double> ref(cols, 1.0 / cols), rounded(cols);
  for (int64_t j = 0; j < cols; ++j)
    rounded[j] = halfToFloat(floatToHalf(static_cast<float>(ref[j])));
  double floor = std::fabs(rounded[0] - ref[0]) / ref[0];
  EXPECT(floor > 3.7e-3 && floor < 3.9e-3);
  SoftmaxError e = softmaxError(rounded, ref, 1, cols, ElemType::F16);
  EXPECT(e.maxRowError == 0 && e.worstRow == 0);
  // Two units off: one counts.
  std::vector<double> off = ref;
  off[5] += 2 * std::ldexp(1.0, -24);
  e = softmaxError(off, ref, 1, cols, ElemType::F16);
  EXPECT(std::fabs(e.maxRowError - std::ldexp(1.0, -24) / ref[0]) < 1e-12);
}

// The host checks split long inputs into pieces of 2^20 elements that
// run on several threads: the results must be those of one pass in order.
// 3 x 2^20 + 5 elements: the values, the first worst row of the softmax
// check in a later piece (ties resolved to the first), the error sums.
static void testChecksInPieces() {
  const size_t n = 3 * (size_t(1) << 20) + 5;
  std::vector<float> v = randomValues(ElemType::BF16, n, -1.0f, 1.0f, 42);
  EXPECT(v == randomValues(ElemType::BF16, n, -1.0f, 1.0f, 42));
  EXPECT(v != randomValues(ElemType::BF16, n, -1.0f, 1.0f, 43));
  // The first 2^20 values are one sequence from the seed, as before pieces.
  Rng rng(42);
  bool same = true;
  for (size_t i = 0; i < 1000; ++i)
    same &= v[i] == roundTo(ElemType::BF16, rng.uniform(-1.0f, 1.0f));
  EXPECT(same);
  // Later pieces are not copies of the first.
  EXPECT(!std::equal(v.begin(), v.begin() + 1000, v.begin() + (size_t(1) << 20)));
  std::vector<uint8_t> bytes = encode(ElemType::BF16, v);
  std::vector<double> d = decode(ElemType::BF16, bytes.data(), n);
  EXPECT(d.size() == n && d[0] == v[0] && d[n - 1] == v[n - 1] && d[n / 2] == v[n / 2]);

  std::vector<double> ref(n), out(n);
  double num = 0, den = 0;
  for (size_t i = 0; i < n; ++i) {
    ref[i] = 1.0 + double(i % 7);
    out[i] = ref[i] + (i % 3 == 0 ? 1e-3 : 0.0);
  }
  for (size_t i = 0; i < n; ++i) {
    num += (out[i] - ref[i]) * (out[i] - ref[i]);
    den += ref[i] * ref[i];
  }
  EXPECT(std::fabs(relativeFrobeniusError(out, ref) - std::sqrt(num / den)) < 1e-12);
  size_t bad = 0;
  out[n - 1] = std::nan("");
  out[5] = std::numeric_limits<double>::infinity();
  EXPECT(std::isinf(relativeFrobeniusError(out, ref, &bad)) && bad == 2);

  // Rows of 1000: 3146 rows, 1048 a piece. Equal errors in rows 2000 and
  // 3000 (pieces 1 and 2): row 2000 is the worst; a NaN in the last row.
  const int64_t cols = 1000, rows = 3146;
  std::vector<double> x(size_t(rows * cols), 0.5);
  std::vector<double> y = softmaxReference(x, rows, cols);
  EXPECT(y[0] == 1.0 / cols && y[size_t(rows * cols) - 1] == 1.0 / cols);
  std::vector<double> o = y;
  o[size_t(2000 * cols + 3)] += 1e-3;
  o[size_t(3000 * cols + 7)] += 1e-3;
  SoftmaxError e = softmaxError(o, y, rows, cols);
  EXPECT(e.worstRow == 2000 && e.maxRowError > 0.99 && e.nanMismatches == 0);
  o[size_t(rows * cols) - 1] = std::nan("");
  e = softmaxError(o, y, rows, cols);
  EXPECT(e.nanMismatches == 1 && std::isinf(e.maxRowError));
}

static void testPerfModel() {
  MatmulProblem p;
  p.m = p.n = p.k = 4096;
  EXPECT(matmulFlops(p) == 2.0 * 4096 * 4096 * 4096);
  EXPECT(matmulMinBytes(p) == 3.0 * 4096 * 4096 * 4);
  EXPECT(std::fabs(matmulArithmeticIntensity(p) - 2.0 * 4096 / 12) < 1e-9);
  p.beta = 1;
  EXPECT(matmulMinBytes(p) == 4.0 * 4096 * 4096 * 4);
  p.beta = 0;
  PeakTable h = peaksForChip("sm_90");
  EXPECT(h.fp32Tflops == 67 && h.tf32Tflops == 495 && h.f16Tflops == 990 && h.bf16Tflops == 990 &&
         h.bandwidthGBs == 4800);
  EXPECT(peaksForChip("sm_80").fp32Tflops == 0);
  EXPECT(matmulPeakTflops(h, p, false) == 67 && matmulPeakTflops(h, p, true) == 495);
  MatmulProblem ph = p;
  ph.a = ph.b = ElemType::F16;
  EXPECT(matmulPeakTflops(h, ph, false) == 990);
  // Compute bound at 4096^3 f32 (AI ~ 683 flop/B * 4.8 TB/s = 3277 TFLOPS > 67).
  EXPECT(rooflineTflops(matmulArithmeticIntensity(p), 67, 4800) == 67);
  // Memory bound at AI = 10 flop/B: 48 TFLOPS.
  EXPECT(std::fabs(rooflineTflops(10, 990, 4800) - 48) < 1e-9);
  EXPECT(rooflineTflops(10, 0, 4800) == 0);
  SoftmaxProblem sp;
  sp.rows = 1024;
  sp.cols = 4096;
  sp.x = ElemType::F16;
  sp.y = ElemType::F32;
  EXPECT(softmaxMinBytes(sp) == 1024.0 * 4096 * 6);

  EXPECT(matmulThreshold(p, false) == 1e-4 && matmulThreshold(p, true) == 5e-3);
  EXPECT(matmulThreshold(ph, false) == 1e-3);
  ph.c = ElemType::F16;
  EXPECT(matmulThreshold(ph, false) == 5e-3);
  ph.a = ph.b = ph.c = ElemType::BF16;
  EXPECT(matmulThreshold(ph, false) == 1e-2);
  EXPECT(softmaxThreshold(sp) == 1e-4);
  sp.y = ElemType::F16;
  EXPECT(softmaxThreshold(sp) == 2e-3);
  sp.y = ElemType::BF16;
  EXPECT(softmaxThreshold(sp) == 1e-2);

  const size_t MiB = 1 << 20;
  EXPECT(rotationSetCount(192 * MiB, 60 * MiB) == 1);      // 4096^3 f32: one set is > 3x L2
  EXPECT(rotationSetCount(12 * MiB, 60 * MiB) == 15);      // 1024^3 f32: 15 sets = 180 MiB
  EXPECT(rotationSetCount(7 * MiB, 60 * MiB) == 26);       // ceil(180/7)
  EXPECT(rotationSetCount(3000 * MiB, 60 * MiB, size_t(8) << 30) == 1);
  EXPECT(rotationSetCount(2 * MiB, 60 * MiB, 100 * MiB) == 50); // capped by bytes
  EXPECT(rotationSetCount(1 * MiB, 60 * MiB) == kMaxRotationSets); // capped by count
  EXPECT(rotationSetCount(12, 60 * MiB) == kMaxRotationSets);     // 1x1x1 f32
  EXPECT(rotationSetCount(16000 * MiB, 60 * MiB, size_t(8) << 30) == 1); // over the cap: still one
  EXPECT(rotationSetCount(0, 60 * MiB) == 1);

  std::vector<int64_t> d;
  EXPECT(parseShape("4096x2048x1024", d) && d == std::vector<int64_t>({4096, 2048, 1024}));
  EXPECT(parseShape("8X16", d) && d == std::vector<int64_t>({8, 16}));
  EXPECT(!parseShape("", d) && !parseShape("4096x", d) && !parseShape("x4", d) && !parseShape("0x4", d) &&
         !parseShape("4x-4", d) && !parseShape("4x4.5", d) && !parseShape("1234567890123x1", d));
}

static void testReports() {
  StageResult mm;
  mm.stage = "coalesced";
  mm.op = "matmul";
  mm.chip = "sm_90";
  mm.shape = "4096x4096x4096";
  mm.dtype = "f32,f32->f32";
  mm.status = StageStatus::Pass;
  mm.error = 1.5e-7;
  mm.threshold = 1e-4;
  mm.compileMs = 12.5;
  mm.ms = 10;
  mm.tflops = 13.7;
  mm.cublasMs = 2.5;
  mm.cublasTflops = 55;
  mm.pctCublas = 25;
  mm.cublasMode = "sgemm-pedantic";
  mm.msInterleaved = 9.5;
  mm.tflopsInterleaved = 14.5;
  mm.cublasMsInterleaved = 2.375;
  mm.cublasTflopsInterleaved = 57.9;
  mm.pctCublasInterleaved = 25.0;
  mm.peakTflops = 67;
  mm.pctPeak = 20.4;
  mm.intensity = 683;
  mm.rooflineTflops = 67;
  KernelResources kr;
  kr.name = "matmul_kernel";
  kr.registers = 40;
  kr.staticSharedBytes = 8192;
  kr.localBytes = 16;
  mm.kernels.push_back(kr);
  StageResult sm;
  sm.stage = "naive";
  sm.op = "softmax";
  sm.status = StageStatus::Fail;
  sm.error = std::numeric_limits<double>::infinity();
  sm.message = "3 NaN position mismatches";
  sm.compileMs = -1;
  StageResult er;
  er.stage = "broken";
  er.op = "matmul";
  er.status = StageStatus::Error;
  er.message = "cuModuleLoadDataEx (PTX JIT): CUDA_ERROR_INVALID_PTX\n\"quoted\"";
  RunInfo info;
  info.commandLine = "gemm-run --ptx 'a b.ptx'";
  info.haveDevice = true;
  info.device.name = "NVIDIA H200";
  info.device.ccMajor = 9;
  info.device.smCount = 132;
  info.cublasVersion = 130000;
  std::string json = resultsToJson(info, {mm, sm, er});
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(json);
  EXPECT_MSG(bool(parsed), llvm::toString(parsed.takeError()) + "\n" + json);
  const llvm::json::Object *v = parsed ? parsed->getAsObject() : nullptr;
  const llvm::json::Array *stages = v ? v->getArray("stages") : nullptr;
  EXPECT(stages && stages->size() == 3);
  if (stages && stages->size() == 3) {
    const llvm::json::Object &s0 = *(*stages)[0].getAsObject();
    const llvm::json::Object &s1 = *(*stages)[1].getAsObject();
    const llvm::json::Object &s2 = *(*stages)[2].getAsObject();
    EXPECT(s0.getString("status") == "PASS");
    EXPECT(s0.getNumber("tflops") == 13.7);
    // The interleaved numbers sit beside the back-to-back ones, which keep their names.
    EXPECT(s0.getNumber("ms") == 10 && s0.getNumber("cublas_ms") == 2.5 && s0.getNumber("pct_cublas") == 25);
    EXPECT(s0.getNumber("ms_interleaved") == 9.5);
    EXPECT(s0.getNumber("tflops_interleaved") == 14.5);
    EXPECT(s0.getNumber("cublas_ms_interleaved") == 2.375);
    EXPECT(s0.getNumber("cublas_tflops_interleaved") == 57.9);
    EXPECT(s0.getNumber("pct_cublas_interleaved") == 25.0);
    EXPECT(!s1.get("ms_interleaved")); // softmax: no cuBLAS
    EXPECT(s0.getArray("kernels") && s0.getArray("kernels")->size() == 1);
    EXPECT(s1.getNull("error")); // inf -> null
    EXPECT(s1.getNull("compile_ms"));
    EXPECT(s2.getString("message") && contains(s2.getString("message")->str(), "\"quoted\""));
  }
  EXPECT(v && v->getObject("device") && v->getObject("device")->getString("chip") == "sm_90");
  RunInfo none;
  none.noDeviceReason = "cuInit: CUDA_ERROR_NO_DEVICE";
  llvm::Expected<llvm::json::Value> noDevice = llvm::json::parse(resultsToJson(none, {}));
  EXPECT(noDevice && noDevice->getAsObject()->getNull("device"));
  if (!noDevice)
    llvm::consumeError(noDevice.takeError());
  // An argument that is not UTF-8 still gives valid JSON.
  none.commandLine = "gemm-run \xff";
  llvm::Expected<llvm::json::Value> badUtf8 = llvm::json::parse(resultsToJson(none, {}));
  EXPECT(bool(badUtf8));
  if (!badUtf8)
    llvm::consumeError(badUtf8.takeError());

  std::ostringstream os;
  printResultsTable(os, {mm, sm, er});
  std::string t = os.str();
  EXPECT_MSG(contains(t, "stage") && contains(t, "%cuBLAS") && contains(t, "roofline TFLOPS") && contains(t, "GB/s"), t);
  EXPECT_MSG(contains(t, "coalesced") && contains(t, "PASS 1.5e-07") && contains(t, "13.7") && contains(t, "12.5"), t);
  EXPECT_MSG(contains(t, "FAIL inf") && contains(t, "ERROR") && contains(t, "broken: ERROR: cuModuleLoadDataEx"), t);
  EXPECT_MSG(contains(t, "il ms") && contains(t, "il cuBLAS ms") && contains(t, "il %cuBLAS") && contains(t, "9.500") &&
                 contains(t, "2.375") && contains(t, "interleaved"),
             t);
}

void testManifests();     // ManifestTests.cpp
void testRuntimeLimits(); // RuntimeLimitsTests.cpp
void testLayouts();       // LayoutTests.cpp
void testBatches();       // BatchTests.cpp
void testSuites();        // SuiteTests.cpp
void testFunctions();     // FunctionTests.cpp
void testAliasedResults(); // AliasedResultsTests.cpp
void testEpilogues();     // EpilogueTests.cpp
void testDynamicManifests(); // DynamicManifestTests.cpp
void testDynamicOpsManifests(); // DynamicOpsManifestTests.cpp
void testWatchdog();      // WatchdogTests.cpp
void testMismatchMap();   // MismatchMapTests.cpp

int main() {
  testManifests();
  testTensorMapEncoding();
  testConversions();
  testErrorMetrics();
  testSoftmaxErrorUnits();
  testChecksInPieces();
  testPerfModel();
  testReports();
  testRuntimeLimits();
  testLayouts();
  testBatches();
  testSuites();
  testFunctions();
  testAliasedResults();
  testEpilogues();
  testDynamicManifests();
  testDynamicOpsManifests();
  testWatchdog();
  testMismatchMap();
  std::printf("%d passed, %d failed\n", gPassed, gFailed);
  return gFailed ? 1 : 0;
}
