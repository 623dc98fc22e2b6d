#!/usr/bin/env bash
# Owed (not run in session 15: its device time was spent): over the split-K
# kernels as committed (the reduction a programmatic dependent launch; the
# sanitizer runs in suite-and-checks/ were of the build before it) and the
# module of several functions: compute-sanitizer memcheck and racecheck
# (no kernel filter: with --kernel-name racecheck fails internally, see
# suite-and-checks/NOTE.md; reports in cuBLAS's nvjet kernels are cuBLAS's),
# then 2 and 4 gemm-runs at once.
#   bash benchmarks/results/2026-12-03-split-k/owed-sanitize-concurrency.sh   (on the device, $OUT set)
set -uo pipefail
B=/tmp/bin
O=$OUT/r; mkdir -p $O
benchmarks/unpack-bundle.sh .bundle $B > $O/unpack.log 2>&1 || { cat $O/unpack.log; exit 1; }
export PATH=$B:$PATH LD_LIBRARY_PATH=$B
S=/usr/local/cuda/bin/compute-sanitizer
i=0
for args in "--stages wgmma --dtype bf16 --out-dtype bf16 --layout nt --epilogue bias,gelu --shape 100x5000x5000" \
            "--stages wgmma --dtype bf16 --layout nn --shape 32x5120x5120" \
            "--stages wgmma --dtype f16 --layout nn --shape 64x4104x4097" \
            "test/Inputs/module-dynamic-bf16.mlir --stages wgmma --sizes 1,77,300"; do
  i=$((i+1))
  for tool in memcheck racecheck; do
    CMD="$S --tool $tool --error-exitcode 9 gemm-run --check-only $args"
    echo "$CMD" > $O/sanitize-$i-$tool.command
    timeout 150 $CMD > $O/sanitize-$i-$tool.txt 2>&1; echo "rc=$?" >> $O/sanitize-$i-$tool.txt
    echo "$i $tool: $(grep -hE 'ERROR SUMMARY|RACECHECK SUMMARY' $O/sanitize-$i-$tool.txt)" \
         "reports in gemm-opt's kernels: $(grep -E 'Race reported|access at|Invalid' $O/sanitize-$i-$tool.txt | grep -c '_kernel')"
  done
done
A1="--stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --shape 128x5120x13824 --repeat 20"
A2="--stages=wgmma --dtype bf16 --layout nn --shape 32x5120x5120 --repeat 20"
A3="--stages=wgmma --dtype f16 --layout nt --epilogue bias,residual,gelu --out-dtype f16 --shape 100x5000x5000 --repeat 20"
A4="test/Inputs/module-dynamic-bf16.mlir --stages=wgmma --sizes 1,77,300 --repeat 5"
PER_RUN_TIMEOUT=90 benchmarks/concurrency-check.sh $B 2 "$A1" "$A2" > $O/concurrency-2.txt 2>&1; echo "rc=$?" >> $O/concurrency-2.txt
PER_RUN_TIMEOUT=120 benchmarks/concurrency-check.sh $B 2 "$A1" "$A2" "$A3" "$A4" > $O/concurrency-4.txt 2>&1; echo "rc=$?" >> $O/concurrency-4.txt
tail -n 2 $O/concurrency-2.txt $O/concurrency-4.txt
cd $OUT && tar czf r.tgz r && rm -rf r
