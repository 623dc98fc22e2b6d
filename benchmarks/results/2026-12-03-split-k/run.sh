#!/usr/bin/env bash
# Device run: split-K on the wgmma kernel (few tiles over a long K).
# Correctness (check-only, odd shapes, epilogues, layouts, TF32), the
# compute-sanitizer, then the suite's lines at M = 32 and 128 (and the
# unseen M = 24) against cuBLAS, interleaved.
set -uo pipefail
B=/tmp/bin
O=$OUT/r; mkdir -p $O
benchmarks/unpack-bundle.sh .bundle $B > $O/unpack.log 2>&1 || { cat $O/unpack.log; exit 1; }
export PATH=$B:$PATH LD_LIBRARY_PATH=$B
run() { local name=$1; shift; echo "gemm-run $*" > $O/$name.command; timeout 120 gemm-run "$@" > $O/$name.txt 2>&1; echo "rc=$?" >> $O/$name.txt; grep -hE "PASS|FAIL|ERROR|rc=" $O/$name.txt | grep -v "^wgmma  *|" | head -12; }
run check-nt --check-only --stages wgmma --dtype bf16 --out-dtype bf16 --layout nt --shape 128x5120x13824 --json $O/check-nt.json
run check-odd --check-only --stages wgmma --dtype f16 --layout nt --shape 100x5000x5000
run check-nn --check-only --stages wgmma --dtype bf16 --layout nn --shape 32x5120x5120
run check-staged --check-only --stages wgmma --dtype f16 --layout nn --shape 64x4104x4097
run check-epi --check-only --stages wgmma --dtype bf16 --out-dtype bf16 --layout nt --epilogue bias,residual,gelu --shape 128x5120x5120
run check-tf32 --check-only --stages wgmma --dtype f32 --tf32 --layout nt --shape 64x4096x8192
S=/usr/local/cuda/bin/compute-sanitizer
for tool in memcheck racecheck; do
  CMD="$S --tool $tool --error-exitcode 9 gemm-run --check-only --stages wgmma --dtype bf16 --out-dtype bf16 --layout nt --epilogue bias,gelu --shape 100x5000x5000"
  echo "$CMD" > $O/sanitize-$tool.command
  timeout 150 $CMD > $O/sanitize-$tool.txt 2>&1; echo "rc=$?" >> $O/sanitize-$tool.txt
  grep -hE "ERROR SUMMARY|RACECHECK SUMMARY|rc=" $O/sanitize-$tool.txt
done
grep -E "^ *(32|128) " benchmarks/suites/llm-layers.txt > $O/suite-m32-128.txt
cmd=(gemm-run --suite $O/suite-m32-128.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json $O/suite-bf16-nt.json)
echo "${cmd[*]}" > $O/suite-bf16-nt.command
timeout 200 "${cmd[@]}" > $O/suite-bf16-nt.txt 2>&1; echo "rc=$?" >> $O/suite-bf16-nt.txt
grep -A8 "geometric means" $O/suite-bf16-nt.txt
# The same lines with the plans of the heuristics before split-K (a tuning
# database of them: 64x128 tiles with a producer at M = 128, N = 5120; the
# others the same tiles without splits), interleaved against cuBLAS too.
python3 - "$O/no-split.jsonl" <<'PY'
import json, sys
lines = [(m, n, k) for m in (24, 32, 128) for n, k in ((5120, 5120), (5120, 13824), (8192, 8192), (8192, 28672))]
with open(sys.argv[1], "w") as f:
    for m, n, k in lines:
        plan = ("block-m=64 block-n=128 stages=8 warpgroups=1 group-m=0 warp-specialized=1 persistent=0 "
                "max-registers=168") if m == 128 and n == 5120 else "split-k=1"
        f.write(json.dumps({"chip": "sm_90a", "op": "matmul", "a": "bf16", "b": "bf16", "c": "bf16", "layout": "nt",
                            "batch": 1, "m": m, "n": n, "k": k, "stage": "wgmma", "plan": {"wgmma": plan},
                            "ms": 1.0, "cublas_ms": 1.0, "version": "0.1.0"}) + "\n")
PY
grep -E "^ *(24|32|128) +(5120 +(5120|13824)|8192 +(8192|28672))$" benchmarks/suites/llm-layers.txt benchmarks/suites/llm-layers-unseen-m.txt -h > $O/suite-split.txt
for db in no-split default; do
  f=$O/no-split.jsonl; [ $db = default ] && f=default
  cmd=(gemm-run --suite $O/suite-split.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db $f --json $O/ab-$db.json)
  echo "${cmd[*]}" > $O/ab-$db.command
  timeout 150 "${cmd[@]}" > $O/ab-$db.txt 2>&1; echo "rc=$?" >> $O/ab-$db.txt
  echo "== $db"; grep -A6 "geometric means" $O/ab-$db.txt
done
grep -E "^ *24 " benchmarks/suites/llm-layers-unseen-m.txt > $O/suite-m24.txt
cmd=(gemm-run --suite $O/suite-m24.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json $O/suite-m24-bf16-nt.json)
echo "${cmd[*]}" > $O/suite-m24-bf16-nt.command
timeout 120 "${cmd[@]}" > $O/suite-m24-bf16-nt.txt 2>&1; echo "rc=$?" >> $O/suite-m24-bf16-nt.txt
grep -A6 "geometric means" $O/suite-m24-bf16-nt.txt
cd $OUT && tar czf r.tgz r && rm -rf r
