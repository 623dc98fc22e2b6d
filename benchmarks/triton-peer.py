#!/usr/bin/env python3
"""On the GPU machine: a Triton matmul in the style of the Triton tutorial
on every line of an LLM-layer suite, against torch.matmul (cuBLAS) in the
same process, the peer row of the README's suite table (issue 17).

    python3 benchmarks/triton-peer.py --suite benchmarks/suites/llm-layers.txt --layout nt --json OUT/triton-nt.json

Per shape: bf16 A (M x K) and B (nn: K x N; nt: stored N x K, as
nn.Linear's weight), f32 accumulation, bf16 C. The kernel is autotuned over
CONFIGS (those that fit the shape's M, a few timed launches each), checked
on fresh inputs against an f32 torch.matmul of them (||C - ref|| / ||ref||
below 1e-2, C filled with NaN first), then timed interleaved with
torch.matmul as gemm-run times itself against cuBLAS (lib/Runtime/Timing.cpp):
one launch of each in turn, CUDA events, medians, inputs rotated over
enough sets to pass 3x the L2. The JSON's "suite" summary has gemm-run's
keys, so suite-table.py reads it (--peer) like a gemm-run suite."""
import argparse
import importlib.util
import json
import math
import os
import statistics
import sys
import time

try:  # The tests import this module for its parsing, without torch or triton.
    import torch
    import triton
    import triton.language as tl
except ImportError:
    torch = triton = tl = None

THRESHOLD = 1e-2
MAX_SETS = 64  # as gemm-run (kMaxRotationSets): tiny problems stay in L2 anyway
# (BLOCK_M, BLOCK_N, BLOCK_K, stages, warps): 16- and 32-row tiles for decode
# and small batches (one weight pass, many programs along N), 64 to 128 rows
# with wide N for prefill.
CONFIGS = [
    (16, 64, 128, 6, 4),
    (16, 128, 128, 5, 4),
    (32, 64, 128, 5, 4),
    (32, 128, 64, 5, 4),
    (64, 128, 64, 4, 4),
    (64, 256, 64, 4, 8),
    (128, 64, 32, 5, 4),
    (128, 128, 64, 4, 8),
    (128, 256, 64, 3, 8),
]
GROUP_M = 8


def parse_suite(text):
    """The suite's shapes as Suite.cpp's parseSuite reads them: "M N K" per
    line, '#' starts a comment, blank lines skipped."""
    shapes = []
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        try:
            shape = tuple(int(w) for w in words)
        except ValueError:
            shape = ()
        if len(shape) != 3 or not all(1 <= v <= 1 << 31 for v in shape):
            raise ValueError(f'line {number}: expected "M N K" (three positive integers), got {line!r}')
        shapes.append(shape)
    if not shapes:
        raise ValueError('no shapes (expected lines of "M N K")')
    return shapes


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--suite", default=os.path.join(os.path.dirname(__file__), "suites", "llm-layers.txt"))
    ap.add_argument("--layout", choices=["nn", "nt"], default="nt")
    ap.add_argument("--json", metavar="OUT", help="write the results here")
    ap.add_argument("--max-shapes", type=int, metavar="N", help="only the suite's first N lines")
    ap.add_argument("--budget-s", type=float, default=120.0, metavar="S",
                    help="autotuning stops after S seconds; later shapes take the config chosen most often "
                         "at the nearest tuned M (default 120)")
    ap.add_argument("--repeat", type=int, default=20, help="timed launches of each (gemm-run's default)")
    ap.add_argument("--warmup", type=int, default=3)
    ap.add_argument("--tune-repeat", type=int, default=5, help="timed launches per config while tuning")
    args = ap.parse_args(argv)
    if args.max_shapes is not None and args.max_shapes < 1:
        ap.error("--max-shapes must be at least 1")
    return args


def configs_for(m):
    """The configs worth timing at M rows: tiles of at most 32 rows up to
    M = 16, of at least 64 rows from M = 512 (others only waste the tile)."""
    if m <= 16:
        return [c for c in CONFIGS if c[0] <= 32]
    if m >= 512:
        return [c for c in CONFIGS if c[0] >= 64]
    return list(CONFIGS)


def fallback_config(m, chosen):
    """An untuned shape's config: the most frequent choice at the nearest
    tuned M (chosen: {m: [config, ...]}) among M's candidates, else a
    middle-sized tile for M."""
    candidates = configs_for(m)
    if chosen:
        near = min(chosen, key=lambda tm: (abs(math.log(tm) - math.log(m)), tm))
        picks = [c for c in chosen[near] if c in candidates]
        if picks:
            return max(picks, key=picks.count)
    return CONFIGS[1] if m <= 16 else CONFIGS[4] if m < 512 else CONFIGS[7]


def rotation_sets(bytes_per_set, l2_bytes):
    # gemm-run's rotationSetCount: enough sets to pass 3x the L2.
    return max(1, min(MAX_SETS, math.ceil(3 * l2_bytes / bytes_per_set)))


def load_suite_table():
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "suite-table.py")
    spec = importlib.util.spec_from_file_location("suite_table", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


if triton is not None:
    @triton.jit
    def matmul_kernel(a, b, c, M, N, K, sam, sak, sbk, sbn, scm, scn,
                      BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GROUP: tl.constexpr,
                      EVEN_K: tl.constexpr):
        # Grouped order: GROUP row tiles walk the column tiles together, so
        # the B columns they share are read while still in L2.
        pid = tl.program_id(0)
        rows, cols = tl.cdiv(M, BM), tl.cdiv(N, BN)
        group = pid // (GROUP * cols)
        first = group * GROUP
        height = tl.minimum(rows - first, GROUP)
        inner = pid % (GROUP * cols)
        tm, tn = first + inner % height, inner // height
        om = tm * BM + tl.arange(0, BM)
        on = tn * BN + tl.arange(0, BN)
        ok = tl.arange(0, BK)
        pa = a + om[:, None] * sam + ok[None, :] * sak
        pb = b + ok[:, None] * sbk + on[None, :] * sbn
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k0 in range(0, K, BK):
            # Edge masks: rows past M, columns past N and, unless K is a
            # multiple of BK (every suite line), the last K tile.
            if EVEN_K:
                ta = tl.load(pa, mask=om[:, None] < M, other=0.0)
                tb = tl.load(pb, mask=on[None, :] < N, other=0.0)
            else:
                ta = tl.load(pa, mask=(om[:, None] < M) & (ok[None, :] < K - k0), other=0.0)
                tb = tl.load(pb, mask=(ok[:, None] < K - k0) & (on[None, :] < N), other=0.0)
            acc += tl.dot(ta, tb)
            pa += BK * sak
            pb += BK * sbk
        out = c + om[:, None] * scm + on[None, :] * scn
        tl.store(out, acc.to(c.dtype.element_ty), mask=(om[:, None] < M) & (on[None, :] < N))


def launch(cfg, a, b_op, c):
    """C = A @ B_op (B_op a K x N view, strided as stored)."""
    bm, bn, bk, stages, warps = cfg
    (m, k), n = a.shape, b_op.shape[1]
    grid = (triton.cdiv(m, bm) * triton.cdiv(n, bn),)
    matmul_kernel[grid](a, b_op, c, m, n, k, a.stride(0), a.stride(1), b_op.stride(0), b_op.stride(1),
                        c.stride(0), c.stride(1), BM=bm, BN=bn, BK=bk, GROUP=GROUP_M, EVEN_K=k % bk == 0,
                        num_stages=stages, num_warps=warps)


def interleaved_medians(fns, sets, warmup, repeat):
    """Median ms of each fn(set), launched in turn (one of each per round)
    over rotating sets, as gemm-run's timeInterleaved."""
    turn = 0
    for _ in range(warmup):
        for fn in fns:
            fn(turn % sets)
            turn += 1
    torch.cuda.synchronize()
    events = [[(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in fns]
              for _ in range(repeat)]
    # Queue the launches behind a spin (~0.1 ms per launch) first: Triton's
    # host-side launch can take longer than a decode kernel, and a GPU left
    # idle between the start event and the kernel would time that gap.
    torch.cuda._sleep(200_000 * repeat * len(fns))
    for row in events:
        for fn, (start, stop) in zip(fns, row):
            start.record()
            fn(turn % sets)
            stop.record()
            turn += 1
    torch.cuda.synchronize()
    return [statistics.median(row[i][0].elapsed_time(row[i][1]) for row in events) for i in range(len(fns))]


def rel_error(out, ref):
    return (torch.linalg.vector_norm(out.float() - ref) / torch.linalg.vector_norm(ref)).item()


class Problem:
    """One shape's rotation sets: A, B as stored, B as the K x N operand, C."""

    def __init__(self, m, n, k, layout, seed):
        self.m, self.n, self.k, self.layout = m, n, k, layout
        per_set = (m * k + k * n + m * n) * 2
        l2 = getattr(torch.cuda.get_device_properties(0), "L2_cache_size", 60 << 20)
        self.sets = rotation_sets(per_set, l2)
        gen = torch.Generator(device="cuda").manual_seed(seed)
        self.a, self.b, self.c = [], [], []
        for _ in range(self.sets):
            self.a.append(torch.randn(m, k, device="cuda", dtype=torch.bfloat16, generator=gen))
            self.b.append(torch.randn(*self.b_shape(), device="cuda", dtype=torch.bfloat16, generator=gen))
            self.c.append(torch.empty(m, n, device="cuda", dtype=torch.bfloat16))

    def b_shape(self):
        return (self.k, self.n) if self.layout == "nn" else (self.n, self.k)

    def b_op(self, b):
        return b if self.layout == "nn" else b.t()  # nt: x @ W^T, W stored N x K

    def triton(self, cfg):
        return lambda i: launch(cfg, self.a[i], self.b_op(self.b[i]), self.c[i])

    def cublas(self):
        return lambda i: torch.matmul(self.a[i], self.b_op(self.b[i]), out=self.c[i])

    def check(self, run, seed):
        """run(a, b_op, c) on fresh inputs into a NaN-filled C, against an
        f32 torch.matmul of the same inputs."""
        gen = torch.Generator(device="cuda").manual_seed(seed)
        a = torch.randn(self.m, self.k, device="cuda", dtype=torch.bfloat16, generator=gen)
        b = torch.randn(*self.b_shape(), device="cuda", dtype=torch.bfloat16, generator=gen)
        c = torch.full((self.m, self.n), float("nan"), device="cuda", dtype=torch.bfloat16)
        run(a, self.b_op(b), c)
        ref = torch.matmul(a.float(), self.b_op(b).float())
        return rel_error(c, ref)


def tune(problem, candidates, deadline, repeat):
    """The fastest candidate by median of `repeat` launches; stops early
    (keeping the best so far) past the deadline. Configs that do not
    compile or launch (shared memory) are skipped with their error."""
    timed, skipped = [], []
    for cfg in candidates:
        if timed and time.monotonic() > deadline:
            break
        try:
            ms = interleaved_medians([problem.triton(cfg)], problem.sets, 1, repeat)[0]
        except Exception as e:  # triton's OutOfResources and compile errors
            skipped.append({"config": cfg, "error": f"{type(e).__name__}: {e}"[:200]})
            continue
        timed.append((ms, cfg))
    best = min(timed)[1] if timed else None
    return best, [{"config": c, "ms": ms} for ms, c in timed], skipped


def config_json(cfg):
    return dict(zip(("block_m", "block_n", "block_k", "stages", "warps"), cfg), group_m=GROUP_M)


def run_shape(index, shape, args, deadline, chosen):
    m, n, k = shape
    problem = Problem(m, n, k, args.layout, seed=2 * index + 1)
    row = {"shape": f"{m}x{n}x{k}", "m": m, "n": n, "k": k, "layout": args.layout,
           "rotation_sets": problem.sets}
    cfg, tried, skipped = None, [], []
    if time.monotonic() < deadline:
        cfg, tried, skipped = tune(problem, configs_for(m), deadline, args.tune_repeat)
    row["tuned"] = cfg is not None
    if cfg is None:
        cfg = fallback_config(m, chosen)
    else:
        chosen.setdefault(m, []).append(cfg)
    row.update(config=config_json(cfg), tuning=tried, skipped_configs=skipped)
    row["error"] = problem.check(lambda a, b, c: launch(cfg, a, b, c), seed=2 * index + 2)
    row["cublas_error"] = problem.check(lambda a, b, c: torch.matmul(a, b, out=c), seed=2 * index + 2)
    row["status"] = "PASS" if row["error"] < THRESHOLD else "FAIL"
    row["triton_ms"], row["cublas_ms"] = interleaved_medians([problem.triton(cfg), problem.cublas()],
                                                             problem.sets, args.warmup, args.repeat)
    row["pct_of_cublas"] = 100.0 * row["cublas_ms"] / row["triton_ms"]
    return row


def print_row(r):
    c = r["config"]
    cfg = f"{c['block_m']}x{c['block_n']}x{c['block_k']} s{c['stages']} w{c['warps']}" + ("" if r["tuned"] else "*")
    print(f"{r['shape']:>16} {r['status']:4} {cfg:>20} {r['triton_ms']:9.4f} {r['cublas_ms']:9.4f} "
          f"{r['pct_of_cublas']:7.1f} {r['error']:9.2e}", flush=True)


def main(argv=None):
    args = parse_args(argv)
    if triton is None:
        sys.exit("triton-peer: needs torch and triton (pip install torch triton)")
    shapes = parse_suite(open(args.suite).read())[:args.max_shapes]
    # f32 accumulation in cuBLAS too (torch lets bf16 GEMMs reduce in bf16).
    torch.backends.cuda.matmul.allow_bf16_reduced_precision_reduction = False
    t0 = time.monotonic()
    deadline = t0 + args.budget_s
    print(f"{'shape':>16} {'':4} {'config (* untuned)':>20} {'triton ms':>9} {'cuBLAS ms':>9} {'%cuBLAS':>7} "
          f"{'error':>9}", flush=True)
    rows, chosen = [], {}
    for i, shape in enumerate(shapes):
        rows.append(run_shape(i, shape, args, deadline, chosen))
        print_row(rows[-1])
        torch.cuda.empty_cache()  # shapes differ in size: cached blocks would pile up
    summary = load_suite_table().summarize([(r["shape"], r["status"] == "PASS", r["pct_of_cublas"]) for r in rows])
    print(f"Triton (peer), {args.layout}: % of cuBLAS (interleaved medians), geometric means")
    for m, g in summary["by_m"].items():
        print(f"  M = {m:<6} {g:6.1f}")
    print(f"  all        {summary['geomean_pct_cublas_interleaved']:6.1f} over {summary['shapes']} shapes; worst "
          f"{summary['worst_pct_cublas_interleaved']:.1f} ({summary['worst_shape'] or '-'}); "
          f"{summary['not_timed']} failed; {time.monotonic() - t0:.0f} s")
    report = {"format": "triton-peer-results", "command": " ".join([sys.executable] + sys.argv),
              "device": torch.cuda.get_device_name(), "torch": torch.__version__, "triton": triton.__version__,
              "stage": "triton", "dtype": "bf16,bf16->bf16", "layout": args.layout, "threshold": THRESHOLD,
              "repeat": args.repeat, "warmup": args.warmup, "tune_repeat": args.tune_repeat,
              "budget_s": args.budget_s, "seconds": time.monotonic() - t0, "results": rows,
              "suite": {"file": args.suite, "stages": {"triton": summary}}}
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)
    return 0 if summary["not_timed"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
