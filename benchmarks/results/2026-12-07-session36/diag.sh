#!/usr/bin/env bash
# Session 36, device call 2: which forced cluster plans of the GPU lane fail, each run alone
# (lit stops at a test's first failing RUN line), and the same plan without the cluster
# (diag-nocluster-db.jsonl) beside it. Carry .bundle-new and .whl.
#   bash benchmarks/results/2026-12-07-session36/diag.sh
source benchmarks/device-steps.sh .bundle-new
D=benchmarks/results/2026-12-07-session36
nvidia-smi --query-gpu=name --format=csv,noheader | tee $O/gpu.txt
python3 - "$D" > $O/lines.txt <<'PY'
import json, sys
for l in open(sys.argv[1] + '/diag-db.jsonl'):
    e = json.loads(l)
    print(f"--dtype {e['a']} --out-dtype {e['c']} --layout {e['layout']} --shape {e['m']}x{e['n']}x{e['k']}")
PY
while read -r args; do
  for db in diag-db diag-nocluster-db; do
    r=$(timeout 60 gemm-run --check-only --stages wgmma $args --tuning-db $D/$db.jsonl 2>&1 | grep -E "^wgmma +(PASS|FAIL)|rror" | head -2 | tr "\n" " ")
    echo "$db | $args | $r" | tee -a $O/diag.txt
  done
done < $O/lines.txt
finish
