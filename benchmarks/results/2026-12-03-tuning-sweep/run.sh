#!/usr/bin/env bash
# Device run: the autotuner over the LLM-layer suite (bf16 nt, C bf16) with
# benchmarks/run-tune.sh, resumable: the shard files live in .sweep/tune-db
# (carried back and forth). Optional first part: the owed sanitizer and
# concurrency run of session 15.
#   OWED=1|0 M_LIST="..." TUNE_MAX=6 bash .sweep/tune.sh
set -uo pipefail
start=$(date +%s)
B=/tmp/bin
mkdir -p $OUT
if [ ! -x $B/gemm-run ]; then
  benchmarks/unpack-bundle.sh .bundle $B > $OUT/unpack.log 2>&1 || { cat $OUT/unpack.log; exit 1; }
fi
export PATH=$B:$PATH LD_LIBRARY_PATH=$B
if [ "${OWED:-0}" = 1 ]; then
  bash benchmarks/results/2026-12-03-split-k/owed-sanitize-concurrency.sh 2>&1 | tail -n 20
fi
mkdir -p .sweep/tune-db
left=$(( start + ${CALL_S:-575} - $(date +%s) ))
echo "tuning with $left s left"
BUDGET=$left OUT_DTYPE=bf16 M_LIST="${M_LIST:-}" bash benchmarks/run-tune.sh $B .sweep/tune-db benchmarks/suites/llm-layers.txt ${TUNE_MAX:-6} 2>&1 | tail -n 70
tar czf $OUT/tune-db.tgz -C .sweep tune-db
