//===- CApi.cpp - C API of the runtime for foreign callers (Python) -------===//
#include "gemm-opt/Runtime/CApi.h"
#include "gemm-opt/Runtime/Bench.h"
#include "gemm-opt/Runtime/DynamicManifest.h"
#include "gemm-opt/Runtime/FunctionManifest.h"
#include "gemm-opt/Runtime/Launcher.h"
#include "gemm-opt/Runtime/ModuleManifest.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>
#include <map>
#include <memory>
#include <mutex>

using namespace gemm_opt::runtime;

namespace {

/// A JIT-loaded PTX module, unloaded when the last kernel that launches from
/// it (a version-3 kernel's instances outlive it) is freed.
struct Module {
  Module(CudaDriver &driver, const char *ptx) : driver(driver), module(driver.loadPtx(ptx).module) {}
  Module(const Module &) = delete;
  Module &operator=(const Module &) = delete;
  ~Module() { driver.unload(module); }
  CudaDriver &driver;
  cu::CUmodule module;
};

/// What a launch reads: a version-1 or -2 manifest and its kernels.
struct Launchable {
  KernelManifest manifest;
  std::vector<PreparedKernel> kernels;
  size_t tensorMaps = 0;
  int variant = -1; // the version-3 variant it instantiates
};

/// The instances of a version-3 manifest kept, least recently used dropped.
constexpr size_t kInstanceCache = 64;

/// A version-3 manifest: each variant's kernels, prepared once, and the
/// instances made, by sizes.
struct DynamicKernels {
  DynamicManifest manifest;
  std::vector<std::vector<PreparedKernel>> variants;
  std::mutex lock; // instances and useClock
  std::map<SymbolSizes, std::pair<std::shared_ptr<const Launchable>, uint64_t>> instances; // and last use
  uint64_t useClock = 0;

  /// The instance at the sizes that `shapes` bind; false and `error` on sizes
  /// it does not take.
  bool instance(const std::map<std::string, std::vector<int64_t>> &shapes, std::shared_ptr<const Launchable> &out,
                std::string &error);
};

} // namespace

struct gemm_opt_device {
  std::unique_ptr<CudaDriver> driver;
};

/// A loaded kernel (`launch`), one loaded from a version-3 manifest
/// (`dynamic`; it launches through its instances) or an instance of one.
struct gemm_opt_kernel {
  CudaDriver *driver = nullptr;
  std::shared_ptr<Module> module;
  std::shared_ptr<const Launchable> launch;
  std::shared_ptr<DynamicKernels> dynamic;
};

namespace {

int fail(char *err, size_t errLen, const std::string &msg) {
  if (err && errLen)
    std::snprintf(err, errLen, "%s", msg.c_str());
  return -1;
}

bool isDynamic(const char *json) { return json && manifestVersionOf(json) == kManifestVersionDynamic; }

bool isModule(const char *json) { return json && manifestVersionOf(json) == kManifestVersionModule; }

/// A version-4 manifest's functions (a manifest of another version: itself).
bool functions(const char *json, std::vector<ModuleFunction> &out, char *err, size_t errLen) {
  std::string e;
  if (!json)
    return fail(err, errLen, "manifest: null"), false;
  if (!manifestFunctions(json, out, e))
    return fail(err, errLen, e), false;
  return true;
}

/// A version-1 or -2 manifest (the readers' messages start "manifest: ").
bool parse(const char *json, KernelManifest &m, char *err, size_t errLen) {
  std::string e;
  if (!json)
    return fail(err, errLen, "manifest: null"), false;
  if (parseManifest(json, m, e))
    return true;
  if (isDynamic(json))
    e = "manifest: version 3 (dynamic dimensions) describes no launch until its sizes are bound: ask its "
        "instance (gemm_opt_kernel_instance)";
  if (isModule(json)) {
    std::vector<ModuleFunction> fs;
    if (!functions(json, fs, err, errLen))
      return false;
    e = "manifest: version 4 holds the manifests of " + std::to_string(fs.size()) + " functions (" + functionNames(fs) +
        "): take one (gemm_opt_manifest_function)";
  }
  return fail(err, errLen, e), false;
}

bool parseDynamic(const char *json, DynamicManifest &m, char *err, size_t errLen) {
  std::string e;
  if (!parseDynamicManifest(json, m, e))
    return fail(err, errLen, e), false;
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

/// What `k` launches; throws for a kernel loaded from a version-3 manifest.
const Launchable &launchable(const gemm_opt_kernel &k) {
  if (!k.launch)
    throw CudaError("launch: the manifest has dynamic dimensions (version 3): launch an instance of the kernel "
                    "at the buffers' sizes (gemm_opt_kernel_instance)");
  return *k.launch;
}

std::vector<cu::CUdeviceptr> bufferPointers(const Launchable &l, const uint64_t *buffers, size_t n) {
  if (n != l.manifest.buffers.size())
    throw CudaError("launch: " + std::to_string(n) + " buffers given, the manifest has " +
                    std::to_string(l.manifest.buffers.size()));
  return std::vector<cu::CUdeviceptr>(buffers, buffers + n);
}

/// Loads a version-1 or -2 manifest's kernels into `k`.
void loadStatic(CudaDriver &drv, const char *ptx, KernelManifest manifest, gemm_opt_kernel &k) {
  checkDeviceSupport(drv, manifest);
  k.module = std::make_shared<Module>(drv, ptx);
  auto l = std::make_shared<Launchable>();
  l->kernels = prepareKernels(drv, k.module->module, manifest);
  l->tensorMaps = tensorMapCount(manifest);
  l->manifest = std::move(manifest);
  k.launch = std::move(l);
}

/// Loads a version-3 manifest's module once and prepares each variant's
/// kernels, as its instance at the low end of its ranges has them (the
/// device checked against every variant before the PTX is loaded).
void loadDynamic(CudaDriver &drv, const char *ptx, std::shared_ptr<DynamicKernels> dyn, gemm_opt_kernel &k) {
  std::vector<KernelManifest> variants(dyn->manifest.variants.size());
  for (size_t v = 0; v < variants.size(); ++v) {
    std::string e;
    if (!variantManifest(dyn->manifest, v, variants[v], e))
      throw CudaError(e);
    checkDeviceSupport(drv, variants[v]);
  }
  k.module = std::make_shared<Module>(drv, ptx);
  for (const KernelManifest &m : variants)
    dyn->variants.push_back(prepareKernels(drv, k.module->module, m));
  k.dynamic = std::move(dyn);
}

bool DynamicKernels::instance(const std::map<std::string, std::vector<int64_t>> &shapes,
                              std::shared_ptr<const Launchable> &out, std::string &error) {
  SymbolSizes sizes;
  if (!bindSymbols(manifest, shapes, sizes, error))
    return false;
  std::lock_guard<std::mutex> hold(lock);
  auto cached = instances.find(sizes);
  if (cached != instances.end()) {
    cached->second.second = ++useClock;
    out = cached->second.first;
    return true;
  }
  auto l = std::make_shared<Launchable>();
  if (!instantiateManifest(manifest, sizes, l->manifest, l->variant, error))
    return false;
  l->kernels = variants[static_cast<size_t>(l->variant)];
  l->tensorMaps = tensorMapCount(l->manifest);
  if (instances.size() >= kInstanceCache)
    instances.erase(std::min_element(instances.begin(), instances.end(), [](const auto &a, const auto &b) {
      return a.second.second < b.second.second;
    }));
  instances[sizes] = {l, ++useClock};
  out = std::move(l);
  return true;
}

} // namespace

extern "C" {

int gemm_opt_api_version(void) { return GEMM_OPT_C_API_VERSION; }

int gemm_opt_validate_manifest(const char *manifestJson, char *err, size_t errLen) {
  if (isModule(manifestJson)) {
    std::vector<ModuleFunction> fs;
    return functions(manifestJson, fs, err, errLen) ? 0 : -1;
  }
  if (isDynamic(manifestJson)) {
    DynamicManifest d;
    return parseDynamic(manifestJson, d, err, errLen) ? 0 : -1;
  }
  KernelManifest m;
  return parse(manifestJson, m, err, errLen) ? 0 : -1;
}

int gemm_opt_manifest_function_count(const char *manifestJson, char *err, size_t errLen) {
  std::vector<ModuleFunction> fs;
  return functions(manifestJson, fs, err, errLen) ? static_cast<int>(fs.size()) : -1;
}

long gemm_opt_manifest_function(const char *manifestJson, int index, char *out, size_t outLen, char *err,
                                size_t errLen) {
  std::vector<ModuleFunction> fs;
  if (!functions(manifestJson, fs, err, errLen))
    return -1;
  if (index < 0 || static_cast<size_t>(index) >= fs.size())
    return fail(err, errLen,
                "manifest: function " + std::to_string(index) + " of " + std::to_string(fs.size()) + " asked for");
  const std::string &text = fs[index].text;
  if (out && outLen)
    std::snprintf(out, outLen, "%s", text.c_str());
  return static_cast<long>(text.size());
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
                (u[i].output ? GEMM_OPT_BUFFER_OUTPUT : 0) | (u[i].returned ? GEMM_OPT_BUFFER_RETURNED : 0);
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

long gemm_opt_manifest_returned(const char *manifestJson, size_t *buffers, size_t room, char *err, size_t errLen) {
  KernelManifest m;
  if (!parse(manifestJson, m, err, errLen))
    return -1;
  std::vector<size_t> out;
  if (m.isFunction()) {
    out = functionReturnedBuffers(m);
  } else {
    for (size_t i = 0; i < m.buffers.size(); ++i)
      if (m.buffers[i].role == "C" || m.buffers[i].role == "Y")
        out.push_back(i);
  }
  for (size_t i = 0; i < out.size() && i < room && buffers; ++i)
    buffers[i] = out[i];
  return static_cast<long>(out.size());
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

const char *gemm_opt_device_name(const gemm_opt_device *device) { return device->driver->device().name.c_str(); }

gemm_opt_kernel *gemm_opt_kernel_load(gemm_opt_device *device, const char *ptx, const char *manifestJson, char *err,
                                      size_t errLen) {
  auto k = std::make_unique<gemm_opt_kernel>();
  KernelManifest manifest;
  auto dynamic = std::make_shared<DynamicKernels>();
  const bool isDynamicManifest = isDynamic(manifestJson);
  if (isDynamicManifest ? !parseDynamic(manifestJson, dynamic->manifest, err, errLen)
                        : !parse(manifestJson, manifest, err, errLen))
    return nullptr;
  int rc = guarded(err, errLen, [&] {
    CudaDriver &drv = *device->driver;
    drv.makeCurrent();
    k->driver = &drv;
    if (isDynamicManifest)
      loadDynamic(drv, ptx, std::move(dynamic), *k);
    else
      loadStatic(drv, ptx, std::move(manifest), *k);
    return 0;
  });
  return rc == 0 ? k.release() : nullptr;
}

void gemm_opt_kernel_free(gemm_opt_kernel *kernel) { delete kernel; }

gemm_opt_kernel *gemm_opt_kernel_instance(gemm_opt_kernel *kernel, size_t numShapes, const char *const *names,
                                          const int *ranks, const int64_t *dims, int *variant, char *err,
                                          size_t errLen) {
  if (!kernel->dynamic) {
    fail(err, errLen, "instance: the kernel's manifest has no dynamic dimensions (version " +
                          std::to_string(kernel->launch->manifest.version) + ")");
    return nullptr;
  }
  std::map<std::string, std::vector<int64_t>> shapes;
  for (size_t i = 0; i < numShapes; dims += ranks[i++]) {
    if (ranks[i] < 0) {
      fail(err, errLen, "instance: buffer \"" + std::string(names[i]) + "\" has rank " + std::to_string(ranks[i]));
      return nullptr;
    }
    shapes[names[i]].assign(dims, dims + ranks[i]);
  }
  auto k = std::make_unique<gemm_opt_kernel>();
  std::string e;
  if (!kernel->dynamic->instance(shapes, k->launch, e)) {
    fail(err, errLen, e);
    return nullptr;
  }
  k->driver = kernel->driver;
  k->module = kernel->module;
  if (variant)
    *variant = k->launch->variant;
  return k.release();
}

size_t gemm_opt_kernel_manifest(const gemm_opt_kernel *kernel, char *out, size_t outLen) {
  const std::string text = kernel->launch ? toJson(kernel->launch->manifest) : "";
  if (out && outLen)
    std::snprintf(out, outLen, "%s", text.c_str());
  return text.size();
}

int gemm_opt_kernel_tensormap_count(const gemm_opt_kernel *kernel) {
  return kernel->launch ? static_cast<int>(kernel->launch->tensorMaps) : 0;
}

int gemm_opt_kernel_encode_tensormaps(gemm_opt_kernel *kernel, const uint64_t *buffers, size_t numBuffers,
                                      void *hostOut, char *err, size_t errLen) {
  return guarded(err, errLen, [&] {
    const Launchable &l = launchable(*kernel);
    std::vector<cu::CUtensorMap> maps;
    buildLaunchArgs(*kernel->driver, l.manifest, bufferPointers(l, buffers, numBuffers), 0, &maps);
    std::memcpy(hostOut, maps.data(), maps.size() * sizeof(cu::CUtensorMap));
    return 0;
  });
}

int gemm_opt_kernel_launch(gemm_opt_kernel *kernel, const uint64_t *buffers, size_t numBuffers, uint64_t tensormaps,
                           void *stream, char *err, size_t errLen) {
  return guarded(err, errLen, [&] {
    const Launchable &l = launchable(*kernel);
    if (l.tensorMaps && (tensormaps == 0 || tensormaps % 128 != 0))
      throw CudaError("launch: the kernel reads tensor maps; their device address must be 128-byte aligned");
    CudaDriver &drv = *kernel->driver;
    drv.makeCurrent();
    std::vector<LaunchArgs> args =
        buildLaunchArgs(drv, l.manifest, bufferPointers(l, buffers, numBuffers), tensormaps, nullptr);
    launchKernels(drv, l.manifest, l.kernels, args, static_cast<cu::CUstream>(stream));
    return 0;
  });
}

} // extern "C"
