//===- CApi.cpp - C API of the runtime for foreign callers (Python) -------===//
#include "gemm-opt/Runtime/CApi.h"
#include "gemm-opt/Runtime/Bench.h"
#include "gemm-opt/Runtime/FunctionManifest.h"
#include "gemm-opt/Runtime/Launcher.h"

#include <cstdio>
#include <cstring>
#include <exception>
#include <memory>

using namespace gemm_opt::runtime;

struct gemm_opt_device {
  std::unique_ptr<CudaDriver> driver;
};

struct gemm_opt_kernel {
  CudaDriver *driver = nullptr;
  KernelManifest manifest;
  cu::CUmodule module = nullptr;
  std::vector<PreparedKernel> kernels;
  size_t tensorMaps = 0;
  ~gemm_opt_kernel() {
    if (driver && module)
      driver->unload(module);
  }
};

namespace {

int fail(char *err, size_t errLen, const std::string &msg) {
  if (err && errLen)
    std::snprintf(err, errLen, "%s", msg.c_str());
  return -1;
}

bool parse(const char *json, KernelManifest &m, char *err, size_t errLen) {
  std::string e;
  if (!json)
    return fail(err, errLen, "manifest: null"), false;
  if (!parseManifest(json, m, e))
    return fail(err, errLen, "manifest: " + e), false;
  return true;
}

/// Runs `f`, turning any exception into -1 and its message.
template <typename F> int guarded(char *err, size_t errLen, F &&f) {
  try {
    return f();
  } catch (const std::exception &e) {
    return fail(err, errLen, e.what());
  }
}

std::vector<cu::CUdeviceptr> bufferPointers(const gemm_opt_kernel &k, const uint64_t *buffers, size_t n) {
  if (n != k.manifest.buffers.size())
    throw CudaError("launch: " + std::to_string(n) + " buffers given, the manifest has " +
                    std::to_string(k.manifest.buffers.size()));
  return std::vector<cu::CUdeviceptr>(buffers, buffers + n);
}

} // namespace

extern "C" {

int gemm_opt_api_version(void) { return GEMM_OPT_C_API_VERSION; }

int gemm_opt_validate_manifest(const char *manifestJson, char *err, size_t errLen) {
  KernelManifest m;
  return parse(manifestJson, m, err, errLen) ? 0 : -1;
}

int gemm_opt_check_threshold(const char *manifestJson, int op, int tf32, double *threshold, char *err,
                             size_t errLen) {
  KernelManifest m;
  if (!parse(manifestJson, m, err, errLen))
    return -1;
  if (m.isFunction()) {
    if (op < 0 || static_cast<size_t>(op) >= m.ops.size())
      return fail(err, errLen, "op " + std::to_string(op) + " out of range: the function has " +
                                   std::to_string(m.ops.size()) + " ops");
    m = opManifest(m, static_cast<size_t>(op));
  }
  *threshold = m.isMatmul() ? matmulThreshold(m.matmul, tf32 != 0) : softmaxThreshold(m.softmax);
  return 0;
}

int gemm_opt_manifest_buffer_uses(const char *manifestJson, int *uses, size_t numBuffers, char *err,
                                  size_t errLen) {
  KernelManifest m;
  if (!parse(manifestJson, m, err, errLen))
    return -1;
  if (numBuffers != m.buffers.size())
    return fail(err, errLen, "buffer uses: room for " + std::to_string(numBuffers) + ", the manifest has " +
                                 std::to_string(m.buffers.size()) + " buffers");
  if (m.isFunction()) {
    std::vector<BufferUse> u = functionBufferUses(m);
    for (size_t i = 0; i < u.size(); ++i)
      uses[i] = (u[i].input ? GEMM_OPT_BUFFER_INPUT : 0) | (u[i].written ? GEMM_OPT_BUFFER_WRITTEN : 0) |
                (u[i].output ? GEMM_OPT_BUFFER_OUTPUT : 0);
    return 0;
  }
  for (size_t i = 0; i < m.buffers.size(); ++i) {
    const std::string &role = m.buffers[i].role;
    const bool out = role == "C" || role == "Y";
    const bool in = role == "A" || role == "B" || role == "X" || (role == "C" && m.matmul.beta == 1) ||
                    epilogueOperandIndex(role) >= 0;
    uses[i] = (in ? GEMM_OPT_BUFFER_INPUT : 0) | (out ? GEMM_OPT_BUFFER_WRITTEN | GEMM_OPT_BUFFER_OUTPUT : 0);
  }
  return 0;
}

gemm_opt_device *gemm_opt_device_open(int ordinal, char *err, size_t errLen) {
  std::string reason;
  auto d = std::make_unique<gemm_opt_device>();
  d->driver = CudaDriver::load(reason);
  if (!d->driver || !d->driver->openDevice(ordinal, reason)) {
    fail(err, errLen, "no CUDA device available (" + reason + ")");
    return nullptr;
  }
  return d.release();
}

void gemm_opt_device_close(gemm_opt_device *device) { delete device; }

void gemm_opt_device_capability(const gemm_opt_device *device, int *major, int *minor) {
  *major = device->driver->device().ccMajor;
  *minor = device->driver->device().ccMinor;
}

gemm_opt_kernel *gemm_opt_kernel_load(gemm_opt_device *device, const char *ptx, const char *manifestJson, char *err,
                                      size_t errLen) {
  auto k = std::make_unique<gemm_opt_kernel>();
  if (!parse(manifestJson, k->manifest, err, errLen))
    return nullptr;
  int rc = guarded(err, errLen, [&] {
    CudaDriver &drv = *device->driver;
    drv.makeCurrent();
    checkDeviceSupport(drv, k->manifest);
    k->module = drv.loadPtx(ptx).module;
    k->driver = &drv;
    k->kernels = prepareKernels(drv, k->module, k->manifest);
    k->tensorMaps = tensorMapCount(k->manifest);
    return 0;
  });
  return rc == 0 ? k.release() : nullptr;
}

void gemm_opt_kernel_free(gemm_opt_kernel *kernel) { delete kernel; }

int gemm_opt_kernel_tensormap_count(const gemm_opt_kernel *kernel) { return static_cast<int>(kernel->tensorMaps); }

int gemm_opt_kernel_encode_tensormaps(gemm_opt_kernel *kernel, const uint64_t *buffers, size_t numBuffers,
                                      void *hostOut, char *err, size_t errLen) {
  return guarded(err, errLen, [&] {
    std::vector<cu::CUtensorMap> maps;
    buildLaunchArgs(*kernel->driver, kernel->manifest, bufferPointers(*kernel, buffers, numBuffers), 0, &maps);
    std::memcpy(hostOut, maps.data(), maps.size() * sizeof(cu::CUtensorMap));
    return 0;
  });
}

int gemm_opt_kernel_launch(gemm_opt_kernel *kernel, const uint64_t *buffers, size_t numBuffers, uint64_t tensormaps,
                           void *stream, char *err, size_t errLen) {
  return guarded(err, errLen, [&] {
    if (kernel->tensorMaps && (tensormaps == 0 || tensormaps % 128 != 0))
      throw CudaError("launch: the kernel reads tensor maps; their device address must be 128-byte aligned");
    CudaDriver &drv = *kernel->driver;
    drv.makeCurrent();
    std::vector<LaunchArgs> args =
        buildLaunchArgs(drv, kernel->manifest, bufferPointers(*kernel, buffers, numBuffers), tensormaps, nullptr);
    launchKernels(drv, kernel->manifest, kernel->kernels, args, static_cast<cu::CUstream>(stream));
    return 0;
  });
}

} // extern "C"
