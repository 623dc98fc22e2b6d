#!/usr/bin/env bash
# Device run after split-K: the GPU lane's wgmma tests, compute-sanitizer
# over gemm-opt's own kernels (cuBLAS's nvjet kernels race in racecheck's
# eyes, so --kernel-name kns=matmul), and the LLM-layer suite (bf16, nt, C
# in bf16) against cuBLAS, interleaved.
set -uo pipefail
B=/tmp/bin
O=$OUT/r; mkdir -p $O
benchmarks/unpack-bundle.sh .bundle $B > $O/unpack.log 2>&1 || { cat $O/unpack.log; exit 1; }
export PATH=$B:$PATH LD_LIBRARY_PATH=$B
PYTHONPATH=$PWD/.whl/lit timeout 240 bash benchmarks/run-gpu-lit.sh $B --filter "GEMM_OPT :: GPU/matmul-wgmma-split-k" > $O/gpu-lit.txt 2>&1; echo "rc=$?" >> $O/gpu-lit.txt
grep -E "^(PASS|FAIL)|Passed|Failed|rc=" $O/gpu-lit.txt | tail -8
S=/usr/local/cuda/bin/compute-sanitizer
i=0
for args in "--dtype bf16 --out-dtype bf16 --layout nt --epilogue bias,gelu --shape 100x5000x5000" "--dtype bf16 --layout nn --shape 32x5120x5120"; do
  i=$((i+1))
  for tool in memcheck racecheck; do
    CMD="$S --tool $tool --kernel-name kns=matmul --error-exitcode 9 gemm-run --check-only --stages wgmma $args"
    echo "$CMD" > $O/sanitize-$i-$tool.command
    timeout 100 $CMD > $O/sanitize-$i-$tool.txt 2>&1; echo "rc=$?" >> $O/sanitize-$i-$tool.txt
    grep -hE "ERROR SUMMARY|RACECHECK SUMMARY|rc=" $O/sanitize-$i-$tool.txt
  done
done
cmd=(gemm-run --suite benchmarks/suites/llm-layers.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --json $O/suite-bf16-nt.json)
echo "${cmd[*]}" > $O/suite-bf16-nt.command
timeout 250 "${cmd[@]}" > $O/suite-bf16-nt.txt 2>&1; echo "rc=$?" >> $O/suite-bf16-nt.txt
grep -A10 "geometric means" $O/suite-bf16-nt.txt
# Issue 17's shapes outside the tuning database (bf16; f16 in a later call).
mkdir -p $O/unseen
UNSEEN_DTYPES=bf16 bash benchmarks/run-unseen-m.sh $B $O/unseen; echo "unseen rc=$?"
cd $OUT && tar czf r.tgz r && rm -rf r
