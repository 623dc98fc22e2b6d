#!/usr/bin/env bash
# Session 17: batched kernels over every entry's tiles with shared epilogue
# vectors (bias, row scale), checked against cuBLASLt / the reference.
set -uo pipefail
start=$(date +%s)
B=/tmp/bin
O=$OUT/r; mkdir -p $O
benchmarks/unpack-bundle.sh .bundle $B > $O/unpack.log 2>&1 || { cat $O/unpack.log; exit 1; }
export PATH=$B:$PATH LD_LIBRARY_PATH=$B
run() { local name=$1; shift; echo "$*" > $O/$name.command; timeout 100 "$@" > $O/$name.txt 2>&1; echo "rc=$?" >> $O/$name.txt; echo "== $name $(( $(date +%s) - start )) s"; grep -E "FAIL|PASS|grid" $O/$name.txt | tail -4; }
run bias-gelu gemm-run --batch 4 --layout nt --dtype bf16 --out-dtype bf16 --shape 2048x2048x128 --epilogue bias,gelu --stages wgmma --json $O/bias-gelu.json
run rowscale-relu gemm-run --batch 3 --layout nn --dtype f16 --out-dtype f16 --shape 2048x2048x768 --epilogue row-scale,relu --stages wgmma --json $O/rowscale-relu.json
run residual gemm-run --batch 4 --layout nt --dtype bf16 --out-dtype bf16 --shape 2048x2048x128 --epilogue residual --stages wgmma --json $O/residual.json
TOOLS=memcheck PER_RUN_TIMEOUT=60 benchmarks/sanitize-runs.sh $B $O/san "--stages wgmma --batch 8 --layout nt --dtype bf16 --out-dtype bf16 --shape 1024x1000x128 --epilogue bias,gelu"
echo "done $(( $(date +%s) - start )) s"
cd $OUT && tar czf r.tgz r && rm -rf r
