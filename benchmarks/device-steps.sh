#!/usr/bin/env bash
# Sourced by a device call's script (on the GPU machine, $OUT set): the
# set-up and the step runner every such script needs, so that each call's
# script only lists its steps.
#   source benchmarks/device-steps.sh [BUNDLE]   # default .bundle
#   step NAME NEED_S CMD...   # runs CMD unless fewer than NEED_S seconds
#                             # of BUDGET (default 560) are left, or
#                             # STEPS (an extended regex) does not match
#                             # NAME (one script over several calls)
#   project_check "ARGS1" "ARGS2" ["ARGS3" "ARGS4"]
#                             # the project check of a kernel change: the
#                             # first two gemm-run argument lists at once,
#                             # then all (up to four) at once, then
#                             # memcheck / racecheck / synccheck on each
#                             # (without --repeat); prints their verdicts
#   summarize                 # one line per stage of every JSON under $O
#   finish                    # tar $O into $OUT/r.tgz
# Each step writes $O/NAME.command (the command) and $O/NAME.txt (its
# output, the exit status on the last line) and prints its PASS/FAIL and
# summary lines. B is the unpacked bundle's directory, O = $OUT/r.
B=/tmp/bin
O=$OUT/r
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
mkdir -p "$O"
device_start=$(date +%s)
if [ ! -x "$B/gemm-run" ]; then
  "$(dirname "${BASH_SOURCE[0]}")/unpack-bundle.sh" "${1:-.bundle}" "$B" > "$O/unpack.log" 2>&1 ||
    { cat "$O/unpack.log"; exit 1; }
fi
export PATH="$B:$PATH" LD_LIBRARY_PATH="$B"

seconds_left() { echo $((device_start + ${BUDGET:-560} - $(date +%s))); }

step() {
  local name=$1 need=$2
  shift 2
  if [ -n "${STEPS:-}" ] && ! [[ $name =~ $STEPS ]]; then
    return
  fi
  if [ "$(seconds_left)" -lt "$need" ]; then
    echo "SKIP $name ($(seconds_left) s left)"
    return
  fi
  echo "$*" > "$O/$name.command"
  local t0
  t0=$(date +%s)
  timeout $(($(seconds_left) - 5)) "$@" > "$O/$name.txt" 2>&1
  echo "rc=$?" >> "$O/$name.txt"
  echo "== $name $(($(date +%s) - t0)) s"
  grep -E "FAIL|PASS|winner|geomean|all  " "$O/$name.txt" | tail -12
}

project_check() {
  step concurrency-2 25 bash "$REPO/benchmarks/concurrency-check.sh" $B 1 "$1" "$2"
  [ $# -gt 2 ] && step concurrency-$# 30 bash "$REPO/benchmarks/concurrency-check.sh" $B 1 "$@"
  local once=()
  for args in "$@"; do once+=("${args/ --repeat 3/}"); done
  step sanitize 100 env TOOLS="memcheck racecheck synccheck" PER_RUN_TIMEOUT=60 \
    bash "$REPO/benchmarks/sanitize-runs.sh" $B $O/sanitize "${once[@]}"
  cat $O/concurrency-*.txt | grep -E "PASS|FAIL|rc=" | head -12
  cat $O/sanitize.txt
}

summarize() {
  python3 - "$O" <<'PY'
import glob, json, os, sys
for f in sorted(glob.glob(sys.argv[1] + '/**/*.json', recursive=True)):
    for x in json.load(open(f)).get('stages', []):
        if 'pct_cublas_interleaved' in x:
            print(os.path.relpath(f, sys.argv[1]), x['stage'], x['status'],
                  round(x['ms_interleaved'], 4), round(x['cublas_ms_interleaved'], 4),
                  round(x['pct_cublas_interleaved'], 1))
PY
}

finish() {
  rm -f "$O/unpack.log"
  echo "done with $(seconds_left) s left"
  (cd "$OUT" && tar czf r.tgz r && rm -rf r)
}
