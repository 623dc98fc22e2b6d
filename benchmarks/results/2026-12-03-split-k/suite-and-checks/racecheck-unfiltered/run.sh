#!/usr/bin/env bash
# Device run: racecheck over the split-K kernels without a kernel filter
# (with --kernel-name kns=matmul racecheck stopped on an internal "failed to
# handle a hardware exception"), and the same filter over a kernel without
# split-K, to tell the filter's failure from the kernel's.
set -uo pipefail
B=/tmp/bin
O=$OUT/r; mkdir -p $O
benchmarks/unpack-bundle.sh .bundle $B > $O/unpack.log 2>&1 || { cat $O/unpack.log; exit 1; }
export PATH=$B:$PATH LD_LIBRARY_PATH=$B
S=/usr/local/cuda/bin/compute-sanitizer
i=0
for spec in "|--dtype bf16 --out-dtype bf16 --layout nt --epilogue bias,gelu --shape 100x5000x5000" \
            "|--dtype bf16 --layout nn --shape 32x5120x5120" \
            "--kernel-name kns=matmul|--dtype bf16 --out-dtype bf16 --layout nt --shape 512x4096x4096"; do
  i=$((i+1)); filter=${spec%%|*}; args=${spec#*|}
  CMD="$S --tool racecheck $filter --error-exitcode 9 gemm-run --check-only --stages wgmma $args"
  echo "$CMD" > $O/race-$i.command
  timeout 150 $CMD > $O/race-$i.txt 2>&1; echo "rc=$?" >> $O/race-$i.txt
  echo "== $i: $(grep -cE "Race reported" $O/race-$i.txt) race reports; in gemm-opt's kernels: $(grep -E "Race reported|Access at" $O/race-$i.txt | grep -c matmul_kernel)"
  grep -hE "PASS|ERROR |Internal|RACECHECK SUMMARY|rc=" $O/race-$i.txt | head -5
done
cd $OUT && tar czf r.tgz r && rm -rf r
