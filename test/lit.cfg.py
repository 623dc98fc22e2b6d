# -*- Python -*-
# lit configuration for gemm-opt. Features:
#   ptxas       ptxas from the CUDA toolkit is found ($CUDA_HOME, /usr/local/cuda
#               or PATH); tests assemble every emitted PTX for sm_90 with it.
#   cuda-device a CUDA GPU is visible (GPU numerics and benchmarks); CI has
#               none, so those tests are reported UNSUPPORTED there.
#   host-sanitizer  the tools are built with -fsanitize=... (GEMM_OPT_SANITIZE,
#               scripts/sanitize-host.sh): there is no pass plugin to load
#               into the uninstrumented mlir-opt.
import os
import shutil
import subprocess
import sys

import lit.formats
from lit.llvm import llvm_config

config.name = "GEMM_OPT"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.gemm_opt_obj_root, "test")
config.excludes = ["Inputs", "CMakeLists.txt", "README.md", "lit.cfg.py",
                   "lit.site.cfg.py"]

llvm_config.with_system_environment(["HOME", "TMP", "TEMP", "CUDA_HOME", "ASAN_OPTIONS",
                                     "UBSAN_OPTIONS", "LSAN_OPTIONS"])
llvm_config.use_default_substitutions()
# `not`, `count` and FileCheck at the start of a RUN line come from PATH.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

tool_dirs = [config.gemm_opt_tools_dir, config.llvm_tools_dir]
llvm_config.add_tool_substitutions(
    ["gemm-opt", "gemm-run", "gemm-opt-runtime-tests", "gemm-opt-heuristics-tests", "gemm-opt-tuning-tests",
     "mlir-opt"], tool_dirs)
config.substitutions.append(("%gemm_opt_lib_dir", config.gemm_opt_lib_dir))
config.substitutions.append(("%shlibext", config.llvm_shlib_ext))
# The compiler version tuning database entries must carry to be used.
config.substitutions.append(("%gemm_opt_version", config.gemm_opt_version))
config.substitutions.append(
    ("%expect-exit", sys.executable + " " +
     os.path.join(config.test_source_root, "Inputs", "expect-exit.py")))
config.substitutions.append(
    ("%check-shared-memory", sys.executable + " " +
     os.path.join(config.test_source_root, "Inputs", "check-shared-memory.py")))
config.substitutions.append(
    ("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(
    ("%gemm_opt_src_root", os.path.dirname(config.test_source_root)))
config.substitutions.append(
    ("%edit-manifest", sys.executable + " " +
     os.path.join(config.test_source_root, "Runtime", "Inputs", "edit-manifest.py")))

if getattr(config, "gemm_opt_sanitize", ""):
    config.available_features.add("host-sanitizer")

cuda_bins = [os.path.join(p, "bin") for p in
             (os.environ.get("CUDA_HOME", ""), "/usr/local/cuda") if p]
ptxas = None
for d in cuda_bins:
    candidate = os.path.join(d, "ptxas")
    if os.access(candidate, os.X_OK):
        ptxas = candidate
        break
ptxas = ptxas or shutil.which("ptxas")
if ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))

# "Compile stage S and assemble it": each substitution below compiles one
# stage into %t.S.ptx and assembles that for sm_90 with ptxas -v, whose
# report is checked; a test runs one stage a RUN line and checks the PTX
# files it needs afterwards.
#   %{softmax-ptxas:S}  the test's own input (%s) at --gemm-stage-softmax-S,
#                       S = 3pass, fused, online, vector, rows; and
#                       rows-cluster1: softmax-rows with cluster-size=1.
#                       The report must show no spill
#                       (Inputs/ptxas-no-spill.check).
#   %{matmul-ptxas:S}   %{matmul-input} at --gemm-stage-S, S = naive ..
#                       mma. The report must match the test's PTXAS lines
#                       and show no spill. %{matmul-input} is %s unless the
#                       test says `REDEFINE: %{matmul-input} = <file>` (a
#                       DEFINE would be refused: it is defined here).
# They go first so that %s, %t, %ptxas, gemm-opt, %inputs and
# %{matmul-input} in them are substituted after them.
def _compile_and_assemble(name, compile_cmd, report_check):
    return ("%{{{0}}}".format(name),
            compile_cmd + " && %ptxas -arch=sm_90 -v %t.{0}.ptx -o %t.{0}.cubin"
            " 2>&1 | {1}".format(name.split(":")[1], report_check))


_no_spill = "FileCheck %inputs/ptxas-no-spill.check"
_stage_ptxas = [
    _compile_and_assemble(
        "softmax-ptxas:" + s,
        'gemm-opt %s --gemm-stage-softmax-{0}="ptx-file=%t.{0}.ptx" -o /dev/null'
        .format(s), _no_spill)
    for s in ("3pass", "fused", "online", "vector", "rows")]
_stage_ptxas.append(_compile_and_assemble(
    "softmax-ptxas:rows-cluster1",
    'gemm-opt %s --pass-pipeline="builtin.module(gemm-verify-input,'
    "func.func(gemm-softmax-three-pass,gemm-softmax-fused,gemm-softmax-online,"
    "gemm-softmax-vector,gemm-softmax-rows{cluster-size=1}),"
    "gemm-lower-to-ptx{chip=sm_90},gemm-emit-kernels{ptx-file=%t.rows-cluster1.ptx"
    ' stage=softmax-rows chip=sm_90})" -o /dev/null', _no_spill))
_stage_ptxas += [
    _compile_and_assemble(
        "matmul-ptxas:" + s,
        'gemm-opt %{{matmul-input}} --gemm-stage-{0}="ptx-file=%t.{0}.ptx" -o /dev/null'
        .format(s),
        "FileCheck %s --check-prefix=PTXAS"
        " --implicit-check-not='{{[1-9][0-9]*}} bytes spill'")
    for s in ("naive", "coalesced", "smem", "reg1d", "reg2d", "vector", "swizzle",
              "multibuffer", "warptile", "mma")]
_stage_ptxas.append(("%{matmul-input}", "%s"))
config.substitutions[0:0] = _stage_ptxas


def cuda_device_visible():
    if os.environ.get("GEMM_OPT_GPU_TESTS") == "0":
        return False
    gemm_run = os.path.join(config.gemm_opt_tools_dir, "gemm-run")
    try:
        return subprocess.run([gemm_run, "--probe"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, timeout=120).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


if cuda_device_visible():
    config.available_features.add("cuda-device")
