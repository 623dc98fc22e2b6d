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
 * inputs and which are outputs, gemm_opt_manifest_returned which buffers a
 * call gives back: a result returned twice is one buffer, given back
 * twice; an argument returned as it is, the caller's own (no copy).
 *
 * A stage compiled once for dynamic sizes (a version-3 manifest) is loaded
 * once, its PTX module and every variant's kernels with it, and launched
 * through its instances: gemm_opt_kernel_instance binds its symbols from
 * the caller's buffer shapes and gives a kernel of those sizes (a version-1
 * manifest; version 2 for several ops sharing a token count, whose
 * arguments bind it) that shares the module and is encoded and launched as
 * any other.
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
#define GEMM_OPT_C_API_VERSION 5

typedef struct gemm_opt_device gemm_opt_device;
typedef struct gemm_opt_kernel gemm_opt_kernel;

GEMM_OPT_API int gemm_opt_api_version(void);

/* The strict manifest reader and validateManifest (docs/manifest.md), or
 * for version 3 the reader of its template and variants; no device needed. */
GEMM_OPT_API int gemm_opt_validate_manifest(const char *manifestJson, char *err, size_t errLen);

/* A manifest of several functions (version 4, docs/manifest.md "Several
 * functions") holds the manifest of each; a kernel is loaded from one of
 * those. The number of functions of the manifest (one for any other
 * version), or -1 when a version-4 manifest does not pass its reader. */
GEMM_OPT_API int gemm_opt_manifest_function_count(const char *manifestJson, char *err, size_t errLen);

/* Function `index`'s manifest (version 1, 2 or 3, exactly as written; of
 * another version than 4, the manifest itself for index 0), NUL-terminated
 * into out[0..outLen) when it fits; returns its length without the NUL
 * (call again with more room when that is >= outLen), or -1 on error. */
GEMM_OPT_API long gemm_opt_manifest_function(const char *manifestJson, int index, char *out, size_t outLen, char *err,
                                             size_t errLen);

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
/* A result of the function is this buffer (version 2's "results"). */
#define GEMM_OPT_BUFFER_RETURNED 8

/* Writes the GEMM_OPT_BUFFER_* bits of every manifest buffer (manifest
 * order) into uses[0..numBuffers); numBuffers must be the manifest's
 * buffer count. Version-2 manifests: by the ops in program order
 * (functionBufferUses); version 1: by role. No device needed. */
GEMM_OPT_API int gemm_opt_manifest_buffer_uses(const char *manifestJson, int *uses, size_t numBuffers, char *err,
                                               size_t errLen);

/* What a call gives back, in order: the index (manifest order) of each
 * buffer, written into buffers[0..min(count, room)); returns the count, or
 * -1 on error. Version 2: functionReturnedBuffers (with "results", the
 * buffer of each result in return order, a buffer possibly twice, an
 * argument returned as it is among them; without, the written arguments,
 * then the results); version 1: its output, C or Y. No device needed. */
GEMM_OPT_API long gemm_opt_manifest_returned(const char *manifestJson, size_t *buffers, size_t room, char *err,
                                             size_t errLen);

/* Loads libcuda, retains device `ordinal`'s primary context and makes it
 * current. */
GEMM_OPT_API gemm_opt_device *gemm_opt_device_open(int ordinal, char *err, size_t errLen);
GEMM_OPT_API void gemm_opt_device_close(gemm_opt_device *device);
/* Compute capability, e.g. 9 and 0. */
GEMM_OPT_API void gemm_opt_device_capability(const gemm_opt_device *device, int *major, int *minor);
/* The device's name as CUDA reports it ("NVIDIA H100 80GB HBM3"; what the
 * compiler's tuning-device takes), valid while the device is open. */
GEMM_OPT_API const char *gemm_opt_device_name(const gemm_opt_device *device);

/* JIT-loads the PTX and prepares the manifest's kernels (a version-3
 * manifest: every variant's; a version-4 manifest is an error: load one of
 * its functions, gemm_opt_manifest_function); the device must outlive the kernel and its
 * instances. */
GEMM_OPT_API gemm_opt_kernel *gemm_opt_kernel_load(gemm_opt_device *device, const char *ptx, const char *manifestJson,
                                                   char *err, size_t errLen);
/* Frees a kernel or an instance; the module is unloaded with the last of a
 * kernel and its instances. */
GEMM_OPT_API void gemm_opt_kernel_free(gemm_opt_kernel *kernel);

/* The instance of a kernel loaded from a version-3 manifest at the sizes
 * that the given buffers bind (docs/manifest.md, "Binding"): buffer i is
 * named names[i] (a manifest buffer's name) and has shape dims[r_i ..
 * r_i + ranks[i]), r_i the sum of the ranks before it; any buffer may be
 * left out while each symbol has one that binds it (A alone binds a
 * matmul's M). The first variant that applies, instantiated (cached per
 * sizes, the least recently used dropped beyond 64); its index in *variant
 * when variant is not NULL. A new handle, freed with gemm_opt_kernel_free,
 * valid after `kernel` is freed. Errors: a size outside its symbol's
 * bounds (0 included), buffers binding one symbol to two extents, a buffer
 * of another rank, a symbol no buffer binds. */
GEMM_OPT_API gemm_opt_kernel *gemm_opt_kernel_instance(gemm_opt_kernel *kernel, size_t numShapes,
                                                       const char *const *names, const int *ranks,
                                                       const int64_t *dims, int *variant, char *err, size_t errLen);

/* The manifest that the kernel launches, as the runtime writes it (an
 * instance's is version 1 or 2, every size substituted), NUL-terminated into
 * out[0..outLen) when it fits; returns its length without the NUL (call
 * again with more room when that is >= outLen). A kernel loaded from a
 * version-3 manifest launches only through its instances: 0. */
GEMM_OPT_API size_t gemm_opt_kernel_manifest(const gemm_opt_kernel *kernel, char *out, size_t outLen);

/* The number of tensormap parameters; the launch reads that many 128-byte
 * CUtensorMaps, contiguous, from a 128-byte-aligned device address. This
 * call and the two below are for a kernel of a version-1 or -2 manifest or
 * an instance; one loaded from version 3 has 0 tensor maps and encodes and
 * launches nothing (an error). */
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
