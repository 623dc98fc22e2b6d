#!/usr/bin/env bash
# On the GPU machine: the wgmma stage on operand layouts (issue 16) against
# cuBLAS with the same layout (CUBLAS_OP_T on the operands stored
# transposed), interleaved medians: "nt" (B stored N x K, nn.Linear's x W^T;
# cuBLAS calls it TN) beside "nn", f16 and bf16, 4096^3 and 8192^3.
#   benchmarks/run-layouts.sh BINDIR OUTDIR [LAYOUTS] [SHAPES]
# OUTDIR/wgmma-<layout>-<dtype>-<shape>.{json,log} and summary.txt (one line
# per run: interleaved ms of ours and cuBLAS's, % of cuBLAS). Exits non-zero
# when a run fails its check.
set -uo pipefail
bin=$1 out=$2 layouts=${3:-"nn nt"} shapes=${4:-"4096x4096x4096 8192x8192x8192"}
export LD_LIBRARY_PATH="$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p "$out"
status=0
for dtype in bf16 f16; do
  for shape in $shapes; do
    for layout in $layouts; do
      name=wgmma-$layout-$dtype-$shape
      "$bin/gemm-run" --stages=wgmma --layout "$layout" --shape "$shape" --dtype "$dtype" \
        --json "$out/$name.json" > "$out/$name.log" 2>&1 || status=1
    done
  done
done
python3 - "$out" <<'PY' | tee "$out/summary.txt"
import glob, json, os, sys
for path in sorted(glob.glob(os.path.join(sys.argv[1], "wgmma-*.json"))):
    for s in json.load(open(path))["stages"]:
        print(f"{s['layout']} {s['dtype']:>9} {s['shape']:>15} {s['status']} "
              f"ours {s['ms_interleaved']:.4f} ms, cuBLAS {s['cublas_ms_interleaved']:.4f} ms, "
              f"{s['pct_cublas_interleaved']:.1f}% of cuBLAS (interleaved; back-to-back {s['pct_cublas']:.1f}%)")
PY
exit $status
