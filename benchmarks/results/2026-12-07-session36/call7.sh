#!/usr/bin/env bash
# Session 36, device call 7: the suite's M = 512 and 2048 shapes (mid-suite.txt) with the
# committed databases (benchmarks/tuning/*.jsonl) and with call 6's cluster-aware H100
# entries merged in (per problem and GPU the fastest; mid-merged.jsonl), one after the other
# in one process each, every shape interleaved with cuBLAS.
#   BUDGET=400 bash benchmarks/results/2026-12-07-session36/call7.sh
source benchmarks/device-steps.sh .bundle-new
D=benchmarks/results/2026-12-07-session36
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
cat benchmarks/tuning/h200.jsonl benchmarks/tuning/h100.jsonl | grep -v '^#' > $O/committed.jsonl
gemm-run --merge-tuning-db $O/mid-merged.jsonl $O/committed.jsonl $D/call6/r/tune/merged.jsonl > $O/merge.txt 2>&1
S="--suite $D/mid-suite.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt"
step suite-committed 60 gemm-run $S --tuning-db default --json $O/suite-committed.json
step suite-merged 60 gemm-run $S --tuning-db $O/mid-merged.jsonl --json $O/suite-merged.json
step suite-committed-2 60 gemm-run $S --tuning-db default --json $O/suite-committed-2.json
step suite-merged-2 60 gemm-run $S --tuning-db $O/mid-merged.jsonl --json $O/suite-merged-2.json
cat $O/gpu.txt $O/merge.txt
for f in $O/suite-*.txt; do echo "== $f"; grep -E "M = |all" $f | head -4; done
finish
