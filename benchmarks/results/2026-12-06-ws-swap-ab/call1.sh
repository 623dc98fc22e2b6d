#!/usr/bin/env bash
# Session 30's first device call (carry .bundle-new: main + one branch per element in swap-AB's
# transposed stores, which keeps ptxas from serializing the warp-specialized swap-AB kernel's
# wgmmas, and the heuristics taking that kernel where each block computes one tile). Over
# inputs/padded.txt (M = 300 of the unseen-M suite and the padded-M family): the heuristics,
# session 29's plain swap-AB kernel forced (inputs/plain.jsonl) and the persistent
# warp-specialized one with 4 ring slots forced (inputs/ws4.jsonl); the GPU lane's swap-AB test;
# two and four processes sharing the GPU and memcheck / racecheck / synccheck on the
# warp-specialized (one tile a block, and its tile loop) and the plain swap-AB kernels; the
# unseen-M suite if time is left.
#   BUDGET=560 bash benchmarks/results/2026-12-06-ws-swap-ab/call1.sh
source benchmarks/device-steps.sh .bundle-new
D=benchmarks/results/2026-12-06-ws-swap-ab
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
common="--stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt"
step heur 70 gemm-run --suite $D/inputs/padded.txt $common --json $O/heur.json
step plain 70 gemm-run --suite $D/inputs/padded.txt $common --tuning-db $D/inputs/plain.jsonl --json $O/plain.json
step ws4 70 gemm-run --suite $D/inputs/padded.txt $common --tuning-db $D/inputs/ws4.jsonl --json $O/ws4.json
step gpu-lit 60 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B --filter swap-ab
p="--layout nt --shape 300x8192x8192 --dtype bf16 --out-dtype bf16 --stages=wgmma"
e="--layout nt --shape 100x1000x776 --dtype bf16 --out-dtype bf16 --stages=wgmma --epilogue bias,row-scale,beta=0.5,gelu --tuning-db test/GPU/Inputs/swap-ab-db.jsonl"
l="--layout nt --shape 300x27648x5120 --dtype bf16 --out-dtype bf16 --stages=wgmma --epilogue bias,gelu"
w="--layout nt --shape 271x15360x5120 --dtype bf16 --out-dtype bf16 --stages=wgmma --epilogue bias,residual --tuning-db test/GPU/Inputs/swap-ab-db.jsonl"
q="--layout nt --shape 300x8192x8192 --dtype bf16 --out-dtype bf16 --stages=wgmma --tuning-db $D/inputs/plain.jsonl"
s="--layout nt --shape 2048x3328x4096 --dtype bf16 --out-dtype bf16 --stages=wgmma --tuning-db test/GPU/Inputs/stream-k-db.jsonl"
export B O p e l q s w
PER_RUN_TIMEOUT=60 step concurrency-2 20 benchmarks/concurrency-check.sh $B 1 "$p --repeat 3" "$l --repeat 3"
PER_RUN_TIMEOUT=60 step concurrency-4 30 benchmarks/concurrency-check.sh $B 1 "$p --repeat 3" "$w --repeat 3" "$e --repeat 3" "$s --repeat 3"
sanitize() {
  TOOLS=memcheck PER_RUN_TIMEOUT=60 benchmarks/sanitize-runs.sh $B $O/san-memcheck "$p" "$e" "$w" "$q" &
  TOOLS=racecheck PER_RUN_TIMEOUT=60 benchmarks/sanitize-runs.sh $B $O/san-racecheck "$p" "$w" &
  TOOLS=synccheck PER_RUN_TIMEOUT=60 benchmarks/sanitize-runs.sh $B $O/san-synccheck "$p" "$e" "$w" "$q" &
  wait
}
export -f sanitize
step sanitize 70 bash -c sanitize
step unseen 170 gemm-run --suite benchmarks/suites/llm-layers-unseen-m.txt $common --json $O/unseen.json
cat $O/gpu.txt
tail -n5 $O/gpu-lit.txt 2>/dev/null
grep -h "^FAIL\|Failed\|TIMEOUT" $O/gpu-lit.txt 2>/dev/null | head
tail -n1 $O/concurrency-*.txt 2>/dev/null
for f in heur plain unseen ws4; do [ -f $O/$f.txt ] && echo "$f: $(grep -E '^  (all|M = )' $O/$f.txt | tr -s ' ' | tr '\n' ';')"; done
for f in $O/san-*/*.txt; do [ -f "$f" ] && echo "$f: $(grep -hE 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tr '\n' ' ') ours: $(grep -E 'Race reported|access at|Invalid' $f | grep -c '_kernel') $(tail -n1 $f)"; done
summarize
finish
