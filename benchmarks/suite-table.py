#!/usr/bin/env python3
"""Markdown table of `gemm-run --suite` results: per layout run, the
geometric mean of % of cuBLAS (interleaved) per M and overall, one column
per JSON file given as LABEL=PATH.

    python3 benchmarks/suite-table.py before=a.json after=b.json
"""
import json
import sys


def main():
    runs = []
    for arg in sys.argv[1:]:
        label, path = arg.split("=", 1)
        results = json.load(open(path))
        stage = results["stages"][0]
        for name, suite in results["suite"]["stages"].items():
            runs.append((label, stage["dtype"], stage["layout"], name, suite))
    ms = sorted({int(m) for *_, s in runs for m in s["by_m"]})
    print("| run | dtype | layout | stage | " + " | ".join(f"M = {m}" for m in ms) + " | all | worst |")
    print("|---" * (len(ms) + 6) + "|")
    for label, dtype, layout, name, s in runs:
        cells = [f"{s['by_m'][str(m)]:.1f}" if str(m) in s["by_m"] else "" for m in ms]
        worst = f"{s['worst_pct_cublas_interleaved']:.1f} ({s['worst_shape']})"
        print(f"| {label} | {dtype} | {layout} | {name} | " + " | ".join(cells)
              + f" | {s['geomean_pct_cublas_interleaved']:.1f} | {worst} |")


if __name__ == "__main__":
    main()
