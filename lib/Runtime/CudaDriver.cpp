//===- CudaDriver.cpp - CUDA driver API loaded with dlopen ----------------===//
#include "gemm-opt/Runtime/CudaDriver.h"
#include "gemm-opt/Runtime/JsonWriting.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <dlfcn.h>
#include <vector>

namespace gemm_opt::runtime {

using namespace cu;

struct CudaDriver::Api {
  CUresult (*cuGetErrorString)(CUresult, const char **) = nullptr;
  CUresult (*cuGetErrorName)(CUresult, const char **) = nullptr;
  CUresult (*cuInit)(unsigned) = nullptr;
  CUresult (*cuDriverGetVersion)(int *) = nullptr;
  CUresult (*cuDeviceGetCount)(int *) = nullptr;
  CUresult (*cuDeviceGet)(CUdevice *, int) = nullptr;
  CUresult (*cuDeviceGetName)(char *, int, CUdevice) = nullptr;
  CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice) = nullptr;
  CUresult (*cuDeviceTotalMem)(size_t *, CUdevice) = nullptr;            // _v2
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice) = nullptr;
  CUresult (*cuDevicePrimaryCtxRelease)(CUdevice) = nullptr;             // _v2
  CUresult (*cuCtxSetCurrent)(CUcontext) = nullptr;
  CUresult (*cuCtxSynchronize)() = nullptr;
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t) = nullptr;               // _v2
  CUresult (*cuMemFree)(CUdeviceptr) = nullptr;                          // _v2
  CUresult (*cuMemGetInfo)(size_t *, size_t *) = nullptr;                // _v2
  CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void *, size_t) = nullptr; // _v2
  CUresult (*cuMemcpyDtoH)(void *, CUdeviceptr, size_t) = nullptr;       // _v2
  CUresult (*cuMemcpyDtoD)(CUdeviceptr, CUdeviceptr, size_t) = nullptr;  // _v2
  CUresult (*cuMemcpyDtoDAsync)(CUdeviceptr, CUdeviceptr, size_t, CUstream) = nullptr; // _v2
  CUresult (*cuMemsetD8)(CUdeviceptr, unsigned char, size_t) = nullptr;  // _v2
  CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned, CUjit_option *, void **) = nullptr;
  CUresult (*cuModuleUnload)(CUmodule) = nullptr;
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *) = nullptr;
  CUresult (*cuFuncGetAttribute)(int *, int, CUfunction) = nullptr;
  CUresult (*cuFuncSetAttribute)(CUfunction, int, int) = nullptr;
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                             CUstream, void **, void **) = nullptr;
  // Optional (CUDA 11.8+): resolved when present; only cluster launches use it.
  CUresult (*cuLaunchKernelEx)(const CUlaunchConfig *, CUfunction, void **, void **) = nullptr;
  // Optional (CUDA 12.0+): only sizes the grid of "resident_grid" kernels.
  CUresult (*cuOccupancyMaxActiveClusters)(int *, CUfunction,
                                           const CUlaunchConfig *) = nullptr;
  // Optional (CUDA 12.0+): only stages with tensormap parameters use it.
  CUresult (*cuTensorMapEncodeTiled)(CUtensorMap *, CUtensorMapEnum, unsigned, void *, const unsigned long long *,
                                     const unsigned long long *, const unsigned *, const unsigned *, CUtensorMapEnum,
                                     CUtensorMapEnum, CUtensorMapEnum, CUtensorMapEnum) = nullptr;
  CUresult (*cuEventCreate)(CUevent *, unsigned) = nullptr;
  CUresult (*cuEventDestroy)(CUevent) = nullptr; // _v2
  CUresult (*cuEventRecord)(CUevent, CUstream) = nullptr;
  CUresult (*cuEventSynchronize)(CUevent) = nullptr;
  CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent) = nullptr; // _v2 (CUDA 12.8+), else v1
};

namespace {
template <typename F> bool resolve(void *lib, F &fn, std::initializer_list<const char *> names, std::string &missing) {
  for (const char *n : names) {
    if (void *p = dlsym(lib, n)) {
      fn = reinterpret_cast<F>(p);
      return true;
    }
  }
  missing = *names.begin();
  return false;
}
} // namespace

std::unique_ptr<CudaDriver> CudaDriver::load(std::string &reason) {
  void *lib = nullptr;
  std::string dlerr;
  for (const char *name : {"libcuda.so.1", "libcuda.so"}) {
    lib = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (lib)
      break;
    if (const char *e = dlerror())
      if (dlerr.empty())
        dlerr = e; // report the libcuda.so.1 failure
  }
  if (!lib) {
    reason = "cannot load libcuda.so.1: " + (dlerr.empty() ? std::string("not found") : dlerr);
    return nullptr;
  }
  std::unique_ptr<CudaDriver> d(new CudaDriver());
  d->lib = lib;
  d->api = std::make_unique<Api>();
  Api &a = *d->api;
  std::string missing;
  bool ok = resolve(lib, a.cuGetErrorString, {"cuGetErrorString"}, missing) &&
            resolve(lib, a.cuGetErrorName, {"cuGetErrorName"}, missing) &&
            resolve(lib, a.cuInit, {"cuInit"}, missing) &&
            resolve(lib, a.cuDriverGetVersion, {"cuDriverGetVersion"}, missing) &&
            resolve(lib, a.cuDeviceGetCount, {"cuDeviceGetCount"}, missing) &&
            resolve(lib, a.cuDeviceGet, {"cuDeviceGet"}, missing) &&
            resolve(lib, a.cuDeviceGetName, {"cuDeviceGetName"}, missing) &&
            resolve(lib, a.cuDeviceGetAttribute, {"cuDeviceGetAttribute"}, missing) &&
            resolve(lib, a.cuDeviceTotalMem, {"cuDeviceTotalMem_v2"}, missing) &&
            resolve(lib, a.cuDevicePrimaryCtxRetain, {"cuDevicePrimaryCtxRetain"}, missing) &&
            resolve(lib, a.cuDevicePrimaryCtxRelease, {"cuDevicePrimaryCtxRelease_v2", "cuDevicePrimaryCtxRelease"},
                    missing) &&
            resolve(lib, a.cuCtxSetCurrent, {"cuCtxSetCurrent"}, missing) &&
            resolve(lib, a.cuCtxSynchronize, {"cuCtxSynchronize"}, missing) &&
            resolve(lib, a.cuMemAlloc, {"cuMemAlloc_v2"}, missing) &&
            resolve(lib, a.cuMemFree, {"cuMemFree_v2"}, missing) &&
            resolve(lib, a.cuMemGetInfo, {"cuMemGetInfo_v2"}, missing) &&
            resolve(lib, a.cuMemcpyHtoD, {"cuMemcpyHtoD_v2"}, missing) &&
            resolve(lib, a.cuMemcpyDtoH, {"cuMemcpyDtoH_v2"}, missing) &&
            resolve(lib, a.cuMemcpyDtoD, {"cuMemcpyDtoD_v2"}, missing) &&
            resolve(lib, a.cuMemcpyDtoDAsync, {"cuMemcpyDtoDAsync_v2"}, missing) &&
            resolve(lib, a.cuMemsetD8, {"cuMemsetD8_v2"}, missing) &&
            resolve(lib, a.cuModuleLoadDataEx, {"cuModuleLoadDataEx"}, missing) &&
            resolve(lib, a.cuModuleUnload, {"cuModuleUnload"}, missing) &&
            resolve(lib, a.cuModuleGetFunction, {"cuModuleGetFunction"}, missing) &&
            resolve(lib, a.cuFuncGetAttribute, {"cuFuncGetAttribute"}, missing) &&
            resolve(lib, a.cuFuncSetAttribute, {"cuFuncSetAttribute"}, missing) &&
            resolve(lib, a.cuLaunchKernel, {"cuLaunchKernel"}, missing) &&
            resolve(lib, a.cuEventCreate, {"cuEventCreate"}, missing) &&
            resolve(lib, a.cuEventDestroy, {"cuEventDestroy_v2", "cuEventDestroy"}, missing) &&
            resolve(lib, a.cuEventRecord, {"cuEventRecord"}, missing) &&
            resolve(lib, a.cuEventSynchronize, {"cuEventSynchronize"}, missing) &&
            resolve(lib, a.cuEventElapsedTime, {"cuEventElapsedTime_v2", "cuEventElapsedTime"}, missing);
  if (!ok) {
    reason = "libcuda.so.1 does not export " + missing;
    return nullptr; // the library stays loaded; harmless
  }
  // Optional: a driver without it still runs every cluster-less launch;
  // launchEx() reports its absence. Without the occupancy query, a
  // resident grid is launched as the manifest has it.
  std::string missingEx;
  resolve(lib, a.cuLaunchKernelEx, {"cuLaunchKernelEx"}, missingEx);
  resolve(lib, a.cuOccupancyMaxActiveClusters, {"cuOccupancyMaxActiveClusters"},
          missingEx);
  resolve(lib, a.cuTensorMapEncodeTiled, {"cuTensorMapEncodeTiled"}, missingEx);
  return d;
}

CudaDriver::~CudaDriver() {
  if (haveCtx && api)
    api->cuDevicePrimaryCtxRelease(dev);
  // libcuda stays loaded: unloading the driver library is never useful here.
}

std::string CudaDriver::errorString(CUresult r) const {
  const char *name = nullptr, *desc = nullptr;
  if (api && api->cuGetErrorName(r, &name) != CUDA_SUCCESS)
    name = nullptr;
  if (api && api->cuGetErrorString(r, &desc) != CUDA_SUCCESS)
    desc = nullptr;
  if (!name) { // e.g. the toolkit's stub libcuda answers nothing
    if (r == CUDA_ERROR_STUB_LIBRARY)
      name = "CUDA_ERROR_STUB_LIBRARY";
    else if (r == CUDA_ERROR_NO_DEVICE)
      name = "CUDA_ERROR_NO_DEVICE";
  }
  std::string s = name ? name : "CUDA error " + std::to_string(r);
  if (desc)
    s += std::string(" (") + desc + ")";
  return s;
}

void CudaDriver::check(CUresult r, const char *call) const {
  if (r != CUDA_SUCCESS)
    throw CudaError(std::string(call) + ": " + errorString(r));
}

bool CudaDriver::openDevice(int ordinal, std::string &reason) {
  Api &a = *api;
  CUresult r = a.cuInit(0);
  if (r != CUDA_SUCCESS) {
    reason = "cuInit: " + errorString(r);
    return false;
  }
  int count = 0;
  r = a.cuDeviceGetCount(&count);
  if (r != CUDA_SUCCESS) {
    reason = "cuDeviceGetCount: " + errorString(r);
    return false;
  }
  if (count <= 0) {
    reason = "cuDeviceGetCount reports 0 devices";
    return false;
  }
  if (ordinal < 0 || ordinal >= count) {
    reason = "device " + std::to_string(ordinal) + " requested but only " + std::to_string(count) + " present";
    return false;
  }
  try {
    check(a.cuDeviceGet(&dev, ordinal), "cuDeviceGet");
    check(a.cuDevicePrimaryCtxRetain(&ctx, dev), "cuDevicePrimaryCtxRetain");
    haveCtx = true;
    check(a.cuCtxSetCurrent(ctx), "cuCtxSetCurrent");
    info.ordinal = ordinal;
    char name[256] = {0};
    check(a.cuDeviceGetName(name, sizeof name - 1, dev), "cuDeviceGetName");
    info.name = name;
    auto attr = [&](int which) {
      int v = 0;
      check(a.cuDeviceGetAttribute(&v, which, dev), "cuDeviceGetAttribute");
      return v;
    };
    info.ccMajor = attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
    info.ccMinor = attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
    info.smCount = attr(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
    info.l2Bytes = attr(CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE);
    info.maxSharedOptinBytes = attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
    info.clockKHz = attr(CU_DEVICE_ATTRIBUTE_CLOCK_RATE);
    info.memClockKHz = attr(CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE);
    info.busWidthBits = attr(CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH);
    check(a.cuDeviceTotalMem(&info.totalMemBytes, dev), "cuDeviceTotalMem_v2");
    check(a.cuDriverGetVersion(&info.driverVersion), "cuDriverGetVersion");
  } catch (const CudaError &e) {
    reason = e.what();
    return false;
  }
  return true;
}

void CudaDriver::makeCurrent() { check(api->cuCtxSetCurrent(ctx), "cuCtxSetCurrent"); }

CUdeviceptr CudaDriver::alloc(size_t bytes) {
  CUdeviceptr p = 0;
  CUresult r = api->cuMemAlloc(&p, bytes == 0 ? 1 : bytes);
  if (r != CUDA_SUCCESS)
    throw CudaError("cuMemAlloc_v2 (" + std::to_string(bytes) + " bytes): " + errorString(r));
  return p;
}

void CudaDriver::free(CUdeviceptr p) noexcept {
  if (p)
    api->cuMemFree(p); // errors here are sticky context errors already reported
}

void CudaDriver::copyHtoD(CUdeviceptr dst, const void *src, size_t bytes) {
  check(api->cuMemcpyHtoD(dst, src, bytes), "cuMemcpyHtoD_v2");
}
void CudaDriver::copyDtoH(void *dst, CUdeviceptr src, size_t bytes) {
  check(api->cuMemcpyDtoH(dst, src, bytes), "cuMemcpyDtoH_v2");
}
void CudaDriver::copyDtoD(CUdeviceptr dst, CUdeviceptr src, size_t bytes) {
  check(api->cuMemcpyDtoD(dst, src, bytes), "cuMemcpyDtoD_v2");
}
void CudaDriver::copyDtoDAsync(CUdeviceptr dst, CUdeviceptr src, size_t bytes, CUstream stream) {
  check(api->cuMemcpyDtoDAsync(dst, src, bytes, stream), "cuMemcpyDtoDAsync_v2");
}
void CudaDriver::memsetD8(CUdeviceptr dst, uint8_t value, size_t bytes) {
  check(api->cuMemsetD8(dst, value, bytes), "cuMemsetD8_v2");
}
void CudaDriver::synchronize() { check(api->cuCtxSynchronize(), "cuCtxSynchronize"); }

void CudaDriver::memInfo(size_t &freeBytes, size_t &totalBytes) {
  check(api->cuMemGetInfo(&freeBytes, &totalBytes), "cuMemGetInfo_v2");
}

LoadedModule CudaDriver::loadPtx(const std::string &ptx) {
  constexpr size_t kLogSize = 1 << 16;
  std::vector<char> infoLog(kLogSize, 0), errorLog(kLogSize, 0);
  CUjit_option opts[] = {CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, CU_JIT_ERROR_LOG_BUFFER,
                         CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, CU_JIT_LOG_VERBOSE, CU_JIT_WALL_TIME};
  void *vals[6];
  vals[0] = infoLog.data();
  vals[1] = reinterpret_cast<void *>(static_cast<uintptr_t>(kLogSize - 1));
  vals[2] = errorLog.data();
  vals[3] = reinterpret_cast<void *>(static_cast<uintptr_t>(kLogSize - 1));
  vals[4] = reinterpret_cast<void *>(static_cast<uintptr_t>(1));
  vals[5] = nullptr; // out: float milliseconds stored in the slot
  LoadedModule m;
  CUresult r = api->cuModuleLoadDataEx(&m.module, ptx.c_str(), 6, opts, vals);
  m.infoLog = infoLog.data();
  if (r != CUDA_SUCCESS) {
    std::string msg = "cuModuleLoadDataEx (PTX JIT): " + errorString(r);
    if (errorLog[0])
      msg += "\nJIT error log:\n" + std::string(errorLog.data());
    if (infoLog[0])
      msg += "\nJIT info log:\n" + std::string(infoLog.data());
    throw CudaError(msg);
  }
  float wall = 0;
  std::memcpy(&wall, &vals[5], sizeof wall);
  m.jitWallMs = wall;
  return m;
}

void CudaDriver::unload(CUmodule m) noexcept {
  if (m)
    api->cuModuleUnload(m);
}

CUfunction CudaDriver::getFunction(CUmodule m, const std::string &name) {
  CUfunction f = nullptr;
  CUresult r = api->cuModuleGetFunction(&f, m, name.c_str());
  if (r != CUDA_SUCCESS)
    throw CudaError("cuModuleGetFunction(\"" + name + "\"): " + errorString(r) +
                    " (is the manifest's kernel name the PTX .entry name?)");
  return f;
}

KernelAttributes CudaDriver::attributes(CUfunction f) {
  auto get = [&](int which) {
    int v = 0;
    check(api->cuFuncGetAttribute(&v, which, f), "cuFuncGetAttribute");
    return v;
  };
  KernelAttributes k;
  k.numRegs = get(CU_FUNC_ATTRIBUTE_NUM_REGS);
  k.staticSharedBytes = get(CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES);
  k.localBytes = get(CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES);
  k.constBytes = get(CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES);
  k.maxThreadsPerBlock = get(CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
  k.ptxVersion = get(CU_FUNC_ATTRIBUTE_PTX_VERSION);
  k.binaryVersion = get(CU_FUNC_ATTRIBUTE_BINARY_VERSION);
  return k;
}

void CudaDriver::setMaxDynamicSharedBytes(CUfunction f, int bytes) {
  CUresult r = api->cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes);
  if (r != CUDA_SUCCESS)
    throw CudaError("cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES, " + std::to_string(bytes) +
                    "): " + errorString(r));
}

void CudaDriver::launch(CUfunction f, const std::array<uint32_t, 3> &grid, const std::array<uint32_t, 3> &block,
                        unsigned sharedBytes, CUstream stream, void **params) {
  check(api->cuLaunchKernel(f, grid[0], grid[1], grid[2], block[0], block[1], block[2], sharedBytes, stream, params,
                            nullptr),
        "cuLaunchKernel");
}

bool CudaDriver::hasLaunchKernelEx() const { return api && api->cuLaunchKernelEx; }

void CudaDriver::allowNonPortableClusterSize(CUfunction f) {
  CUresult r = api->cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1);
  if (r != CUDA_SUCCESS)
    throw CudaError("cuFuncSetAttribute(NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1): " + errorString(r));
}

namespace {
/// A cuLaunchKernelEx configuration and the attributes it points to.
struct LaunchConfig {
  CUlaunchAttribute attrs[2];
  CUlaunchConfig cfg;
  LaunchConfig(const std::array<uint32_t, 3> &grid,
               const std::array<uint32_t, 3> &block,
               const std::optional<std::array<uint32_t, 3>> &cluster,
               bool programmatic, unsigned sharedBytes, CUstream stream) {
    std::memset(attrs, 0, sizeof attrs);
    unsigned numAttrs = 0;
    if (cluster) {
      CUlaunchAttribute &a = attrs[numAttrs++];
      a.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
      a.value.clusterDim.x = (*cluster)[0];
      a.value.clusterDim.y = (*cluster)[1];
      a.value.clusterDim.z = (*cluster)[2];
    }
    if (programmatic) {
      CUlaunchAttribute &a = attrs[numAttrs++];
      a.id = CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION;
      a.value.programmaticStreamSerializationAllowed = 1;
    }
    std::memset(&cfg, 0, sizeof cfg);
    cfg.gridDimX = grid[0];
    cfg.gridDimY = grid[1];
    cfg.gridDimZ = grid[2];
    cfg.blockDimX = block[0];
    cfg.blockDimY = block[1];
    cfg.blockDimZ = block[2];
    cfg.sharedMemBytes = sharedBytes;
    cfg.hStream = stream;
    cfg.attrs = attrs;
    cfg.numAttrs = numAttrs;
  }
  LaunchConfig(const LaunchConfig &) = delete; // cfg points into attrs
  LaunchConfig &operator=(const LaunchConfig &) = delete;
};
} // namespace

void CudaDriver::launchEx(CUfunction f, const std::array<uint32_t, 3> &grid,
                          const std::array<uint32_t, 3> &block,
                          const std::optional<std::array<uint32_t, 3>> &cluster,
                          bool programmatic, unsigned sharedBytes,
                          CUstream stream, void **params) {
  if (!api->cuLaunchKernelEx)
    throw CudaError("cuLaunchKernelEx: not exported by this libcuda (cluster and programmatic dependent launches "
                    "need CUDA 11.8 or newer)");
  LaunchConfig c(grid, block, cluster, programmatic, sharedBytes, stream);
  CUresult r = api->cuLaunchKernelEx(&c.cfg, f, params, nullptr);
  if (r != CUDA_SUCCESS)
    throw CudaError(
        "cuLaunchKernelEx (grid " + jsonIntList(grid) + ", block " +
        jsonIntList(block) +
        (cluster ? ", cluster " + jsonIntList(*cluster) : std::string()) +
        (programmatic ? ", programmatic dependent" : "") +
        "): " + errorString(r));
}

int CudaDriver::maxActiveClusters(CUfunction f,
                                  const std::array<uint32_t, 3> &grid,
                                  const std::array<uint32_t, 3> &block,
                                  const std::array<uint32_t, 3> &cluster,
                                  unsigned sharedBytes) {
  if (!api->cuOccupancyMaxActiveClusters)
    return 0;
  LaunchConfig c(grid, block, cluster, /*programmatic=*/false, sharedBytes,
                 nullptr);
  int clusters = 0;
  CUresult r = api->cuOccupancyMaxActiveClusters(&clusters, f, &c.cfg);
  if (r != CUDA_SUCCESS)
    throw CudaError("cuOccupancyMaxActiveClusters (grid " + jsonIntList(grid) +
                    ", block " + jsonIntList(block) + ", cluster " +
                    jsonIntList(cluster) + ", " + std::to_string(sharedBytes) +
                    " bytes of shared memory): " + errorString(r));
  return clusters;
}

bool CudaDriver::hasTensorMapEncode() const { return api && api->cuTensorMapEncodeTiled; }

void CudaDriver::encodeTensorMapTiled(CUtensorMap &map, const TensorMapEncodeArgs &args, CUdeviceptr globalAddress) {
  if (!api->cuTensorMapEncodeTiled)
    throw CudaError("cuTensorMapEncodeTiled: not exported by this libcuda (tensor maps need CUDA 12.0 or newer)");
  std::memset(&map, 0, sizeof map);
  CUresult r = api->cuTensorMapEncodeTiled(
      &map, args.dataType, args.rank, reinterpret_cast<void *>(static_cast<uintptr_t>(globalAddress)), args.globalDim,
      args.globalStrides, args.boxDim, args.elementStrides, args.interleave, args.swizzle, args.l2Promotion,
      args.oobFill);
  if (r != CUDA_SUCCESS) {
    auto list = [&](const auto *v, unsigned n) {
      std::string s = "[";
      for (unsigned i = 0; i < n; ++i)
        s += (i ? ", " : "") + std::to_string(v[i]);
      return s + "]";
    };
    char addr[32];
    std::snprintf(addr, sizeof addr, "0x%llx", static_cast<unsigned long long>(globalAddress));
    throw CudaError("cuTensorMapEncodeTiled (data type " + std::to_string(args.dataType) + ", rank " +
                    std::to_string(args.rank) + ", address " + addr + ", dims " + list(args.globalDim, args.rank) +
                    ", strides " + list(args.globalStrides, args.rank ? args.rank - 1 : 0) + ", box " +
                    list(args.boxDim, args.rank) + ", swizzle " + std::to_string(args.swizzle) + ", l2 promotion " +
                    std::to_string(args.l2Promotion) + "): " + errorString(r));
  }
}

CUevent CudaDriver::createEvent() {
  CUevent e = nullptr;
  check(api->cuEventCreate(&e, CU_EVENT_DEFAULT), "cuEventCreate");
  return e;
}
void CudaDriver::destroyEvent(CUevent e) noexcept {
  if (e)
    api->cuEventDestroy(e);
}
void CudaDriver::record(CUevent e, CUstream stream) { check(api->cuEventRecord(e, stream), "cuEventRecord"); }
void CudaDriver::syncEvent(CUevent e) { check(api->cuEventSynchronize(e), "cuEventSynchronize"); }
float CudaDriver::elapsedMs(CUevent start, CUevent stop) {
  float ms = 0;
  check(api->cuEventElapsedTime(&ms, start, stop), "cuEventElapsedTime");
  return ms;
}

} // namespace gemm_opt::runtime
