#!/usr/bin/env python3
"""Markdown table of `gemm-run --suite` results: per layout run, the
geometric mean of % of cuBLAS (interleaved) per M and overall, one row
per JSON file given as LABEL=PATH; `--peer JSON` (triton-peer.py's, may
repeat) adds a "Triton (peer)" row in the same columns, and `--ahead-of`
says per gemm-run stage on how many shapes its % of cuBLAS is above the
peer's of the same layout, listing the shapes where it is not.

    python3 benchmarks/suite-table.py before=a.json after=b.json
    python3 benchmarks/suite-table.py now=bf16-nt.json --peer triton-nt.json --ahead-of
"""
import argparse
import json
import math

PEER_LABEL = "Triton (peer)"


def summarize(rows):
    """Suite summary (Suite.cpp's summarizeSuite, same JSON keys) from
    (shape "MxNxK", passed, pct) rows: geomeans over the passed, timed
    shapes, overall and per M, and the worst of them."""
    timed = [(shape, pct) for shape, ok, pct in rows if ok and pct > 0]

    def geomean(v):
        return math.exp(sum(math.log(x) for x in v) / len(v)) if v else 0.0

    by_m = {}
    for shape, pct in timed:
        by_m.setdefault(int(shape.split("x")[0]), []).append(pct)
    worst = min(timed, key=lambda t: t[1], default=("", 0.0))
    return {"geomean_pct_cublas_interleaved": geomean([p for _, p in timed]),
            "by_m": {str(m): geomean(v) for m, v in sorted(by_m.items())},
            "shapes": len(timed), "not_timed": len(rows) - len(timed),
            "worst_pct_cublas_interleaved": worst[1], "worst_shape": worst[0]}


def gemm_run_rows(results, stage):
    """One stage's (shape, passed, pct) rows of a gemm-run JSON."""
    return [(s["shape"], s["status"] == "PASS", s.get("pct_cublas_interleaved") or 0.0)
            for s in results["stages"] if s.get("op", "matmul") == "matmul" and s["stage"] == stage]


def peer_rows(peer):
    return [(r["shape"], r["status"] == "PASS", r.get("pct_of_cublas") or 0.0) for r in peer["results"]]


def table(runs):
    """runs: (label, dtype, layout, stage, summary) rows -> markdown lines."""
    ms = sorted({int(m) for *_, s in runs for m in s["by_m"]})
    lines = ["| run | dtype | layout | stage | " + " | ".join(f"M = {m}" for m in ms) + " | all | worst |",
             "|---" * (len(ms) + 6) + "|"]
    for label, dtype, layout, name, s in runs:
        cells = [f"{s['by_m'][str(m)]:.1f}" if str(m) in s["by_m"] else "" for m in ms]
        worst = f"{s['worst_pct_cublas_interleaved']:.1f} ({s['worst_shape']})"
        lines.append(f"| {label} | {dtype} | {layout} | {name} | " + " | ".join(cells)
                     + f" | {s['geomean_pct_cublas_interleaved']:.1f} | {worst} |")
    return lines


def ahead_of(label, layout, stage, ours, peer):
    """Lines saying on how many shapes `ours` rows beat the peer's; a shape
    that failed or was not timed on either side is not ahead."""
    theirs = {shape: (ok, pct) for shape, ok, pct in peer_rows(peer)}
    behind = []
    for shape, ok, pct in ours:
        p_ok, p_pct = theirs.get(shape, (False, 0.0))
        if not (ok and pct > 0 and p_ok and p_pct > 0 and pct > p_pct):
            mine = f"{pct:.1f}" if ok and pct > 0 else "failed"
            other = f"{p_pct:.1f}" if p_ok and p_pct > 0 else ("failed" if shape in theirs else "missing")
            behind.append(f"{shape} ({mine} vs {other})")
    lines = [f"{label}, {layout}, stage {stage}: ahead of {PEER_LABEL} on {len(ours) - len(behind)} of "
             f"{len(ours)} suite shapes (% of cuBLAS, interleaved, each against cuBLAS in its own run)"]
    if behind:
        lines.append("  not ahead (ours vs Triton's %): " + ", ".join(behind))
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("runs", nargs="*", metavar="LABEL=JSON", help="gemm-run --suite JSON files")
    ap.add_argument("--peer", action="append", default=[], metavar="JSON", help="triton-peer.py's JSON")
    ap.add_argument("--ahead-of", action="store_true",
                    help="per gemm-run stage: shapes ahead of the peer of the same layout")
    args = ap.parse_args(argv)
    if args.ahead_of and not (args.peer and args.runs):
        ap.error("--ahead-of compares LABEL=JSON runs with --peer files: give both")
    runs, stages = [], []
    for arg in args.runs:
        label, path = arg.split("=", 1)
        results = json.load(open(path))
        first = results["stages"][0]
        for name, suite in results["suite"]["stages"].items():
            runs.append((label, first["dtype"], first["layout"], name, suite))
            stages.append((label, first["layout"], name, gemm_run_rows(results, name)))
    peers = [json.load(open(path)) for path in args.peer]
    for peer in peers:
        runs.append((PEER_LABEL, peer["dtype"], peer["layout"], peer["stage"], summarize(peer_rows(peer))))
    lines = table(runs)
    if args.ahead_of:
        for label, layout, name, rows in stages:
            same = [p for p in peers if p["layout"] == layout]
            lines += [""] + (ahead_of(label, layout, name, rows, same[-1]) if same else
                             [f"{label}, {layout}, stage {name}: no --peer file of layout {layout}"])
    print("\n".join(lines))


if __name__ == "__main__":
    main()
