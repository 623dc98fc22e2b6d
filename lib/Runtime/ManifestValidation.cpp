//===- ManifestValidation.cpp - Semantic checks of a launch manifest ------===//
//
// validateTensorMap and validateManifest (docs/manifest.md): everything the
// runner relies on before it touches a device, so that a hostile or broken
// manifest is an input error (gemm-run exit 2), never a crash or a CUDA error.
//
//===----------------------------------------------------------------------===//
#include "gemm-opt/Runtime/JsonWriting.h"
#include "gemm-opt/Runtime/Manifest.h"

#include <cmath>
#include <limits>
#include <set>

namespace gemm_opt::runtime {

namespace {
std::string u128Str(unsigned __int128 v) {
  std::string s;
  do {
    s.insert(s.begin(), char('0' + int(v % 10)));
    v /= 10;
  } while (v);
  return s;
}
} // namespace

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
      return fail(at + " bytes is smaller than the " + u128Str(prev) + " bytes that dims[" +
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

namespace {

/// The bytes of `b` (elements times element size), saturated at 2^64 - 1 so
/// that shapes whose product overflows 64 bits compare as too large.
unsigned __int128 bufferBytes(const BufferDesc &b) {
  const unsigned __int128 cap = ~uint64_t(0);
  unsigned __int128 n = elemTypeSize(b.elem);
  for (int64_t d : b.shape) {
    n *= static_cast<uint64_t>(d < 0 ? 0 : d);
    if (n > cap)
      return cap;
  }
  return n;
}

/// Names unique and non-empty, roles valid for the op, positive shapes, and
/// sizes that every size_t computation of the runner can hold.
bool validateBuffers(const KernelManifest &m, std::string &msg) {
  std::set<std::string> names;
  unsigned __int128 total = 0;
  for (size_t i = 0; i < m.buffers.size(); ++i) {
    const auto &b = m.buffers[i];
    std::string at = "buffers[" + std::to_string(i) + "] (\"" + b.name + "\"): ";
    if (b.name.empty())
      return msg = "buffers[" + std::to_string(i) + "]: empty name", false;
    if (!names.insert(b.name).second)
      return msg = at + "duplicate buffer name", false;
    bool roleOk = b.role == "scratch" || (m.isMatmul() ? (b.role == "A" || b.role == "B" || b.role == "C")
                                                       : (b.role == "X" || b.role == "Y"));
    if (!roleOk)
      return msg = at + "role \"" + b.role + "\" is not valid for op " + m.op +
                   (m.isMatmul() ? " (expected A, B, C or scratch)" : " (expected X, Y or scratch)"),
             false;
    if (b.shape.empty())
      return msg = at + "empty shape", false;
    for (int64_t d : b.shape)
      if (d <= 0)
        return msg = at + "non-positive dimension in shape", false;
    unsigned __int128 bytes = bufferBytes(b);
    if (bytes > kMaxBufferBytes)
      return msg = at + "shape " + jsonIntList(b.shape) + " of " + elemTypeName(b.elem) + " needs " +
                   (bytes == ~uint64_t(0) ? std::string("2^64 or more") : u128Str(bytes)) +
                   " bytes, more than the 2^48 bytes (256 TiB) a buffer may have",
             false;
    total += bytes;
  }
  if (total > kMaxBufferBytes)
    return msg = "the buffers need " + u128Str(total) + " bytes in all, more than 2^48 (256 TiB)", false;
  return true;
}

/// Exactly one buffer has `role`, with the problem's element type and shape
/// (`why` follows the expected shape in the message).
bool checkRole(const KernelManifest &m, const char *role, ElemType elem, int64_t rows, int64_t cols,
               std::string &msg, const std::string &why = "", int64_t batch = 1) {
  int count = 0;
  const BufferDesc *found = nullptr;
  for (const auto &b : m.buffers)
    if (b.role == role) {
      ++count;
      found = &b;
    }
  if (count != 1)
    return msg = std::string("expected exactly one buffer with role ") + role + ", found " + std::to_string(count),
           false;
  if (found->elem != elem)
    return msg = "buffer \"" + found->name + "\" (role " + role + ") has elem " + elemTypeName(found->elem) +
                 " but the problem says " + elemTypeName(elem),
           false;
  // Batched: [batch, rows, cols]; a batch of 1 may be 3-D too.
  bool fits = batch == 1 ? found->shape == std::vector<int64_t>{rows, cols} ||
                               found->shape == std::vector<int64_t>{1, rows, cols}
                         : found->shape == std::vector<int64_t>{batch, rows, cols};
  if (!fits)
    return msg = "buffer \"" + found->name + "\" (role " + role + ") must have shape [" +
                 (batch == 1 ? "" : std::to_string(batch) + ", ") + std::to_string(rows) + ", " +
                 std::to_string(cols) + "]" + why,
           false;
  return true;
}

bool validateProblem(const KernelManifest &m, std::string &msg) {
  if (m.isMatmul()) {
    const auto &p = m.matmul;
    if (p.m <= 0 || p.n <= 0 || p.k <= 0)
      return msg = "problem sizes must be positive", false;
    if (p.beta != 0 && p.beta != 1)
      return msg = "beta must be 0 or 1", false;
    // A transposed operand's buffer holds its stored shape: A [K, M], B [N, K].
    const std::string layout = std::string(" (layout ") + matmulLayoutName(p) + ": ";
    const std::string whyA = layout + (p.transposeA ? "A stored transposed, K x M)" : "A is M x K)");
    const std::string whyB = layout + (p.transposeB ? "B stored transposed, N x K" : "B is K x N") +
                             (p.sharedB ? ", shared by every batch entry)" : ")");
    if (p.batch < 1 || p.batch > 65535)
      return msg = "batch must be in [1, 65535] (grid z)", false;
    const int64_t bt = p.batch, btB = p.sharedB ? 1 : p.batch; // a shared B is 2-D
    return (p.transposeA ? checkRole(m, "A", p.a, p.k, p.m, msg, whyA, bt)
                         : checkRole(m, "A", p.a, p.m, p.k, msg, whyA, bt)) &&
           (p.transposeB ? checkRole(m, "B", p.b, p.n, p.k, msg, whyB, btB)
                         : checkRole(m, "B", p.b, p.k, p.n, msg, whyB, btB)) &&
           checkRole(m, "C", p.c, p.m, p.n, msg, "", bt);
  }
  const auto &p = m.softmax;
  if (p.rows <= 0 || p.cols <= 0)
    return msg = "problem sizes must be positive", false;
  return checkRole(m, "X", p.x, p.rows, p.cols, msg) && checkRole(m, "Y", p.y, p.rows, p.cols, msg);
}

std::string dims3Str(const std::array<uint32_t, 3> &d) {
  return "[" + std::to_string(d[0]) + ", " + std::to_string(d[1]) + ", " + std::to_string(d[2]) + "]";
}

/// Grid, block, shared memory and cluster within CUDA's limits.
bool validateLaunch(const KernelDesc &k, size_t index, const std::string &at, std::string &msg) {
  for (int d = 0; d < 3; ++d)
    if (k.grid[d] == 0 || k.block[d] == 0)
      return msg = at + "grid and block dimensions must be positive", false;
  if (k.grid[0] > 0x7fffffffu || k.grid[1] > 65535u || k.grid[2] > 65535u)
    return msg = at + "grid exceeds the CUDA limits [2^31-1, 65535, 65535]", false;
  if (k.block[0] > 1024 || k.block[1] > 1024 || k.block[2] > 64 ||
      uint64_t(k.block[0]) * k.block[1] * k.block[2] > 1024)
    return msg = at + "block exceeds the CUDA limits (x,y <= 1024, z <= 64, at most 1024 threads)", false;
  if (k.dynamicSharedMemory > kMaxDynamicSharedMemory)
    return msg = at + "dynamic_shared_memory " + std::to_string(k.dynamicSharedMemory) + " bytes exceeds " +
                 std::to_string(kMaxDynamicSharedMemory) +
                 " (227 KiB, the most shared memory a block can have on any CUDA device)",
           false;
  if (k.programmaticDependent && index == 0)
    return msg = at + "the first kernel cannot be programmatic_dependent (it has no previous kernel)", false;
  if (!k.cluster)
    return true;
  const auto &c = *k.cluster;
  std::string cs = dims3Str(c);
  for (int d = 0; d < 3; ++d)
    if (c[d] == 0)
      return msg = at + "cluster dimensions must be positive, found " + cs, false;
  for (int d = 0; d < 3; ++d)
    if (k.grid[d] % c[d] != 0)
      return msg = at + "grid " + dims3Str(k.grid) + " is not divisible by cluster " + cs + " in dimension " +
                   "xyz"[d],
             false;
  uint64_t size = uint64_t(c[0]) * c[1] * c[2];
  if (size > kMaxPortableClusterSize)
    return msg = at + "cluster " + cs + " has " + std::to_string(size) + " blocks; at most " +
                 std::to_string(kMaxPortableClusterSize) + " (the portable cluster size limit) are allowed",
           false;
  return true;
}

bool validateParams(const KernelManifest &m, const KernelDesc &k, const std::string &at, std::string &msg) {
  for (size_t j = 0; j < k.params.size(); ++j) {
    const auto &p = k.params[j];
    std::string pat = at + "params[" + std::to_string(j) + "]: ";
    if (p.abi == ParamAbi::Ptr && !m.findBuffer(p.buffer))
      return msg = pat + "ptr names unknown buffer \"" + p.buffer + "\"", false;
    if (p.abi == ParamAbi::TensorMap) {
      const BufferDesc *b = m.findBuffer(p.buffer);
      if (!b)
        return msg = pat + "tensormap names unknown buffer \"" + p.buffer + "\"", false;
      std::string why;
      if (!validateTensorMap(p.tensorMap, *b, why))
        return msg = pat + why, false;
    }
    if (p.abi == ParamAbi::I32 &&
        (p.intValue < std::numeric_limits<int32_t>::min() || p.intValue > std::numeric_limits<int32_t>::max()))
      return msg = pat + "i32 value out of range", false;
    if (p.abi == ParamAbi::F32 && !std::isfinite(p.floatValue))
      return msg = pat + "f32 value must be finite", false;
  }
  return true;
}

bool validate(const KernelManifest &m, std::string &msg) {
  if (m.format != kManifestFormat)
    return msg = "format is \"" + m.format + "\", expected \"" + kManifestFormat + "\"", false;
  if (m.version != kManifestVersion)
    return msg = "unsupported version " + std::to_string(m.version), false;
  if (m.op != "matmul" && m.op != "softmax")
    return msg = "unknown op \"" + m.op + "\"", false;
  if (m.buffers.empty())
    return msg = "no buffers", false;
  if (m.kernels.empty())
    return msg = "no kernels", false;
  if (!validateBuffers(m, msg) || !validateProblem(m, msg))
    return false;
  for (size_t i = 0; i < m.kernels.size(); ++i) {
    const auto &k = m.kernels[i];
    if (k.name.empty())
      return msg = "kernels[" + std::to_string(i) + "]: empty name", false;
    std::string at = "kernels[" + std::to_string(i) + "] (\"" + k.name + "\"): ";
    if (!validateLaunch(k, i, at, msg) || !validateParams(m, k, at, msg))
      return false;
  }
  return true;
}

} // namespace

bool validateManifest(const KernelManifest &m, std::string &error) {
  std::string msg;
  if (validate(m, msg))
    return true;
  error = "manifest: " + msg;
  return false;
}

} // namespace gemm_opt::runtime
