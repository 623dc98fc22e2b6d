#!/usr/bin/env bash
# On a GPU machine without MLIR: runs the lit tests that need a CUDA device
# (test/GPU and the runtime's AOT tests) with the unpacked static bundle.
#   benchmarks/run-gpu-lit.sh BINDIR [lit args...]
# Needs lit 22's Python package on PYTHONPATH (PyPI has no lit 22: carry
# /usr/lib/llvm-22/utils/lit) and BINDIR from
# benchmarks/unpack-bundle.sh (gemm-run, FileCheck, not, count).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bin=$(cd "$1" && pwd); shift
site=$(mktemp -d)
mkdir -p "$site/test"
cat > "$site/test/lit.site.cfg.py" <<CFG
import lit.llvm
config.llvm_tools_dir = "$bin"
config.mlir_obj_dir = "$site"
config.enable_bindings_python = False
config.gemm_opt_obj_root = "$site"
config.gemm_opt_tools_dir = "$bin"
config.gemm_opt_lib_dir = "$bin"
config.llvm_shlib_ext = ".so"
config.gemm_opt_version = "$(sed -n 's/^set(GEMM_OPT_VERSION \([0-9.]*\))$/\1/p' "$repo/CMakeLists.txt")"
lit.llvm.initialize(lit_config, config)
lit_config.load_config(config, "$repo/test/lit.cfg.py")
CFG
export LD_LIBRARY_PATH="$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
python3 -c 'import sys; from lit.main import main; sys.argv[0] = "lit"; main()' -v "$site/test" --filter ':: GPU/|aot-reference|dynamic-reference' "$@"
