//===- MemoryBudget.cpp - Does a stage fit device and host memory? --------===//
#include "gemm-opt/Runtime/MemoryBudget.h"
#include "gemm-opt/Runtime/FunctionManifest.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <cstdio>

namespace gemm_opt::runtime {

namespace {
/// "123 bytes (0.1 GiB)".
std::string bytesStr(uint64_t b) {
  char gib[32];
  std::snprintf(gib, sizeof gib, "%.1f", static_cast<double>(b) / double(uint64_t(1) << 30));
  return std::to_string(b) + " bytes (" + gib + " GiB)";
}
} // namespace

namespace {
bool hasMatmul(const KernelManifest &m) {
  if (m.isMatmul())
    return true;
  return std::any_of(m.ops.begin(), m.ops.end(), [](const OpDesc &o) { return o.isMatmul(); });
}

/// What a matmul's reference allocates beside the stage's buffers: a copy
/// of C (`cBytes`), or an f32 one where the reference goes through f32 (an
/// epilogue; a C type cuBLAS does not write for these inputs), then with an
/// epilogue also cuBLASLt's workspace.
uint64_t referenceBytes(const MatmulProblem &p, uint64_t cBytes) {
  const bool viaF32 = !p.epilogue.empty() || (p.c != ElemType::F32 && p.c != p.a);
  if (!viaF32)
    return cBytes;
  return cBytes / elemTypeSize(p.c) * 4 + (p.epilogue.empty() ? 0 : uint64_t(32) << 20);
}

/// The largest reference of the manifest's matmuls: a function's ops
/// allocate theirs one at a time.
uint64_t largestReferenceC(const KernelManifest &m) {
  if (!m.isFunction()) {
    const BufferDesc *c = m.isMatmul() ? m.findRole("C") : nullptr;
    return c ? referenceBytes(m.matmul, c->sizeBytes()) : 0;
  }
  uint64_t most = 0;
  for (const OpDesc &o : m.ops)
    if (const BufferDesc *c = o.isMatmul() ? m.findBuffer(o.operand("C")) : nullptr)
      most = std::max<uint64_t>(most, referenceBytes(o.matmul, c->sizeBytes()));
  return most;
}

/// One op's check on the host (a version-1 manifest).
uint64_t opHostBytes(const KernelManifest &m) {
  if (m.isMatmul()) {
    const uint64_t mm = m.matmul.m, n = m.matmul.n, k = m.matmul.k, e = m.matmul.batch;
    const uint64_t eB = static_cast<uint64_t>(m.matmul.bEntries());
    // A, B (and C0) as float; ours and cuBLAS's C as double, plus one raw copy.
    uint64_t bytes = e * (4 * (mm * k + mm * n) + (8 + 8 + 4) * mm * n) + eB * 4 * k * n;
    // An epilogue: its operands as float, the product beside the expected C.
    if (!m.matmul.epilogue.empty())
      bytes += 8 * e * mm * n;
    for (const BufferDesc &b : m.buffers)
      bytes += epilogueOperandIndex(b.role) >= 0 ? 4 * b.numElements() : 0;
    return bytes;
  }
  const uint64_t rc = uint64_t(m.softmax.rows) * m.softmax.cols;
  // X as float, then as double; the output and the reference as double.
  return (4 + 8 + 8 + 8 + 4) * rc;
}
} // namespace

// validateManifest bounds every buffer and their sum by 2^48 bytes, so none
// of the sums below can overflow.
uint64_t stageDeviceBytes(const KernelManifest &m) {
  uint64_t bytes = 0;
  for (const BufferDesc &b : m.buffers)
    bytes += b.sizeBytes();
  bytes += largestReferenceC(m); // cuBLAS writes its result beside ours
  for (const KernelDesc &k : m.kernels)
    for (const KernelParam &p : k.params)
      bytes += p.abi == ParamAbi::TensorMap ? 128 : 0;
  return bytes;
}

uint64_t stageHostBytes(const KernelManifest &m) {
  if (!m.isFunction())
    return opHostBytes(m);
  // The inputs as uploaded (to restore them) and every output twice (the
  // op-by-op run's and the whole run's), plus the largest op's check.
  uint64_t bytes = 0, largestOp = 0;
  const std::vector<BufferUse> uses = functionBufferUses(m);
  for (size_t b = 0; b < m.buffers.size(); ++b)
    bytes += (uses[b].input ? 1 : 0) * m.buffers[b].sizeBytes() + (uses[b].output ? 2 : 0) * m.buffers[b].sizeBytes();
  for (size_t i = 0; i < m.ops.size(); ++i)
    largestOp = std::max(largestOp, opHostBytes(opManifest(m, i)));
  return bytes + largestOp;
}

std::string deviceMemoryError(const KernelManifest &m, uint64_t freeBytes, uint64_t totalBytes) {
  const uint64_t need = stageDeviceBytes(m);
  if (need + kDeviceHeadroomBytes <= freeBytes)
    return "";
  return "stage " + m.stage + " needs " + bytesStr(need) + " of device memory for its buffers" +
         (hasMatmul(m) ? " and the cuBLAS reference" : "") + ", plus " + bytesStr(kDeviceHeadroomBytes) +
         " of headroom; the device has " + bytesStr(freeBytes) + " free of " + bytesStr(totalBytes) +
         " (cuMemGetInfo); nothing was allocated";
}

std::string hostMemoryError(const KernelManifest &m, uint64_t availableBytes) {
  const uint64_t need = stageHostBytes(m);
  if (availableBytes == 0 || need <= availableBytes)
    return "";
  return "stage " + m.stage + " needs about " + bytesStr(need) + " of host memory to check its result; " +
         bytesStr(availableBytes) + " are available (MemAvailable); nothing was allocated";
}

uint64_t hostAvailableBytes() {
  // A stream read: /proc files report a size of 0.
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> meminfo = llvm::MemoryBuffer::getFileAsStream("/proc/meminfo");
  if (!meminfo)
    return 0;
  llvm::StringRef rest = (*meminfo)->getBuffer();
  while (!rest.empty()) {
    llvm::StringRef line;
    std::tie(line, rest) = rest.split('\n');
    // "MemAvailable:   123456 kB"
    uint64_t kib = 0;
    if (line.consume_front("MemAvailable:") && !line.trim().split(' ').first.getAsInteger(10, kib))
      return kib * 1024;
  }
  return 0;
}

} // namespace gemm_opt::runtime
