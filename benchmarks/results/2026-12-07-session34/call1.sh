#!/usr/bin/env bash
# Session 34's first device call: the call session 33 prepared (not run there: no device came), its
# steps reordered (what checks landed code first) and its GPU-lane step also running
# multi-op-dynamic.test (attention over a dynamic batch count). Carry .bundle-new (the static
# bundle of this tree, gemm-opt left out) and .whl (lit 22). In order, as far as BUDGET goes:
#  1. the GPU lane's epilogue tests (the activations in half the instructions), the block-n
#     tests, the casts around a softmax (memref form) and the dynamic multi-op tests;
#  2. the unseen-M suite's M = 300 and 1500 shapes and two at M = 512
#     (session33/inputs/fitted-n.txt) with the heuristics and the committed database
#     (fit-heur), then with the tiles waveFittedBlockN fits to the waves (fit-fitted,
#     session33/inputs/fitted-n.jsonl: 64x200 at 300x5120, 128x240 at 1500x5120, ...);
#  3. two and four processes sharing the GPU, then memcheck / racecheck / synccheck, on bias +
#     GELU at ragged 1000x999x777, 64x200 tiles at 300x5120x5120 and stream-K's parts on
#     128x216 at 520x2000x4096 (test/GPU/Inputs/block-n-db.jsonl);
#  4. bias + GELU (tanh and erf forms) + cast to bf16 at 4096^3 and 512x6144x4096: 7fe61d6's
#     kernels (session33/old-ptx), this tree's, and the matmul without epilogue, each
#     interleaved against cuBLAS, two rounds;
#  5. session 32's check of the softmax kernels with two element types (two and four
#     processes, the sanitizers) and the activation forms' accuracy.
#   BUDGET=560 bash benchmarks/results/2026-12-07-session34/call1.sh
source benchmarks/device-steps.sh .bundle-new
D=benchmarks/results/2026-12-06-session33
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
V="test/GPU/Inputs/softmax-casts-7x1000-f16-f32.mlir --stages=softmax-vector,softmax-rows --repeat 3"
C="--op softmax --shape 16x131072 --dtype f16 --out-dtype f32 --stages=softmax-rows --repeat 3"
A="test/Inputs/attention-hf-casts-f16-2x3x130x67x72.mlir --stages=wgmma --repeat 3"
F="--stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --suite $D/inputs/fitted-n.txt"
step gpu-lit 60 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B --filter "GPU/(matmul-epilogue|matmul-wgmma-block-n|softmax-casts|multi-op-dynamic)"
step fit-heur 90 gemm-run $F --json $O/fit-heur.json
step fit-fitted 90 gemm-run $F --tuning-db $D/inputs/fitted-n.jsonl --json $O/fit-fitted.json
G="--shape 1000x999x777 --dtype bf16 --out-dtype bf16 --layout nt --epilogue bias,gelu --stages=wgmma --repeat 3"
W="--shape 300x5120x5120 --dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --repeat 3 --tuning-db test/GPU/Inputs/block-n-db.jsonl"
K="--shape 520x2000x4096 --dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --repeat 3 --tuning-db test/GPU/Inputs/block-n-db.jsonl"
step concurrency-2-new 25 bash benchmarks/concurrency-check.sh $B 1 "$G" "$W"
step concurrency-4-new 30 bash benchmarks/concurrency-check.sh $B 1 "$G" "$W" "$K" "$G"
step sanitize-new 60 env TOOLS="memcheck racecheck synccheck" PER_RUN_TIMEOUT=90 bash benchmarks/sanitize-runs.sh $B $O/sanitize-new \
  "--shape 1000x999x777 --dtype bf16 --out-dtype bf16 --layout nt --epilogue bias,gelu --stages=wgmma" \
  "--shape 300x5120x5120 --dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --tuning-db test/GPU/Inputs/block-n-db.jsonl" \
  "--shape 520x2000x4096 --dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --tuning-db test/GPU/Inputs/block-n-db.jsonl"
common="--stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt"
for r in 1 2; do
  for s in 4096x4096x4096 512x6144x4096; do
    for e in gelu gelu-erf; do
      [ -f $D/old-ptx/$s-$e.ptx ] || continue
      step old-$s-$e-$r 12 gemm-run --ptx $D/old-ptx/$s-$e.ptx --manifest $D/old-ptx/$s-$e.json --json $O/old-$s-$e-$r.json
      step new-$s-$e-$r 12 gemm-run --shape $s $common --epilogue bias,$e --json $O/new-$s-$e-$r.json
    done
    step plain-$s-$r 12 gemm-run --shape $s $common --json $O/plain-$s-$r.json
  done
done
step concurrency-2 25 bash benchmarks/concurrency-check.sh $B 1 "$V" "$C"
step concurrency-4 30 bash benchmarks/concurrency-check.sh $B 1 "$V" "$C" "$A" "$V"
step sanitize 40 env TOOLS="memcheck racecheck synccheck" PER_RUN_TIMEOUT=60 bash benchmarks/sanitize-runs.sh $B $O/sanitize \
  "test/GPU/Inputs/softmax-casts-7x1000-f16-f32.mlir --stages=softmax-vector" \
  "--op softmax --shape 16x131072 --dtype f16 --out-dtype f32 --stages=softmax-rows"
step accuracy 20 python3 benchmarks/prototypes/activation-accuracy.py --json $O/accuracy.json
cat $O/gpu.txt
cat $O/concurrency-2*.txt $O/concurrency-4*.txt | grep -E "PASS|FAIL|rc=" | head -24
cat $O/sanitize.txt $O/sanitize-new.txt
grep -E "ftz|A-S" $O/accuracy.txt
grep -h "cuBLASLt" $O/new-*.txt | head -4
grep -E "^(FAIL|UNRESOLVED)|Passed|Failed|Unsupported|Testing Time" $O/gpu-lit.txt | tail -12
summarize
finish
