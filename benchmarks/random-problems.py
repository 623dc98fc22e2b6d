#!/usr/bin/env python3
"""Random matmul problems through gemm-run: shapes, layouts, dtypes, batches
and fused epilogues that no suite lists, each compiled and checked against
cuBLAS (or only compiled, with --compile-only, where there is no GPU).

  benchmarks/random-problems.py --seed 7 --count 60 [--stages mma,wgmma]
      [--compile-only] [--gemm-run build/bin/gemm-run] [--json out.json]

One line per problem: its gemm-run arguments and the outcome, by gemm-run's
exit status: PASS (0), FAIL (1: a stage computed a wrong result), REJECTED
(2: an input or compile error, with its first error line, which should
name what is not compiled), RUN-ERROR (4), TIMEOUT, or CRASH (a signal).
Exits 1 when any problem FAILs, errs at run time, times out or crashes.
The same seed gives the same problems.
"""
import argparse
import json
import random
import subprocess
import sys
import time

ACTIVATIONS = ["relu", "gelu", "gelu-erf", "silu", "sigmoid", "tanh"]


def size(rng):
    """A size from a mix: tiny, odd mid-size, and up to a few thousand."""
    kind = rng.random()
    if kind < 0.2:
        return rng.randint(1, 16)
    if kind < 0.7:
        return rng.randint(17, 700)
    return rng.randint(701, 3000)


def epilogue(rng, batch):
    steps = []
    for _ in range(rng.randint(1, 3)):
        pick = rng.random()
        if pick < 0.25:
            steps.append("bias")
        elif pick < 0.4:
            steps.append("row-scale")
        elif pick < 0.55:
            steps.append("residual")
        elif pick < 0.65:
            steps.append("alpha=%g" % rng.choice([0.5, 0.125, 2.0]))
        elif pick < 0.7 and batch == 1:
            steps.append("beta=%g" % rng.choice([1.0, 0.5]))
        elif pick < 0.75 and batch > 1:
            steps.append("mask")
        else:
            steps.append(rng.choice(ACTIVATIONS))
    return ",".join(steps)


def problem(rng):
    dtype = rng.choice(["f16", "bf16", "bf16", "f16", "f32"])
    m, n, k = size(rng), size(rng), size(rng)
    layout = rng.choice(["nn", "nt", "tn", "tt"])
    args = ["--shape", "%dx%dx%d" % (m, n, k), "--dtype", dtype,
            "--layout", layout]
    if dtype == "f32":
        if rng.random() < 0.5:
            args.append("--tf32")
    else:
        args += ["--out-dtype", rng.choice([dtype, "f32"])]
    batch = 1
    if rng.random() < 0.3:
        batch = rng.randint(2, 4)
        args += ["--batch", str(batch)]
        # (gemm-run's batch_matmul input shares a B stored K x N only.)
        if rng.random() < 0.3 and layout[1] == "n":
            args.append("--shared-b")
    if rng.random() < 0.5:
        args += ["--epilogue", epilogue(rng, batch)]
    args += ["--seed", str(rng.randint(1, 1 << 20))]
    return args


def run(gemm_run, args, stages, compile_only, timeout):
    cmd = [gemm_run] + args + ["--stages", stages]
    cmd.append("--compile-only" if compile_only else "--check-only")
    t0 = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "TIMEOUT", "", time.time() - t0
    out = p.stdout + p.stderr
    status = {0: "PASS", 1: "FAIL", 2: "REJECTED", 4: "RUN-ERROR"}.get(
        p.returncode, "CRASH" if p.returncode < 0 or p.returncode > 4 else
        "EXIT-%d" % p.returncode)
    detail = ""
    if status != "PASS":
        lines = [l for l in out.splitlines()
                 if "error" in l.lower() or "FAIL" in l]
        detail = (lines or out.splitlines()[-1:] or [""])[0][:300]
    return status, detail, time.time() - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--stages", default="mma,wgmma")
    ap.add_argument("--compile-only", action="store_true")
    ap.add_argument("--gemm-run", default="gemm-run")
    ap.add_argument("--timeout", type=int, default=180)
    ap.add_argument("--json")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    results = []
    for i in range(a.count):
        args = problem(rng)
        status, detail, secs = run(a.gemm_run, args, a.stages,
                                   a.compile_only, a.timeout)
        results.append({"args": " ".join(args), "status": status,
                        "detail": detail, "seconds": round(secs, 1)})
        print("%3d %-9s %5.1fs  %s%s" % (i, status, secs, " ".join(args),
                                          "\n      " + detail if detail else ""),
              flush=True)
    counts = {}
    for r in results:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    print("summary: " + ", ".join("%s %d" % kv for kv in sorted(counts.items())))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"seed": a.seed, "stages": a.stages,
                       "compile_only": a.compile_only, "problems": results},
                      f, indent=1)
    bad = [r for r in results if r["status"] not in ("PASS", "REJECTED")]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
