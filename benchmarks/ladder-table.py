#!/usr/bin/env python3
"""Prints the README's ladder tables (markdown) from gemm-run results.

    benchmarks/ladder-table.py benchmarks/results/<run>/      (gemm-run JSON)
    benchmarks/ladder-table.py benchmarks/results/<run>/ladder.log
    benchmarks/ladder-table.py RUN1 RUN2 ...   (later runs replace the
                                                cells they hold: a partial
                                                re-run over a full ladder)

The second form reads the tables gemm-run printed on the GPU machine (for a
run whose JSON files did not come back). Matmul: % of same-run cuBLAS per
stage and shape, one table per input type (back-to-back medians, and the
interleaved ones for the tensor-core rungs); softmax: % of same-run
device-copy bandwidth per stage, shape and type. Every number comes from
what the GPU printed."""
import json
import pathlib
import re
import sys


def from_json(directory):
    cells = []
    for path in sorted(pathlib.Path(directory).glob("*.json")):
        data = json.loads(path.read_text())
        tf32 = bool(data.get("options", {}).get("tf32"))
        for s in data.get("stages", []):
            ok = s["status"] == "PASS"
            row = {"op": s["op"], "stage": s["stage"], "shape": s["shape"],
                   "type": "tf32" if tf32 else s["dtype"].split(",")[0].split("->")[0],
                   "status": s["status"]}
            for key in ("pct_cublas", "pct_cublas_interleaved", "pct_copy"):
                if ok and key in s:
                    row[key] = s[key]
            cells.append(row)
    return cells


HEADER_KEYS = {"%cuBLAS": "pct_cublas", "il %cuBLAS": "pct_cublas_interleaved",
               "%copy": "pct_copy"}


def from_log(path):
    cells, problem, header = [], None, None
    for line in pathlib.Path(path).read_text().splitlines():
        if line.startswith("== gemm-run"):
            shape = re.search(r"--shape (\S+)", line).group(1)
            dtype = re.search(r"--dtype (\S+)", line).group(1)
            op = "softmax" if "--op softmax" in line else "matmul"
            problem = {"op": op, "shape": shape,
                       "type": "tf32" if "--tf32" in line else dtype}
            header = None
        elif problem and line.startswith("stage ") and "|" in line:
            header = [c.strip() for c in line.split("|")]
        elif problem and header and "|" in line and not line.startswith("-"):
            values = [c.strip() for c in line.split("|")]
            if len(values) != len(header):
                continue
            row = dict(problem, stage=values[0],
                       status=values[-1].split()[0] if values[-1] else "?")
            for column, key in HEADER_KEYS.items():
                if column in header and row["status"] == "PASS":
                    row[key] = float(values[header.index(column)])
            cells.append(row)
    return cells


def table(cells, op, metric, label, types=None, stages=None):
    columns, values, order = [], {}, []
    for c in cells:
        if c["op"] != op or (types and c["type"] not in types):
            continue
        if stages and c["stage"] not in stages:
            continue
        if c["status"] == "PASS" and metric not in c:
            continue  # e.g. results from before interleaved timing
        column = c["shape"] + ("" if types and len(types) == 1 else " " + c["type"])
        if column not in columns:
            columns.append(column)
        if c["stage"] not in order:
            order.append(c["stage"])
        values[(c["stage"], column)] = (f'{c[metric]:.1f}' if metric in c
                                        else c["status"])
    if not columns:
        return ""
    lines = ["| stage | " + " | ".join(columns) + " |",
             "|---|" + "---|" * len(columns)]
    for stage in order:
        lines.append(f"| `{stage}` | " +
                     " | ".join(values.get((stage, col), "–") for col in columns) + " |")
    return f"{label}\n\n" + "\n".join(lines) + "\n"


cells = []
for arg in sys.argv[1:]:
    source = pathlib.Path(arg)
    cells += from_log(source) if source.is_file() else from_json(source)
names = {"f32": "f32, % of cuBLAS (pedantic SGEMM, same run)",
         "f16": "f16 inputs, f32 C, % of cuBLAS GemmEx (same run)",
         "bf16": "bf16 inputs, f32 C, % of cuBLAS GemmEx (same run)",
         "tf32": "f32 on TF32 tensor cores (--tf32), % of cuBLAS TF32 (same run)"}
for t, name in names.items():
    out = table(cells, "matmul", "pct_cublas", f"Matmul, {name}:", types=[t])
    if out:
        print(out)
    if t != "f32":
        out = table(cells, "matmul", "pct_cublas_interleaved",
                    f"Matmul, {t}, tensor-core rungs, interleaved with cuBLAS:",
                    types=[t], stages=["mma", "wgmma"])
        if out:
            print(out)
out = table(cells, "softmax", "pct_copy", "Softmax, % of device-copy bandwidth (same run):")
if out:
    print(out)
