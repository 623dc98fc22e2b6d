#!/usr/bin/env bash
# On the GPU machine: every <name>.ptx + <name>.json pair of INDIR run
# ahead-of-time by gemm-run against cuBLAS (interleaved medians), e.g. the
# plan variants of benchmarks/small-m-variants.sh.
#   benchmarks/run-aot-dir.sh BINDIR INDIR OUTDIR
# OUTDIR/<name>.{json,log} and summary.txt: one line per pair (our and
# cuBLAS's time, % of cuBLAS, registers). Exits non-zero when a run fails.
set -uo pipefail
bin=$1 in=$2 out=$3
export LD_LIBRARY_PATH="$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p "$out"
status=0
for ptx in "$in"/*.ptx; do
  name=$(basename "$ptx" .ptx)
  "$bin/gemm-run" --ptx "$ptx" --manifest "$in/$name.json" \
    --json "$out/$name.json" > "$out/$name.log" 2>&1 || status=1
done
python3 - "$out" <<'PY' | tee "$out/summary.txt"
import glob, json, os, sys
for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.json"))):
    s = json.load(open(path))["stages"][0]
    regs = max(k["registers"] for k in s["kernels"])
    print(f"{os.path.basename(path)[:-5]:>36} {s['status']} ours {s['ms_interleaved']*1e3:7.1f} us, "
          f"cuBLAS {s['cublas_ms_interleaved']*1e3:7.1f} us, {s['pct_cublas_interleaved']:5.1f}% of cuBLAS, {regs} registers")
PY
exit $status
