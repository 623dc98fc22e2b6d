#!/usr/bin/env bash
# On the GPU machine: compute-sanitizer over every stage (issue 14). For each
# tool of TOOLS (default: memcheck racecheck initcheck synccheck), every
# matmul stage in f32, f16, bf16 and TF32 on 1x1x1, 130x67x259, 1000x999x777
# and 4097x4097x64, bf16 "nt" and f16 "tt" layouts on 130x67x259 and
# 1000x999x777, the weight-streaming kernel on 3x999x776 (bf16 nt), the
# swap-AB kernel on 13x999x776 (bf16 nt), 8x1000x4104 (f16 nn) and
# 37x999x776 (bf16 nt, --small-m 1), the few-wave wgmma plans on
# 37x4096x4104, 130x6144x4096 and 32x27648x5120 (bf16 nt), and
# every softmax stage in f32, f16 and bf16 on 1x1, 37x5000 and 3x262144: one `gemm-run --check-only` per (tool, dtype, shape)
# with all its stages (one checked launch each, nothing timed; cuBLAS runs
# under the tool too). racecheck instruments every shared-memory access, so
# on the two large matmul shapes it gets one run per stage, each with its
# own timeout. JOBS runs at once (default 12); PER_RUN_TIMEOUT seconds each
# (default 300). FILTER (an extended regex over "TOOL DTYPE SHAPE STAGE")
# keeps only the runs it matches, e.g. FILTER=' (bf16-nt|f16-tt) ' for the
# transposed layouts alone.
#   [TOOLS="memcheck initcheck"] [FILTER=RE] benchmarks/sanitize.sh BINDIR OUTDIR [JOBS]
#   benchmarks/sanitize.sh --summary OUTDIR     (only the summary, from the logs)
# OUTDIR/logs/<tool>__<dtype>__<shape>[__<stage>].log (the tool's and
# gemm-run's output, its exit status on the last line) and OUTDIR/summary.txt:
# one line per run with the tool's error count ("ERROR SUMMARY: N errors",
# racecheck's "RACECHECK SUMMARY: ... (N errors, ...)"; "?" where the tool
# printed none, e.g. a run cut by the timeout, exit status 124), gemm-run's
# exit status and its per-stage results; the last line totals the errors. A
# kernel the tool cannot launch shows gemm-run's CUDA error in its stage column.
set -uo pipefail
summarize() { # OUTDIR
  local log name tool dtype shape stage errors rc stages
  for log in "$1"/logs/*.log; do
    name=$(basename "$log" .log)
    IFS=' ' read -r tool dtype shape stage <<< "${name//__/ }"
    errors=$(sed -n -e 's/.*ERROR SUMMARY: \([0-9]*\) error.*/\1/p' \
                    -e 's/.*RACECHECK SUMMARY: .*(\([0-9]*\) error.*/\1/p' "$log" | tail -1)
    rc=$(sed -n 's/^sanitize.sh: exit status \([0-9]*\)$/\1/p' "$log" | tail -1)
    stages=$(grep -E '^[a-z0-9-]+ +(PASS|FAIL|ERROR)' "$log" | awk '{print $1 ":" $2}' | tr '\n' ' ')
    printf '%-9s %-5s %-25s errors %-4s rc %-3s %s\n' "$tool" "$dtype" "$shape${stage:+/$stage}" "${errors:-?}" "${rc:-?}" "$stages"
  done | sort > "$1/summary.txt"
  awk '{ if ($5 == "?") unknown++; else total += $5 } END { printf "total errors: %d, runs without a summary line: %d, runs: %d\n", total, unknown, NR }' \
    "$1/summary.txt" | tee -a "$1/summary.txt"
}
if [ "${1-}" = --summary ]; then summarize "$2"; exit; fi
bin=$1 out=$2 jobs=${3:-12}
export LD_LIBRARY_PATH="$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
sanitizer=${COMPUTE_SANITIZER:-$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)}
mkdir -p "$out/logs"
simt="naive,coalesced,smem,reg1d,reg2d,vector,swizzle,multibuffer,warptile"
list=$(mktemp)
matmul() { # TOOL DTYPE SHAPE STAGES [ARGS...]
  local tool=$1 dtype=$2 shape=$3 stages=$4; shift 4
  case $tool:$shape in
    racecheck:1000x999x777 | racecheck:4097x4097x64)
      for st in ${stages//,/ }; do echo "$tool $dtype $shape $st --stages=$st $*" >> "$list"; done ;;
    *) echo "$tool $dtype $shape - --stages=$stages $*" >> "$list" ;;
  esac
}
for tool in ${TOOLS:-memcheck racecheck initcheck synccheck}; do
  for shape in 1x1x1 130x67x259 1000x999x777 4097x4097x64; do
    matmul "$tool" f32 "$shape" "$simt" --dtype f32
    matmul "$tool" tf32 "$shape" mma,wgmma --dtype f32 --tf32
    for d in f16 bf16; do
      matmul "$tool" "$d" "$shape" "$simt,mma,wgmma" --dtype "$d"
    done
  done
  # Operands stored transposed (transposed copies; wgmma reads B stored
  # N x K as it is) and the weight-streaming kernel (M <= 3, layout nt).
  for shape in 130x67x259 1000x999x777; do
    matmul "$tool" bf16-nt "$shape" "$simt,mma,wgmma" --dtype bf16 --layout nt
    matmul "$tool" f16-tt "$shape" "$simt,mma,wgmma" --dtype f16 --layout tt
  done
  matmul "$tool" bf16-nt 3x999x776 mma,wgmma --dtype bf16 --layout nt
  # The swap-AB kernel (shared-memory sum over the warps, masked last step
  # of K, rows of A and B past M and N): nt, nn, and M = 37 through
  # --small-m 1.
  matmul "$tool" bf16-nt 13x999x776 mma,wgmma --dtype bf16 --layout nt
  matmul "$tool" f16-nn 8x1000x4104 mma,wgmma --dtype f16
  matmul "$tool" bf16-nt-forced 37x999x776 mma,wgmma --dtype bf16 --layout nt --small-m 1
  # The few-wave wgmma plans of long-K, wide-N layers: 64x128 with a
  # producer warpgroup (ragged M and a K tail), cooperative 128x128 (ragged
  # M), persistent 64x256.
  matmul "$tool" bf16-nt 37x4096x4104 wgmma --dtype bf16 --layout nt
  matmul "$tool" bf16-nt 130x6144x4096 wgmma --dtype bf16 --layout nt
  matmul "$tool" bf16-nt 32x27648x5120 wgmma --dtype bf16 --layout nt
  for shape in 1x1 37x5000 3x262144; do
    for d in f32 f16 bf16; do
      echo "$tool $d $shape - --op softmax --stages=all --dtype $d" >> "$list"
    done
  done
done
run_one() {
  local tool=$1 dtype=$2 shape=$3 stage=$4; shift 4
  local log="$out/logs/${tool}__${dtype}__${shape}.log"
  [ "$stage" = - ] || log="$out/logs/${tool}__${dtype}__${shape}__${stage}.log"
  timeout "${PER_RUN_TIMEOUT:-300}" "$sanitizer" --tool "$tool" --print-limit 20 \
    "$bin/gemm-run" --shape "$shape" "$@" --check-only > "$log" 2>&1
  echo "sanitize.sh: exit status $?" >> "$log"
}
if [ -n "${FILTER:-}" ]; then
  grep -E -- "$FILTER" "$list" > "$list.kept" || true
  mv "$list.kept" "$list"
fi
export -f run_one
export sanitizer bin out
xargs -P "$jobs" -L 1 bash -c 'run_one "$@"' _ < "$list"
rm -f "$list"
summarize "$out"
