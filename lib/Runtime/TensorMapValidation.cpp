//===- TensorMapValidation.cpp - Checks of a manifest's tensor maps --------===//
//
// validateTensorMap (docs/manifest.md, "Tensor maps"): a tensormap
// parameter's box, strides and element type against the buffer it maps,
// checked before the runner encodes it with cuTensorMapEncodeTiled.
//
//===----------------------------------------------------------------------===//
#include "gemm-opt/Runtime/JsonWriting.h"
#include "gemm-opt/Runtime/Manifest.h"

#include <string>

namespace gemm_opt::runtime {

bool validateTensorMap(const TensorMapDesc &d, const BufferDesc &b, std::string &error) {
  auto fail = [&](const std::string &msg) {
    error = msg;
    return false;
  };
  if (d.elem != b.elem)
    return fail(std::string("tensormap elem ") + elemTypeName(d.elem) + " differs from buffer \"" + b.name +
                "\"'s elem " + elemTypeName(b.elem));
  size_t rank = d.dims.size();
  if (rank < 1 || rank > kMaxTensorMapRank)
    return fail("tensormap rank " + std::to_string(rank) + " (length of dims) must be 1.." +
                std::to_string(kMaxTensorMapRank));
  if (d.strides.size() != rank - 1)
    return fail("tensormap of rank " + std::to_string(rank) + " needs " + std::to_string(rank - 1) +
                " strides (of dims[1..]), found " + std::to_string(d.strides.size()));
  if (d.box.size() != rank)
    return fail("tensormap of rank " + std::to_string(rank) + " needs " + std::to_string(rank) +
                " box extents, found " + std::to_string(d.box.size()));
  uint64_t eb = elemTypeSize(d.elem);
  for (size_t i = 0; i < rank; ++i)
    if (d.dims[i] < 1 || d.dims[i] > kMaxTensorMapDim)
      return fail("tensormap dims[" + std::to_string(i) + "] = " + std::to_string(d.dims[i]) +
                  " must be in [1, 2^32]");
  for (size_t i = 0; i < d.strides.size(); ++i) {
    std::string at = "tensormap strides[" + std::to_string(i) + "] = " + std::to_string(d.strides[i]);
    if (d.strides[i] % 16 != 0)
      return fail(at + " bytes is not a multiple of 16 (TMA needs 16-byte-aligned rows; dims " +
                  jsonIntList(d.dims) + ", strides " + jsonIntList(d.strides) + ")");
    if (d.strides[i] >= kTensorMapStrideLimit)
      return fail(at + " bytes must be below 2^40");
    // Each stride spans the whole previous dimension (no overlapping rows).
    // (128-bit: strides < 2^40 times dims <= 2^32 overflows 64 bits.)
    unsigned __int128 prev = i == 0 ? (unsigned __int128)d.dims[0] * eb : (unsigned __int128)d.strides[i - 1] * d.dims[i];
    if (d.strides[i] < prev)
      return fail(at + " bytes is smaller than the " + u128Decimal(prev) + " bytes that dims[" +
                  std::to_string(i) + "] spans" + (i == 0 ? "" : " at strides[" + std::to_string(i - 1) + "]"));
  }
  // The described region must lie inside the buffer (its last byte's offset
  // below the buffer's size; 128-bit for the same reason as above).
  unsigned __int128 maxOffset = (unsigned __int128)(d.dims[0] - 1) * eb + eb - 1;
  for (size_t i = 1; i < rank; ++i)
    maxOffset += (unsigned __int128)(d.dims[i] - 1) * d.strides[i - 1];
  if (maxOffset >= (unsigned __int128)b.sizeBytes())
    return fail("tensormap dims " + jsonIntList(d.dims) + " with strides " + jsonIntList(d.strides) +
                " reach beyond buffer \"" + b.name + "\" (" + std::to_string(b.sizeBytes()) + " bytes)");
  for (size_t i = 0; i < rank; ++i)
    if (d.box[i] < 1 || d.box[i] > kMaxTensorMapBox)
      return fail("tensormap box[" + std::to_string(i) + "] = " + std::to_string(d.box[i]) + " must be in [1, " +
                  std::to_string(kMaxTensorMapBox) + "]");
  uint64_t innerBytes = uint64_t(d.box[0]) * eb;
  if (innerBytes % 16 != 0)
    return fail("tensormap box[0] = " + std::to_string(d.box[0]) + " elements is " + std::to_string(innerBytes) +
                " bytes, not a multiple of 16");
  if (d.swizzle != 0 && d.swizzle != 32 && d.swizzle != 64 && d.swizzle != 128)
    return fail("tensormap swizzle " + std::to_string(d.swizzle) + " must be 0, 32, 64 or 128 (bytes)");
  if (d.swizzle != 0 && innerBytes > d.swizzle)
    return fail("tensormap box[0] = " + std::to_string(d.box[0]) + " elements is " + std::to_string(innerBytes) +
                " bytes, more than the " + std::to_string(d.swizzle) + "-byte swizzle span");
  if (d.l2Promotion != 0 && d.l2Promotion != 64 && d.l2Promotion != 128 && d.l2Promotion != 256)
    return fail("tensormap l2_promotion " + std::to_string(d.l2Promotion) + " must be 0, 64, 128 or 256 (bytes)");
  return true;
}

} // namespace gemm_opt::runtime
