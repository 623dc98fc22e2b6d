#!/usr/bin/env bash
# Installs what gemm-opt needs from Debian (idempotent), checks the CUDA
# toolkit, then configures and builds into ./build (or $GEMM_OPT_BUILD_DIR).
#   scripts/setup.sh            install + configure + build everything
#   GEMM_OPT_SKIP_INSTALL=1 ... skip the package step (no root needed)
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${GEMM_OPT_BUILD_DIR:-$repo/build}
llvm=/usr/lib/llvm-22

# python3-*: the gemm_opt package's tests and plots (python/).
# clang-22 + libclang-rt-22-dev: the sanitizer and libFuzzer build
# (scripts/sanitize-host.sh, scripts/fuzz.sh) that CI runs as well.
packages=(llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools lld-22
          ninja-build cmake clang python3 python3-pytest python3-numpy python3-matplotlib
          clang-22 libclang-rt-22-dev)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ] && [ "${GEMM_OPT_SKIP_INSTALL:-0}" != 1 ]; then
  echo "setup: installing ${missing[*]}"
  sudo=""
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null || { echo "setup: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
    sudo=sudo
  fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
elif [ ${#missing[@]} -gt 0 ]; then
  echo "setup: missing packages (GEMM_OPT_SKIP_INSTALL=1): ${missing[*]}" >&2
  exit 1
fi
[ -x "$llvm/bin/mlir-opt" ] || { echo "setup: $llvm/bin/mlir-opt not found after install" >&2; exit 1; }

# The CUDA toolkit is optional for building: gemm-run loads libcuda and
# cuBLAS at run time. Without ptxas the lit tests that assemble PTX are
# reported UNSUPPORTED, so say so plainly.
cuda=${CUDA_HOME:-/usr/local/cuda}
if [ -x "$cuda/bin/ptxas" ]; then
  echo "setup: CUDA toolkit at $cuda ($("$cuda/bin/ptxas" --version | tail -1))"
else
  echo "setup: WARNING: no ptxas in $cuda/bin (set CUDA_HOME): PTX will not be assembled by the tests"
fi
if ! ls "$cuda"/lib64/libcublas.so* >/dev/null 2>&1 && ! ls "$cuda"/targets/*/lib/libcublas.so* >/dev/null 2>&1; then
  echo "setup: WARNING: no cuBLAS under $cuda: gemm-run cannot check results on a GPU machine"
fi

if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$repo" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
    -DLLVM_USE_LINKER=lld \
    -DMLIR_DIR="$llvm/lib/cmake/mlir" >/dev/null
fi
ninja -C "$build" ${GEMM_OPT_NINJA_TARGETS:-}
echo "setup: built into $build"
