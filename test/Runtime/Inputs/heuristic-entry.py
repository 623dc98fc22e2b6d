"""The tuning database entry gemm-run --tune would record were the
heuristics' plan of a --tune-dry-run the winner: the problem from the dry
run's `tune ...` line, the plan from its `[0] heuristic ... compiled:
rung{options} ...` line, ms 1 (nothing was measured). Reads the dry run on
stdin, writes one JSON line; argv[1] is the compiler version it carries.
"""
import json
import re
import sys

text = sys.stdin.read()
head = re.search(r"^tune (\S+) (\S+) (\w+),(\w+)->(\w+) (\w\w) "
                 r"(?:(\d+)x)?(\d+)x(\d+)x(\d+) (\w+):", text, re.M)
line = re.search(r"^  \[0\] heuristic +compiled:(.*)$", text, re.M)
if not head or not line:
    sys.exit("heuristic-entry.py: no tune line or no compiled heuristic plan")
chip, op, a, b, c, layout, batch, m, n, k, stage = head.groups()
entry = {"chip": chip, "op": op, "a": a, "b": b, "c": c, "layout": layout,
         "batch": int(batch or 1), "m": int(m), "n": int(n), "k": int(k),
         "stage": stage,
         "plan": dict(re.findall(r"(\w+)\{([^}]*)\}", line.group(1))),
         "heuristic": True, "ms": 1, "version": sys.argv[1]}
print(json.dumps(entry))
