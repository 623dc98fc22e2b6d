#!/usr/bin/env bash
# On the GPU machine: unpacks the static bundle (scripts/build-static-bundle.sh)
# into BINDIR (every *.xz: gemm-run, the lit tools, libgemm_opt_runtime.so
# for the Python package) and checks that gemm-run starts and sees the GPU.
#   benchmarks/unpack-bundle.sh BUNDLEDIR BINDIR
set -euo pipefail
bundle=$1 bin=$2
mkdir -p "$bin"
for f in "$bundle"/*.xz; do
  name=$(basename "$f" .xz)
  if command -v xz >/dev/null; then xz -dc "$f" > "$bin/$name"; else python3 -m lzma -d -c "$f" > "$bin/$name" 2>/dev/null || python3 -c "import lzma,sys; sys.stdout.buffer.write(lzma.open(sys.argv[1]).read())" "$f" > "$bin/$name"; fi
  chmod +x "$bin/$name"
done
export LD_LIBRARY_PATH="$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
"$bin/gemm-run" --probe
