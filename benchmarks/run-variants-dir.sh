#!/usr/bin/env bash
# On the GPU machine: each shape directory of INDIR (benchmarks/mid-m-variants.sh)
# run ahead-of-time by one gemm-run, every <variant>.ptx + .json pair a
# stage, against cuBLAS (interleaved medians).
#   benchmarks/run-variants-dir.sh BINDIR INDIR OUTDIR [GEMM-RUN OPTIONS...]
# OUTDIR/<shape>.{json,log} and summary.txt: per shape, each variant's % of
# cuBLAS (interleaved), its time and the best variant.
set -uo pipefail
bin=$1 in=$2 out=$3
shift 3
export LD_LIBRARY_PATH="$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p "$out"
status=0
for dir in "$in"/*/; do
  shape=$(basename "$dir")
  args=()
  for ptx in "$dir"*.ptx; do
    args+=(--ptx "$ptx" --manifest "${ptx%.ptx}.json")
  done
  "$bin/gemm-run" "${args[@]}" "$@" --json "$out/$shape.json" > "$out/$shape.log" 2>&1 || status=1
done
python3 - "$out" <<'PY' | tee "$out/summary.txt"
import glob, json, os, sys
for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.json"))):
    stages = json.load(open(path))["stages"]
    row = []
    for s in stages:
        pct = s.get("pct_cublas_interleaved")
        row.append((pct if s.get("status") == "PASS" and pct else 0.0, s["stage"], s.get("ms_interleaved") or 0))
    best = max(row)
    cells = " ".join(f"{name}={pct:.1f}" for pct, name, _ in row)
    print(f"{os.path.basename(path)[:-5]:>22} best {best[1]} {best[0]:.1f}% ({best[2]*1e3:.1f} us) | {cells}")
PY
exit $status
