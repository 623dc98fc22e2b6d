#!/usr/bin/env bash
# Session 38, device call 1 (main at the session's start): the unseen
# suite's eight M = 300 layers with forced plans (inputs/*-m300.jsonl):
# swap-AB in clusters along the swapped problem's M, so that two blocks
# share the activation's tile by multicast (nvjet's 2x1 there, results/
# 2026-12-06-padded-m/cublas-kernels.txt; session 37 tried only the other
# direction), beside the heuristics, plain swap-AB and two non-swapped
# 128x256 schedules, and the heuristics' swap-AB plans over other padded M
# with and without clusters; then what the bias + GELU epilogue costs, term by term,
# with the heuristics' plans and with ping-pong plans (inputs/*-gelu.jsonl),
# with Nsight Compute's pipe and stall figures and the opcode counts of the
# 4096^3 kernels' SASS (inputs/*-4096.ptx, the heuristics' plan).
#   BUDGET=450 bash benchmarks/results/2026-12-07-session38/call1.sh
source benchmarks/device-steps.sh .bundle-new
I=benchmarks/results/2026-12-07-session38/inputs
nvidia-smi --query-gpu=name --format=csv,noheader > $O/gpu.txt
cat $O/gpu.txt
run() { # NAME SUITE DB [gemm-run options]
  local name=$1 suite=$2 db=$3
  shift 3
  step $name 30 gemm-run --suite $suite --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db="$db" "$@" --json $O/$name.json
}
run m300-heur $I/m300.txt ''
for v in swap152-cm2 swap152s6-cm2 swap104-cm2; do
  run m300-$v $I/m300.txt $I/$v-m300.jsonl
done
# The heuristics' swap-AB plans elsewhere in the padded-M family, as they
# are and in clusters of 2 along the swapped M (inputs/heur-cm2-padded.jsonl).
run padded-heur $I/padded-swap.txt ''
run padded-cm2 $I/padded-swap.txt $I/heur-cm2-padded.jsonl
for v in swap152 t256-sk swap152-cm4 t256-cn2; do
  run m300-$v $I/m300.txt $I/$v-m300.jsonl
done
# The GELU epilogue's reciprocal: rcp0 the committed MUFU form, rcp1 three
# Newton rounds on the FMA pipe from a bit-trick seed (one MUFU per element),
# rcp2 the two alternating (inputs/rcp/, PTX built here with a local
# experiment, not committed), beside the plain kernel of the same plan.
for s in 512x6144x4096 4096x4096x4096; do
  for k in plain rcp0 rcp1 rcp2 rcp0-again; do
    f=${k%-again}
    step $k-$s 20 gemm-run --ptx $I/rcp/$f-$s.ptx --manifest $I/rcp/$f-$s.json --repeat 20 --json $O/$k-$s.json
  done
done
G=$I/gelu-shapes.txt
for e in none bias gelu bias,gelu; do
  if [ $e = none ]; then run gelu-heur-$e $G ''; else run gelu-heur-${e/,/+} $G '' --epilogue $e; fi
done
tool() { command -v $1 || ls /usr/local/cuda/bin/$1 /opt/nvidia/nsight-compute/*/$1 2>/dev/null | head -1; }
export PTXAS=$(tool ptxas) CUOBJDUMP=$(tool cuobjdump)
S="--shape 512x6144x4096 --stages=wgmma --dtype bf16 --out-dtype bf16 --layout nt --tuning-db= --repeat 5"
NCU="$(tool ncu) --clock-control none -k regex:matmul_kernel --launch-skip 3 --launch-count 1 --section SpeedOfLight --section ComputeWorkloadAnalysis --section WarpStateStats --section InstructionStats"
step ncu-plain 40 $NCU gemm-run $S
step ncu-bias+gelu 40 $NCU gemm-run $S --epilogue bias,gelu
for k in plain bias-gelu; do
  step sass-$k 20 bash -c "\$PTXAS -arch=sm_90a $I/$k-4096.ptx -o /tmp/$k.cubin && \$CUOBJDUMP -sass /tmp/$k.cubin | grep -oE '^ +/\\*[0-9a-f]{4,6}\\*/ +(@!?U?P[0-9T] +)?[A-Z0-9.]+' | awk '{print \$NF}' | sort | uniq -c | sort -rn"
done
for v in pp64x192 pp64x256 pp128x128 pp64x256-cm2; do
  run gelu-$v-none $G $I/$v-gelu.jsonl
  run gelu-$v-bias+gelu $G $I/$v-gelu.jsonl --epilogue bias,gelu
done
for v in heur swap152-cm2 swap152s6-cm2; do
  if [ $v = heur ]; then run m300-heur-2 $I/m300.txt ''; else run m300-$v-2 $I/m300.txt $I/$v-m300.jsonl; fi
done
grep -H "all " $O/*.txt
summarize
finish
