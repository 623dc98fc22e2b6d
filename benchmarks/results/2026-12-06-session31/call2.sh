#!/usr/bin/env bash
# Session 31's second device call (carry .bundle-new: main with ping-pong consumers storing C
# through TMA (tma-store=1 now allowed with pingpong=1) + this script, .whl): the GPU lane's
# ping-pong test (two new inputs with TMA stores); a fused bias + GELU (and no epilogue) at
# 4096^3 and 512x6144x4096 (bf16, B stored N x K, C in bf16) with the heuristics' cooperative
# kernel and with ping-pong consumers storing through TMA (inputs/gelu-*.jsonl: 128x128 with 4
# and 6 ring slots, 64x256), each against cuBLAS (and cuBLASLt's GELU_BIAS); racecheck and
# synccheck on the ping-pong TMA kernels.
#   BUDGET=300 bash benchmarks/results/2026-12-06-session31/call2.sh
source benchmarks/device-steps.sh .bundle-new
D=benchmarks/results/2026-12-06-session31
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
step gpu-lit 60 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B --filter 'pingpong'
common="--stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt"
for s in 4096x4096x4096 512x6144x4096; do
  for db in heur pp128 pp128s6 pp64; do
    t=""; [ $db != heur ] && t="--tuning-db $D/inputs/gelu-$db.jsonl"
    step gelu-$s-$db 12 gemm-run --shape $s $common --epilogue bias,gelu $t --json $O/gelu-$s-$db.json
    step plain-$s-$db 12 gemm-run --shape $s $common $t --json $O/plain-$s-$db.json
  done
done
pa="--ptx test/GPU/Inputs/wgmma-pingpong-tma-64x256-f16.ptx --manifest test/GPU/Inputs/wgmma-pingpong-tma-64x256-f16.json"
pb="--ptx test/GPU/Inputs/wgmma-pingpong-tma-short-k-bf16.ptx --manifest test/GPU/Inputs/wgmma-pingpong-tma-short-k-bf16.json"
export B O pa pb
sanitize() {
  TOOLS=racecheck PER_RUN_TIMEOUT=100 benchmarks/sanitize-runs.sh $B $O/san-racecheck "$pa" "$pb" &
  TOOLS=synccheck PER_RUN_TIMEOUT=100 benchmarks/sanitize-runs.sh $B $O/san-synccheck "$pa" "$pb" &
  TOOLS=memcheck PER_RUN_TIMEOUT=100 benchmarks/sanitize-runs.sh $B $O/san-memcheck "$pa" "$pb" &
  wait
}
export -f sanitize
step sanitize 60 bash -c sanitize
cat $O/gpu.txt
tail -n5 $O/gpu-lit.txt 2>/dev/null
grep -h "cuBLASLt\|gelu_bias" $O/gelu-*.txt 2>/dev/null | head -8
for f in $O/san-*/*.txt; do [ -f "$f" ] && echo "$f: $(grep -hE 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tr '\n' ' ') ours: $(grep -E 'Race reported|access at|Invalid' $f | grep -c '_kernel') $(tail -n1 $f)"; done
summarize
finish
