#!/usr/bin/env bash
# Many-wave grids at an M whose last 128-row tile is mostly padding: the
# heuristics' plan (128x128) against 64x256 tiles with the split last wave.
source benchmarks/device-steps.sh
step heur 40 gemm-run --suite benchmarks/results/2026-12-04-stream-k/many-waves/pad.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db '' --json $O/heur.json
step pad64 40 gemm-run --suite benchmarks/results/2026-12-04-stream-k/many-waves/pad.txt --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db benchmarks/results/2026-12-04-stream-k/many-waves/pad64.jsonl --json $O/pad64.json
summarize
finish
