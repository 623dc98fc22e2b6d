/* A fake libcuda.so.1 for testing the runtime's C API without a GPU: a
 * device of compute capability $FAKE_CUDA_CC (default 90), modules that
 * remember each .entry's parameter count from the PTX, tensor maps that
 * hold their arguments, and launches appended as JSON lines to
 * $FAKE_CUDA_LOG (kernel, grid, block, shared memory, stream, cluster,
 * programmatic, every parameter's 8-byte slot), and each occupancy query
 * (cuOccupancyMaxActiveClusters: kernel, grid, block, shared memory,
 * cluster) as an "occupancy" line; it answers $FAKE_CUDA_MAX_CLUSTERS,
 * else 132 SMs' worth of clusters. With $FAKE_CUDA_EXEC set,
 * memory is real (host memory: memset and device-to-device copies too) and
 * each launch runs fakeCudaExecute (fake_kernels.c, when linked in), so
 * that gemm-run can check a manifest of host-emulated kernels. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef struct { char *ptx; } Module;
typedef struct { char name[256]; int params; } Function;

static int cc(void) { const char *s = getenv("FAKE_CUDA_CC"); return s ? atoi(s) : 90; }

static int exec(void) { return getenv("FAKE_CUDA_EXEC") != NULL; }
/* Runs kernel `name` on the host; defined in fake_kernels.c. */
__attribute__((weak)) void fakeCudaExecute(const char *name, const unsigned grid[3], void **params);

static FILE *logfile(void) {
  const char *p = getenv("FAKE_CUDA_LOG");
  return p ? fopen(p, "a") : NULL;
}

CUresult cuGetErrorString(CUresult r, const char **s) { (void)r; *s = "fake error"; return 0; }
CUresult cuGetErrorName(CUresult r, const char **s) { (void)r; *s = "CUDA_ERROR_FAKE"; return 0; }
CUresult cuInit(unsigned f) { (void)f; return 0; }
CUresult cuDriverGetVersion(int *v) { *v = 13000; return 0; }
CUresult cuDeviceGetCount(int *n) { *n = 1; return 0; }
CUresult cuDeviceGet(int *d, int i) { *d = i; return 0; }
CUresult cuDeviceGetName(char *s, int n, int d) { (void)d; snprintf(s, n, "Fake GPU"); return 0; }
CUresult cuDeviceGetAttribute(int *v, int which, int d) {
  (void)d;
  switch (which) {
  case 75: *v = cc() / 10; break;
  case 76: *v = cc() % 10; break;
  case 16: *v = 132; break;
  case 38: *v = 50 << 20; break;
  case 97: *v = 232448; break;
  default: *v = 1;
  }
  return 0;
}
CUresult cuDeviceTotalMem_v2(size_t *b, int d) { (void)d; *b = (size_t)80 << 30; return 0; }
CUresult cuMemGetInfo_v2(size_t *f, size_t *t) { *f = (size_t)79 << 30; *t = (size_t)80 << 30; return 0; }
CUresult cuDevicePrimaryCtxRetain(void **c, int d) { (void)d; *c = (void *)0x1; return 0; }
CUresult cuDevicePrimaryCtxRelease_v2(int d) { (void)d; return 0; }
CUresult cuCtxSetCurrent(void *c) { (void)c; return 0; }
CUresult cuCtxSynchronize(void) { return 0; }
CUresult cuMemAlloc_v2(uint64_t *p, size_t n) { *p = (uint64_t)(uintptr_t)malloc(n); return 0; }
CUresult cuMemFree_v2(uint64_t p) { free((void *)(uintptr_t)p); return 0; }
CUresult cuMemcpyHtoD_v2(uint64_t d, const void *s, size_t n) { memcpy((void *)(uintptr_t)d, s, n); return 0; }
CUresult cuMemcpyDtoH_v2(void *d, uint64_t s, size_t n) { memcpy(d, (void *)(uintptr_t)s, n); return 0; }
CUresult cuMemcpyDtoD_v2(uint64_t d, uint64_t s, size_t n) {
  if (exec())
    memmove((void *)(uintptr_t)d, (const void *)(uintptr_t)s, n);
  return 0;
}
CUresult cuMemcpyDtoDAsync_v2(uint64_t d, uint64_t s, size_t n, void *st) { (void)st; return cuMemcpyDtoD_v2(d, s, n); }
CUresult cuMemsetD8_v2(uint64_t d, unsigned char v, size_t n) {
  if (exec())
    memset((void *)(uintptr_t)d, v, n);
  return 0;
}
CUresult cuEventCreate(void **e, unsigned f) { (void)f; *e = malloc(1); return 0; }
CUresult cuEventDestroy_v2(void *e) { free(e); return 0; }
CUresult cuEventRecord(void *e, void *s) { (void)e; (void)s; return 0; }
CUresult cuEventSynchronize(void *e) { (void)e; return 0; }
CUresult cuEventElapsedTime_v2(float *ms, void *a, void *b) { (void)a; (void)b; *ms = 1; return 0; }

/* Modules loaded so far (the tests read it through ctypes: a kernel of
 * dynamic sizes loads its PTX once). */
static int moduleLoads;
int fakeCudaModuleLoads(void) { return moduleLoads; }

CUresult cuModuleLoadDataEx(void **m, const void *image, unsigned n, int *opts, void **vals) {
  (void)n; (void)opts; (void)vals;
  ++moduleLoads;
  Module *mod = malloc(sizeof *mod);
  mod->ptx = strdup((const char *)image);
  *m = mod;
  return 0;
}
CUresult cuModuleUnload(void *m) { free(((Module *)m)->ptx); free(m); return 0; }

/* The number of .param entries of `.entry name(`, or -1. */
static int countParams(const char *ptx, const char *name) {
  char key[300];
  snprintf(key, sizeof key, ".entry %s(", name);
  const char *p = strstr(ptx, key);
  if (!p)
    return -1;
  const char *end = strchr(p, ')');
  int n = 0;
  for (const char *q = strstr(p, ".param"); q && q < end; q = strstr(q + 1, ".param"))
    ++n;
  return n;
}

CUresult cuModuleGetFunction(void **f, void *m, const char *name) {
  int n = countParams(((Module *)m)->ptx, name);
  if (n < 0)
    return 500; /* CUDA_ERROR_NOT_FOUND */
  Function *fn = malloc(sizeof *fn);
  snprintf(fn->name, sizeof fn->name, "%s", name);
  fn->params = n;
  *f = fn;
  return 0;
}
CUresult cuFuncGetAttribute(int *v, int which, void *f) {
  (void)f;
  *v = which == 0 ? 1024 : which == 4 ? 32 : 0;
  return 0;
}
CUresult cuFuncSetAttribute(void *f, int which, int v) { (void)f; (void)which; (void)v; return 0; }

static void logLaunch(Function *f, const unsigned g[3], const unsigned b[3], unsigned smem, void *stream,
                      const unsigned *cluster, int programmatic, int ex, void **params) {
  FILE *out = logfile();
  if (!out)
    return;
  fprintf(out, "{\"kernel\": \"%s\", \"grid\": [%u, %u, %u], \"block\": [%u, %u, %u], \"smem\": %u, "
               "\"stream\": %llu, \"ex\": %d, \"programmatic\": %d, \"cluster\": ",
          f->name, g[0], g[1], g[2], b[0], b[1], b[2], smem, (unsigned long long)(uintptr_t)stream, ex,
          programmatic);
  if (cluster)
    fprintf(out, "[%u, %u, %u]", cluster[0], cluster[1], cluster[2]);
  else
    fprintf(out, "null");
  fprintf(out, ", \"params\": [");
  for (int i = 0; i < f->params; ++i)
    fprintf(out, "%s%llu", i ? ", " : "", (unsigned long long)*(uint64_t *)params[i]);
  fprintf(out, "]}\n");
  fclose(out);
}

static void launched(Function *f, const unsigned g[3], const unsigned b[3], unsigned smem, void *stream,
                     const unsigned *cluster, int programmatic, int ex, void **params) {
  logLaunch(f, g, b, smem, stream, cluster, programmatic, ex, params);
  if (exec() && fakeCudaExecute)
    fakeCudaExecute(f->name, g, params);
}

CUresult cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                        unsigned smem, void *stream, void **params, void **extra) {
  (void)extra;
  unsigned g[3] = {gx, gy, gz}, b[3] = {bx, by, bz};
  launched(f, g, b, smem, stream, NULL, 0, 0, params);
  return 0;
}

/* The layout of CUlaunchConfig / CUlaunchAttribute (cuda.h). */
typedef struct { int id; char pad[4]; union { char raw[64]; unsigned dims[3]; int flag; } value; } Attr;
typedef struct {
  unsigned gx, gy, gz, bx, by, bz, smem;
  void *stream;
  Attr *attrs;
  unsigned numAttrs;
} Config;

CUresult cuLaunchKernelEx(const Config *c, void *f, void **params, void **extra) {
  (void)extra;
  unsigned g[3] = {c->gx, c->gy, c->gz}, b[3] = {c->bx, c->by, c->bz};
  const unsigned *cluster = NULL;
  int programmatic = 0;
  for (unsigned i = 0; i < c->numAttrs; ++i) {
    if (c->attrs[i].id == 4)
      cluster = c->attrs[i].value.dims;
    if (c->attrs[i].id == 6)
      programmatic = c->attrs[i].value.flag;
  }
  launched(f, g, b, c->smem, c->stream, cluster, programmatic, 1, params);
  return 0;
}

CUresult cuOccupancyMaxActiveClusters(int *n, void *f, const Config *c) {
  const unsigned *cluster = NULL;
  for (unsigned i = 0; i < c->numAttrs; ++i)
    if (c->attrs[i].id == 4)
      cluster = c->attrs[i].value.dims;
  if (!cluster) /* the real one needs a cluster size without a compiled one */
    return 1;   /* CUDA_ERROR_INVALID_VALUE */
  const char *max = getenv("FAKE_CUDA_MAX_CLUSTERS");
  *n = max ? atoi(max) : (int)(132 / (cluster[0] * cluster[1] * cluster[2]));
  FILE *out = logfile();
  if (out) {
    fprintf(out, "{\"occupancy\": \"%s\", \"grid\": [%u, %u, %u], \"block\": [%u, %u, %u], \"smem\": %u, "
                 "\"cluster\": [%u, %u, %u]}\n",
            ((Function *)f)->name, c->gx, c->gy, c->gz, c->bx, c->by, c->bz, c->smem, cluster[0], cluster[1],
            cluster[2]);
    fclose(out);
  }
  return 0;
}

/* Words of the fake map: address, data type, rank, swizzle, dims[3] at 4,
 * strides[2] at 7, box[3] at 9 (ranks up to 3; the runtime's maps are 2-D). */
CUresult cuTensorMapEncodeTiled(uint64_t *map, int type, unsigned rank, void *addr, const uint64_t *dims,
                                const uint64_t *strides, const unsigned *box, const unsigned *elemStrides,
                                int interleave, int swizzle, int l2, int oob) {
  (void)elemStrides; (void)interleave; (void)l2; (void)oob;
  if (rank < 1 || rank > 3)
    return 1; /* CUDA_ERROR_INVALID_VALUE */
  memset(map, 0, 128);
  map[0] = (uint64_t)(uintptr_t)addr;
  map[1] = (uint64_t)type;
  map[2] = rank;
  map[3] = (uint64_t)swizzle;
  for (unsigned i = 0; i < rank; ++i) {
    map[4 + i] = dims[i];
    map[9 + i] = box[i];
    if (i + 1 < rank)
      map[7 + i] = strides[i];
  }
  return 0;
}
