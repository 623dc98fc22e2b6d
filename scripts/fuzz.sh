#!/usr/bin/env bash
# Runs the libFuzzer targets (fuzz/) for a fixed budget each, fixed seed, from
# the committed corpus (fuzz/corpus/<target>; new inputs go to a scratch copy,
# the committed corpus is only read). Any finding (crash, sanitizer report,
# hang past -timeout, memory past -rss_limit_mb) fails the script; its input
# is kept in $GEMM_OPT_FUZZ_ARTIFACTS (default build-asan/fuzz-artifacts) to
# be fixed and added to the corpus as fuzz/corpus/<target>/regression-*.
#   GEMM_OPT_FUZZ_SECONDS  total budget (default 60: pipeline 45, manifest 15)
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${GEMM_OPT_ASAN_BUILD_DIR:-$repo/build-asan}
total=${GEMM_OPT_FUZZ_SECONDS:-60}
artifacts=${GEMM_OPT_FUZZ_ARTIFACTS:-$build/fuzz-artifacts}
"$repo/scripts/configure-asan.sh" gemm-opt-fuzzers
mkdir -p "$artifacts"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:abort_on_error=1}

status=0
# run TARGET SECONDS TIMEOUT RSS_MB MAX_LEN [libFuzzer flags...]
run() {
  local target=$1 log=$work/$1.log
  mkdir -p "$work/$target"
  local rc=0
  "$build/bin/gemm-opt-fuzz-$target" -seed=1 -max_total_time="$2" -timeout="$3" -rss_limit_mb="$4" \
    -max_len="$5" -print_final_stats=1 -artifact_prefix="$artifacts/$target-" "${@:6}" \
    "$work/$target" "$repo/fuzz/corpus/$target" >"$log" 2>&1 || rc=$?
  local done_line
  done_line=$(grep -E '^Done [0-9]+ runs' "$log" | tail -1 || true)
  if [ $rc -ne 0 ]; then
    tail -60 "$log"
    echo "fuzz: $target: FINDING (exit $rc); input in $artifacts/"
    status=1
  else
    echo "fuzz: $target: ${done_line:-no 'Done' line}, no finding"
  fi
}
# The pipeline compiles a stage per run (slow, ~100x the manifest reader).
run pipeline $((total * 3 / 4)) 30 4096 4096 -dict="$repo/fuzz/pipeline.dict"
run manifest $((total / 4)) 5 1024 100000
exit $status
