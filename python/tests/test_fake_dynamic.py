"""Kernels compiled once for a dynamic M (version-3 manifests) without a
GPU: gemm_opt.DynamicKernel and the runtime's instances over the fake
libcuda (fake_cuda/fake_libcuda.c) and the stand-in for torch
(fake_cuda/fake_torch.py). Each size's launches are held against the
manifest evaluated here: the variant its "when" ranges choose, grids,
scalars and tensor maps with M substituted. The PTX module is loaded once;
bad sizes are errors before anything launches."""
import json
import os
import re
import subprocess
import sys

import pytest

import gemm_opt
from gemm_opt import _runtime, mlir, tools

from helpers import FAKE_CUDA, REPO

# Every variant of the kernel below, and both ends of each range.
SIZES = [1, 2, 8, 9, 16, 17, 127, 2048, 2049, 4000]
STREAM = 0x55


@pytest.fixture(scope="module")
def dynamic_kernel():
    """C(M x 384) = A(M x 256) B(256 x 384) in bf16 through the wgmma stage:
    weight-streaming, swap-AB and wgmma variants."""
    k = gemm_opt.compile(mlir.matmul_source("?", 384, 256, "bf16", "bf16"), stage="wgmma")
    assert isinstance(k, gemm_opt.DynamicKernel) and k.manifest["version"] == 3
    return k


def evaluate(value, sizes):
    """A manifest integer or expression {"sym", "div", "ceil_div", "mul",
    "min"} at `sizes` (docs/manifest.md, "Dynamic dimensions")."""
    if not isinstance(value, dict):
        return value
    s = sizes[value["sym"]] // value.get("div", 1)
    v = -(-s // value.get("ceil_div", 1)) * value.get("mul", 1)
    return min(v, value["min"]) if "min" in value else v


def compile_dynamic_function(path):
    """`path` (a function of several ops with a dynamic size) compiled at the
    wgmma stage: a DynamicFunctionKernel of a version-3 manifest."""
    import gemm_opt
    k = gemm_opt.compile(str(path), stage="wgmma")
    assert isinstance(k, gemm_opt.DynamicFunctionKernel) and k.manifest["version"] == 3
    return k


def check_sizes_launched(kernels, launches, sizes):
    """`launches` are `kernels` (a variant's) in order, each with the grid and
    integer parameters its expressions give at `sizes`."""
    assert [l["kernel"] for l in launches] == [k["name"] for k in kernels]
    for k, launch in zip(kernels, launches):
        assert launch["grid"] == [evaluate(g, sizes) for g in k["grid"]]
        for p, slot in zip(k["params"], launch["params"]):
            if p["abi"] in ("i32", "i64"):
                assert slot == evaluate(p["value"], sizes)


def chosen(manifest, sizes):
    """The index of the first variant whose ranges hold `sizes`."""
    return next(i for i, v in enumerate(manifest["variants"])
                if all(lo <= sizes[s] <= hi for s, (lo, hi) in v.get("when", {}).items()))


def run_script(fake_cuda, tmp_path, kernel, script, *args):
    """`script` in a process over the fake libcuda (argv: fake_cuda's
    directory, then `args`), the kernel's PTX and manifest on stdin: (its
    JSON output, the launches logged)."""
    log = tmp_path / "launches.jsonl"
    env = dict(os.environ, LD_LIBRARY_PATH=str(fake_cuda), FAKE_CUDA_LOG=str(log), PYTHONPATH=str(REPO / "python"))
    proc = subprocess.run([sys.executable, "-c", script, str(FAKE_CUDA), *args],
                          input=f"{kernel.ptx}\0{kernel.manifest_text}", env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    launches = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
    return json.loads(proc.stdout), launches


# The start of a script of run_script: the kernel from stdin.
SCRIPT_START = r"""
import ctypes, json, sys, types
sys.path.insert(0, sys.argv[1])
import fake_torch
torch = fake_torch.torch
from gemm_opt.function import make_kernel
ptx, manifest = sys.stdin.read().split("\0")
kernel = make_kernel(ptx, manifest)
calls, keep = [], []


# The name of the error a call with `args` raises (before any launch).
def error_of(*args):
    import gemm_opt
    try:
        kernel(*args)
        return "no error"
    except (gemm_opt.GemmOptError, TypeError, ValueError) as e:
        return type(e).__name__
"""

CALLS_SCRIPT = SCRIPT_START + r"""
b = fake_torch.Tensor((256, 384), torch.bfloat16)
for m in json.loads(sys.argv[2]):
    a = fake_torch.Tensor((m, 256), torch.bfloat16)
    c = kernel(a, b)  # C allocated at M rows
    keep += [a, c]  # distinct addresses: a new set of tensor maps per call
    calls.append({"m": m, "a": a.ptr, "c": c.ptr, "c_shape": list(c.shape), "variant": kernel.instance(a, b).variant,
                  "same": kernel.instance(a, b, c) is kernel.instance(a, b, c)})
# The last size again, all buffers given, on another stream: the cached instance.
first = kernel.instance(a, b, c)
assert kernel(a, b, c, stream=types.SimpleNamespace(cuda_stream=%d)) is c
print(json.dumps({"calls": calls, "b": b.ptr, "copies": fake_torch.COPIES, "again": kernel.instance(a, b, c) is first,
                  "instances": len(kernel._instances),
                  "module_loads": ctypes.CDLL("libcuda.so.1").fakeCudaModuleLoads()}))
""" % STREAM


def check_call(kernel, launches, ptrs, copies, sizes):
    """The launches of one call against the variant `sizes` choose, every
    expression evaluated; pops the tensor maps' copy when it reads some."""
    m = kernel.manifest
    variant = m["variants"][chosen(m, sizes)]
    assert [l["kernel"] for l in launches] == [k["name"] for k in variant["kernels"]]
    copy = copies.pop(0) if any(p["abi"] == "tensormap" for k in variant["kernels"] for p in k["params"]) else None
    maps = 0
    for k, launch in zip(variant["kernels"], launches):
        assert launch["grid"] == [evaluate(g, sizes) for g in k["grid"]]
        assert (launch["block"], launch["smem"]) == (k["block"], k["dynamic_shared_memory"])
        for p, slot in zip(k["params"], launch["params"]):
            if p["abi"] == "ptr":
                assert slot == ptrs[p["buffer"]]
            elif p["abi"] in ("i32", "i64"):
                assert slot == evaluate(p["value"], sizes)
            elif p["abi"] == "tensormap":
                assert slot == copy["dst"] + 128 * maps
                word = copy["words"][16 * maps:16 * (maps + 1)]
                rank = len(p["dims"])
                assert word[0] == ptrs[p["buffer"]]
                assert word[4:4 + rank] == [evaluate(d, sizes) for d in p["dims"]]
                assert word[7:7 + rank - 1] == [evaluate(s, sizes) for s in p["strides"]]
                maps += 1


def test_each_size_launches_its_variant(fake_cuda, tmp_path, dynamic_kernel):
    """One kernel, called at M across every variant: each call launches the
    kernels of the variant its M chooses, with grids, M parameters and
    tensor maps of that M, over the caller's A and B and a new C of M rows;
    the PTX module is loaded once; an instance is made once per shapes."""
    k = dynamic_kernel
    out, launches = run_script(fake_cuda, tmp_path, k, CALLS_SCRIPT, json.dumps(SIZES))
    assert out["module_loads"] == 1
    variants = [chosen(k.manifest, {"M": m}) for m in SIZES]
    assert sorted(set(variants)) == list(range(len(k.variants)))  # every variant ran
    copies = out["copies"]
    assert all(c["stream"] == 0 for c in copies[:-1]) and copies[-1]["stream"] == STREAM
    for call, variant in zip(out["calls"], variants):
        assert call["variant"] == variant and call["same"] and call["c_shape"] == [call["m"], 384]
        n = len(k.variants[variant]["kernels"])
        mine, launches = launches[:n], launches[n:]
        check_call(k, mine, {"A": call["a"], "B": out["b"], "C": call["c"]}, copies, {"M": call["m"]})
    # The last call again on STREAM: the same instance, its maps copied there.
    last = out["calls"][-1]
    assert out["again"] and [l["stream"] for l in launches] == [STREAM] * len(launches)
    check_call(k, launches, {"A": last["a"], "B": out["b"], "C": last["c"]}, copies, {"M": last["m"]})
    assert not copies
    # One per shapes given: (A, B) and (A, B, C) of each size.
    assert out["instances"] == 2 * len(SIZES)


ERRORS_SCRIPT = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import fake_torch
torch = fake_torch.torch
import gemm_opt
from gemm_opt.function import make_kernel
ptx, manifest = sys.stdin.read().split("\0")
kernel = make_kernel(ptx, manifest)
T = lambda *shape: fake_torch.Tensor(shape, torch.bfloat16)
M = kernel.symbols["M"][1]
cases = {"zero": (T(0, 256), T(256, 384)), "beyond": (T(M + 1, 256), T(256, 384)),
         "disagree": (T(5, 256), T(256, 384), T(6, 384)), "rank": (T(5, 256, 1), T(256, 384)),
         "k": (T(5, 255), T(256, 384)), "count": (T(5, 256),)}
out = {}
for name, tensors in cases.items():
    try:
        kernel(*tensors)
        out[name] = "no error"
    except (gemm_opt.GemmOptError, TypeError, ValueError) as e:
        out[name] = [type(e).__name__, isinstance(e, gemm_opt.GemmOptError), isinstance(e, ValueError), str(e)]
print(json.dumps(out))
"""


def test_bad_sizes_are_errors_and_launch_nothing(fake_cuda, tmp_path, dynamic_kernel):
    out, launches = run_script(fake_cuda, tmp_path, dynamic_kernel, ERRORS_SCRIPT)
    assert not launches
    hi = dynamic_kernel.symbols["M"][1]
    size_error = ["SizeError", True, True]
    assert out["zero"][:3] == size_error and out["zero"][3].startswith(f"wgmma: M = 0 is outside [1, {hi}]: ")
    assert out["beyond"][:3] == size_error and f"M = {hi + 1} is outside [1, {hi}]" in out["beyond"][3]
    assert out["disagree"][:3] == size_error
    assert "the buffers bind M to two extents: A's dimension 0 is 5, C's dimension 0 is 6" in out["disagree"][3]
    assert out["rank"][:3] == size_error and 'buffer "A" has 3 dimensions, the manifest\'s 2' in out["rank"][3]
    # K is static: the instance at M = 5 says what it was compiled for.
    assert out["k"][:3] == ["ValueError", False, True]
    assert "buffer A (role A): shape [5, 255], the kernel was compiled for [5, 256]" in out["k"][3]
    assert out["count"][0] == "TypeError" and "A: bf16[M, 256], B: bf16[256, 384]" in out["count"][3]


RUNTIME_SCRIPT = r"""
import json, sys
import gemm_opt
from gemm_opt import _runtime
ptx, manifest = sys.stdin.read().split("\0")
k = _runtime.LoadedKernel(_runtime.device(0), ptx, manifest)
out = {"tensormaps": k.tensormaps, "manifest": k.manifest_text()}
try:
    k.launch([1 << 20, 2 << 20, 3 << 20], 0, 0)
except gemm_opt.LaunchError as e:
    out["launch"] = str(e)
instances = {}
for m in sys.argv[2].split(","):
    inst, text, variant = k.instance({"A": [int(m), 256], "B": [256, 384]})
    instances[m] = [text, variant, inst.tensormaps]
out["instances"] = instances
del k  # its instances keep the module
inst.launch([1 << 20, 2 << 20, 3 << 20], 1 << 24 if inst.tensormaps else 0, 0)
print(json.dumps(out))
"""


def test_runtime_instances_are_gemm_runs(fake_cuda, tmp_path, dynamic_kernel):
    """The C API's instance at each size is the version-1 manifest that
    gemm-run --print-manifest instantiates at that size; the kernel loaded
    from version 3 launches only through its instances, which outlive it."""
    exe = tools.find_tool("gemm-run", required=False)
    if exe is None:
        pytest.skip("gemm-run is not built")
    k = dynamic_kernel
    (tmp_path / "k.ptx").write_text(k.ptx)
    (tmp_path / "k.json").write_text(k.manifest_text)
    sizes = "1,9,127,4000"
    printed = subprocess.run([exe, "--ptx", str(tmp_path / "k.ptx"), "--manifest", str(tmp_path / "k.json"),
                              "--sizes", sizes, "--print-manifest"], capture_output=True, text=True, check=True)
    # "stage wgmma at M = 1: variant 0" before each manifest.
    parts = re.split(r"^stage (.*)\n", printed.stdout, flags=re.M)[1:]
    blocks = list(zip(parts[::2], parts[1::2]))
    out, launches = run_script(fake_cuda, tmp_path, k, RUNTIME_SCRIPT, sizes)
    assert out["tensormaps"] == 0 and out["manifest"] == ""
    assert "dynamic dimensions (version 3): launch an instance" in out["launch"]
    assert len(blocks) == 4
    for (head, text), m in zip(blocks, sizes.split(",")):
        inst_text, variant, tensormaps = out["instances"][m]
        assert head == f"wgmma at M = {m}: variant {variant}" and inst_text == text
        assert tensormaps == sum(p["abi"] == "tensormap" for kd in json.loads(text)["kernels"] for p in kd["params"])
    assert [l["kernel"] for l in launches] == [kd["name"] for kd in json.loads(inst_text)["kernels"]]


def test_dynamic_kernel_without_a_device(dynamic_kernel, fake):
    """What a DynamicKernel says before any launch: its symbols, variants,
    signature; thresholds and fast launchers are its instances'."""
    k = dynamic_kernel
    lo, hi = k.symbols["M"]
    assert lo == 1 and hi >= 4000 and len(k.variants) >= 3 and "when" not in k.variants[-1]
    assert [b["name"] for b in k.arguments] == ["A", "B", "C"] and [b["name"] for b in k.inputs] == ["A", "B"]
    assert k.uses_tensormaps and k.variant is None
    assert repr(k) == (f"<gemm_opt.DynamicKernel matmul stage=wgmma chip=sm_90a M in [1, {hi}] "
                       f"variants={len(k.variants)} buffers=[('A', 'bf16', '[M, 256]'), ('B', 'bf16', "
                       "'[256, 384]'), ('C', 'bf16', '[M, 384]')]>")
    with pytest.raises(TypeError, match=r"kernel.instance\(\*tensors\).threshold\(\)"):
        k.threshold()
    with pytest.raises(TypeError, match="each call binds its own sizes"):
        k.fast_launcher(0)
    with pytest.raises(ValueError, match="tensor is on cpu"):
        k(fake((5, 256), device="cpu"), fake((256, 384)))
    _runtime.validate_manifest(k.manifest_text)
    broken = json.loads(k.manifest_text)
    del broken["variants"][0]["when"]
    with pytest.raises(gemm_opt.GemmOptError, match="only the last variant leaves out"):
        _runtime.validate_manifest(json.dumps(broken))
    with pytest.raises(gemm_opt.GemmOptError, match="version 3 .* ask its instance"):
        _runtime.threshold(k.manifest_text)


INSTANCE_CACHE_SCRIPT = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import fake_torch
torch = fake_torch.torch
from gemm_opt import dynamic
from gemm_opt.function import make_kernel
ptx, manifest = sys.stdin.read().split("\0")
kernel = make_kernel(ptx, manifest)
b = fake_torch.Tensor((256, 384), torch.bfloat16)
a = [fake_torch.Tensor((m, 256), torch.bfloat16) for m in range(1, dynamic._INSTANCE_CACHE + 2)]
first = kernel.instance(a[0], b)
for t in a[1:]:
    kernel.instance(t, b)
print(json.dumps({"kept": len(kernel._instances), "cap": dynamic._INSTANCE_CACHE,
                  "dropped": kernel.instance(a[0], b) is not first,
                  "threshold": kernel.instance(a[5], b).threshold()}))
"""


def test_instances_are_bounded(fake_cuda, tmp_path, dynamic_kernel):
    """More sizes than the cache holds: the least recently used instance is
    dropped (and made again when asked for)."""
    out, launches = run_script(fake_cuda, tmp_path, dynamic_kernel, INSTANCE_CACHE_SCRIPT)
    assert out["kept"] == out["cap"] and out["dropped"] and not launches
    assert out["threshold"] == 1e-2  # bf16 C


BATCH_SCRIPT = SCRIPT_START + r"""
for count in json.loads(sys.argv[2]):
    q = fake_torch.Tensor((count, 64, 128), torch.bfloat16)
    k = fake_torch.Tensor((count, 96, 128), torch.bfloat16)
    s = kernel(q, k)
    keep += [q, k, s]
    calls.append({"batch": count, "A": q.ptr, "B": k.ptr, "C": s.ptr, "c_shape": list(s.shape)})
print(json.dumps({"calls": calls, "copies": fake_torch.COPIES,
                  "module_loads": ctypes.CDLL("libcuda.so.1").fakeCudaModuleLoads()}))
"""


def test_dynamic_batch_count(fake_cuda, tmp_path):
    """A batch_matmul compiled once for any count of entries (attention's
    Q*K^T, K stored N x K) keeps the wgmma kernel of the static entries:
    each call launches it on grid z = the count, its tensor maps over that
    many entries stacked, C allocated with the count in front."""
    k = gemm_opt.compile(mlir.matmul_source(64, 96, 128, "bf16", "bf16", layout="nt", batch="?"), stage="wgmma")
    assert isinstance(k, gemm_opt.DynamicKernel) and list(k.symbols) == ["batch"]
    assert [b["shape"][0] for b in k.manifest["buffers"]] == [{"sym": "batch"}] * 3
    counts = [1, 3, 40]
    out, launches = run_script(fake_cuda, tmp_path, k, BATCH_SCRIPT, json.dumps(counts))
    assert out["module_loads"] == 1
    copies = out["copies"]
    for call in out["calls"]:
        assert call["c_shape"] == [call["batch"], 64, 96]
        n = len(k.variants[0]["kernels"])
        mine, launches = launches[:n], launches[n:]
        assert [l["grid"][2] for l in mine] == [call["batch"]] * n
        check_call(k, mine, call, copies, {"batch": call["batch"]})
    assert not launches and not copies
