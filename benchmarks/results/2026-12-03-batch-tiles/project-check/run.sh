#!/usr/bin/env bash
# Session 17, the project check for the changed kernels: compute-sanitizer
# (memcheck, racecheck) and 2 / 4 concurrent processes over the wgmma
# kernels this session touched: one persistent grid over every batch entry
# (128x128 over two K tiles; 64x128 over one, ragged N; a bias,gelu
# epilogue) and the store_buffers plan (64x256 with 4 boxes, from a tuning
# database entry). Each phase is packed as it ends.
set -uo pipefail
source benchmarks/device-steps.sh
A1="--stages wgmma --batch 4 --layout nt --dtype bf16 --out-dtype bf16 --shape 2048x2048x128"
A2="--stages wgmma --batch 8 --layout nt --dtype f16 --out-dtype f16 --shape 1024x1000x64"
A3="--stages wgmma --batch 16 --layout nt --dtype bf16 --out-dtype bf16 --shape 1024x1024x128 --epilogue bias,gelu"
A4="--stages wgmma --batch 8 --layout nt --dtype bf16 --out-dtype bf16 --shape 1024x1024x128 --tuning-db benchmarks/results/2026-12-03-batch-tiles/project-check/boxes-db.jsonl"
for a in "$A1" "$A2" "$A3" "$A4"; do gemm-run --compile-only $a; done > $O/plans.txt 2>&1
TOOLS=memcheck PER_RUN_TIMEOUT=40 benchmarks/sanitize-runs.sh $B $O/memcheck "$A1" "$A2" "$A3" "$A4"
(cd $OUT && tar czf p1.tgz r)
PER_RUN_TIMEOUT=40 benchmarks/concurrency-check.sh $B 2 "$A1 --repeat 20" "$A4 --repeat 20" > $O/concurrency-2.txt 2>&1; echo "rc=$?" >> $O/concurrency-2.txt
PER_RUN_TIMEOUT=60 benchmarks/concurrency-check.sh $B 2 "$A1 --repeat 20" "$A2 --repeat 20" "$A3 --repeat 20" "$A4 --repeat 20" > $O/concurrency-4.txt 2>&1; echo "rc=$?" >> $O/concurrency-4.txt
tail -n 2 $O/concurrency-2.txt $O/concurrency-4.txt
(cd $OUT && tar czf p2.tgz r)
TOOLS=racecheck PER_RUN_TIMEOUT=40 benchmarks/sanitize-runs.sh $B $O/racecheck "$A1" "$A2" "$A3" "$A4"
finish
