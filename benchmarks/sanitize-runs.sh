#!/usr/bin/env bash
# On the GPU machine: compute-sanitizer over given gemm-run argument lists
# (benchmarks/sanitize.sh sweeps its own fixed shapes; this takes any). For
# each list i and each tool of TOOLS (default: memcheck racecheck), one
# `gemm-run --check-only ARGS` under the tool; racecheck without a kernel
# filter (with --kernel-name it fails internally on the wgmma kernels:
# results/2026-12-03-split-k/suite-and-checks/NOTE.md), so cuBLAS's kernels
# are checked too and the count of reports in gemm-opt's is printed apart.
#   benchmarks/sanitize-runs.sh BINDIR OUTDIR "ARGS1" ["ARGS2" ...]
# OUTDIR/sanitize-<i>-<tool>.{command,txt} (the exit status on the txt's
# last line); PER_RUN_TIMEOUT (default 240) seconds each. Prints one line
# per run.
set -uo pipefail
bin=$1 out=$2; shift 2
mkdir -p "$out"
export PATH="$bin:$PATH" LD_LIBRARY_PATH="$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
sanitizer=${COMPUTE_SANITIZER:-/usr/local/cuda/bin/compute-sanitizer}
i=0
for args in "$@"; do
  i=$((i + 1))
  for tool in ${TOOLS:-memcheck racecheck}; do
    log=$out/sanitize-$i-$tool
    cmd="$sanitizer --tool $tool --error-exitcode 9 gemm-run --check-only $args"
    echo "$cmd" > "$log.command"
    # shellcheck disable=SC2086 # the argument list is split on purpose
    timeout "${PER_RUN_TIMEOUT:-240}" $cmd > "$log.txt" 2>&1
    echo "rc=$?" >> "$log.txt"
    echo "$i $tool: $(grep -hE 'ERROR SUMMARY|RACECHECK SUMMARY' "$log.txt")" \
      "reports in gemm-opt's kernels: $(grep -E 'Race reported|access at|Invalid' "$log.txt" | grep -c '_kernel')"
  done
done
