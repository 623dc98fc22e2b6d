#!/usr/bin/env bash
# Session 32's first device call (carry .bundle-new: the static bundle of main 2fb1491, gemm-opt
# left out: gemm-run compiles for the Python package; .whl): the GPU lane's multi-op-dynamic.test and
# softmax-dynamic-rows.test (a static batch beside the dynamic tokens, N-D softmaxes: new), the Python GPU tests (python/tests/gpu: the
# functions with aliased results and grouped-query attention included, which session 31
# did not run on a GPU); the accuracy of the GELU / SiLU forms an epilogue may use
# (benchmarks/prototypes/activation-accuracy.py); the tuner over attention's Q K^T
# (32 heads x 2048 x 2048 x 128 bf16, B stored N x K), and ping-pong / deeper store plans forced
# (inputs/qk-*.jsonl) against the heuristics' plan.
#   BUDGET=560 bash benchmarks/results/2026-12-06-session32/call1.sh
source benchmarks/device-steps.sh .bundle-new
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
step gpu-lit-dyn 60 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B --filter 'multi-op-dynamic|matmul-dynamic|softmax-dynamic'
step accuracy 30 python3 benchmarks/prototypes/activation-accuracy.py --json $O/accuracy.json
step py-gpu 200 env GEMM_OPT_BINDIR=$B GEMM_OPT_CACHE=/tmp/goc PYTHONPATH=python python3 -m pytest python/tests/gpu -v -rs -p no:cacheprovider
D=benchmarks/results/2026-12-06-session32
QK="--shape 2048x2048x128 --batch 32 --dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma --repeat 20"
step qk-heur 15 gemm-run $QK --json $O/qk-heur.json
for n in pp128 pp64x256 coop256s3; do
  step qk-$n 15 gemm-run $QK --tuning-db $D/inputs/qk-$n.jsonl --json $O/qk-$n.json
done
step qk-heur2 15 gemm-run $QK --json $O/qk-heur2.json
step qk-tune 150 gemm-run --tune --stages wgmma --layout nt --dtype bf16 --out-dtype bf16 --shape 2048x2048x128 --batch 32 --tune-max 10 --repeat 10 --tune-record-all --tuning-db $O/qk-tune.jsonl --json $O/qk-tune.json
cat $O/gpu.txt
tail -n4 $O/gpu-lit-dyn.txt
cat $O/accuracy.txt
grep -E "passed|failed|error" $O/py-gpu.txt | tail -5
summarize
grep -E "winner|candidate|%" $O/qk-tune.txt | tail -30
finish
