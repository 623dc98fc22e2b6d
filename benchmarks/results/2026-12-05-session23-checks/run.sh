#!/usr/bin/env bash
# Session 23's device call (no machine was lent that session: run it in
# the next), from the repository root on the H200 (carry .bundle: the
# static bundle of main; .whl: lit 22's package, .whl/lit; .sweep/acc-sets:
# benchmarks/small-m-variants.sh with STAGE_PREFIX=s1 on main and s4 on
# branch swapab-acc-sets, four swap-AB plans on six decode shapes;
# .sweep/gelu: gemm-run --compile-only --emit-dir of bias,gelu bf16 nt on
# main (gelu-main), on branch gelu-tanh-approx (gelu-fast) and without
# the epilogue (plain), each manifest's stage renamed so):
# 1. the new frontend forms (nn.Linear on a 3-D activation, einsum
#    bsk,nk->bsn, Q scaled before Q K^T) against cuBLAS on four stages, as
#    the GPU lane runs them;
# 2. session 22's owed project check: concurrent processes (2 and 4) on
#    reg1d's 64-register cap for ragged 16-bit tiles and on the kernels of
#    the transposed-result forms;
# 3. compute-sanitizer (memcheck, racecheck) on the same kernels;
# 4. the swap-AB kernel with one accumulator set (main) against four
#    (the branch), interleaved in one gemm-run per shape;
# 5. the tuner's confirmation round on one decode layer;
# 6. the fused GELU through tanh.approx.f32 (branch gelu-tanh-approx)
#    against main's and the plain kernel (issue 16: at most 3 %);
# 7. the GPU lane (test/GPU and the AOT reference tests), with session 23's
#    new inputs (3-D nn.Linear static and with dynamic tokens, einsum).
# Two calls: STEPS='^(linear|einsum|attention|concurrency|sanitize)' then
# STEPS='^(mlp|mask|scale|acc-sets|gelu|tune|gpu-lit)'
# (benchmarks/device-steps.sh).
source benchmarks/device-steps.sh .bundle
I=test/Inputs
reg1d_bf16="--stages=reg1d --shape 1000x999x777 --dtype bf16 --repeat 3"
reg1d_f16="--stages=reg1d --shape 999x1001x2049 --dtype f16 --repeat 3"
rt="$I/result-transpose-bf16-1000x999x777.mlir --stages=warptile,mma,wgmma --repeat 3"
lbr="$I/linear-bias-relu-transposed-bf16-1000x999x777.mlir --stages=warptile,mma,wgmma --repeat 3"
b4d="$I/batch-matmul-4d-transposed-f16-2x3x130x67x259.mlir --stages=warptile,mma,wgmma --repeat 3"
brt="$I/batch-result-transpose-f16-3x130x67x259.mlir --stages=warptile,mma,wgmma --repeat 3"
for f in linear-3d-bf16-2x500x999x777 einsum-shared-b-nk-f16-3x130x67x259 attention-scores-scaled-q-bf16-3x130x130x64; do
  step $f 30 $B/gemm-run test/Inputs/$f.mlir --stages=naive,warptile,mma,wgmma --repeat 2 --json $O/$f.json
done
# Session 24's kernel paths: the mask epilogue (broadcast "batch") and the
# MLP's gate epilogue reading the up projection's result.
mask="$I/attention-mask-f16-2x3x130x67x72.mlir --stages=naive,warptile,mma,wgmma --repeat 2"
mlp="$I/mlp-swiglu-bf16-37x999x777.mlir --stages=naive,warptile,mma,wgmma --repeat 2"
step concurrency-2 60 benchmarks/concurrency-check.sh $B 3 "$reg1d_bf16" "$rt"
step concurrency-4 90 benchmarks/concurrency-check.sh $B 2 "$reg1d_f16" "$lbr" "$b4d" "$brt"
step concurrency-s24 60 benchmarks/concurrency-check.sh $B 2 "$mask" "$mlp" "$mask" "$mlp"
# One background job per (argument list, tool): racecheck on 1000x999x777
# takes minutes per list.
sanitize_all() {
  local k=0 args tool
  for args in "$reg1d_bf16" "$reg1d_f16" "$rt" "$lbr" "$b4d" "$brt" "$mask" "$mlp"; do
    k=$((k + 1))
    for tool in memcheck racecheck; do
      TOOLS=$tool PER_RUN_TIMEOUT=200 benchmarks/sanitize-runs.sh $B $O/san-$k-$tool "$args" &
    done
  done
  wait
}
export -f sanitize_all
export B O reg1d_bf16 reg1d_f16 rt lbr b4d brt mask mlp
step sanitize 215 bash -c sanitize_all
# Session 24's forms (part 2): a Llama MLP (silu(gate) * up in the gate's
# epilogue) and attention with a [1, 1, q, k] mask (broadcast "batch"),
# each against cuBLAS; the mask epilogue at attention's 32 x 2048 x 2048 x
# 128 beside the scale alone (issue 16: Q K^T).
step mlp-swiglu 30 $B/gemm-run $I/mlp-swiglu-bf16-37x999x777.mlir --stages=naive,warptile,mma,wgmma --repeat 2 --json $O/mlp-swiglu.json
step mask-attention 30 $B/gemm-run $I/attention-mask-f16-2x3x130x67x72.mlir --stages=naive,warptile,mma,wgmma --repeat 2 --json $O/mask-attention.json
step mask-scores 40 $B/gemm-run --batch 32 --layout nt --shape 2048x2048x128 --dtype bf16 --out-dtype bf16 --stages=wgmma --epilogue alpha=0.125,mask --repeat 20 --json $O/mask-scores.json
step scale-scores 40 $B/gemm-run --batch 32 --layout nt --shape 2048x2048x128 --dtype bf16 --out-dtype bf16 --stages=wgmma --epilogue alpha=0.125 --repeat 20 --json $O/scale-scores.json
step acc-sets 200 benchmarks/run-variants-dir.sh $B .sweep/acc-sets $O/acc-sets
step gelu 60 benchmarks/run-variants-dir.sh $B .sweep/gelu $O/gelu
step tune-confirm 45 $B/gemm-run --tune --shape 8x8192x8192 --dtype bf16 --out-dtype bf16 --layout nt --tune-max 3 --tuning-db $O/tune-confirm.jsonl
grep -sE "confirmation|again|winner" $O/tune-confirm.txt
step gpu-lit 100 env PYTHONPATH=.whl/lit bash benchmarks/run-gpu-lit.sh $B
tail -qn3 $O/concurrency-2.txt $O/concurrency-4.txt 2>/dev/null
cat $O/sanitize.txt $O/acc-sets/summary.txt $O/gelu/summary.txt 2>/dev/null
tail -n4 $O/gpu-lit.txt 2>/dev/null
finish
