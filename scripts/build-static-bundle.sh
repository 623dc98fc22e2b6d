#!/usr/bin/env bash
# Links fully static gemm-run and gemm-opt for a GPU machine that has no MLIR
# (only glibc, zlib and zstd stay dynamic), strips them and compresses them
# with xz into OUTDIR (default .bundle/, git-ignored), ready to be carried.
#   scripts/build-static-bundle.sh [OUTDIR]
# GEMM_OPT_BUNDLE_GEMM_OPT=0 leaves gemm-opt out (gemm-run compiles by
# itself; the device tool carries at most 64 MiB). The bundle also holds
# FileCheck, not and count (with the libz3 they load) for the GPU lit lane,
# and libgemm_opt_runtime.so (static libstdc++ and LLVMSupport) for the
# Python package.
# Debian's CMake targets link libLLVM.so/libMLIR.so, so this has its own link
# line over the static archives; see ../shared/notes/mlir22-gpu-facts.md.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${GEMM_OPT_BUILD_DIR:-$repo/build}
out=${1:-$repo/.bundle}
llvm=/usr/lib/llvm-22/lib
mkdir -p "$out"

ninja -C "$build" gemm-run gemm-opt gemm_opt_runtime >/dev/null

# Every archive of ours (inside one --start-group, so their order is free):
# a library added under lib/ is linked without editing this list.
mapfile -t ours < <(find "$build/lib" -name 'libGemmOpt*.a' | sort)
mlir=("$llvm"/libMLIR*.a)
llvmlibs=("$llvm"/libLLVM*.a)
zstd=$(ls /usr/lib/x86_64-linux-gnu/libzstd.so.1 2>/dev/null || echo -lzstd)

# The GPU machine has no LLVM or MLIR: nothing carried may need their
# shared libraries (the runtime links LLVMSupport statically).
check_no_llvm() {
  if readelf -d "$1" | grep -E 'NEEDED.*\[lib(LLVM|MLIR|z3)' >&2; then
    echo "build-static-bundle: $1 needs a shared library of LLVM/MLIR/z3" >&2
    exit 1
  fi
}

link() {
  local name=$1; shift
  clang++ -fuse-ld=lld -O2 -Wl,--gc-sections -static-libstdc++ -static-libgcc \
    -o "$out/$name" "$@" \
    -Wl,--start-group "${ours[@]}" "${mlir[@]}" "${llvmlibs[@]}" -Wl,--end-group \
    "$zstd" -lz -lpthread -ldl -lm
  check_no_llvm "$out/$name"
  strip "$out/$name"
  xz -6 -T2 -f -k "$out/$name"
  rm -f "$out/$name"
}

link gemm-run "$build"/tools/gemm-run/CMakeFiles/gemm-run.dir/*.cpp.o
if [ "${GEMM_OPT_BUNDLE_GEMM_OPT:-1}" = 1 ]; then
  link gemm-opt "$build/tools/gemm-opt/CMakeFiles/gemm-opt.dir/gemm-opt.cpp.o"
else
  rm -f "$out/gemm-opt.xz"
fi
check_no_llvm "$build/lib/libgemm_opt_runtime.so"
strip -o "$out/libgemm_opt_runtime.so" "$build/lib/libgemm_opt_runtime.so"
xz -6 -T2 -f "$out/libgemm_opt_runtime.so"
for tool in FileCheck not count; do
  xz -6 -T2 -c "/usr/lib/llvm-22/bin/$tool" > "$out/$tool.xz"
done
z3=$(ldd /usr/lib/llvm-22/bin/FileCheck | awk '/libz3/ {print $3}')
[ -z "$z3" ] || xz -6 -T2 -c "$z3" > "$out/$(basename "$z3").xz"
ls -l "$out"
