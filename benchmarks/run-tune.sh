#!/usr/bin/env bash
# On the GPU machine: tunes the LLM-layer suite's shapes as nn.Linear
# computes them (bf16, layout nt: the weight stored N x K) at the wgmma
# stage with gemm-run --tune, into a tuning database (docs/architecture.md,
# "Tuning database"), within a time budget; run it again to go on.
#   benchmarks/run-tune.sh BINDIR OUTDIR [SUITE] [TUNE_MAX]
# Environment: BUDGET (seconds, default 540: under a 10-minute device call),
# GPUS (default: every GPU nvidia-smi lists; shard i of n runs on device i,
# each taking every n-th shape), REPEAT (timed runs per candidate, default
# 10), M_LIST (only these M, e.g. "32 128"), DTYPE (default bf16), OUT_DTYPE
# (C's type, default DTYPE: what nn.Linear returns).
# OUTDIR/shard-<i>.jsonl (appended as each shape ends), <M>x<N>x<K>.{log,json}
# per shape, then merged.jsonl: every shard merged, one entry per problem
# and GPU (the fastest), for benchmarks/tuning/<gpu>.jsonl (h200.jsonl,
# h100.jsonl: each entry names the GPU it ran on). Shapes already in a
# shard file are skipped, so a call cut short by the budget resumes; a
# shape whose candidates all fail their checks is logged and not recorded.
set -uo pipefail
bin=$1 out=$2
suite=${3:-$(dirname "$0")/suites/llm-layers.txt}
tune_max=${4:-8}
budget=${BUDGET:-540} repeat=${REPEAT:-10} dtype=${DTYPE:-bf16}
out_dtype=${OUT_DTYPE:-$dtype}
gpus=${GPUS:-$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')}
[ "${gpus:-0}" -ge 1 ] 2>/dev/null || gpus=1
export LD_LIBRARY_PATH="$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p "$out"
deadline=$(( $(date +%s) + budget ))

shapes=()
while read -r m n k; do
  case $m in ''|\#*) continue ;; esac
  if [ -n "${M_LIST:-}" ] && ! [[ " $M_LIST " == *" $m "* ]]; then continue; fi
  shapes+=("${m}x${n}x${k}")
done < "$suite"

# Shard i: shapes i, i + n, ... on device i, one gemm-run per shape (its
# entry is appended when it ends), skipping shapes already tuned.
tune_shard() {
  local i=$1 db=$out/shard-$1.jsonl idx=0 shape m n k left
  touch "$db"
  for shape in "${shapes[@]}"; do
    idx=$((idx + 1))
    [ $(( (idx - 1) % gpus )) -eq "$i" ] || continue
    IFS=x read -r m n k <<< "$shape"
    # (llvm::json writes the keys sorted: "a", "b", "batch", "c", ... "k",
    # "layout", "m", "ms", "n"...)
    if cat "$out"/shard-*.jsonl | grep "\"a\":\"$dtype\"" | grep "\"c\":\"$out_dtype\"" |
        grep "\"k\":$k,\"layout\":\"nt\",\"m\":$m," | grep -q "\"n\":$n,"; then
      continue
    fi
    left=$(( deadline - $(date +%s) ))
    if [ "$left" -lt 30 ]; then
      echo "shard $i: budget spent before $shape" >&2
      return 0
    fi
    timeout "$left" "$bin/gemm-run" --tune --stages wgmma --layout nt --dtype "$dtype" --out-dtype "$out_dtype" --shape "$shape" \
      --tune-max "$tune_max" --repeat "$repeat" --device "$i" --tuning-db "$db" \
      --json "$out/$shape.json" > "$out/$shape.log" 2>&1
    echo "shard $i: $shape exit $? ($(grep -m1 'winner:' "$out/$shape.log" || echo 'no winner'))"
  done
}

for i in $(seq 0 $((gpus - 1))); do
  tune_shard "$i" &
done
wait
"$bin/gemm-run" --merge-tuning-db "$out/merged.jsonl" "$out"/shard-*.jsonl
echo "$(grep -c . "$out/merged.jsonl") problems in $out/merged.jsonl; this call's selection: ${#shapes[@]} shapes"
