#!/usr/bin/env bash
# Device run: the split-K reduction as a programmatic dependent launch or
# not. The same PTX and manifest, once as compiled ("programmatic_dependent":
# true on the reduction) and once with that line removed (a plain launch:
# griddepcontrol is then a no-op), in one gemm-run, each interleaved with
# cuBLAS; then the GPU lane's split-K test.
set -uo pipefail
B=/tmp/bin
O=$OUT/r; mkdir -p $O
benchmarks/unpack-bundle.sh .bundle $B > $O/unpack.log 2>&1 || { cat $O/unpack.log; exit 1; }
export PATH=$B:$PATH LD_LIBRARY_PATH=$B
for shape in 32x5120x5120 128x5120x5120 32x5120x13824 128x8192x8192 24x8192x8192; do
  d=$O/$shape; mkdir -p $d
  gemm-run --compile-only --stages wgmma --dtype bf16 --out-dtype bf16 --layout nt --shape $shape --emit-dir $d > /dev/null
  grep -v '"programmatic_dependent": true,' $d/wgmma.json | sed 's/"stage": "wgmma"/"stage": "wgmma-plain"/' > $d/plain.json
  cmd=(gemm-run --ptx $d/wgmma.ptx --manifest $d/wgmma.json --ptx $d/wgmma.ptx --manifest $d/plain.json --repeat 200 --json $d/ab.json)
  echo "${cmd[*]}" > $d/ab.command
  timeout 60 "${cmd[@]}" > $d/ab.txt 2>&1; echo "rc=$?" >> $d/ab.txt
  echo "$shape: $(grep -cE 'programmatic_dependent' $d/wgmma.json) PDL kernel(s)"; grep -E "^wgmma" $d/ab.txt | grep -E "PASS|FAIL" | head -2
  grep -E "^wgmma(-plain)? +\|" $d/ab.txt | awk -F'|' '{print $1 "il ms " $6 " il cuBLAS " $7 " il% " $8}'
done
PYTHONPATH=$PWD/.whl/lit timeout 200 bash benchmarks/run-gpu-lit.sh $B --filter "GEMM_OPT :: GPU/matmul-wgmma-split-k" > $O/gpu-lit.txt 2>&1; echo "rc=$?" >> $O/gpu-lit.txt
grep -E "^(PASS|FAIL)|rc=" $O/gpu-lit.txt | tail -3
cd $OUT && tar czf r.tgz r && rm -rf r
