#!/usr/bin/env bash
# On the 2-core development machine (the compile-time target of issue 18):
# how long gemm-run takes to compile each dynamic input once (its own
# "compiled STAGE  T ms" line: parse, every rung, PTX, the version-3
# manifest), median of REPEATS runs, as JSON lines with the command.
#   benchmarks/compile-time-dynamic.sh BUILD_DIR OUT.jsonl [REPEATS]
set -euo pipefail
bin=$1/bin
out=$2
repeats=${3:-5}
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
: > "$out"
measure() { # name, gemm-run arguments...
  local name=$1; shift
  local times=()
  for _ in $(seq "$repeats"); do
    times+=("$("$bin/gemm-run" "$@" --compile-only 2>/dev/null | awk '$1 == "compiled" { print $3 }')")
  done
  python3 - "$name" "$out" "$*" "${times[@]}" <<'PY'
import json, statistics, sys
name, out, args, *times = sys.argv[1:]
ms = [float(t) for t in times]
line = {"input": name, "command": "gemm-run " + args + " --compile-only", "compile_ms": ms,
        "median_ms": statistics.median(ms), "cores": __import__("os").cpu_count()}
open(out, "a").write(json.dumps(line) + "\n")
print(f"{name:40s} median {statistics.median(ms):7.1f} ms  {ms}")
PY
}
measure "matmul ?x4096 * 4096x6144 bf16 (M)" --dynamic --shape 1x6144x4096 --dtype bf16 --stages wgmma
measure "matmul ?x4096 * 4096x6144 bf16 nt (M)" --dynamic --shape 1x6144x4096 --dtype bf16 --layout nt --stages wgmma
measure "matmul ?x? f32 (M, N, K)" --dynamic=mnk --dtype f32 --stages wgmma
measure "matmul ?x? f16 (M, N, K)" --dynamic=mnk --dtype f16 --stages wgmma
measure "matmul ?x? bf16 tt bias,gelu (M, N, K)" --dynamic=mnk --dtype bf16 --layout tt --epilogue bias,gelu --out-dtype bf16 --stages wgmma
measure "batch_matmul ?x2048x128 * K^T bf16 nt (batch)" --dynamic=b --shape 2048x2048x128 --dtype bf16 --layout nt --out-dtype bf16 --stages wgmma
measure "batch_matmul ?x?x? f16 (batch, M, N, K)" --dynamic=bmnk --dtype f16 --stages wgmma
measure "batch_matmul ?x?x? bf16 nt bias,gelu (batch, M, N, K)" --dynamic=bmnk --dtype bf16 --layout nt --epilogue bias,gelu --out-dtype bf16 --stages wgmma
measure "matmul ?x4096 f32 (M, SIMT variants)" --dynamic --shape 1x4096x4096 --dtype f32 --stages wgmma
measure "softmax ?x5000 f32 (rows)" "$repo/test/Inputs/softmax-dynamic-rows-5000xf32.mlir" --stages softmax-rows --sizes 1
measure "softmax ?x131072 f32 (rows)" "$repo/test/Inputs/softmax-dynamic-rows-131072xf32.mlir" --stages softmax-rows --sizes 1
