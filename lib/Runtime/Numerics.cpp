//===- Numerics.cpp - Host-side numerics for checking ---------------------===//
#include "gemm-opt/Runtime/Numerics.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <limits>
#include <thread>

namespace gemm_opt::runtime {

/// Elements (or rows' elements) of one piece of the host checks' loops.
static constexpr size_t kPieceElements = size_t(1) << 20;

/// Calls fn(piece, begin, end) for the pieces [piece * grain, ...) of
/// [0, n) on up to hardware_concurrency threads: a C of 2^31 elements took
/// minutes to check on one core. Callers combine per-piece results in piece
/// order, so the result does not depend on the thread count.
template <typename Fn> static void forEachPiece(size_t n, size_t grain, Fn fn) {
  size_t pieces = (n + grain - 1) / grain;
  size_t threads = std::min<size_t>(pieces, std::max(1u, std::thread::hardware_concurrency()));
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t p; (p = next++) < pieces;)
      fn(p, p * grain, std::min(n, (p + 1) * grain));
  };
  std::vector<std::thread> pool;
  for (size_t t = 1; t < threads; ++t)
    pool.emplace_back(work);
  work();
  for (auto &t : pool)
    t.join();
}

uint64_t splitmix64(uint64_t &state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

Rng::Rng(uint64_t seed) {
  uint64_t st = seed;
  for (auto &w : s)
    w = splitmix64(st);
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t Rng::next() {
  const uint64_t result = rotl(s[1] * 5, 7) * 9;
  const uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

float Rng::uniform(float lo, float hi) {
  float u = static_cast<float>(next() >> 40) * (1.0f / 16777216.0f); // [0, 1)
  return lo + (hi - lo) * u;
}

static uint32_t bitsOf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  return x;
}
static float floatOf(uint32_t x) {
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

uint16_t floatToHalf(float f) {
  uint32_t x = bitsOf(f);
  uint32_t sign = (x >> 16) & 0x8000u;
  uint32_t absx = x & 0x7fffffffu;
  if (absx > 0x7f800000u) // NaN: quiet, keep the top payload bits
    return static_cast<uint16_t>(sign | 0x7e00u | ((absx >> 13) & 0x3ffu));
  if (absx >= 0x477ff000u) // >= 65520 (and inf) rounds to inf
    return static_cast<uint16_t>(sign | 0x7c00u);
  if (absx >= 0x38800000u) { // normal half (>= 2^-14)
    uint32_t exp = (absx >> 23) - 127 + 15;
    uint32_t mant = absx & 0x7fffffu;
    uint32_t h = (exp << 10) | (mant >> 13);
    uint32_t rem = mant & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (h & 1u)))
      ++h; // a carry into the exponent is the correct result
    return static_cast<uint16_t>(sign | h);
  }
  int e = static_cast<int>(absx >> 23); // biased f32 exponent
  if (e < 102)                          // < 2^-25: rounds to zero
    return static_cast<uint16_t>(sign);
  uint32_t mant = (absx & 0x7fffffu) | 0x800000u;
  int shift = 126 - e; // 14..24
  uint32_t h = mant >> shift;
  uint32_t rem = mant & ((1u << shift) - 1u);
  uint32_t halfway = 1u << (shift - 1);
  if (rem > halfway || (rem == halfway && (h & 1u)))
    ++h;
  return static_cast<uint16_t>(sign | h);
}

float halfToFloat(uint16_t h) {
  uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  uint32_t exp = (h >> 10) & 0x1fu;
  uint32_t mant = h & 0x3ffu;
  if (exp == 0) {
    float v = std::ldexp(static_cast<float>(mant), -24);
    return sign ? -v : v;
  }
  if (exp == 31)
    return floatOf(sign | 0x7f800000u | (mant << 13));
  return floatOf(sign | ((exp - 15 + 127) << 23) | (mant << 13));
}

uint16_t floatToBfloat16(float f) {
  uint32_t x = bitsOf(f);
  if ((x & 0x7fffffffu) > 0x7f800000u) // NaN: quiet
    return static_cast<uint16_t>((x >> 16) | 0x40u);
  uint32_t lsb = (x >> 16) & 1u;
  x += 0x7fffu + lsb;
  return static_cast<uint16_t>(x >> 16);
}

float bfloat16ToFloat(uint16_t b) { return floatOf(static_cast<uint32_t>(b) << 16); }

float roundTo(ElemType t, float v) {
  switch (t) {
  case ElemType::F32: return v;
  case ElemType::F16: return halfToFloat(floatToHalf(v));
  case ElemType::BF16: return bfloat16ToFloat(floatToBfloat16(v));
  }
  return v;
}

std::vector<uint8_t> encode(ElemType t, const std::vector<float> &values) {
  std::vector<uint8_t> out(values.size() * elemTypeSize(t));
  if (t == ElemType::F32) {
    if (!values.empty())
      std::memcpy(out.data(), values.data(), out.size());
    return out;
  }
  forEachPiece(values.size(), kPieceElements, [&](size_t, size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      uint16_t h = t == ElemType::F16 ? floatToHalf(values[i]) : floatToBfloat16(values[i]);
      std::memcpy(out.data() + 2 * i, &h, 2);
    }
  });
  return out;
}

std::vector<double> decode(ElemType t, const void *bytes, size_t count) {
  std::vector<double> out(count);
  const uint8_t *p = static_cast<const uint8_t *>(bytes);
  forEachPiece(count, kPieceElements, [&](size_t, size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      if (t == ElemType::F32) {
        float f;
        std::memcpy(&f, p + 4 * i, 4);
        out[i] = f;
      } else {
        uint16_t h;
        std::memcpy(&h, p + 2 * i, 2);
        out[i] = t == ElemType::F16 ? halfToFloat(h) : bfloat16ToFloat(h);
      }
    }
  });
  return out;
}

std::vector<float> randomValues(ElemType t, size_t count, float lo, float hi, uint64_t seed) {
  // The first piece draws from `seed` as one sequence always did; each
  // later piece from its own stream, so that pieces fill in parallel and
  // the values depend only on the seed.
  std::vector<float> v(count);
  forEachPiece(count, kPieceElements, [&](size_t piece, size_t begin, size_t end) {
    uint64_t state = seed ^ piece;
    Rng rng(piece == 0 ? seed : splitmix64(state));
    for (size_t i = begin; i < end; ++i)
      v[i] = roundTo(t, rng.uniform(lo, hi));
  });
  return v;
}

namespace {
/// One piece's share of relativeFrobeniusError's sums.
struct FrobeniusPiece {
  size_t bad = 0;
  double num = 0, den = 0, outNorm = 0;
  bool refBad = false;
};
} // namespace

double relativeFrobeniusError(const std::vector<double> &out, const std::vector<double> &ref, size_t *badCount) {
  size_t n = std::min(out.size(), ref.size());
  std::vector<FrobeniusPiece> pieces((n + kPieceElements - 1) / kPieceElements);
  forEachPiece(n, kPieceElements, [&](size_t piece, size_t begin, size_t end) {
    FrobeniusPiece s; // in registers, not through the vector
    for (size_t i = begin; i < end; ++i) {
      if (!std::isfinite(out[i])) {
        ++s.bad;
        continue;
      }
      if (!std::isfinite(ref[i])) {
        s.refBad = true;
        continue;
      }
      double d = out[i] - ref[i];
      s.num += d * d;
      s.den += ref[i] * ref[i];
      s.outNorm += out[i] * out[i];
    }
    pieces[piece] = s;
  });
  FrobeniusPiece all;
  for (const FrobeniusPiece &s : pieces) {
    all.bad += s.bad;
    all.num += s.num;
    all.den += s.den;
    all.outNorm += s.outNorm;
    all.refBad |= s.refBad;
  }
  size_t bad = all.bad;
  if (out.size() != ref.size())
    bad += std::max(out.size(), ref.size()) - n;
  if (badCount)
    *badCount = bad;
  if (bad)
    return std::numeric_limits<double>::infinity();
  if (all.refBad)
    return std::numeric_limits<double>::quiet_NaN();
  if (all.den == 0)
    return std::sqrt(all.outNorm);
  return std::sqrt(all.num / all.den);
}

/// Rows per piece of the softmax checks.
static size_t rowsPerPiece(int64_t cols) {
  return std::max<size_t>(1, kPieceElements / std::max<size_t>(1, static_cast<size_t>(cols)));
}

std::vector<double> softmaxReference(const std::vector<double> &x, int64_t rows, int64_t cols) {
  std::vector<double> y(x.size());
  forEachPiece(static_cast<size_t>(rows), rowsPerPiece(cols), [&](size_t, size_t begin, size_t end) {
    std::vector<double> e(static_cast<size_t>(cols));
    for (size_t r = begin; r < end; ++r) {
      const double *xr = x.data() + r * cols;
      double *yr = y.data() + r * cols;
      double m = -std::numeric_limits<double>::infinity();
      for (int64_t j = 0; j < cols; ++j)
        if (!std::isnan(m) && (std::isnan(xr[j]) || xr[j] > m))
          m = xr[j]; // a NaN anywhere makes the max NaN
      double s = 0;
      for (int64_t j = 0; j < cols; ++j) {
        e[j] = std::exp(xr[j] - m); // NaN when both are -inf (or +inf)
        s += e[j];
      }
      for (int64_t j = 0; j < cols; ++j)
        yr[j] = e[j] / s;
    }
  });
  return y;
}

double ulpOf(ElemType t, double v) {
  int mantissaBits = 23, minExponent = -126;
  switch (t) {
  case ElemType::F32: break;
  case ElemType::F16: mantissaBits = 10; minExponent = -14; break;
  case ElemType::BF16: mantissaBits = 7; break;
  }
  double a = std::fabs(v);
  int exponent = a > 0 ? std::ilogb(a) : minExponent;
  return std::ldexp(1.0, std::max(exponent, minExponent) - mantissaBits);
}

/// softmaxError over rows [begin, end).
static SoftmaxError softmaxErrorOfRows(const std::vector<double> &out, const std::vector<double> &ref, size_t begin,
                                       size_t end, int64_t cols, ElemType outType) {
  SoftmaxError r;
  for (size_t i = begin; i < end; ++i) {
    double maxRef = 0, maxDiff = 0;
    for (int64_t j = 0; j < cols; ++j) {
      size_t idx = i * static_cast<size_t>(cols) + static_cast<size_t>(j);
      double o = out[idx], f = ref[idx];
      bool on = std::isnan(o), fn = std::isnan(f);
      if (on != fn) {
        ++r.nanMismatches;
        continue;
      }
      if (on)
        continue;
      if (std::isinf(o)) {
        ++r.infCount;
        continue;
      }
      maxRef = std::max(maxRef, std::fabs(f));
      maxDiff = std::max(maxDiff, std::fabs(o - f) - ulpOf(outType, f));
    }
    if (maxRef > 0) {
      double e = maxDiff / maxRef;
      if (r.worstRow < 0 || e > r.maxRowError) {
        r.maxRowError = e;
        r.worstRow = static_cast<int64_t>(i);
      }
    }
  }
  return r;
}

SoftmaxError softmaxError(const std::vector<double> &out, const std::vector<double> &ref, int64_t rows, int64_t cols,
                          ElemType outType) {
  size_t grain = rowsPerPiece(cols);
  std::vector<SoftmaxError> pieces((static_cast<size_t>(rows) + grain - 1) / grain);
  forEachPiece(static_cast<size_t>(rows), grain, [&](size_t piece, size_t begin, size_t end) {
    pieces[piece] = softmaxErrorOfRows(out, ref, begin, end, cols, outType);
  });
  // In row order, as one pass over the rows would: the first worst row.
  SoftmaxError r;
  for (const SoftmaxError &p : pieces) {
    r.nanMismatches += p.nanMismatches;
    r.infCount += p.infCount;
    if (p.worstRow >= 0 && (r.worstRow < 0 || p.maxRowError > r.maxRowError)) {
      r.maxRowError = p.maxRowError;
      r.worstRow = p.worstRow;
    }
  }
  if (r.nanMismatches || r.infCount)
    r.maxRowError = std::numeric_limits<double>::infinity();
  return r;
}

double median(std::vector<double> v) {
  if (v.empty())
    return 0;
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

double matmulSpotError(const MatmulProblem &pr, const std::vector<float> &A, const std::vector<float> &B,
                       const std::vector<float> &C0, const std::vector<double> &ref, uint64_t seed) {
  const size_t M = static_cast<size_t>(pr.m), N = static_cast<size_t>(pr.n), K = static_cast<size_t>(pr.k);
  Rng rng(seed ^ 0x5eed5eed5eed5eedull);
  std::vector<double> hostVals, refVals;
  for (int s = 0; s < 256; ++s) {
    size_t i = rng.next() % M, j = rng.next() % N;
    // Batched: a random entry too (each operand's entries one after another).
    size_t e = pr.batch > 1 ? rng.next() % static_cast<size_t>(pr.batch) : 0;
    const float *a0 = A.data() + e * M * K,
                *b0 = B.data() +
                      (pr.sharedB ? 0
                                  : e / static_cast<size_t>(pr.bGroup) * K * N);
    size_t c = e * M * N + i * N + j;
    double acc = pr.beta == 1 ? static_cast<double>(C0[c]) : 0.0;
    for (size_t k = 0; k < K; ++k) {
      float a = pr.transposeA ? a0[k * M + i] : a0[i * K + k]; // A [K, M] or [M, K]
      float b = pr.transposeB ? b0[j * K + k] : b0[k * N + j]; // B [N, K] or [K, N]
      acc += static_cast<double>(a) * static_cast<double>(b);
    }
    hostVals.push_back(acc);
    refVals.push_back(ref[c]);
  }
  return relativeFrobeniusError(refVals, hostVals);
}

} // namespace gemm_opt::runtime
