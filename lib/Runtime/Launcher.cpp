//===- Launcher.cpp - Launch a manifest's kernels over given buffers ------===//
#include "gemm-opt/Runtime/Launcher.h"
#include "gemm-opt/Runtime/Bench.h"

#include <algorithm>
#include <cstring>

namespace gemm_opt::runtime {

void checkDeviceSupport(CudaDriver &drv, const KernelManifest &m) {
  const DeviceInfo &dev = drv.device();
  std::string chipErr = chipSupportError(m.chip, dev.ccMajor, dev.ccMinor);
  if (!chipErr.empty())
    throw CudaError(chipErr);
  if (tensorMapCount(m) > 0) {
    if (dev.ccMajor < 9)
      throw CudaError("tensormap parameters (TMA) need compute capability 9.0 or newer; the device is " + dev.chip());
    if (!drv.hasTensorMapEncode())
      throw CudaError("tensormap parameters need cuTensorMapEncodeTiled, which this libcuda does not export "
                      "(CUDA 12.0 or newer)");
  }
  for (const KernelDesc &kd : m.kernels) {
    if (!kd.cluster)
      continue;
    if (dev.ccMajor < 9)
      throw CudaError("kernel " + kd.name + ": thread-block clusters need sm_90 or newer; the device is " +
                      dev.chip());
    if (!drv.hasLaunchKernelEx())
      throw CudaError("kernel " + kd.name +
                      ": a cluster launch needs cuLaunchKernelEx, which this libcuda does not export");
  }
}

std::vector<PreparedKernel> prepareKernels(CudaDriver &drv, cu::CUmodule module, const KernelManifest &m) {
  const DeviceInfo &dev = drv.device();
  std::vector<PreparedKernel> out;
  for (const KernelDesc &kd : m.kernels) {
    PreparedKernel pk;
    pk.func = drv.getFunction(module, kd.name);
    pk.attributes = drv.attributes(pk.func);
    const KernelAttributes &a = pk.attributes;
    const uint64_t threads = uint64_t(kd.block[0]) * kd.block[1] * kd.block[2];
    if (threads > static_cast<uint64_t>(a.maxThreadsPerBlock))
      throw CudaError("kernel " + kd.name + ": block of " + std::to_string(threads) +
                      " threads exceeds its limit of " + std::to_string(a.maxThreadsPerBlock) + " (" +
                      std::to_string(a.numRegs) + " registers per thread)");
    const uint64_t smem = uint64_t(kd.dynamicSharedMemory) + static_cast<uint64_t>(a.staticSharedBytes);
    if (dev.maxSharedOptinBytes > 0 && smem > static_cast<uint64_t>(dev.maxSharedOptinBytes))
      throw CudaError("kernel " + kd.name + ": static " + std::to_string(a.staticSharedBytes) + " + dynamic " +
                      std::to_string(kd.dynamicSharedMemory) + " bytes of shared memory exceed the device's " +
                      std::to_string(dev.maxSharedOptinBytes) + " opt-in limit");
    // The default limit covers static + dynamic bytes together: a kernel
    // with 1 static byte and exactly 48 KiB dynamic already needs the opt-in.
    if (smem > 48u * 1024u)
      drv.setMaxDynamicSharedBytes(pk.func, static_cast<int>(kd.dynamicSharedMemory));
    if (kd.cluster) {
      const auto &c = *kd.cluster;
      if (uint64_t(c[0]) * c[1] * c[2] > kMaxPortableClusterSize)
        drv.allowNonPortableClusterSize(pk.func); // unreachable while the manifest caps clusters at 8
      // After the opt-ins above, which the answer depends on.
      if (kd.residentGrid)
        pk.maxActiveClusters = drv.maxActiveClusters(pk.func, kd.grid, kd.block,
                                                     c, kd.dynamicSharedMemory);
    }
    out.push_back(pk);
  }
  return out;
}

std::array<uint32_t, 3> launchGrid(const KernelDesc &kd,
                                   int maxActiveClusters) {
  std::array<uint32_t, 3> grid = kd.grid;
  // A 1-D grid of clusters along x (validateLaunch).
  if (kd.residentGrid && kd.cluster && maxActiveClusters > 0)
    grid[0] = static_cast<uint32_t>(std::min<uint64_t>(
        grid[0], uint64_t(maxActiveClusters) * (*kd.cluster)[0]));
  return grid;
}

size_t tensorMapCount(const KernelManifest &m) {
  size_t n = 0;
  for (const KernelDesc &kd : m.kernels)
    for (const KernelParam &prm : kd.params)
      n += prm.abi == ParamAbi::TensorMap;
  return n;
}

namespace {
size_t bufferIndex(const KernelManifest &m, const std::string &name) {
  for (size_t i = 0; i < m.buffers.size(); ++i)
    if (m.buffers[i].name == name)
      return i;
  throw CudaError("manifest: unknown buffer \"" + name + "\""); // validated earlier
}
} // namespace

std::vector<LaunchArgs> buildLaunchArgs(CudaDriver &drv, const KernelManifest &m,
                                        const std::vector<cu::CUdeviceptr> &buffers, cu::CUdeviceptr mapsBase,
                                        std::vector<cu::CUtensorMap> *maps) {
  static_assert(sizeof(cu::CUtensorMap) == 128, "a tensor map slot is 128 bytes");
  if (buffers.size() != m.buffers.size())
    throw CudaError("launch: " + std::to_string(buffers.size()) + " buffer pointers for " +
                    std::to_string(m.buffers.size()) + " manifest buffers");
  size_t nextMap = maps ? maps->size() : 0;
  std::vector<LaunchArgs> out(m.kernels.size());
  for (size_t k = 0; k < m.kernels.size(); ++k) {
    const auto &params = m.kernels[k].params;
    LaunchArgs &a = out[k];
    a.slots.assign(params.size(), 0);
    for (size_t i = 0; i < params.size(); ++i) {
      const KernelParam &prm = params[i];
      uint64_t &slot = a.slots[i];
      switch (prm.abi) {
      case ParamAbi::Ptr: {
        cu::CUdeviceptr ptr = buffers[bufferIndex(m, prm.buffer)];
        std::memcpy(&slot, &ptr, sizeof ptr);
        break;
      }
      case ParamAbi::I32: {
        int32_t v = static_cast<int32_t>(prm.intValue);
        std::memcpy(&slot, &v, sizeof v);
        break;
      }
      case ParamAbi::I64: {
        int64_t v = prm.intValue;
        std::memcpy(&slot, &v, sizeof v);
        break;
      }
      case ParamAbi::F32: {
        float v = prm.floatValue;
        std::memcpy(&slot, &v, sizeof v);
        break;
      }
      case ParamAbi::TensorMap: {
        if (maps) {
          maps->emplace_back();
          try {
            drv.encodeTensorMapTiled(maps->back(), tensorMapEncodeArgs(prm.tensorMap),
                                     buffers[bufferIndex(m, prm.buffer)]);
          } catch (const CudaError &e) {
            throw CudaError("kernel " + m.kernels[k].name + ", params[" + std::to_string(i) +
                            "] (tensormap over \"" + prm.buffer + "\"): " + e.what());
          }
        }
        slot = mapsBase + nextMap++ * sizeof(cu::CUtensorMap);
        break;
      }
      }
    }
    a.ptrs.resize(params.size());
    for (size_t i = 0; i < params.size(); ++i)
      a.ptrs[i] = &a.slots[i];
  }
  return out;
}

void launchKernels(CudaDriver &drv, const KernelManifest &m, const std::vector<PreparedKernel> &kernels,
                   std::vector<LaunchArgs> &args, cu::CUstream stream) {
  launchKernelRange(drv, m, kernels, args, stream, 0, m.kernels.size());
}

void launchKernelRange(CudaDriver &drv, const KernelManifest &m, const std::vector<PreparedKernel> &kernels,
                       std::vector<LaunchArgs> &args, cu::CUstream stream, size_t first, size_t last) {
  for (size_t k = first; k < last; ++k) {
    const KernelDesc &kd = m.kernels[k];
    LaunchArgs &a = args[k];
    void **params = a.ptrs.empty() ? nullptr : a.ptrs.data();
    // A programmatic dependent launch is only an overlap: without
    // cuLaunchKernelEx the kernel runs after its predecessor as usual.
    const std::array<uint32_t, 3> grid =
        launchGrid(kd, kernels[k].maxActiveClusters);
    if (kd.cluster || (kd.programmaticDependent && drv.hasLaunchKernelEx()))
      drv.launchEx(kernels[k].func, grid, kd.block, kd.cluster,
                   kd.programmaticDependent, kd.dynamicSharedMemory, stream,
                   params);
    else
      drv.launch(kernels[k].func, grid, kd.block, kd.dynamicSharedMemory,
                 stream, params);
  }
}

} // namespace gemm_opt::runtime
