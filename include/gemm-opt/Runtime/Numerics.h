//===- Numerics.h - Host-side numerics for checking -------------*- C++ -*-===//
//
// Random inputs, f16/bf16 conversions, error metrics and the softmax host
// reference. Pure host code; no CUDA.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_OPT_RUNTIME_NUMERICS_H
#define GEMM_OPT_RUNTIME_NUMERICS_H

#include "gemm-opt/Runtime/Manifest.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace gemm_opt::runtime {

/// splitmix64: used to seed xoshiro and to derive per-check seeds.
uint64_t splitmix64(uint64_t &state);

/// xoshiro256** PRNG.
class Rng {
public:
  explicit Rng(uint64_t seed);
  uint64_t next();
  /// Uniform in [lo, hi) with 24 random bits.
  float uniform(float lo, float hi);

private:
  uint64_t s[4];
};

/// IEEE binary16 / bfloat16 conversions, round to nearest even. NaN stays NaN
/// (quiet), overflow gives +-inf, f16 subnormals are produced exactly.
uint16_t floatToHalf(float f);
float halfToFloat(uint16_t h);
uint16_t floatToBfloat16(float f);
float bfloat16ToFloat(uint16_t b);

/// Rounds `v` to `t` and back (identity for f32).
float roundTo(ElemType t, float v);

/// Encodes host floats into the device byte layout of `t` (little endian).
std::vector<uint8_t> encode(ElemType t, const std::vector<float> &values);
/// Decodes `count` elements of type `t` from `bytes` into doubles.
std::vector<double> decode(ElemType t, const void *bytes, size_t count);

/// `count` values uniform in [lo, hi), each already rounded to `t`, so the host
/// copy equals what the device sees.
std::vector<float> randomValues(ElemType t, size_t count, float lo, float hi, uint64_t seed);

/// Relative Frobenius error ||out - ref||_F / ||ref||_F in double. Returns +inf
/// if any `out` element is NaN or Inf (`badCount` gets their number), and
/// ||out||_F if ||ref||_F == 0.
double relativeFrobeniusError(const std::vector<double> &out, const std::vector<double> &ref,
                              size_t *badCount = nullptr);

/// A matmul reference `ref` (C, M x N row-major) against the host in
/// double on 256 entries of C sampled with `seed`: their relative Frobenius
/// error. `a` and `b` hold A and B as the problem's layout stores them (A
/// [K, M] when transposeA, B [N, K] when transposeB); `c0` is C's initial
/// value when beta == 1.
double matmulSpotError(const MatmulProblem &p, const std::vector<float> &a, const std::vector<float> &b,
                       const std::vector<float> &c0, const std::vector<double> &ref, uint64_t seed);

/// Softmax of each row of X (rows x cols, row-major) in double, exactly by the
/// definition: y = exp(x - max) / sum(exp(x - max)). A row whose max is -inf
/// (all -inf) gives NaN everywhere; a row containing NaN gives NaN everywhere;
/// a row containing +inf gives NaN where x is +inf... (IEEE semantics of the
/// formula).
std::vector<double> softmaxReference(const std::vector<double> &x, int64_t rows, int64_t cols);

/// The spacing of type `t`'s representable values at magnitude |v| (one
/// unit in the last place; the subnormal spacing below the smallest normal,
/// and at 0).
double ulpOf(ElemType t, double v);

struct SoftmaxError {
  /// max over rows of (max_j e_ij) / (max_j |ref_ij|), over the positions
  /// where ref is not NaN, with e_ij = max(0, |out_ij - ref_ij| - ulp) and
  /// ulp = ulpOf(output type, ref_ij): one unit of the output type is what
  /// a correctly rounded result may already be off (a row of 151936 equal
  /// values is 1/151936 = 110.4 f16 subnormal units, so even the exact
  /// answer rounded to f16 is 3.8e-3 away). +inf on any mismatch below.
  double maxRowError = 0;
  size_t nanMismatches = 0; // out NaN where ref is not, or ref NaN where out is not
  size_t infCount = 0;      // Inf in out
  int64_t worstRow = -1;
};
SoftmaxError softmaxError(const std::vector<double> &out, const std::vector<double> &ref, int64_t rows,
                          int64_t cols, ElemType outType = ElemType::F32);

/// Median of `v` (mean of the two middle values for even sizes); 0 if empty.
double median(std::vector<double> v);

} // namespace gemm_opt::runtime

#endif // GEMM_OPT_RUNTIME_NUMERICS_H
