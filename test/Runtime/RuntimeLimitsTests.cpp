//===- RuntimeLimitsTests.cpp - Unit tests: hostile manifests and memory --===//
//
// Issue 14: the limits validateManifest enforces on sizes, the PTX entry
// check of AOT mode, and the memory budget gemm-run checks before it
// allocates (which needs a GPU to reach through gemm-run).
//
//===----------------------------------------------------------------------===//
#include "gemm-opt/Runtime/Manifest.h"
#include "gemm-opt/Runtime/MemoryBudget.h"
#include "gemm-opt/Runtime/PtxEntries.h"
#include "TestHarness.h"

using namespace gemm_opt::runtime;

namespace {

/// A valid matmul manifest: M x N x K f32, one naive-style kernel.
KernelManifest matmul(int64_t m, int64_t n, int64_t k) {
  KernelManifest r;
  r.op = "matmul";
  r.stage = "naive";
  r.chip = "sm_90";
  r.func = "matmul";
  r.matmul.m = m;
  r.matmul.n = n;
  r.matmul.k = k;
  r.buffers = {{"A", "A", ElemType::F32, {m, k}}, {"B", "B", ElemType::F32, {k, n}},
               {"C", "C", ElemType::F32, {m, n}}};
  KernelDesc kd;
  kd.name = "mm";
  kd.grid = {{2, 2, 1}};
  kd.block = {{32, 32, 1}};
  kd.params = {KernelParam::ptr("C"), KernelParam::ptr("A"), KernelParam::ptr("B"), KernelParam::i32(7),
               KernelParam::f32(1.0f)};
  r.kernels = {kd};
  return r;
}

const char *kPtx = R"(
// .entry commented_out(.param .u64 x)
.visible .entry mm(
	.param .u64 .ptr .align 1 mm_param_0,
	.param .u64 mm_param_1,
	.param .u64 mm_param_2,
	.param .u32 mm_param_3,
	.param .f32 mm_param_4
)
{ ret; }
/* .entry also_commented() */
.visible .entry no_params
{ ret; }
.visible .entry by_value(.param .align 8 .b8 by_value_param_0[16])
{ ret; }
)";

void testSizeLimits() {
  std::string err;
  EXPECT(validateManifest(matmul(200000, 200000, 200000), err)); // large, but a valid manifest
  KernelManifest huge = matmul(int64_t(1) << 40, int64_t(1) << 40, int64_t(1) << 40);
  EXPECT(!validateManifest(huge, err));
  EXPECT_MSG(contains(err, "needs 2^64 or more bytes, more than the 2^48 bytes"), err);
  KernelManifest over = matmul(int64_t(1) << 23, (int64_t(1) << 23) + 1, 4); // C: just over 2^48 bytes
  EXPECT(!validateManifest(over, err));
  EXPECT_MSG(contains(err, "buffers[2] (\"C\"): shape [8388608, 8388609] of f32 needs 281475010265088 bytes, more "
                           "than the 2^48 bytes (256 TiB) a buffer may have"),
             err);
  KernelManifest total = matmul(4, 4, 4);
  total.buffers.push_back({"ws", "scratch", ElemType::F32, {int64_t(1) << 46}}); // exactly 2^48 bytes
  EXPECT(!validateManifest(total, err));
  EXPECT_MSG(contains(err, "the buffers need 281474976710848 bytes in all"), err);
  KernelManifest smem = matmul(4, 4, 4);
  smem.kernels[0].dynamicSharedMemory = kMaxDynamicSharedMemory;
  EXPECT(validateManifest(smem, err));
  smem.kernels[0].dynamicSharedMemory = kMaxDynamicSharedMemory + 1;
  EXPECT(!validateManifest(smem, err));
  EXPECT_MSG(contains(err, "dynamic_shared_memory 232449 bytes exceeds 232448"), err);
}

void testPtxEntries() {
  std::vector<PtxEntry> entries;
  std::string err;
  EXPECT(parsePtxEntries(kPtx, entries, err));
  EXPECT(entries.size() == 3);
  if (entries.size() == 3) {
    EXPECT(entries[0].name == "mm" && entries[0].params.size() == 5);
    EXPECT(entries[0].params[0].bytes == 8 && entries[0].params[3].bytes == 4 && entries[0].params[4].type == ".f32");
    EXPECT(entries[1].name == "no_params" && entries[1].params.empty());
    EXPECT(entries[2].params.size() == 1 && entries[2].params[0].bytes == 16);
  }
  EXPECT(!parsePtxEntries(".entry open(.param .u64 x", entries, err));
  EXPECT_MSG(contains(err, "not closed"), err);
  EXPECT(!parsePtxEntries(".entry bad(.param .u64 x[zz])", entries, err));

  KernelManifest m = matmul(4, 4, 4);
  EXPECT_MSG(checkManifestAgainstPtx(m, kPtx, err), err);
  m.kernels[0].params.pop_back();
  EXPECT(!checkManifestAgainstPtx(m, kPtx, err));
  EXPECT_MSG(contains(err, "kernels[0] (\"mm\"): lists 4 params, the PTX entry has 5"), err);
  m = matmul(4, 4, 4);
  m.kernels[0].params[3] = KernelParam::i64(7);
  EXPECT(!checkManifestAgainstPtx(m, kPtx, err));
  EXPECT_MSG(contains(err, "params[3] is i64 (8 bytes), the PTX entry's parameter 3 is .u32 (4 bytes)"), err);
  m = matmul(4, 4, 4);
  m.kernels[0].name = "commented_out";
  EXPECT(!checkManifestAgainstPtx(m, kPtx, err));
  EXPECT_MSG(contains(err, "the PTX has no .entry of that name (it has mm, no_params, by_value)"), err);
  EXPECT(!checkManifestAgainstPtx(matmul(4, 4, 4), "// nothing", err));
  EXPECT_MSG(contains(err, "no .entry"), err);
}

void testMemoryBudget() {
  const uint64_t gib = uint64_t(1) << 30;
  KernelManifest big = matmul(200000, 200000, 200000);
  const uint64_t matrix = uint64_t(200000) * 200000 * 4;
  EXPECT(stageDeviceBytes(big) == 4 * matrix); // A, B, C and cuBLAS's C
  std::string err = deviceMemoryError(big, 140 * gib, 141 * gib);
  EXPECT_MSG(contains(err, "stage naive needs 640000000000 bytes (596.0 GiB) of device memory for its buffers and "
                           "the cuBLAS reference, plus 268435456 bytes (0.2 GiB) of headroom; the device has "
                           "150323855360 bytes (140.0 GiB) free of 151397597184 bytes (141.0 GiB) (cuMemGetInfo)"),
             err);
  KernelManifest small = matmul(1024, 1024, 1024);
  EXPECT(deviceMemoryError(small, 140 * gib, 141 * gib).empty());
  // Exactly the stage plus the headroom fits; one byte less does not.
  const uint64_t need = stageDeviceBytes(small) + kDeviceHeadroomBytes;
  EXPECT(deviceMemoryError(small, need, need).empty());
  EXPECT(!deviceMemoryError(small, need - 1, need).empty());
  EXPECT(hostMemoryError(big, 0).empty()); // unknown: not checked
  err = hostMemoryError(big, 100 * gib);
  EXPECT_MSG(contains(err, "of host memory to check its result"), err);
  EXPECT(hostMemoryError(small, 100 * gib).empty());
  EXPECT(hostAvailableBytes() > 0); // Linux: /proc/meminfo
}

} // namespace

void testRuntimeLimits() {
  testSizeLimits();
  testPtxEntries();
  testMemoryBudget();
}
