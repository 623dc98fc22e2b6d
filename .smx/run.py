import ctypes, json, sys, glob, os, time
import numpy as np
cu = ctypes.CDLL("libcuda.so.1")
def ck(r, what=""):
    if r != 0:
        s = ctypes.c_char_p(); cu.cuGetErrorString(r, ctypes.byref(s))
        raise RuntimeError(f"{what}: {r} {s.value}")
ck(cu.cuInit(0)); dev = ctypes.c_int(); ck(cu.cuDeviceGet(ctypes.byref(dev), 0))
ctx = ctypes.c_void_p(); ck(cu.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), dev)); ck(cu.cuCtxSetCurrent(ctx))
def alloc(n):
    p = ctypes.c_uint64(); ck(cu.cuMemAlloc_v2(ctypes.byref(p), ctypes.c_size_t(max(n, 16))), "alloc"); return p
def to_bits(x, t):
    if t == "f32": return x.astype(np.float32)
    if t == "f16": return x.astype(np.float16)
    return (x.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
def from_bits(b, t):
    if t == "bf16": return (b.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    return b.astype(np.float64)
SIZE = {"f32": 4, "f16": 2, "bf16": 2}
def run(name, bench=False):
    m = json.load(open(name + ".json")); ptx = open(name + ".ptx", "rb").read() + b"\0"
    mod = ctypes.c_void_p(); ck(cu.cuModuleLoadData(ctypes.byref(mod), ptx), "load " + name)
    pr = m["problem"]; R, C, t = pr["rows"], pr["cols"], pr["x"]
    rng = np.random.default_rng(1)
    x = rng.standard_normal((R, C)) * 3
    if R >= 4 and not bench:
        x[0, :] = -np.inf
        x[1, ::3] = -np.inf
        x[2, :] = rng.choice([-1e4, 1e4], C) + rng.standard_normal(C)
        x[3, :] = 7.0
    xb = to_bits(x, t); xd = from_bits(xb, t)
    bufs = {}
    for b in m["buffers"]:
        n = int(np.prod(b["shape"])) * SIZE[b["elem"]]
        bufs[b["name"]] = (alloc(n), n)
    ck(cu.cuMemcpyHtoD_v2(bufs["X"][0], xb.ctypes.data_as(ctypes.c_void_p), ctypes.c_size_t(bufs["X"][1])))
    ck(cu.cuMemsetD8_v2(bufs["Y"][0], ctypes.c_ubyte(0x7f), ctypes.c_size_t(bufs["Y"][1])))
    launches = []
    for k in m["kernels"]:
        f = ctypes.c_void_p(); ck(cu.cuModuleGetFunction(ctypes.byref(f), mod, k["name"].encode()))
        if k["dynamic_shared_memory"] > 0:
            ck(cu.cuFuncSetAttribute(f, 8, k["dynamic_shared_memory"]), "smem attr")
        vals = [ctypes.c_uint64(bufs[p["buffer"]][0].value) for p in k["params"]]
        arr = (ctypes.c_void_p * len(vals))(*[ctypes.cast(ctypes.byref(v), ctypes.c_void_p) for v in vals])
        launches.append((f, k, vals, arr))
    def go():
        for f, k, vals, arr in launches:
            g, b = k["grid"], k["block"]
            ck(cu.cuLaunchKernel(f, g[0], g[1], g[2], b[0], b[1], b[2], k["dynamic_shared_memory"], None, arr, None), "launch")
    go(); ck(cu.cuCtxSynchronize(), "sync " + name)
    out = np.empty_like(xb)
    ck(cu.cuMemcpyDtoH_v2(out.ctypes.data_as(ctypes.c_void_p), bufs["Y"][0], ctypes.c_size_t(bufs["Y"][1])))
    y = from_bits(out, t)
    mx = np.max(xd, axis=1, keepdims=True)
    with np.errstate(invalid="ignore"):
        e = np.exp(xd - mx); ref = e / e.sum(axis=1, keepdims=True)
    nanrows = np.all(np.isneginf(xd), axis=1)
    ok_nan = bool(np.all(np.isnan(y[nanrows]))) if nanrows.any() else True
    good = ~nanrows
    err = 0.0
    if good.any():
        d = np.abs(y[good] - ref[good]).max(axis=1) / np.abs(ref[good]).max(axis=1)
        err = float(np.nanmax(d)) if not np.isnan(d).any() else float("nan")
    thr = {"f32": 1e-4, "f16": 2e-3, "bf16": 1e-2}[t]
    status = "PASS" if (ok_nan and err <= thr) else "FAIL"
    res = f"{name:40s} {status} err={err:.2e} nanrows_ok={ok_nan}"
    if bench:
        ev = [ctypes.c_void_p() for _ in range(2)]
        for e_ in ev: ck(cu.cuEventCreate(ctypes.byref(e_), 0))
        def timeit(fn, reps=20):
            for _ in range(3): fn()
            ts = []
            for _ in range(reps):
                cu.cuEventRecord(ev[0], None); fn(); cu.cuEventRecord(ev[1], None); ck(cu.cuEventSynchronize(ev[1]))
                ms = ctypes.c_float(); cu.cuEventElapsedTime(ctypes.byref(ms), ev[0], ev[1]); ts.append(ms.value)
            return sorted(ts)[len(ts) // 2]
        n = bufs["X"][1]
        ms = timeit(go)
        cms = timeit(lambda: ck(cu.cuMemcpyDtoD_v2(bufs["Y"][0], bufs["X"][0], ctypes.c_size_t(n))))
        res += f"  {2*n/ms/1e6:7.0f} GB/s  copy {2*n/cms/1e6:7.0f} GB/s  {100*cms/ms:5.1f}%"
    for b in bufs.values(): cu.cuMemFree_v2(b[0])
    cu.cuModuleUnload(mod)
    print(res, flush=True)
names = sorted(set(os.path.splitext(f)[0] for f in glob.glob("*.json")))
big = ("65536x1024", "16384x4096", "4096x32768", "1024x131072")
for n in names:
    try:
        run(n, bench=any(b in n for b in big))
    except Exception as ex:
        print(n, "ERROR", ex, flush=True)
