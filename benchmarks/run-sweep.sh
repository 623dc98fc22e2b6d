#!/usr/bin/env bash
# On the GPU machine: runs every PTX + manifest pair that
# benchmarks/simt-sweep.sh (or softmax-cluster-sweep.sh) generated and prints
# one line per variant (softmax: GB/s and % of copy instead of TFLOPS and %
# of cuBLAS). Matmul lines give % of cuBLAS timed back-to-back (%cuBLAS)
# and interleaved (il%cuBLAS: our launch and cuBLAS's alternating; compare
# this one, cuBLAS back-to-back is noisy on the H200).
#   benchmarks/run-sweep.sh BINDIR SWEEPDIR OUTDIR
# OUTDIR gets <variant>__<shape>.json (gemm-run's JSON) and summary.txt.
# REPEAT (default 20) sets gemm-run's --repeat.
set -uo pipefail
bin=$1 sweep=$2 out=$3
mkdir -p "$out"
status=0
summary="$out/summary.txt"
: > "$summary"
printf '%-34s %-16s %-6s %9s %8s %8s %9s %5s\n' variant shape status ms TFLOPS %cuBLAS il%cuBLAS regs | tee -a "$summary"
for ptx in "$sweep"/*__*.ptx; do
  base=$(basename "$ptx" .ptx)
  json="$sweep/$base.json"
  [ -f "$json" ] || continue
  # Variants whose shape starts with tf32- are f32 matmuls on TF32 tensor
  # cores: checked and compared against cuBLAS in TF32 mode.
  tf32=(); case $base in *__tf32-*) tf32=(--tf32);; esac
  "$bin/gemm-run" --ptx "$ptx" --manifest "$json" "${tf32[@]}" --repeat "${REPEAT:-20}" \
    --json "$out/$base.json" > "$out/$base.log" 2>&1 || status=$?
  python3 - "$out/$base.json" "$base" <<'PY' | tee -a "$summary"
import json, sys
path, base = sys.argv[1], sys.argv[2]
variant, shape = base.split("__", 1)
try:
    s = json.load(open(path))["stages"][0]
    regs = max((k.get("registers", 0) for k in s.get("kernels", [])), default=0)
    if s.get("op") == "softmax":  # GB/s and % of the same-run copy
        print(f'{variant:34s} {shape:16s} {s["status"]:6s} {s["ms"]:9.3f} {s["gbps"]:8.0f} {s["pct_copy"]:8.1f} {"-":>9s} {regs:5d}  (GB/s, %copy)')
    else:
        # il%cuBLAS: ours and cuBLAS timed interleaved (alternating
        # launches), the figure to compare; %cuBLAS is back-to-back.
        il = s.get("pct_cublas_interleaved")
        il = f'{il:9.1f}' if isinstance(il, (int, float)) else f'{"-":>9s}'
        print(f'{variant:34s} {shape:16s} {s["status"]:6s} {s["ms"]:9.3f} {s["tflops"]:8.2f} {s["pct_cublas"]:8.1f} {il} {regs:5d}')
except Exception as e:
    print(f'{variant:34s} {shape:16s} ERROR  (see {base}.log: {e})')
PY
done
exit $status
