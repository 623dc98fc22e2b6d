"""Functions of several ops (version-2 manifests) end to end without a GPU:
gemm-run (AOT) and gemm_opt.FunctionKernel over the fake libcuda, which runs
the f32 reference kernels (test/Runtime/Inputs/reference_kernels.cu) on the
host (fake_cuda/fake_kernels.c) with a host cuBLAS (fake_cuda/fake_cublas.c).
The manifests are test/Runtime/Inputs/function_f32*.json: result0 =
softmax(arg0 * arg1) * arg2 through two temps, and variants.

Until the manifest reader reads version 2 (the compiler side's change),
these tests skip."""
import json
import os
import subprocess
import sys

import pytest

from gemm_opt import tools

from helpers import REPO

INPUTS = REPO / "test" / "Runtime" / "Inputs"
PTX = INPUTS / "reference_kernels.ptx"
FAKE = REPO / "python" / "tests" / "fake_cuda"


def gemm_run(fake_device, tmp_path, manifest, *args, **env):
    """gemm-run --ptx reference_kernels.ptx --manifest MANIFEST on the fake
    device: (exit code, stdout, results JSON, kernel names launched)."""
    exe = tools.find_tool("gemm-run", required=False)
    if exe is None:
        pytest.skip("gemm-run is not built")
    log, results = tmp_path / "launches.jsonl", tmp_path / "results.json"
    log.unlink(missing_ok=True)
    environ = dict(os.environ, LD_LIBRARY_PATH=str(fake_device), FAKE_CUDA_EXEC="1", FAKE_CUDA_LOG=str(log),
                   GEMM_OPT_CUBLAS=str(fake_device / "libcublas-fake.so"), **env)
    proc = subprocess.run([exe, "--ptx", str(PTX), "--manifest", str(manifest), "--json", str(results), *args],
                          env=environ, capture_output=True, text=True)
    if "unsupported version 2" in proc.stderr:
        pytest.skip("the manifest reader does not read version 2 yet")
    launched = [json.loads(line)["kernel"] for line in log.read_text().splitlines()] if log.exists() else []
    return proc.returncode, proc.stdout + proc.stderr, json.loads(results.read_text()), launched


def edited(tmp_path, name, edit):
    m = json.loads((INPUTS / name).read_text())
    edit(m)
    path = tmp_path / name
    path.write_text(json.dumps(m))
    return path


OPS = ["matmul_naive_f32", "softmax_rows_f32", "matmul_naive_f32"]


def test_function_passes_op_by_op_and_is_timed(fake_device, tmp_path):
    rc, out, results, launched = gemm_run(fake_device, tmp_path, INPUTS / "function_f32.json", "--repeat", "2",
                                          "--warmup", "1")
    assert rc == 0, out
    stage = results["stages"][0]
    assert stage["op"] == "function" and stage["status"] == "PASS" and stage["shape"] == "3 ops"
    assert [(o["op"], o["shape"], o["status"]) for o in stage["ops"]] == [
        ("matmul", "130x259x67", "PASS"), ("softmax", "130x259", "PASS"), ("matmul", "130x33x259", "PASS")]
    assert all(0 < o["error"] <= o["threshold"] for o in stage["ops"])
    assert [o["reference"] for o in stage["ops"]] == ["sgemm-pedantic", "copy", "sgemm-pedantic"]
    # The fake events say 1 ms for everything: 3 ops alone, 3 references.
    assert (stage["ms"], stage["ops_ms"], stage["refs_ms"]) == (1, 3, 3)
    assert [k["op"] for k in stage["kernels"]] == [0, 1, 2]
    # Op by op, then the whole function, then timing: the function (warm-up
    # and 2 measured), then each op alone, with its reference interleaved.
    assert launched[:6] == OPS + OPS
    assert launched[6:15] == OPS * 3
    assert launched[15:] == ["matmul_naive_f32"] * 6 + ["softmax_rows_f32"] * 3 + ["matmul_naive_f32"] * 6
    assert "  op 1 softmax 130x259          PASS    error" in out


def test_check_only_runs_each_op_then_the_function_once(fake_device, tmp_path):
    rc, out, results, launched = gemm_run(fake_device, tmp_path, INPUTS / "function_f32.json", "--check-only")
    assert rc == 0, out
    assert launched == OPS + OPS
    assert results["stages"][0]["ms"] == 0 and results["stages"][0]["ops"][2]["ms"] == 0


def test_accumulating_into_an_argument(fake_device, tmp_path):
    """The last matmul accumulates into arg3 (beta = 1): arg3 is an input,
    restored before the whole-function run, and an output."""
    rc, out, results, _ = gemm_run(fake_device, tmp_path, INPUTS / "function_f32_beta1.json", "--check-only")
    assert rc == 0, out
    ops = results["stages"][0]["ops"]
    assert ops[2]["beta"] == 1 and ops[2]["status"] == "PASS"


def test_a_wrong_op_is_named(fake_device, tmp_path):
    rc, out, results, _ = gemm_run(fake_device, tmp_path, INPUTS / "function_f32_wrong.json", "--check-only")
    assert rc == 1, out
    stage = results["stages"][0]
    assert [o["status"] for o in stage["ops"]] == ["PASS", "PASS", "FAIL"]
    assert stage["message"].startswith("op 2 (matmul 130x33x259): 130 NaN/Inf values in C")


def test_an_op_that_writes_nothing_fails(fake_device, tmp_path):
    """A softmax kernel that the fake does not run leaves Y poisoned."""
    def rename(m):
        m["kernels"][1]["name"] = "softmax_rows_f16"
    rc, out, results, _ = gemm_run(fake_device, tmp_path, edited(tmp_path, "function_f32.json", rename),
                                   "--check-only")
    assert rc == 1, out
    ops = results["stages"][0]["ops"]
    assert ops[1]["status"] == "FAIL" and "max row relative error" in ops[1]["message"]
    assert "op 1 (softmax 130x259)" in results["stages"][0]["message"]


def test_a_nondeterministic_kernel_fails_the_whole_run(fake_device, tmp_path):
    """Each op within its threshold, but the softmax never gives the same
    bits twice: the whole function differs from the op-by-op run."""
    rc, out, results, _ = gemm_run(fake_device, tmp_path, INPUTS / "function_f32.json", "--check-only",
                                   FAKE_CUDA_DRIFT="softmax_rows_f32")
    assert rc == 1, out
    stage = results["stages"][0]
    assert all(o["status"] == "PASS" for o in stage["ops"])
    assert "differs from the op-by-op run in result0" in stage["message"]
    assert "expected to be deterministic" in stage["message"]


def softmax_alone(m, x_shape, y_shape):
    """The function's softmax (op 1) as a version-1 manifest of its own,
    with X and Y of the given shapes."""
    kernel = m["kernels"][1]
    del kernel["op"]
    kernel["params"][0]["buffer"], kernel["params"][1]["buffer"] = "X", "Y"
    m.update(version=1, op="softmax", problem=m.pop("ops")[1]["problem"], kernels=[kernel],
             buffers=[{"name": "X", "role": "X", "elem": "f32", "shape": x_shape},
                      {"name": "Y", "role": "Y", "elem": "f32", "shape": y_shape}])


def test_softmax_over_nd_buffers(fake_device, tmp_path):
    """A softmax whose X and Y are N-D, [d0, ..., cols] with d0 * ... =
    rows (over the last dimension, as of attention's heads), runs and is
    checked on its rows x cols: in the function (S and P as [1, 130, 259],
    which the matmuls take as batches of one) and alone (X [2, 65, 259],
    Y [5, 26, 259])."""
    def heads(m):
        for b in m["buffers"]:
            if b["role"] == "temp":
                b["shape"] = [1, 130, 259]
    rc, out, results, _ = gemm_run(fake_device, tmp_path, edited(tmp_path, "function_f32.json", heads),
                                   "--check-only")
    assert rc == 0, out
    assert [(o["shape"], o["status"]) for o in results["stages"][0]["ops"]] == [
        ("130x259x67", "PASS"), ("130x259", "PASS"), ("130x33x259", "PASS")]

    rc, out, results, launched = gemm_run(
        fake_device, tmp_path,
        edited(tmp_path, "function_f32.json", lambda m: softmax_alone(m, [2, 65, 259], [5, 26, 259])),
        "--check-only")
    assert rc == 0, out
    stage = results["stages"][0]
    assert (stage["op"], stage["shape"], stage["status"]) == ("softmax", "130x259", "PASS")
    assert launched == ["softmax_rows_f32"]


def test_softmax_buffers_must_hold_the_rows(fake_device, tmp_path):
    """Leading dimensions that do not multiply to the rows: an input error
    (exit 2) before anything is launched."""
    exe = tools.find_tool("gemm-run", required=False)
    if exe is None:
        pytest.skip("gemm-run is not built")
    manifest = edited(tmp_path, "function_f32.json", lambda m: softmax_alone(m, [2, 64, 259], [130, 259]))
    proc = subprocess.run([exe, "--ptx", str(PTX), "--manifest", str(manifest)],
                          env=dict(os.environ, LD_LIBRARY_PATH=str(fake_device), FAKE_CUDA_EXEC="1"),
                          capture_output=True, text=True)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert ('buffer "X" (role X) must have shape [130, 259], or [d0, ..., 259] with d0 * ... = 130 rows, '
            'got [2, 64, 259]') in proc.stderr


def test_matmul_buffers_of_several_batch_dimensions(fake_device, tmp_path):
    """A matmul's buffers may hold its batch or its rows in several leading
    dimensions (torch-mlir's 4-D batched matmul, nn.Linear's 3-D activation:
    [d0, ..., cols] with d0 * ... = batch * rows, the same row-major bytes):
    A as [1, 1, 130, 67] or [2, 65, 67] and the result as [1, 130, 33] run
    and pass; leading dimensions that multiply to anything else are an
    input error (exit 2)."""
    for a_shape in ([1, 1, 130, 67], [2, 65, 67]):
        def reshaped(m):
            for b in m["buffers"]:
                if b["name"] == "arg0":
                    b["shape"] = a_shape
                if b["name"] == "result0":
                    b["shape"] = [1, 130, 33]
        rc, out, results, _ = gemm_run(fake_device, tmp_path, edited(tmp_path, "function_f32.json", reshaped),
                                       "--check-only")
        assert rc == 0, out
        assert [o["status"] for o in results["stages"][0]["ops"]] == ["PASS", "PASS", "PASS"]

    exe = tools.find_tool("gemm-run", required=False)
    def wrong_rows(m):
        for b in m["buffers"]:
            if b["name"] == "arg0":
                b["shape"] = [3, 65, 67]
    manifest = edited(tmp_path, "function_f32.json", wrong_rows)
    proc = subprocess.run([exe, "--ptx", str(PTX), "--manifest", str(manifest)],
                          env=dict(os.environ, LD_LIBRARY_PATH=str(fake_device), FAKE_CUDA_EXEC="1"),
                          capture_output=True, text=True)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert ('must have shape [130, 67] (layout nn: A is M x K), or [d0, ..., 67] with d0 * ... = 130, '
            'got [3, 65, 67]') in proc.stderr


def test_one_op_options_are_usage_errors():
    exe = tools.find_tool("gemm-run", required=False)
    if exe is None:
        pytest.skip("gemm-run is not built")
    proc = subprocess.run([exe, "--ptx", str(PTX), "--manifest", str(INPUTS / "function_f32.json"), "--shape",
                           "4x4x4"], capture_output=True, text=True)
    if "unsupported version 2" in proc.stderr:
        pytest.skip("the manifest reader does not read version 2 yet")
    assert proc.returncode == 2
    assert "a manifest of several ops (version 2) fixes the problem of each" in proc.stderr


# gemm_opt.FunctionKernel over the fake libcuda with fake_torch.
KERNEL_SCRIPT = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import fake_torch
torch = fake_torch.torch
import gemm_opt
from gemm_opt.function import make_kernel
ptx, manifest = sys.stdin.read().split("\0")
k = make_kernel(ptx, manifest)
out = {"type": type(k).__name__, "inputs": [b["name"] for b in k.inputs],
       "outputs": [b["name"] for b in k.outputs], "threshold": k.threshold(op=1)}
args = [fake_torch.Tensor(b["shape"], torch.float32) for b in k.arguments]
try:
    k(*args[:2])
except TypeError as e:
    out["short"] = str(e)
r = k(*args)
out["args"] = [t.ptr for t in args]
out["returned"] = [t.ptr for t in (r if isinstance(r, tuple) else (r,))]
out["shapes"] = [list(t.shape) for t in (r if isinstance(r, tuple) else (r,))]
print(json.dumps(out))
"""


def call_kernel(fake_device, tmp_path, manifest):
    log = tmp_path / "launches.jsonl"
    env = dict(os.environ, LD_LIBRARY_PATH=str(fake_device), FAKE_CUDA_LOG=str(log),
               PYTHONPATH=str(REPO / "python"))
    proc = subprocess.run([sys.executable, "-c", KERNEL_SCRIPT, str(FAKE)],
                          input=f"{PTX.read_text()}\0{manifest.read_text()}", env=env, capture_output=True, text=True)
    if "unsupported version 2" in proc.stderr:
        pytest.skip("the manifest reader does not read version 2 yet")
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout), [json.loads(line) for line in log.read_text().splitlines()]


def test_function_kernel_binds_arguments_by_position(fake_device, tmp_path):
    """k(arg0, arg1, arg2) launches the three kernels in order: each
    argument's pointer where the manifest names it, result0 allocated and
    returned, the temps allocated (two, distinct from everything else)."""
    out, launches = call_kernel(fake_device, tmp_path, INPUTS / "function_f32.json")
    assert out["type"] == "FunctionKernel"
    assert out["inputs"] == ["arg0", "arg1", "arg2"] and out["outputs"] == ["result0"]
    assert out["threshold"] == 1e-4
    assert "expected 3 arguments in position order, got 2" in out["short"]
    assert [l["kernel"] for l in launches] == OPS
    a0, a1, a2 = out["args"]
    (result,) = out["returned"]
    assert out["shapes"] == [[130, 33]]
    mm0, sm, mm2 = (l["params"] for l in launches)
    temp0, temp1 = mm0[0], sm[1]
    assert mm0[1:3] == [a0, a1] and sm[0] == temp0
    assert mm2[:3] == [result, temp1, a2]
    assert len({a0, a1, a2, result, temp0, temp1}) == 6


def test_function_kernel_returns_a_written_argument(fake_device, tmp_path):
    """Memref form: arg3 is accumulated into (read, then written): the
    caller passes it, and gets it back."""
    out, launches = call_kernel(fake_device, tmp_path, INPUTS / "function_f32_beta1.json")
    assert out["inputs"] == ["arg0", "arg1", "arg2", "arg3"] and out["outputs"] == ["arg3"]
    assert out["returned"] == [out["args"][3]]
    assert launches[2]["params"][0] == out["args"][3]


def test_without_a_device_the_results_list_the_ops(tmp_path):
    """No libcuda at all: exit 3, and the results JSON describes the
    function stage and each of its ops, none run."""
    exe = tools.find_tool("gemm-run", required=False)
    if exe is None:
        pytest.skip("gemm-run is not built")
    if subprocess.run([exe, "--probe"], capture_output=True).returncode == 0:
        pytest.skip("a CUDA device is visible")
    results = tmp_path / "results.json"
    env = dict(os.environ, LD_LIBRARY_PATH=str(tmp_path))
    proc = subprocess.run([exe, "--ptx", str(PTX), "--manifest", str(INPUTS / "function_f32_beta1.json"), "--json",
                           str(results)], env=env, capture_output=True, text=True)
    if "unsupported version 2" in proc.stderr:
        pytest.skip("the manifest reader does not read version 2 yet")
    assert proc.returncode == 3, proc.stderr
    stage = json.loads(results.read_text())["stages"][0]
    assert (stage["op"], stage["status"], stage["message"]) == ("function", "NOT RUN", "no CUDA device")
    assert [(o["op"], o["shape"], o.get("beta"), o["threshold"], o["status"]) for o in stage["ops"]] == [
        ("matmul", "130x259x67", 0, 1e-4, "NOT RUN"), ("softmax", "130x259", None, 1e-4, "NOT RUN"),
        ("matmul", "130x33x259", 1, 1e-4, "NOT RUN")]


def test_dynamic_token_count_runs_each_size(fake_device, tmp_path):
    """A function of several ops sharing a dynamic token count (a version-3
    manifest with "ops", function_dyn_f32.json): each size is instantiated
    into a version-2 function whose intermediates (temp0, temp1) and result
    are M rows, including sizes above the first variant's range, and each op
    passes against its reference at that M."""
    sizes = [1, 37, 300, 1000]
    rc, out, results, launched = gemm_run(fake_device, tmp_path, INPUTS / "function_dyn_f32.json", "--check-only",
                                          "--sizes", ",".join(map(str, sizes)))
    assert rc == 0, out
    stages = results["stages"]
    assert [s["dynamic"] for s in stages] == [{"M": m} for m in sizes]
    assert [s["variant"] for s in stages] == [0, 0, 1, 1]
    for m, stage in zip(sizes, stages):
        assert stage["op"] == "function" and stage["status"] == "PASS", out
        assert [(o["op"], o["shape"], o["status"]) for o in stage["ops"]] == [
            ("matmul", f"{m}x259x67", "PASS"), ("softmax", f"{m}x259", "PASS"), ("matmul", f"{m}x33x259", "PASS")]
    # Per size: op by op, then the whole function once.
    assert launched == (OPS + OPS) * len(sizes)
