"""Functions returning one value twice or an argument as it is (the
version-2 manifest's "results", docs/manifest.md) without a GPU: what
gemm-opt writes, what the runtime says a call gives back, gemm_opt's
FunctionKernel over the fake libcuda (the same tensor object for a result
returned twice, the caller's own tensor for an argument, no copy kernel),
and gemm-run's checks of such a function on the fake device."""
import json
import os
import subprocess
import sys

import pytest

import gemm_opt
from gemm_opt import _runtime, tools

from helpers import INPUTS, REPO
from test_fake_function import FAKE, PTX, edited, gemm_run

OPS = ["matmul_naive_f32", "softmax_rows_f32", "matmul_naive_f32"]


def with_results(*results):
    """function_f32.json (result0 = softmax(arg0 arg1) arg2) returning
    `results`."""
    return lambda m: m.update(results=list(results))


def test_compiled_functions_name_their_results():
    m = gemm_opt.compile(str(INPUTS / "aliased-results-f16.mlir"), stage="naive")
    assert isinstance(m, gemm_opt.ModuleKernels) and m.names == ["twice", "residual", "scores"]
    assert m.twice.manifest["results"] == ["result0", "result0"]
    assert [b["name"] for b in m.twice.returned] == ["result0", "result0"]
    # No kernel touches the residual: it is an argument all the same, and no
    # buffer of its own is allocated for the result.
    assert m.residual.manifest["results"] == ["result0", "arg2"]
    assert [b["role"] for b in m.residual.buffers] == ["arg", "arg", "arg", "result"]
    assert m.scores.manifest["results"] == ["result0", "result1", "result0"]
    assert "-> result0: f16[130, 259], result1: f16[130, 259], result0: f16[130, 259]" in m.scores._signature()


def test_the_runtime_says_what_a_call_gives_back(tmp_path):
    text = edited(tmp_path, "function_f32.json", with_results("result0", "arg2", "result0")).read_text()
    assert _runtime.returned_buffers(text) == [3, 2, 3]
    uses = _runtime.buffer_uses(text, 6)
    assert uses[2] & _runtime.BUFFER_RETURNED and uses[2] & _runtime.BUFFER_INPUT
    assert not uses[2] & _runtime.BUFFER_OUTPUT
    assert uses[3] & _runtime.BUFFER_RETURNED and uses[3] & _runtime.BUFFER_OUTPUT
    # Without "results": the written arguments, then the results.
    plain = (REPO / "test" / "Runtime" / "Inputs" / "function_f32_beta1.json").read_text()
    assert _runtime.returned_buffers(plain) == [3]
    # Version 1: its output.
    assert _runtime.returned_buffers((REPO / "test" / "Runtime" / "Inputs" / "matmul_f32.json").read_text()) == [2]
    with pytest.raises(gemm_opt.GemmOptError, match="results\\[1\\] \\(\"temp0\"\\): a temp buffer is not"):
        _runtime.returned_buffers(
            edited(tmp_path, "function_f32.json", with_results("result0", "temp0")).read_text())


KERNEL_SCRIPT = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import fake_torch
torch = fake_torch.torch
from gemm_opt.function import make_kernel
ptx, manifest = sys.stdin.read().split("\0")
k = make_kernel(ptx, manifest)
args = [fake_torch.Tensor(b["shape"], torch.float32) for b in k.arguments]
r = k(*args)
print(json.dumps({"same": r[0] is r[2], "arg2": r[1] is args[2], "types": [type(t).__name__ for t in r],
                  "args": [t.ptr for t in args], "returned": [t.ptr for t in r]}))
"""


def test_function_kernel_returns_the_aliases(fake_device, tmp_path):
    """k(arg0, arg1, arg2) -> (result0, arg2, result0): result0 is one
    tensor returned twice, arg2 the caller's tensor itself; the launches are
    the function's three kernels, no copy."""
    manifest = edited(tmp_path, "function_f32.json", with_results("result0", "arg2", "result0"))
    log = tmp_path / "launches.jsonl"
    env = dict(os.environ, LD_LIBRARY_PATH=str(fake_device), FAKE_CUDA_LOG=str(log),
               PYTHONPATH=str(REPO / "python"))
    proc = subprocess.run([sys.executable, "-c", KERNEL_SCRIPT, str(FAKE)],
                          input=f"{PTX.read_text()}\0{manifest.read_text()}", env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["same"] and out["arg2"] and out["types"] == ["Tensor"] * 3
    launches = [json.loads(line) for line in log.read_text().splitlines()]
    assert [l["kernel"] for l in launches] == OPS
    assert launches[2]["params"][0] == out["returned"][0] and out["returned"][1] == out["args"][2]


def test_gemm_run_checks_a_function_with_aliased_results(fake_device, tmp_path):
    manifest = edited(tmp_path, "function_f32.json", with_results("result0", "arg2", "result0"))
    rc, out, results, launched = gemm_run(fake_device, tmp_path, manifest, "--check-only")
    assert rc == 0, out
    stage = results["stages"][0]
    assert stage["status"] == "PASS" and stage["results"] == ["result0", "arg2", "result0"]
    assert "3 ops\n  returns result0, arg2, result0\n" in out
    assert launched == OPS + OPS


def test_gemm_run_fails_a_kernel_writing_a_returned_argument(fake_device, tmp_path):
    """The last kernel writes into arg0 (which the manifest says no op
    writes; only op 0 reads it) rather than result0: the op fails, and arg0,
    returned as it is, no longer holds what the caller passed."""
    def broken(m):
        m["results"] = ["result0", "arg0"]
        m["kernels"][2]["params"][0]["buffer"] = "arg0"
    rc, out, results, _ = gemm_run(fake_device, tmp_path, edited(tmp_path, "function_f32.json", broken),
                                   "--check-only")
    assert rc == 1, out
    message = results["stages"][0]["message"]
    assert message.startswith("op 2 (matmul 130x33x259): ")
    assert message.endswith("; arg0, which the function returns as it is, changed during its run, first at byte 0 "
                            "of 34840")
