//===- CudaDriver.h - CUDA driver API loaded with dlopen --------*- C++ -*-===//
//
// A thin, checked wrapper over the few CUDA driver API entry points gemm-run
// needs. libcuda.so.1 is opened at run time; no CUDA header is needed to build.
// The types and enum values below are copied from CUDA 13's cuda.h.
//
// Every call is checked; a failing call throws CudaError whose message names
// the call and carries cuGetErrorName/cuGetErrorString ("cuLaunchKernel:
// CUDA_ERROR_INVALID_VALUE (invalid argument)").
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_OPT_RUNTIME_CUDADRIVER_H
#define GEMM_OPT_RUNTIME_CUDADRIVER_H

#include <array>
#include <optional>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

namespace gemm_opt::runtime {

namespace cu {
using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
struct CUctx_st;
struct CUmod_st;
struct CUfunc_st;
struct CUstream_st;
struct CUevent_st;
using CUcontext = CUctx_st *;
using CUmodule = CUmod_st *;
using CUfunction = CUfunc_st *;
using CUstream = CUstream_st *;
using CUevent = CUevent_st *;
using CUjit_option = int;

constexpr CUresult CUDA_SUCCESS = 0;
constexpr CUresult CUDA_ERROR_STUB_LIBRARY = 34;
constexpr CUresult CUDA_ERROR_NO_DEVICE = 100;

// CUdevice_attribute
constexpr int CU_DEVICE_ATTRIBUTE_CLOCK_RATE = 13;
constexpr int CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;
constexpr int CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE = 36;
constexpr int CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH = 37;
constexpr int CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE = 38;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;
constexpr int CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97;

// CUfunction_attribute
constexpr int CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0;
constexpr int CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1;
constexpr int CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES = 2;
constexpr int CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES = 3;
constexpr int CU_FUNC_ATTRIBUTE_NUM_REGS = 4;
constexpr int CU_FUNC_ATTRIBUTE_PTX_VERSION = 5;
constexpr int CU_FUNC_ATTRIBUTE_BINARY_VERSION = 6;
constexpr int CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8;
constexpr int CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED = 14;

// cuLaunchKernelEx (CUDA 11.8+): CUlaunchAttributeID, CUlaunchAttributeValue
// (a union padded to 64 bytes, 8-byte aligned), CUlaunchAttribute and
// CUlaunchConfig, laid out as in cuda.h. The cluster and programmatic
// stream serialization attributes are used.
using CUlaunchAttributeID = int; // an enum in cuda.h: 4 bytes
constexpr CUlaunchAttributeID CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION = 4;
constexpr CUlaunchAttributeID CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION = 6;
union CUlaunchAttributeValue {
  char pad[64];
  struct {
    unsigned x, y, z;
  } clusterDim;
  int programmaticStreamSerializationAllowed;
  unsigned long long alignTo8; // the real union holds pointers and size_t
};
struct CUlaunchAttribute {
  CUlaunchAttributeID id;
  char pad[8 - sizeof(CUlaunchAttributeID)];
  CUlaunchAttributeValue value;
};
struct CUlaunchConfig {
  unsigned gridDimX, gridDimY, gridDimZ;
  unsigned blockDimX, blockDimY, blockDimZ;
  unsigned sharedMemBytes;
  CUstream hStream;
  CUlaunchAttribute *attrs;
  unsigned numAttrs;
};
static_assert(sizeof(CUlaunchAttributeValue) == 64 && alignof(CUlaunchAttributeValue) == 8,
              "CUlaunchAttributeValue layout differs from cuda.h");
static_assert(sizeof(CUlaunchAttribute) == 72 && offsetof(CUlaunchAttribute, value) == 8,
              "CUlaunchAttribute layout differs from cuda.h");
static_assert(offsetof(CUlaunchConfig, hStream) == 32 && offsetof(CUlaunchConfig, attrs) == 40 &&
                  offsetof(CUlaunchConfig, numAttrs) == 48 && sizeof(CUlaunchConfig) == 56,
              "CUlaunchConfig layout differs from cuda.h");

// Tensor maps (CUDA 12.0+, sm_90+): CUtensorMap is 16 opaque 64-bit words,
// aligned to 128 bytes in CUDA 13's cuda.h (cuTensorMapEncodeTiled needs 64);
// the enums are passed by value as 4-byte ints. Values from cuda.h
// (CUtensorMapDataType, CUtensorMapInterleave, CUtensorMapSwizzle,
// CUtensorMapL2promotion, CUtensorMapFloatOOBfill); test/Runtime checks them
// against cuda.h when the toolkit's header is found at build time.
constexpr unsigned kTensorMapQwords = 16; // CU_TENSOR_MAP_NUM_QWORDS (a macro in cuda.h)
struct alignas(128) CUtensorMap {
  unsigned long long opaque[kTensorMapQwords];
};
static_assert(sizeof(CUtensorMap) == 128 && alignof(CUtensorMap) == 128, "CUtensorMap layout differs from cuda.h");
using CUtensorMapEnum = int;
constexpr CUtensorMapEnum CU_TENSOR_MAP_DATA_TYPE_FLOAT16 = 6;
constexpr CUtensorMapEnum CU_TENSOR_MAP_DATA_TYPE_FLOAT32 = 7;
constexpr CUtensorMapEnum CU_TENSOR_MAP_DATA_TYPE_BFLOAT16 = 9;
constexpr CUtensorMapEnum CU_TENSOR_MAP_INTERLEAVE_NONE = 0;
constexpr CUtensorMapEnum CU_TENSOR_MAP_SWIZZLE_NONE = 0;
constexpr CUtensorMapEnum CU_TENSOR_MAP_SWIZZLE_32B = 1;
constexpr CUtensorMapEnum CU_TENSOR_MAP_SWIZZLE_64B = 2;
constexpr CUtensorMapEnum CU_TENSOR_MAP_SWIZZLE_128B = 3;
constexpr CUtensorMapEnum CU_TENSOR_MAP_L2_PROMOTION_NONE = 0;
constexpr CUtensorMapEnum CU_TENSOR_MAP_L2_PROMOTION_L2_64B = 1;
constexpr CUtensorMapEnum CU_TENSOR_MAP_L2_PROMOTION_L2_128B = 2;
constexpr CUtensorMapEnum CU_TENSOR_MAP_L2_PROMOTION_L2_256B = 3;
constexpr CUtensorMapEnum CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE = 0;

/// The arguments of one cuTensorMapEncodeTiled call (rank <= 5).
struct TensorMapEncodeArgs {
  CUtensorMapEnum dataType = CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  unsigned rank = 0;
  unsigned long long globalDim[5] = {};
  unsigned long long globalStrides[4] = {}; // bytes, of dims 1..rank-1
  unsigned boxDim[5] = {};
  unsigned elementStrides[5] = {};
  CUtensorMapEnum interleave = CU_TENSOR_MAP_INTERLEAVE_NONE;
  CUtensorMapEnum swizzle = CU_TENSOR_MAP_SWIZZLE_NONE;
  CUtensorMapEnum l2Promotion = CU_TENSOR_MAP_L2_PROMOTION_NONE;
  CUtensorMapEnum oobFill = CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;
};

// CUjit_option
constexpr CUjit_option CU_JIT_WALL_TIME = 2;
constexpr CUjit_option CU_JIT_INFO_LOG_BUFFER = 3;
constexpr CUjit_option CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4;
constexpr CUjit_option CU_JIT_ERROR_LOG_BUFFER = 5;
constexpr CUjit_option CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6;
constexpr CUjit_option CU_JIT_LOG_VERBOSE = 12;

constexpr unsigned CU_EVENT_DEFAULT = 0;
} // namespace cu

/// A failed CUDA driver or cuBLAS call.
class CudaError : public std::runtime_error {
public:
  explicit CudaError(const std::string &msg) : std::runtime_error(msg) {}
};

struct DeviceInfo {
  int ordinal = 0;
  std::string name;
  int ccMajor = 0, ccMinor = 0;
  int smCount = 0;
  int l2Bytes = 0;
  int maxSharedOptinBytes = 0; // max opt-in shared memory per block
  int clockKHz = 0;            // typical SM clock
  int memClockKHz = 0;
  int busWidthBits = 0;
  size_t totalMemBytes = 0;
  int driverVersion = 0; // e.g. 13000
  std::string chip() const { return "sm_" + std::to_string(ccMajor * 10 + ccMinor); }
};

struct KernelAttributes {
  int numRegs = 0;
  int staticSharedBytes = 0;
  int localBytes = 0; // per-thread local memory: spills and stack
  int constBytes = 0;
  int maxThreadsPerBlock = 0;
  int ptxVersion = 0;
  int binaryVersion = 0;
};

struct LoadedModule {
  cu::CUmodule module = nullptr;
  std::string infoLog;  // JIT info log (verbose: registers, spills per kernel)
  double jitWallMs = 0; // as reported by the JIT (CU_JIT_WALL_TIME)
};

class CudaDriver {
public:
  /// Opens libcuda.so.1 (then libcuda.so) and resolves the entry points.
  /// Returns nullptr with `reason` set when the library or a symbol is missing.
  static std::unique_ptr<CudaDriver> load(std::string &reason);
  ~CudaDriver();
  CudaDriver(const CudaDriver &) = delete;
  CudaDriver &operator=(const CudaDriver &) = delete;

  /// cuInit, cuDeviceGetCount, cuDeviceGet(ordinal), retains the primary
  /// context and makes it current on this thread; reads DeviceInfo. Returns
  /// false with `reason` when there is no usable device (never throws).
  bool openDevice(int ordinal, std::string &reason);
  const DeviceInfo &device() const { return info; }
  /// Makes the device's primary context (the one the CUDA runtime, and so
  /// PyTorch, uses) current on the calling thread; after openDevice.
  void makeCurrent();

  /// "CUDA_ERROR_X (description)".
  std::string errorString(cu::CUresult r) const;
  /// Throws CudaError("<call>: <errorString>") unless r == CUDA_SUCCESS.
  void check(cu::CUresult r, const char *call) const;

  cu::CUdeviceptr alloc(size_t bytes);
  void free(cu::CUdeviceptr p) noexcept;
  void copyHtoD(cu::CUdeviceptr dst, const void *src, size_t bytes);
  void copyDtoH(void *dst, cu::CUdeviceptr src, size_t bytes);
  void copyDtoD(cu::CUdeviceptr dst, cu::CUdeviceptr src, size_t bytes);
  void copyDtoDAsync(cu::CUdeviceptr dst, cu::CUdeviceptr src, size_t bytes, cu::CUstream stream);
  void memsetD8(cu::CUdeviceptr dst, uint8_t value, size_t bytes);
  void synchronize();
  /// cuMemGetInfo: free and total bytes of device memory in this context.
  void memInfo(size_t &freeBytes, size_t &totalBytes);

  /// JIT-compiles PTX (cuModuleLoadDataEx with info/error log buffers). On
  /// failure throws CudaError whose message includes the JIT error log.
  LoadedModule loadPtx(const std::string &ptx);
  void unload(cu::CUmodule m) noexcept;
  cu::CUfunction getFunction(cu::CUmodule m, const std::string &name);
  KernelAttributes attributes(cu::CUfunction f);
  void setMaxDynamicSharedBytes(cu::CUfunction f, int bytes);
  void launch(cu::CUfunction f, const std::array<uint32_t, 3> &grid, const std::array<uint32_t, 3> &block,
              unsigned sharedBytes, cu::CUstream stream, void **params);
  /// Whether the driver exports cuLaunchKernelEx (needed for clusters).
  bool hasLaunchKernelEx() const;
  /// Allows cluster sizes above the portable limit of 8 blocks for `f`
  /// (cuFuncSetAttribute NON_PORTABLE_CLUSTER_SIZE_ALLOWED = 1).
  void allowNonPortableClusterSize(cu::CUfunction f);
  /// A launch through cuLaunchKernelEx: with `cluster`, a thread-block
  /// cluster launch (CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION; `grid` in blocks,
  /// a multiple of `cluster` in every dimension); with `programmatic`, a
  /// programmatic dependent launch (CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_
  /// SERIALIZATION): the kernel may start before the previous kernel in the
  /// stream has finished and waits for it with griddepcontrol.wait. Throws
  /// CudaError when the driver lacks cuLaunchKernelEx or the launch fails.
  void launchEx(cu::CUfunction f, const std::array<uint32_t, 3> &grid, const std::array<uint32_t, 3> &block,
                const std::optional<std::array<uint32_t, 3>> &cluster, bool programmatic, unsigned sharedBytes,
                cu::CUstream stream, void **params);
  /// cuOccupancyMaxActiveClusters: how many clusters of `cluster` blocks
  /// of `f` the device holds at once (a GPC holds whole clusters only, so
  /// fewer than SMs / cluster size may fit), for the launch launchEx would
  /// make; 0 when the driver lacks the entry point (CUDA 12.0+). Throws
  /// CudaError when the query fails.
  int maxActiveClusters(cu::CUfunction f, const std::array<uint32_t, 3> &grid,
                        const std::array<uint32_t, 3> &block,
                        const std::array<uint32_t, 3> &cluster,
                        unsigned sharedBytes);

  /// Whether the driver exports cuTensorMapEncodeTiled (CUDA 12.0+).
  bool hasTensorMapEncode() const;
  /// cuTensorMapEncodeTiled(map, args..., globalAddress). Throws CudaError
  /// naming the call and its arguments when the driver lacks the entry point
  /// or refuses the map.
  void encodeTensorMapTiled(cu::CUtensorMap &map, const cu::TensorMapEncodeArgs &args, cu::CUdeviceptr globalAddress);

  cu::CUevent createEvent();
  void destroyEvent(cu::CUevent e) noexcept;
  void record(cu::CUevent e, cu::CUstream stream);
  void syncEvent(cu::CUevent e);
  float elapsedMs(cu::CUevent start, cu::CUevent stop);

  struct Api; // resolved function pointers (defined in CudaDriver.cpp)

private:
  CudaDriver() = default;
  void *lib = nullptr;
  std::unique_ptr<Api> api;
  DeviceInfo info;
  bool haveCtx = false;
  cu::CUcontext ctx = nullptr;
  cu::CUdevice dev = 0;
};

/// Move-only owner of one device allocation.
class DeviceBuffer {
public:
  DeviceBuffer() = default;
  DeviceBuffer(CudaDriver &d, size_t bytes) : drv(&d), bytes(bytes) { ptr = d.alloc(bytes); }
  ~DeviceBuffer() { reset(); }
  DeviceBuffer(DeviceBuffer &&o) noexcept : drv(o.drv), ptr(o.ptr), bytes(o.bytes) { o.ptr = 0; }
  DeviceBuffer &operator=(DeviceBuffer &&o) noexcept {
    if (this != &o) {
      reset();
      drv = o.drv;
      ptr = o.ptr;
      bytes = o.bytes;
      o.ptr = 0;
    }
    return *this;
  }
  void reset() noexcept {
    if (drv && ptr)
      drv->free(ptr);
    ptr = 0;
  }
  cu::CUdeviceptr get() const { return ptr; }
  size_t size() const { return bytes; }

private:
  CudaDriver *drv = nullptr;
  cu::CUdeviceptr ptr = 0;
  size_t bytes = 0;
};

} // namespace gemm_opt::runtime

#endif // GEMM_OPT_RUNTIME_CUDADRIVER_H
