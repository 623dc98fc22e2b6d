#!/usr/bin/env bash
# Runs the libFuzzer targets (fuzz/) for a fixed number of inputs each, fixed
# seed, from the committed corpus (fuzz/corpus/<target>; new inputs go to a scratch copy,
# the committed corpus is only read). Any finding (crash, sanitizer report,
# hang past -timeout, memory past -rss_limit_mb) fails the script; its input
# is kept in $GEMM_OPT_FUZZ_ARTIFACTS (default build-asan/fuzz-artifacts) to
# be fixed and added to the corpus as fuzz/corpus/<target>/regression-*.
# A fixed count (not a time budget) makes a run the same sequence of inputs
# on every machine: what passes here passes in CI, and a finding reproduces.
# A time cap per target only guards a machine far slower than expected (the
# runs it makes are then a prefix of the same sequence).
#   GEMM_OPT_FUZZ_PIPELINE_RUNS  inputs through the pipeline target (1500)
#   GEMM_OPT_FUZZ_MANIFEST_RUNS  inputs through the manifest target (60000)
#   GEMM_OPT_FUZZ_CAP_SECONDS    time cap per target (300)
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${GEMM_OPT_ASAN_BUILD_DIR:-$repo/build-asan}
pipeline_runs=${GEMM_OPT_FUZZ_PIPELINE_RUNS:-1500}
manifest_runs=${GEMM_OPT_FUZZ_MANIFEST_RUNS:-60000}
cap=${GEMM_OPT_FUZZ_CAP_SECONDS:-300}
artifacts=${GEMM_OPT_FUZZ_ARTIFACTS:-$build/fuzz-artifacts}
"$repo/scripts/configure-asan.sh" gemm-opt-fuzzers
mkdir -p "$artifacts"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# allow_user_poisoning=0: LLVM's BumpPtrAllocator poisons and unpoisons its
# slabs by hand in instrumented code only. Our instrumented objects (e.g.
# the gemm_opt dialect's attribute storage) hold their own copy of its
# inline StartNewSlab, which poisons a new slab, and the linker may give
# that copy to the uninstrumented MLIR archives, whose inlined Allocate never
# unpoisons: false use-after-poison reports in MLIRContext. Real heap
# errors are still reported.
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1:allow_user_poisoning=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:abort_on_error=1}

status=0
# run TARGET RUNS TIMEOUT RSS_MB MAX_LEN [libFuzzer flags...]
run() {
  local target=$1 log=$work/$1.log
  mkdir -p "$work/$target"
  local rc=0
  "$build/bin/gemm-opt-fuzz-$target" -seed=1 -runs="$2" -max_total_time="$cap" -timeout="$3" -rss_limit_mb="$4" \
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
run pipeline "$pipeline_runs" 30 4096 4096 -dict="$repo/fuzz/pipeline.dict"
run manifest "$manifest_runs" 5 1024 100000
exit $status
