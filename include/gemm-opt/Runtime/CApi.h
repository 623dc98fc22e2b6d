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
 * A function of several ops (a version-2 manifest) is launched like a
 * single op, over all its buffers in manifest order: its arguments
 * (arg0, arg1, ... by position, the caller's), its results (allocated by
 * the caller as the manifest's shapes say), then its temps and scratch
 * buffers (allocated by the caller's wrapper, e.g. gemm_opt.Kernel, on the
 * launch's stream). gemm_opt_manifest_buffer_uses says which buffers are
 * inputs and which are outputs.
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
/* Bumped whenever a signature below changes or a function is added. */
#define GEMM_OPT_C_API_VERSION 2

typedef struct gemm_opt_device gemm_opt_device;
typedef struct gemm_opt_kernel gemm_opt_kernel;

GEMM_OPT_API int gemm_opt_api_version(void);

/* The strict manifest reader and validateManifest (docs/manifest.md); no
 * device needed. */
GEMM_OPT_API int gemm_opt_validate_manifest(const char *manifestJson, char *err, size_t errLen);

/* gemm-run's correctness threshold for the manifest's problem (Bench.h); a
 * version-2 manifest has one per op: `op` indexes its ops (ignored for
 * version 1). */
GEMM_OPT_API int gemm_opt_check_threshold(const char *manifestJson, int op, int tf32, double *threshold, char *err,
                                          size_t errLen);

/* Bits of gemm_opt_manifest_buffer_uses: an input (an argument some op
 * reads before any op writes it; A, B, X, and C with beta = 1 in a one-op
 * manifest), written by an op, an output (written, and the caller's: an
 * argument or a result). */
#define GEMM_OPT_BUFFER_INPUT 1
#define GEMM_OPT_BUFFER_WRITTEN 2
#define GEMM_OPT_BUFFER_OUTPUT 4

/* Writes the GEMM_OPT_BUFFER_* bits of every manifest buffer (manifest
 * order) into uses[0..numBuffers); numBuffers must be the manifest's
 * buffer count. Version-2 manifests: by the ops in program order
 * (functionBufferUses); version 1: by role. No device needed. */
GEMM_OPT_API int gemm_opt_manifest_buffer_uses(const char *manifestJson, int *uses, size_t numBuffers, char *err,
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
