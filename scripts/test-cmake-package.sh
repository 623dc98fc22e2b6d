#!/usr/bin/env bash
# The CMake package (README, "Using gemm-opt from another CMake project"):
# installs the build (build/ or $GEMM_OPT_BUILD_DIR, built first if needed)
# into a temporary prefix, configures and builds test/CMakePackage/consumer
# against it alone (CMAKE_PREFIX_PATH), then checks with FileCheck
# (test/CMakePackage/matmul.mlir) that the consumer's tool, the installed
# gemm-opt and upstream mlir-opt with the installed plugin compile a matmul
# to PTX. Prints one summary line with the times; scripts/test.sh runs it.
#   GEMM_OPT_KEEP_PACKAGE_TEST=1  keep the temporary prefix and build
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${GEMM_OPT_BUILD_DIR:-$repo/build}
llvm=/usr/lib/llvm-22
[ -f "$build/CMakeCache.txt" ] || { echo "test-cmake-package: no build in $build (scripts/setup.sh)" >&2; exit 1; }

tmp=$(mktemp -d)
if [ "${GEMM_OPT_KEEP_PACKAGE_TEST:-0}" = 1 ]; then
  echo "test-cmake-package: keeping $tmp"
else
  trap 'rm -rf "$tmp"' EXIT
fi
prefix=$tmp/prefix
log=$tmp/log
# Quiet unless a step fails: then the end of its output says why.
step() { "$@" >"$log" 2>&1 || { tail -40 "$log"; echo "test-cmake-package: failed: $*" >&2; exit 1; }; }
now() { date +%s; }

start=$(now)
# Everything install copies must exist; a no-op after scripts/setup.sh.
step ninja -C "$build"
step cmake --install "$build" --prefix "$prefix"
installed=$(now)

# The consumer is built like the build it uses: same compiler, launcher
# (ccache on the development machines) and linker (lld links the MLIR
# archives in 3 s, ld.bfd in 16).
cache() { sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"; }
args=(-DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix"
      -DCMAKE_CXX_COMPILER="$(cache CMAKE_CXX_COMPILER)")
launcher=$(cache CMAKE_CXX_COMPILER_LAUNCHER)
[ -n "$launcher" ] && args+=(-DCMAKE_CXX_COMPILER_LAUNCHER="$launcher")
linker=$(cache LLVM_USE_LINKER)
[ -n "$linker" ] && args+=(-DCMAKE_EXE_LINKER_FLAGS=-fuse-ld="$linker")
step cmake -G Ninja -S "$repo/test/CMakePackage/consumer" -B "$tmp/consumer" "${args[@]}"
configured=$(now)
step ninja -C "$tmp/consumer" -j"${GEMM_OPT_PACKAGE_JOBS:-2}"
built=$(now)

# The package must stand alone: nothing may reach into the source tree's
# headers or the build directory.
if grep -E -q -- "$repo/include|$build/" "$tmp/consumer/build.ninja"; then
  grep -E -o -- "[^ ]*($repo/include|$build/)[^ ]*" "$tmp/consumer/build.ninja" | sort -u | head >&2
  echo "test-cmake-package: the consumer uses files outside the installed prefix" >&2
  exit 1
fi

input=$repo/test/CMakePackage/matmul.mlir
pipeline='builtin.module(gemm-compile{stage=coalesced})'
checks=0
check() {  # check NAME FILECHECK-PREFIX COMMAND...
  local name=$1 checkprefix=$2; shift 2
  if ! "$@" "$input" >"$tmp/out.mlir" 2>"$log"; then
    tail -20 "$log"; echo "test-cmake-package: $name failed: $*" >&2; exit 1
  fi
  # The PTX is one long line: FileCheck's report is cut to stay readable.
  if ! "$llvm/bin/FileCheck" --dump-input=never --check-prefix="$checkprefix" "$input" \
      <"$tmp/out.mlir" >"$log" 2>&1; then
    tail -40 "$log" | cut -c1-300; echo "test-cmake-package: $name: wrong output" >&2; exit 1
  fi
  checks=$((checks + 1))
}
tool=$tmp/consumer/gemm-consumer-opt
check consumer CHECK "$tool" --pass-pipeline="$pipeline"
check consumer-pipeline CONSUMER "$tool" --consumer-coalesced-sm80
check gemm-opt CHECK "$prefix/bin/gemm-opt" --pass-pipeline="$pipeline"
# Instrumented builds make no plugin (tools/CMakeLists.txt).
if [ -z "$(cache GEMM_OPT_SANITIZE)" ] && [ "$(cache GEMM_OPT_BUILD_FUZZERS)" != ON ]; then
  check mlir-opt-plugin CHECK "$llvm/bin/mlir-opt" --load-pass-plugin="$prefix/lib/GemmOptPlugin.so" \
    --pass-pipeline="$pipeline"
fi

# The runtime alone (no MLIR) reads the manifest the installed gemm-opt
# writes.
step "$prefix/bin/gemm-opt" "$input" \
  --gemm-stage-coalesced="ptx-file=$tmp/mm.ptx manifest-file=$tmp/mm.json" -o /dev/null
if ! "$tmp/consumer/gemm-consumer-manifest" "$tmp/mm.json" >"$tmp/manifest.out" 2>&1 ||
    ! grep -q "^matmul stage coalesced: 1 kernel(s)$" "$tmp/manifest.out"; then
  cat "$tmp/manifest.out"; echo "test-cmake-package: runtime-only consumer: wrong output" >&2; exit 1
fi
checks=$((checks + 1))

echo "test-cmake-package: ${checks} checks passed; install $((installed - start)) s," \
  "consumer configure $((configured - installed)) s, build $((built - configured)) s"
