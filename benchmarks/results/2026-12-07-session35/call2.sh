#!/usr/bin/env bash
# Session 35's cluster call, prepared on branch cluster-multicast and NOT run (no device
# started in session 35; NOTE.md on main). Run it on the static bundle of this branch (or of
# main once the branch is merged) before anything of the cluster plans lands. Carry
# .bundle-new and .whl. In order, as far as BUDGET goes:
#  1. the GPU lane's cluster test (test/GPU/matmul-wgmma-cluster.test: both directions,
#     swap-AB, TMA stores, padded copies, an epilogue, f16 and bf16, ping-pong);
#  2. the project check of the cluster kernels: two and four processes sharing the GPU, then
#     memcheck / racecheck / synccheck (cluster-m on swap-AB with bias + GELU, cluster-n with
#     TMA stores, ping-pong);
#  3. the tuner with every candidate recorded (the cluster variants among them) on mid-M shapes
#     that no suite lists (M = 288 ... 1536 over the suite's N, K);
# Session 34's owed H200 check is call1.sh (on main).
#   BUDGET=560 bash benchmarks/results/2026-12-07-session35/call2.sh
# With little device time: TUNE_SHAPES (fewer shapes), SAN_TOOLS (fewer tools), and the
# sanitizers before the tuner with SAN_FIRST=1.
source benchmarks/device-steps.sh .bundle-new
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
DB=test/GPU/Inputs/cluster-db.jsonl
S="--stages=wgmma --repeat 3 --tuning-db $DB"
C1="--dtype bf16 --out-dtype bf16 --layout nt --epilogue bias,gelu --shape 300x5120x5120 $S"
C2="--dtype bf16 --out-dtype f32 --layout nt --epilogue bias,gelu --shape 1000x1000x1024 $S"
C3="--dtype f16 --out-dtype f16 --layout nt --shape 2048x2048x2048 $S"
C4="--dtype bf16 --out-dtype bf16 --layout nt --shape 1024x4096x4096 $S"
step gpu-lit 40 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B --filter "GPU/matmul-wgmma-cluster"
step concurrency-2 25 bash benchmarks/concurrency-check.sh $B 1 "$C1" "$C2"
sanitize() {
  step sanitize 80 env TOOLS="${SAN_TOOLS:-memcheck racecheck synccheck}" PER_RUN_TIMEOUT=60 bash benchmarks/sanitize-runs.sh $B $O/sanitize \
    "--dtype bf16 --out-dtype bf16 --layout nt --epilogue bias,gelu --shape 300x5120x5120 --stages=wgmma --tuning-db $DB" \
    "--dtype bf16 --out-dtype f32 --layout nt --epilogue bias,gelu --shape 1000x1000x1024 --stages=wgmma --tuning-db $DB" \
    "--dtype f16 --out-dtype f16 --layout nt --shape 2048x2048x2048 --stages=wgmma --tuning-db $DB"
}
[ -n "${SAN_FIRST:-}" ] && sanitize
step concurrency-4 30 bash benchmarks/concurrency-check.sh $B 1 "$C1" "$C2" "$C3" "$C4"
T="--stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tune --tune-record-all --tune-max 16 --tuning-db $O/mid-tune.jsonl"
for s in ${TUNE_SHAPES:-320x10240x8192 288x5120x5120 1536x5120x13824 640x8192x8192}; do
  step tune-$s 50 gemm-run $T --shape $s --json $O/tune-$s.json
done
[ -z "${SAN_FIRST:-}" ] && sanitize
cat $O/gpu.txt
grep -E "^(FAIL|UNRESOLVED)|Passed|Failed|Unsupported" $O/gpu-lit.txt | tail -6
cat $O/concurrency-*.txt | grep -E "PASS|FAIL|rc=" | head -12
grep -hE "winner|confirm|^  \[" $O/tune-*.txt | cut -c1-150 | head -60
cat $O/sanitize.txt
finish
