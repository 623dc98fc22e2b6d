#!/usr/bin/env python3
"""On the GPU machine: gemm_opt.matmul against gemm-run for the same kernel,
and the host overhead of a cached call. Writes OUTDIR/python-timing.json
(and gemm-run's own JSON next to it).

    GEMM_OPT_BINDIR=BINDIR PYTHONPATH=python python3 benchmarks/python-timing.py BINDIR OUTDIR

1. gemm-run --stages=wgmma --shape 4096x4096x4096 --dtype bf16 --json:
   its back-to-back median `ms` (20 launches after 3 warm-ups, inputs
   rotated past the L2).
2. gemm_opt.matmul(a, b, out_dtype=torch.float32) on the same problem
   (bf16 inputs, f32 C: gemm-run's kernel), timed the same way: CUDA
   events around each call, 3 warm-up calls, median of REPEAT, inputs
   rotated over ceil(3 * L2 / bytes per set) sets. Each call allocates its
   C through torch, as a user's call does. Passes when within 3%.
   Also gemm_opt.softmax f16 4096x32768 against torch.softmax (error and
   time).
3. Host overhead of a cached call: N back-to-back calls on tiny problems
   (the GPU finishes each launch faster than the host issues the next),
   wall-clock time per call; torch.matmul / torch.softmax on the same
   problem for scale. Passes when the gemm_opt.matmul call is <= 20 us."""
import json
import math
import os
import statistics
import subprocess
import sys
import time

import torch

import gemm_opt

REPEAT = 50
SHAPE = (4096, 4096, 4096)


def event_median(fn, sets, warmup=3, repeat=REPEAT):
    for i in range(warmup):
        fn(i % sets)
    torch.cuda.synchronize()
    events = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(repeat)]
    for i, (start, stop) in enumerate(events):
        start.record()
        fn(i % sets)
        stop.record()
    torch.cuda.synchronize()
    times = [s.elapsed_time(e) for s, e in events]
    return statistics.median(times), min(times), max(times)


def host_us_per_call(fn, calls=200, rounds=25):
    """Median over rounds of the wall-clock time per call of `calls`
    back-to-back calls (synchronized before and after each round). `calls`
    stays well below the launch queue's depth (about 1000): with 2000 calls
    of a kernel that takes longer on the GPU than its call on the host, the
    queue fills and the loop measures the GPU (results/2026-12-01-python-lane:
    20.9 us per call against 22.5 us of GPU time per tiny matmul)."""
    per_call = []
    for _ in range(rounds):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(calls):
            fn()
        t1 = time.perf_counter()
        torch.cuda.synchronize()
        per_call.append((t1 - t0) / calls * 1e6)
    return statistics.median(per_call)


def main(bindir, outdir):
    os.makedirs(outdir, exist_ok=True)
    report = {"device": torch.cuda.get_device_name(), "torch": torch.__version__}

    # 1. gemm-run's time for the kernel.
    gr_json = os.path.join(outdir, "gemm-run-wgmma-bf16-4096.json")
    cmd = [os.path.join(bindir, "gemm-run"), "--stages=wgmma", "--shape", "x".join(map(str, SHAPE)),
           "--dtype", "bf16", "--json", gr_json]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    print(proc.stdout, proc.stderr, sep="", flush=True)
    stage = json.load(open(gr_json))["stages"][0]
    report["gemm_run"] = {"command": " ".join(cmd), "status": stage["status"], "ms": stage["ms"],
                          "ms_min": stage["ms_min"], "ms_max": stage["ms_max"],
                          "rotation_sets": stage["rotation_sets"], "kernels": stage["kernels"]}

    # 2. gemm_opt.matmul on the same problem.
    m, n, k = SHAPE
    per_set = (m * k + k * n) * 2 + m * n * 4
    l2 = getattr(torch.cuda.get_device_properties(0), "L2_cache_size", 60 << 20)
    sets = max(1, math.ceil(3 * l2 / per_set))
    gen = torch.Generator(device="cuda").manual_seed(1)
    a = [torch.rand(m, k, device="cuda", generator=gen).to(torch.bfloat16) for _ in range(sets)]
    b = [torch.rand(k, n, device="cuda", generator=gen).to(torch.bfloat16) for _ in range(sets)]
    t0 = time.perf_counter()
    c = gemm_opt.matmul(a[0], b[0], out_dtype=torch.float32)
    torch.cuda.synchronize()
    first_call_s = time.perf_counter() - t0
    kernel = gemm_opt.functional.kernel_for("matmul", (m, n, k), "bf16", "f32")
    ref = torch.matmul(a[0].float(), b[0].float())
    err = ((c.double() - ref.double()).norm() / ref.double().norm()).item()
    med, lo, hi = event_median(lambda i: gemm_opt.matmul(a[i], b[i], out_dtype=torch.float32), sets)
    cs = [torch.empty(m, n, device="cuda") for _ in range(sets)]
    kmed, _, _ = event_median(lambda i: kernel(a[i], b[i], cs[i]), sets)
    ratio = med / stage["ms"]
    report["matmul_bf16_4096"] = {
        "stage": kernel.stage, "rotation_sets": sets, "repeat": REPEAT, "first_call_s": first_call_s,
        "ms": med, "ms_min": lo, "ms_max": hi, "kernel_call_preallocated_c_ms": kmed,
        "ratio_to_gemm_run": ratio, "within_3pct": ratio <= 1.03,
        "error_vs_torch_matmul_f32": err, "threshold": kernel.threshold(), "error_ok": err <= kernel.threshold()}
    print(json.dumps(report["matmul_bf16_4096"], indent=1), flush=True)

    # gemm_opt.softmax against torch.softmax (error as gemm-run measures it,
    # python/tests/gpu/gpu_checks.py; time next to torch's).
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "python", "tests", "gpu"))
    from gpu_checks import softmax_error, softmax_input
    x = softmax_input(4096, 32768, torch.float16)
    y = gemm_opt.softmax(x)
    skernel = gemm_opt.functional.kernel_for("softmax", (4096, 32768), "f16", "f16")
    serr = softmax_error(y, torch.softmax(x.double(), -1), torch.float16)
    xs = [x] + [softmax_input(4096, 32768, torch.float16, seed=i) for i in range(1, 3)]
    report["softmax_f16_4096x32768"] = {
        "stage": skernel.stage, "error_vs_torch_softmax_f64": serr, "threshold": skernel.threshold(),
        "error_ok": serr <= skernel.threshold(),
        "ms": event_median(lambda i: gemm_opt.softmax(xs[i]), len(xs))[0],
        "torch_softmax_ms": event_median(lambda i: torch.softmax(xs[i], -1), len(xs))[0]}
    print(json.dumps(report["softmax_f16_4096x32768"], indent=1), flush=True)

    # 3. Host overhead of cached calls.
    ta, tb = torch.rand(64, 64, device="cuda").to(torch.bfloat16), torch.rand(64, 64, device="cuda").to(
        torch.bfloat16)
    tx = torch.rand(64, 256, device="cuda")
    tc = torch.empty(64, 64, dtype=torch.bfloat16, device="cuda")
    tiny = gemm_opt.functional.kernel_for("matmul", (64, 64, 64), "bf16", "bf16")
    gemm_opt.matmul(ta, tb)
    gemm_opt.softmax(tx)
    host = {
        "problem": "matmul 64x64x64 bf16 (stage %s, %d tensor maps); softmax 64x256 f32" % (
            tiny.stage, tiny.loaded(0).tensormaps),
        "gemm_opt_matmul_us": host_us_per_call(lambda: gemm_opt.matmul(ta, tb)),
        "kernel_call_preallocated_c_us": host_us_per_call(lambda: tiny(ta, tb, tc)),
        "kernel_launch_only_us": host_us_per_call(lambda: tiny.launch([ta, tb, tc], 0)),
        "gemm_opt_softmax_us": host_us_per_call(lambda: gemm_opt.softmax(tx)),
        "torch_matmul_us": host_us_per_call(lambda: torch.matmul(ta, tb)),
        "torch_softmax_us": host_us_per_call(lambda: torch.softmax(tx, -1)),
    }
    # The GPU time of one tiny launch, to show the GPU was not the bottleneck:
    # 200 launches queued behind a sleeping kernel, then run back to back.
    # (Events around single launches would measure the host's launch gap.)
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    torch.cuda.synchronize()
    torch.cuda._sleep(100_000_000)
    start.record()
    for _ in range(200):
        tiny.launch([ta, tb, tc], 0)
    stop.record()
    torch.cuda.synchronize()
    host["gpu_us_per_tiny_matmul"] = start.elapsed_time(stop) * 1e3 / 200
    host["le_20us"] = host["gemm_opt_matmul_us"] <= 20
    report["host_overhead"] = host
    print(json.dumps(host, indent=1), flush=True)

    with open(os.path.join(outdir, "python-timing.json"), "w") as f:
        json.dump(report, f, indent=1)
    ok = (report["matmul_bf16_4096"]["within_3pct"] and report["matmul_bf16_4096"]["error_ok"] and host["le_20us"]
          and report["softmax_f16_4096x32768"]["error_ok"])
    print("python-timing:", "PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
