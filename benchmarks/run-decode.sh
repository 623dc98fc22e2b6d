#!/usr/bin/env bash
# On the GPU machine: the decode lines of the LLM-layer suite (M <= 8) as
# nn.Linear computes them (layout nt: the weight stored N x K), wgmma stage
# (the weight-streaming kernel at M <= 8), bf16 and f16 with f32 C, against
# cuBLAS in the same layout, interleaved medians.
#   benchmarks/run-decode.sh BINDIR SUITE OUTDIR [MAX_M]
# OUTDIR/<dtype>-<M>x<N>x<K>.{json,log} and summary.txt: per shape our and
# cuBLAS's time, % of cuBLAS, and the bandwidth on the bytes that must move
# (A, B and C once); last lines: geomean % of cuBLAS per dtype. Exits
# non-zero when a run fails its check.
set -uo pipefail
bin=$1 suite=$2 out=$3 max_m=${4:-8}
export LD_LIBRARY_PATH="$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p "$out"
status=0
while read -r m n k; do
  case $m in ''|\#*) continue ;; esac
  [ "$m" -le "$max_m" ] || continue
  for dtype in bf16 f16; do
    name=$dtype-${m}x${n}x${k}
    "$bin/gemm-run" --stages=wgmma --layout nt --shape "${m}x${n}x${k}" --dtype "$dtype" \
      --json "$out/$name.json" > "$out/$name.log" 2>&1 || status=1
  done
done < "$suite"
python3 - "$out" <<'PY' | tee "$out/summary.txt"
import glob, json, math, os, sys
rows = {}
for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.json"))):
    s = json.load(open(path))["stages"][0]
    m, n, k = map(int, s["shape"].split("x"))
    moved = (m * k + n * k) * 2 + m * n * 4  # 16-bit A and B, f32 C
    gbps = moved / (s["ms_interleaved"] * 1e6)
    pct = s["pct_cublas_interleaved"]
    rows.setdefault(s["dtype"], []).append(pct)
    print(f"{s['dtype']:>17} {s['shape']:>14} {s['status']} ours {s['ms_interleaved']*1e3:7.1f} us, "
          f"cuBLAS {s['cublas_ms_interleaved']*1e3:7.1f} us, {pct:5.1f}% of cuBLAS, {gbps:6.0f} GB/s")
for dtype, pcts in rows.items():
    geo = math.exp(sum(math.log(p) for p in pcts) / len(pcts))
    print(f"geomean {dtype}: {geo:.1f}% of cuBLAS over {len(pcts)} shapes")
PY
exit $status
