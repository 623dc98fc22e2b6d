/*===- CApi.h - C API of the runtime for foreign callers (Python) -*- C -*-===//
 *
 * libgemm_opt_runtime.so: load a compiled stage (PTX + launch manifest) on
 * the device's primary context, the one PyTorch uses, and launch it over
 * buffers the caller allocated, on the caller's stream. MLIR-free; links
 * libstdc++ statically so that it loads into any Python process. Python's
 * gemm_opt package loads it with ctypes (python/gemm_opt/_runtime.py).
 *
 * Every call that can fail returns 0 / a handle on success and -1 / NULL on
 * failure, with a NUL-terminated message in err[0..errLen).
 *
 *===----------------------------------------------------------------------===*/
#ifndef GEMM_OPT_RUNTIME_CAPI_H
#define GEMM_OPT_RUNTIME_CAPI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GEMM_OPT_API __attribute__((visibility("default")))
/* Bumped whenever a signature below changes. */
#define GEMM_OPT_C_API_VERSION 1

typedef struct gemm_opt_device gemm_opt_device;
typedef struct gemm_opt_kernel gemm_opt_kernel;

GEMM_OPT_API int gemm_opt_api_version(void);

/* The strict manifest reader and validateManifest (docs/manifest.md); no
 * device needed. */
GEMM_OPT_API int gemm_opt_validate_manifest(const char *manifestJson, char *err, size_t errLen);

/* gemm-run's correctness threshold for the manifest's problem (Bench.h). */
GEMM_OPT_API int gemm_opt_check_threshold(const char *manifestJson, int tf32, double *threshold, char *err,
                                          size_t errLen);

/* Loads libcuda, retains device `ordinal`'s primary context and makes it
 * current. */
GEMM_OPT_API gemm_opt_device *gemm_opt_device_open(int ordinal, char *err, size_t errLen);
GEMM_OPT_API void gemm_opt_device_close(gemm_opt_device *device);
/* Compute capability, e.g. 9 and 0. */
GEMM_OPT_API void gemm_opt_device_capability(const gemm_opt_device *device, int *major, int *minor);

/* JIT-loads the PTX and prepares the manifest's kernels; the device must
 * outlive the kernel. */
GEMM_OPT_API gemm_opt_kernel *gemm_opt_kernel_load(gemm_opt_device *device, const char *ptx, const char *manifestJson,
                                                   char *err, size_t errLen);
GEMM_OPT_API void gemm_opt_kernel_free(gemm_opt_kernel *kernel);

/* The number of tensormap parameters; the launch reads that many 128-byte
 * CUtensorMaps, contiguous, from a 128-byte-aligned device address. */
GEMM_OPT_API int gemm_opt_kernel_tensormap_count(const gemm_opt_kernel *kernel);

/* Encodes every tensor map over `buffers` (device pointers, one per manifest
 * buffer, manifest order, scratch buffers included) into hostOut (128 bytes
 * each). The caller copies them to the device before the launch. */
GEMM_OPT_API int gemm_opt_kernel_encode_tensormaps(gemm_opt_kernel *kernel, const uint64_t *buffers,
                                                   size_t numBuffers, void *hostOut, char *err, size_t errLen);

/* Launches every kernel of the manifest in order on `stream` (a CUstream;
 * 0 is the legacy default stream), over `buffers` as above; `tensormaps` is
 * the device address of the maps encoded over the same buffers (0 when
 * there are none). */
GEMM_OPT_API int gemm_opt_kernel_launch(gemm_opt_kernel *kernel, const uint64_t *buffers, size_t numBuffers,
                                        uint64_t tensormaps, void *stream, char *err, size_t errLen);

#ifdef __cplusplus
}
#endif

#endif /* GEMM_OPT_RUNTIME_CAPI_H */
