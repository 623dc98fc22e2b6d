#!/usr/bin/env bash
# The device call prepared in session 26 and run in session 27, from the
# repository root (carry .bundle-main = gemm-run and libgemm_opt_runtime.so
# of main aeff892: the epilogue broadcasts "group" and "cycle", x @ x.T,
# the key-padding mask per sequence, grouped-query attention stacked; .bundle-pf = gemm-run of main 6425266, the
# commit before, with results/2026-12-05-epilogue-prefetch/
# next-tile-prefetch.patch applied):
# (in this order, the most needed first:)
# 1. the group and cycle broadcasts and the key-padding vectors per
#    sequence against cuBLAS with the steps on the host: odd shapes on
#    every stage, staged wgmma shapes, the attention inputs, long K (read
#    per element); a batched residual staged (the persistent kernel now
#    walks the batch); x @ x.T (one buffer bound as A and B);
# 2. compute-sanitizer memcheck / racecheck / synccheck over the staged
#    kernels (a mask per sequence, a batched residual), 4 processes sharing
#    the GPU; gemm_opt.scaled_dot_product_attention with those masks
#    against torch;
# 3. masked attention scores 32 x 2048 x 2048 x 128 bf16 (alpha=0.125,mask)
#    with main's staged operand and with the next-tile prefetch, twice
#    each, beside the scale alone and the group / cycle masks (span 16),
#    each interleaved against cuBLAS in its run;
# 4. the prefetch kernel's staged forms at ragged shapes, its sanitizers
#    and 4 processes; 2 processes on main's group and shared masks.
source benchmarks/device-steps.sh .bundle-main
P=/tmp/binpf
if [ ! -x $P/gemm-run ]; then
  cp -r $B $P && python3 -c "import lzma,sys; open(sys.argv[2],'wb').write(lzma.open(sys.argv[1]).read())" .bundle-pf/gemm-run.xz $P/gemm-run
fi
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
scores="--batch 32 --layout nt --shape 2048x2048x128 --stages=wgmma --repeat 20 --dtype bf16 --out-dtype bf16"
I=test/Inputs
step span-odd 30 $B/gemm-run --batch 6 --epilogue alpha=0.125,mask-group=3,mask-cycle=3 --out-dtype bf16 --stages=naive,warptile,mma,wgmma --shape 1000x999x777 --dtype bf16 --repeat 3 --json $O/span-odd.json
step span-staged-group 20 $B/gemm-run --batch 8 --layout nt --epilogue alpha=0.125,mask-group=2 --out-dtype bf16 --stages=wgmma --shape 2048x2048x128 --dtype bf16 --repeat 3 --json $O/span-staged-group.json
step span-staged-cycle 20 $B/gemm-run --batch 8 --layout nt --epilogue mask-cycle=2,relu --out-dtype f16 --stages=wgmma --shape 2000x1992x128 --dtype f16 --repeat 3 --json $O/span-staged-cycle.json
step residual-batch-staged 20 $B/gemm-run --batch 4 --layout nt --epilogue bias,residual,gelu --out-dtype bf16 --stages=wgmma --shape 2048x2048x128 --dtype bf16 --repeat 3 --json $O/residual-batch-staged.json
step span-long-k 20 $B/gemm-run --batch 4 --layout nt --epilogue mask-group=2,mask-cycle=2 --out-dtype bf16 --stages=wgmma --shape 1024x1024x4096 --dtype bf16 --repeat 3 --json $O/span-long-k.json
step gram 20 $B/gemm-run $I/gram-bf16-1000x777.mlir --stages=naive,warptile,mma,wgmma --repeat 2
step attn-seqmask 20 $B/gemm-run $I/attention-seqmask-f16-2x3x130x67x72.mlir --stages=naive,warptile,mma,wgmma --repeat 3
step attn-headbias 20 $B/gemm-run $I/attention-headbias-bf16-2x3x130x67x72.mlir --stages=naive,warptile,mma,wgmma --repeat 3
step keypad-odd 30 $B/gemm-run --batch 6 --epilogue alpha=0.125,bias-group=3,row-scale-group=1 --out-dtype bf16 --stages=naive,warptile,mma,wgmma --shape 1000x999x777 --dtype bf16 --repeat 3 --json $O/keypad-odd.json
step keypad-scores 20 $B/gemm-run --batch 8 --layout nt --epilogue alpha=0.125,bias-group=2 --out-dtype bf16 --stages=wgmma --shape 2048x2048x128 --dtype bf16 --repeat 3 --json $O/keypad-scores.json
step attn-keypad 20 $B/gemm-run $I/attention-keypad-bf16-2x3x130x67x72.mlir --stages=naive,warptile,mma,wgmma --repeat 3
step attn-gqa 20 $B/gemm-run $I/attention-gqa-bf16-2x8x2x130x67x72.mlir --stages=naive,warptile,mma,wgmma --repeat 3
m="--batch 4 --layout nt --shape 2048x2048x128 --dtype bf16 --out-dtype bf16 --stages=wgmma --epilogue alpha=0.125,mask"
g="--batch 4 --layout nt --shape 2048x2048x128 --dtype bf16 --out-dtype bf16 --stages=wgmma --epilogue alpha=0.125,mask-group=2"
r="--layout nt --shape 7999x8000x128 --dtype f16 --out-dtype f16 --stages=wgmma --epilogue bias,residual,gelu"
rb="--batch 4 --layout nt --epilogue bias,residual,gelu --out-dtype bf16 --stages=wgmma --shape 2048x2048x128 --dtype bf16"
sanitize_new() {
  TOOLS=memcheck PER_RUN_TIMEOUT=100 benchmarks/sanitize-runs.sh $B $O/san-g-memcheck "$g" &
  TOOLS=racecheck PER_RUN_TIMEOUT=100 benchmarks/sanitize-runs.sh $B $O/san-g-racecheck "$g" &
  TOOLS=synccheck PER_RUN_TIMEOUT=100 benchmarks/sanitize-runs.sh $B $O/san-g-synccheck "$g" &
  TOOLS=memcheck PER_RUN_TIMEOUT=100 benchmarks/sanitize-runs.sh $B $O/san-rb-memcheck "$rb" &
  wait
}
export -f sanitize_new
export B P O m g r rb
step sanitize-new 105 bash -c sanitize_new
step main-concurrency-4 30 benchmarks/concurrency-check.sh $B 1 "$m --repeat 3" "$rb --repeat 3" "$g --repeat 3" "$r --repeat 3"
step py-attention 60 env GEMM_OPT_BINDIR=$B GEMM_OPT_CACHE=$(mktemp -d) PYTHONPATH=python LD_LIBRARY_PATH=$B python3 -m pytest -q -p no:cacheprovider python/tests/gpu/test_torch.py python/tests/gpu/test_functions.py -k "attention"
step mask-main-1 20 $B/gemm-run $scores --epilogue alpha=0.125,mask --json $O/mask-main-1.json
step mask-group16 20 $B/gemm-run $scores --epilogue alpha=0.125,mask-group=16 --json $O/mask-group16.json
step mask-cycle16 20 $B/gemm-run $scores --epilogue alpha=0.125,mask-cycle=16 --json $O/mask-cycle16.json
step scale-main 20 $B/gemm-run $scores --epilogue alpha=0.125 --json $O/scale-main.json
step mask-pf-1 20 $P/gemm-run $scores --epilogue alpha=0.125,mask --json $O/mask-pf-1.json
step mask-main-2 20 $B/gemm-run $scores --epilogue alpha=0.125,mask --json $O/mask-main-2.json
step mask-pf-2 20 $P/gemm-run $scores --epilogue alpha=0.125,mask --json $O/mask-pf-2.json
step pf-odd-gelu 15 $P/gemm-run --layout nn --shape 7999x8000x128 --dtype f16 --out-dtype f16 --stages=wgmma --epilogue bias,residual,gelu --repeat 3 --json $O/pf-odd-gelu.json
step pf-beta-silu 15 $P/gemm-run --layout nt --shape 8000x7992x128 --dtype f16 --out-dtype f16 --stages=wgmma --epilogue row-scale,alpha=0.5,beta=0.25,silu --repeat 3 --json $O/pf-beta-silu.json
step pf-mask-relu 15 $P/gemm-run --batch 8 --layout nn --shape 2048x2048x128 --dtype bf16 --out-dtype bf16 --stages=wgmma --epilogue bias,mask,relu --repeat 3 --json $O/pf-mask-relu.json
sanitize_all() {
  TOOLS=memcheck PER_RUN_TIMEOUT=120 benchmarks/sanitize-runs.sh $P $O/san-pf-m-memcheck "$m" &
  TOOLS=racecheck PER_RUN_TIMEOUT=120 benchmarks/sanitize-runs.sh $P $O/san-pf-m-racecheck "$m" &
  TOOLS=synccheck PER_RUN_TIMEOUT=120 benchmarks/sanitize-runs.sh $P $O/san-pf-m-synccheck "$m" &
  TOOLS=memcheck PER_RUN_TIMEOUT=120 benchmarks/sanitize-runs.sh $P $O/san-pf-r-memcheck "$r" &
  wait
}
export -f sanitize_all
step pf-sanitize 130 bash -c sanitize_all
step pf-concurrency-4 40 benchmarks/concurrency-check.sh $P 2 "$m --repeat 3" "$r --repeat 3" "$m --repeat 3" "$r --repeat 3"
step main-concurrency-2 30 benchmarks/concurrency-check.sh $B 2 "$g --repeat 3" "$m --repeat 3"
summarize
cat $O/gpu.txt
for f in $O/san-*/*.txt; do echo "$f: $(grep -hE 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tr '\n' ' ') $(tail -n1 $f)"; done
tail -n1 $O/*concurrency*.txt
grep -h "PASS\|FAIL" $O/attn-*.txt | head -16
finish
