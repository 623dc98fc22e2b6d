#!/usr/bin/env bash
# On the GPU machine: the intermittent TF32 4097^3 failure (session 3: one
# CUDA_ERROR_LAUNCH_FAILED in four GPU-lane runs, lit running GPU tests in
# parallel; session 4: a loop of three concurrent gemm-runs did not finish
# within 280 s). Runs ROUNDS rounds of the given gemm-run argument lists
# concurrently, each under its own timeout, and prints one line per run as
# it ends (status, seconds, the stage's check line or the error), so a hang
# or a failure shows which run and round.
#   benchmarks/concurrency-check.sh BINDIR ROUNDS "ARGS1" ["ARGS2" ...]
# e.g. benchmarks/concurrency-check.sh /tmp/bin 20 \
#   "--stages=wgmma --shape 4097x4097x4097 --dtype f32 --tf32 --repeat 3" \
#   "--stages=wgmma --shape 4097x4097x4097 --dtype f32 --tf32 --repeat 3" \
#   "--stages=wgmma --shape 1000x999x1024 --dtype f32 --tf32 --repeat 3"
# PER_RUN_TIMEOUT (default 60) seconds per run; exit status 1 on any
# failure or timeout.
set -uo pipefail
bin=$1 rounds=$2
shift 2
limit=${PER_RUN_TIMEOUT:-60}
export LD_LIBRARY_PATH="$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
logs=$(mktemp -d)
bad=0
for r in $(seq 1 "$rounds"); do
  pids=()
  i=0
  for args in "$@"; do
    i=$((i + 1))
    # shellcheck disable=SC2086 # args are words
    ( start=$(date +%s)
      timeout "$limit" "$bin/gemm-run" $args > "$logs/$r-$i.log" 2>&1
      rc=$?
      echo "$rc $(( $(date +%s) - start ))" > "$logs/$r-$i.rc" ) &
    pids+=($!)
  done
  wait "${pids[@]}"
  for j in $(seq 1 "$i"); do
    read -r rc secs < "$logs/$r-$j.rc"
    what=$(grep -E "PASS|FAIL|ERROR|error" "$logs/$r-$j.log" | tail -1)
    [ "$rc" = 124 ] && what="TIMEOUT after ${limit}s"
    [ "$rc" = 0 ] || bad=$((bad + 1))
    printf 'round %2d run %d rc %3s %3ss  %s\n' "$r" "$j" "$rc" "$secs" "$what"
  done
done
echo "failed or timed out: $bad of $((rounds * $#)) runs (logs in $logs)"
[ "$bad" = 0 ]
