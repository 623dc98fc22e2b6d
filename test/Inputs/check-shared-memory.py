#!/usr/bin/env python3
"""Checks that every kernel of a compiled module fits a chip's shared memory.

check-shared-memory.py LIMIT PTXAS_LOG MANIFEST

PTXAS_LOG is what `ptxas -v` printed for the module's PTX (static shared
memory per entry: "N bytes smem"), MANIFEST the launch manifest gemm-opt
wrote (dynamic_shared_memory per launch). Prints one line per launch,
"NAME: STATIC + DYNAMIC = TOTAL <= LIMIT", and exits 1 when a launch needs
more than LIMIT bytes per block or a launched kernel is missing from the
log."""
import json
import re
import sys

limit = int(sys.argv[1])
static = {}
entry = None
with open(sys.argv[2]) as log:
    for line in log:
        m = re.search(r"Compiling entry function '([^']+)'", line)
        if m:
            entry = m.group(1)
            static[entry] = 0
        m = re.search(r"Used \d+ registers.*?(\d+) bytes smem", line)
        if m and entry:
            static[entry] = int(m.group(1))
with open(sys.argv[3]) as f:
    manifest = json.load(f)
ok = True
for kernel in manifest["kernels"]:
    name = kernel["name"]
    if name not in static:
        print(f"{name}: not in the ptxas log")
        ok = False
        continue
    dynamic = kernel.get("dynamic_shared_memory", 0)
    total = static[name] + dynamic
    fits = total <= limit
    ok &= fits
    print(f"{name}: {static[name]} + {dynamic} = {total} "
          f"{'<=' if fits else 'EXCEEDS'} {limit}")
sys.exit(0 if ok else 1)
