#!/usr/bin/env bash
# On the GPU machine (torch, pytest, matplotlib; no MLIR): the Python lane.
# Runs every pytest test of python/ (the GPU ones included: every stage
# against torch at odd shapes, a non-default stream, the wgmma tensor-map
# path, softmax) with the unpacked static bundle, then
# benchmarks/python-timing.py (gemm_opt.matmul bf16 4096^3 against
# gemm-run's time for the same kernel; the host overhead of a cached call)
# and the ladder from Python's command line, with both pictures.
#   bash benchmarks/unpack-bundle.sh .bundle BINDIR
#   bash benchmarks/run-python-gpu.sh BINDIR OUTDIR
# OUTDIR gets pytest.log, pytest.xml, timing.log, python-timing.json,
# gemm-run's JSON, ladder-bf16-4096.{json,log} and the ladder and roofline
# PNGs. Exits non-zero when a test, a timing check or the ladder fails.
set -uo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bin=$(cd "$1" && pwd)
out=$2
mkdir -p "$out"
out=$(cd "$out" && pwd)
export GEMM_OPT_BINDIR=$bin
export GEMM_OPT_CACHE=${GEMM_OPT_CACHE:-$(mktemp -d)}
export PYTHONPATH=$repo/python${PYTHONPATH:+:$PYTHONPATH}
export LD_LIBRARY_PATH=$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
py=${PYTHON:-python3}

"$py" -c 'import torch; print("torch", torch.__version__, "cuda", torch.cuda.is_available())'
"$py" -m pytest "$repo/python/tests" -v -rs -p no:cacheprovider --junitxml="$out/pytest.xml" \
  --basetemp="$(mktemp -d)/pytest" > "$out/pytest.log" 2>&1
tests=$?
tail -25 "$out/pytest.log"
"$py" "$repo/benchmarks/python-timing.py" "$bin" "$out" > "$out/timing.log" 2>&1
timing=$?
tail -30 "$out/timing.log"
(cd "$out" && "$py" -m gemm_opt ladder --shape 4096x4096x4096 --dtype bf16 --json ladder-bf16-4096.json \
  --plot ladder-bf16-4096.png --roofline roofline-bf16-4096.png > ladder-bf16-4096.log 2>&1)
ladder=$?
tail -20 "$out/ladder-bf16-4096.log"
echo "run-python-gpu: pytest exit $tests, timing exit $timing, ladder exit $ladder"
[ "$tests" = 0 ] && [ "$timing" = 0 ] && [ "$ladder" = 0 ]
