#!/usr/bin/env bash
# On the GPU machine: fused matmul epilogues (issue 16 items 4 and 7) on the
# wgmma stage, bf16 in nn.Linear's layout (nt: x W^T), interleaved medians
#   (a) no epilogue (f32 and bf16 output) against cuBLAS,
#   (b) bias,gelu with bf16 output against cuBLAS (without the epilogue)
#       and cuBLASLt's fused GELU_BIAS,
#   (c) bias,relu with bf16 output against cuBLAS and cuBLASLt's RELU_BIAS,
# at 4096x4096x4096 and 512x6144x4096 (a projection of 512 tokens).
#   benchmarks/run-epilogue.sh BINDIR OUTDIR [SHAPES]
# OUTDIR/COMMAND (this command and every gemm-run line), OUTDIR/<case>-
# <shape>.{json,log} and summary.txt (one line per run: ms of ours, cuBLAS
# and cuBLASLt interleaved, our % of each). Exits non-zero when a run fails
# its check.
set -uo pipefail
bin=$1 out=$2 shapes=${3:-"4096x4096x4096 512x6144x4096"}
export LD_LIBRARY_PATH="$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p "$out"
echo "benchmarks/run-epilogue.sh $*" > "$out/COMMAND"
status=0
run() { # NAME ARGS...
  local name=$1
  shift
  echo "gemm-run $* --json $out/$name.json" >> "$out/COMMAND"
  "$bin/gemm-run" "$@" --json "$out/$name.json" > "$out/$name.log" 2>&1 || status=1
}
for shape in $shapes; do
  common=(--stages=wgmma --layout nt --dtype bf16 --shape "$shape")
  run "a-f32-$shape" "${common[@]}"
  run "a-bf16-$shape" "${common[@]}" --out-dtype bf16
  run "b-bias-gelu-$shape" "${common[@]}" --out-dtype bf16 --epilogue bias,gelu
  run "c-bias-relu-$shape" "${common[@]}" --out-dtype bf16 --epilogue bias,relu
done
python3 - "$out" <<'PY' | tee "$out/summary.txt"
import glob, json, os, sys
for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.json"))):
    for s in json.load(open(path))["stages"]:
        line = (f"{os.path.basename(path)[:-5]:>28} {s['dtype']:>15} epilogue '{s.get('epilogue', '')}' {s['status']} "
                f"ours {s['ms_interleaved']:.4f} ms, cuBLAS {s['cublas_ms_interleaved']:.4f} ms "
                f"({s['pct_cublas_interleaved']:.1f}%)")
        if s.get("cublaslt_ms_interleaved"):
            line += (f", cuBLASLt {s['cublaslt_epilogue']} {s['cublaslt_ms_interleaved']:.4f} ms "
                     f"({s['pct_cublaslt_interleaved']:.1f}%; ours against it {s['cublaslt_error']:.2g})")
        elif s.get("cublaslt_note"):
            line += f"; cuBLASLt: {s['cublaslt_note']}"
        print(line)
PY
exit $status
