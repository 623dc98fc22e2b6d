"""Manifests of several functions (version 4, docs/manifest.md "Several
functions") without a GPU: gemm-run (AOT) runs each function as a stage of
its own over the fake libcuda (fake_cuda/), the C API's reader cuts each
function's manifest out exactly as written and rejects malformed modules,
and gemm_opt.make_kernel gives a ModuleKernels of one kernel per function.
The module is built from test/Runtime/Inputs: a version-1 matmul, the
version-2 function of three ops and the version-3 dynamic-M matmul, all
launching from reference_kernels.ptx."""
import json
import os
import subprocess
import sys

import pytest

from gemm_opt import _runtime, tools
from gemm_opt.errors import GemmOptError

from helpers import REPO

INPUTS = REPO / "test" / "Runtime" / "Inputs"
PTX = INPUTS / "reference_kernels.ptx"
FAKE = REPO / "python" / "tests" / "fake_cuda"

# (input manifest, its stage, the function's name in the module)
PARTS = [("matmul_f32_epilogue.json", "naive-f32-epilogue", "mm"), ("function_f32.json", "reference-function", "mm_softmax_mm"),
         ("matmul_dyn_f32.json", "naive-dyn", "mm_dynamic")]


def function_text(name, stage, func, new_stage="reference-module"):
    """An input manifest as a function of the module: its text with the
    module's stage and the function's name, nothing else changed."""
    text = (INPUTS / name).read_text()
    old_func = json.loads(text)["func"]
    return text.replace(f'"stage": "{stage}"', f'"stage": "{new_stage}"', 1).replace(
        f'"func": "{old_func}"', f'"func": "{func}"', 1)


def module_text(functions, stage="reference-module", chip="sm_90", version=4):
    body = ",\n".join("\n".join("    " + line for line in f.rstrip().splitlines()) for f in functions)
    return (f'{{\n  "format": "gemm-opt-manifest",\n  "version": {version},\n  "stage": "{stage}",\n'
            f'  "chip": "{chip}",\n  "functions": [\n{body}\n  ]\n}}\n')


def parts():
    return [function_text(*p) for p in PARTS]


def gemm_run(tmp_path, text, *args, env=None):
    exe = tools.find_tool("gemm-run", required=False)
    if exe is None:
        pytest.skip("gemm-run is not built")
    manifest, results = tmp_path / "module.json", tmp_path / "results.json"
    manifest.write_text(text)
    results.unlink(missing_ok=True)
    proc = subprocess.run([exe, "--ptx", str(PTX), "--manifest", str(manifest), "--json", str(results), *args],
                          env=dict(os.environ, **(env or {})), capture_output=True, text=True)
    return proc, json.loads(results.read_text()) if results.exists() else None


def test_each_function_runs_as_a_stage(fake_device, tmp_path):
    env = {"LD_LIBRARY_PATH": str(fake_device), "FAKE_CUDA_EXEC": "1",
           "GEMM_OPT_CUBLAS": str(fake_device / "libcublas-fake.so")}
    proc, results = gemm_run(tmp_path, module_text(parts()), "--check-only", "--sizes", "1,37", env=env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    stages = [(s["stage"], s["func"], s["op"], s["status"]) for s in results["stages"]]
    assert stages == [("reference-module", "mm", "matmul", "PASS"),
                      ("reference-module", "mm_softmax_mm", "function", "PASS"),
                      ("reference-module", "mm_dynamic", "matmul", "PASS"),
                      ("reference-module", "mm_dynamic", "matmul", "PASS")]
    assert [s.get("dynamic") for s in results["stages"][2:]] == [{"M": 1}, {"M": 37}]
    assert "reference-module @mm_softmax_mm PASS    3 ops" in proc.stdout
    assert "reference-module @mm_dynamic M=37" in proc.stdout


def test_the_reader_cuts_out_each_function_as_written():
    texts = parts()
    module = module_text(texts)
    cut = _runtime.manifest_functions(module)
    assert all(c in module for c in cut)
    assert [json.loads(c) for c in cut] == [json.loads(t) for t in texts]
    # A manifest of another version is its own one function.
    one = (INPUTS / "matmul_f32.json").read_text()
    assert _runtime.manifest_functions(one) == [one]
    _runtime.validate_manifest(module)
    with pytest.raises(GemmOptError, match="unsupported version 5"):
        _runtime.validate_manifest(module_text(texts, version=5))


@pytest.mark.parametrize("edit, message", [
    (lambda t: module_text([t[0], t[0]]), 'functions[1]: a second function named "mm"'),
    (lambda t: module_text(t, stage="other"),
     'functions[0] (@mm): stage "reference-module" and chip "sm_90" are not the manifest\'s ("other", "sm_90")'),
    (lambda t: module_text([t[0], module_text([t[1]])]), "functions[1]: a function's manifest has version 1, 2 or 3, "
                                                         "not 4"),
    (lambda t: module_text([]), "functions: expected at least one function"),
    (lambda t: module_text([t[0].replace('"grid": [', '"grid": [0, ', 1)]), "manifest: functions[0]: "),
    (lambda t: module_text(t)[:-3] + ', "extra": 1}\n', 'unknown field "extra"'),
])
def test_malformed_modules_are_rejected(edit, message):
    with pytest.raises(GemmOptError) as e:
        _runtime.manifest_functions(edit(parts()))
    assert message in str(e.value)


def test_gemm_run_names_the_function_at_fault(tmp_path):
    texts = parts()
    proc, _ = gemm_run(tmp_path, module_text([texts[0], texts[0]]), "--check-only")
    assert proc.returncode == 2
    assert 'functions[1]: a second function named "mm"' in proc.stderr


def test_a_kernel_loads_one_function_not_the_module(fake_device, tmp_path):
    """make_kernel gives one kernel per function; gemm_opt_kernel_load on
    the module itself says to take one of its functions."""
    script = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import fake_torch
from gemm_opt import _runtime
from gemm_opt.function import make_kernel
from gemm_opt.errors import LaunchError
ptx, manifest = sys.stdin.read().split("\0")
m = make_kernel(ptx, manifest)
out = {"type": type(m).__name__, "names": m.names, "kinds": [type(k).__name__ for k in m],
       "mm": type(m.mm).__name__, "contains": "mm_dynamic" in m}
try:
    m["nope"]
except KeyError as e:
    out["missing"] = e.args[0]
try:
    _runtime.LoadedKernel(_runtime.device(0), ptx, manifest)
except LaunchError as e:
    out["load"] = str(e)
print(json.dumps(out))
"""
    env = dict(os.environ, LD_LIBRARY_PATH=str(fake_device), PYTHONPATH=str(REPO / "python"))
    proc = subprocess.run([sys.executable, "-c", script, str(FAKE)], input=f"{PTX.read_text()}\0{module_text(parts())}",
                          env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["type"] == "ModuleKernels" and out["names"] == ["mm", "mm_softmax_mm", "mm_dynamic"]
    assert out["kinds"] == ["Kernel", "FunctionKernel", "DynamicKernel"] and out["mm"] == "Kernel"
    assert out["contains"] and out["missing"] == "no function 'nope' in this module (functions: mm, mm_softmax_mm, mm_dynamic)"
    assert out["load"] == ("manifest: version 4 holds the manifests of 3 functions (mm, mm_softmax_mm, mm_dynamic): "
                           "take one (gemm_opt_manifest_function)")
