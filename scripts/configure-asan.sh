#!/usr/bin/env bash
# Configures (once) and builds the instrumented build shared by
# scripts/sanitize-host.sh and scripts/fuzz.sh: clang-22 with
# -fsanitize=address,undefined (no recovery: any report aborts) and libFuzzer
# coverage, into build-asan (or $GEMM_OPT_ASAN_BUILD_DIR). Arguments are ninja
# targets. Needs clang-22 and libclang-rt-22-dev (scripts/setup.sh installs them).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${GEMM_OPT_ASAN_BUILD_DIR:-$repo/build-asan}
if [ ! -f "$build/build.ninja" ]; then
  launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  cmake -G Ninja -S "$repo" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DLLVM_USE_LINKER=lld \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DGEMM_OPT_SANITIZE=address,undefined -DGEMM_OPT_BUILD_FUZZERS=ON \
    "${launcher[@]}" >/dev/null
fi
# Quiet unless it fails: then the end of ninja's output says why.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
ninja -C "$build" "$@" >"$log" 2>&1 || { tail -40 "$log"; exit 1; }
