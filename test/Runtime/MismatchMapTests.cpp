//===- MismatchMapTests.cpp - Where a failed matmul check is wrong --------===//

#include "gemm-opt/Runtime/MismatchMap.h"
#include "TestHarness.h"

#include <cmath>
#include <limits>

using namespace gemm_opt::runtime;

namespace {

/// A rows x cols reference with values 1 + (r + c) % 7 (no zeros).
std::vector<double> reference(int64_t rows, int64_t cols) {
  std::vector<double> v(size_t(rows * cols));
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c)
      v[r * cols + c] = 1 + double((r + c) % 7);
  return v;
}

} // namespace

void testMismatchMap() {
  EXPECT(formatRuns({0, 1, 2, 5, 7, 8}, 6) == "0-2, 5, 7-8");
  EXPECT(formatRuns({0, 1, 2, 5, 7, 8}, 2) == "0-2, 5, ...");
  EXPECT(formatRuns({3}, 6) == "3");
  EXPECT(formatRuns({}, 6).empty());

  // Right, and off by less than the threshold everywhere: nothing to say.
  std::vector<double> ref = reference(256, 512), out = ref;
  EXPECT(describeMismatch(out, ref, 256, 512, 1e-2).empty());
  for (double &v : out)
    v *= 1 + 1e-3;
  EXPECT(describeMismatch(out, ref, 256, 512, 1e-2).empty());

  // The pattern of session 36's cluster bug: in the second 128-row tile
  // row, columns 64..255 of each 256-column tile wrong.
  out = ref;
  for (int64_t r = 128; r < 256; ++r)
    for (int64_t c = 0; c < 512; ++c)
      if (c % 256 >= 64)
        out[r * 512 + c] = -out[r * 512 + c];
  EXPECT(describeMismatch(out, ref, 256, 512, 1e-2) ==
         "wrong 64x64 blocks: 12 of 32 (block rows 2-3; block columns 1-3, "
         "5-7), first wrong element (128, 64)");

  // One NaN (an unwritten element) in a ragged corner block.
  ref = reference(100, 70);
  out = ref;
  out[99 * 70 + 69] = std::numeric_limits<double>::quiet_NaN();
  EXPECT(describeMismatch(out, ref, 100, 70, 1e-2) ==
         "wrong 64x64 blocks: 1 of 4 (block rows 1; block columns 1), first "
         "wrong element (99, 69)");

  // A block whose reference is all zero is wrong where out is not.
  ref.assign(size_t(64 * 128), 1.0);
  for (int64_t r = 0; r < 64; ++r)
    for (int64_t c = 64; c < 128; ++c)
      ref[r * 128 + c] = 0;
  out = ref;
  out[5 * 128 + 70] = 0.5;
  EXPECT(describeMismatch(out, ref, 64, 128, 1e-2) ==
         "wrong 64x64 blocks: 1 of 2 (block rows 0; block columns 1), first "
         "wrong element (5, 70)");

  // appendMismatchMap joins it to the check's message, or leaves it.
  std::string message = "relative Frobenius error 0.5 > threshold 0.01";
  appendMismatchMap(message, out, ref, 64, 128, 1e-2);
  EXPECT(message == "relative Frobenius error 0.5 > threshold 0.01; wrong "
                    "64x64 blocks: 1 of 2 (block rows 0; block columns 1), "
                    "first wrong element (5, 70)");
  std::string unchanged = "x";
  appendMismatchMap(unchanged, ref, ref, 64, 128, 1e-2);
  EXPECT(unchanged == "x");
}
