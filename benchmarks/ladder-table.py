#!/usr/bin/env python3
"""Prints the README's ladder tables (markdown) from gemm-run JSON results.

    benchmarks/ladder-table.py benchmarks/results/<run>/

Matmul: % of same-run cuBLAS per stage and shape; softmax: % of same-run
device-copy bandwidth per stage, shape and type. Every number comes from
the JSON the GPU printed."""
import json
import pathlib
import sys


def load(directory):
    runs = []
    for path in sorted(pathlib.Path(directory).glob("*.json")):
        data = json.loads(path.read_text())
        if "stages" in data:
            runs.append(data)
    return runs


def table(runs, op, metric, label):
    columns, cells, order = [], {}, []
    for run in runs:
        for s in run["stages"]:
            if s["op"] != op:
                continue
            column = s["shape"] + ("" if op == "matmul" else " " + s["dtype"].split("->")[0])
            if column not in columns:
                columns.append(column)
            if s["stage"] not in order:
                order.append(s["stage"])
            ok = s["status"] == "PASS"
            cells[(s["stage"], column)] = f'{s[metric]:.1f}' if ok else s["status"]
    if not columns:
        return ""
    lines = [f"| stage | " + " | ".join(columns) + " |",
             "|---|" + "---|" * len(columns)]
    for stage in order:
        lines.append(f"| `{stage}` | " + " | ".join(cells.get((stage, c), "–") for c in columns) + " |")
    return f"{label}\n\n" + "\n".join(lines) + "\n"


runs = load(sys.argv[1])
print(table(runs, "matmul", "pct_cublas", "Matmul, f32, % of cuBLAS (pedantic SGEMM, same run):"))
print(table(runs, "softmax", "pct_copy", "Softmax, % of device-copy bandwidth (same run):"))
