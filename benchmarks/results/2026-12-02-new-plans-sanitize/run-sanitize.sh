#!/usr/bin/env bash
# Sanitizer over the kernels this session's plans newly choose and the fused epilogue.
set -u
OUT=$1
bash benchmarks/unpack-bundle.sh .bundle /tmp/bin >/dev/null 2>&1
export LD_LIBRARY_PATH=/tmp/bin
cs=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
mkdir -p $OUT/san
run() { # NAME TOOL ARGS...
  local name=$1 tool=$2; shift 2
  timeout 75 $cs --tool $tool /tmp/bin/gemm-run --check-only "$@" > $OUT/san/$name-$tool.log 2>&1
  echo "$name $tool rc=$? $(grep -hE 'ERROR SUMMARY|RACECHECK SUMMARY' $OUT/san/$name-$tool.log | tail -1) $(grep -hE '^[a-z0-9-]+ +(PASS|FAIL|ERROR)' $OUT/san/$name-$tool.log | awk '{print $1":"$2}' | tr '\n' ' ')"
}
for t in memcheck racecheck; do
  run few-wave-128x192 $t --shape 512x5120x5120 --layout nt --dtype bf16 --stages=wgmma &
  run batched-coop $t --batch 33 --shape 256x1024x128 --layout nt --dtype bf16 --out-dtype bf16 --stages=wgmma &
  run epilogue-gelu $t --shape 1000x999x777 --layout nt --dtype bf16 --out-dtype bf16 --epilogue bias,gelu,residual --stages=naive,warptile,mma,wgmma &
  run epilogue-batch $t --batch 3 --shape 130x67x259 --dtype f16 --out-dtype f16 --epilogue alpha=0.5,row-scale,beta=0.25,silu --stages=mma,wgmma &
  wait
done
cd $OUT && for f in san/*.log; do grep -E "^=========     at |Race reported" $f | sed -E 's/\+0x[0-9a-f]+//' | sort | uniq -c | head -5 | sed "s|^|$f: |"; done > kernels.txt; cat kernels.txt | cut -c1-220; tar czf san.tgz san && rm -rf san
