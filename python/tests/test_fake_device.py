"""The runtime's launch path end to end without a GPU: libgemm_opt_runtime.so
over a fake libcuda (fake_cuda/fake_libcuda.c) that logs every launch and
keeps each tensor map's arguments. Checks that every kernel of a manifest
is launched in order with its grid, block, shared memory, stream, cluster
and programmatic attribute, each parameter slot holding its buffer's
pointer, its tensor map's address or its scalar, and each tensor map
encoded over the right buffer; a resident grid as many clusters as fit."""
import json
import os
import struct
import subprocess
import sys
import types

import pytest

import gemm_opt
import gemm_opt.tools
from gemm_opt import mlir

from helpers import REPO

MAPS = 0x7000000  # where the caller put the tensor maps
STREAM = 0x1234
SWIZZLE = {0: 0, 32: 1, 64: 2, 128: 3}

SCRIPT = r"""
import ctypes, json, os, sys
import gemm_opt
from gemm_opt import _runtime
ptx, manifest, tail = sys.stdin.read().split("\0")
buffers = json.loads(manifest)["buffers"]
ptrs = [0x10000000 * (i + 1) for i in range(len(buffers))]
out = {"ptrs": ptrs}
try:
    kernel = _runtime.LoadedKernel(_runtime.device(0), ptx, manifest)
    host = ctypes.create_string_buffer(128 * max(1, kernel.tensormaps))
    kernel.encode_tensormaps(ptrs, ctypes.addressof(host))
    out["maps"] = [list(ctypes.cast(ctypes.addressof(host) + 128 * i, ctypes.POINTER(ctypes.c_uint64))[:16])
                   for i in range(kernel.tensormaps)]
    kernel.launch(ptrs[:-1] if tail == "short" else ptrs, %d if tail != "nomaps" else 0, %d)
except gemm_opt.GemmOptError as e:
    out["error"] = type(e).__name__ + ": " + str(e)
print(json.dumps(out))
""" % (MAPS, STREAM)


def run(fake_cuda, tmp_path, kernel, tail="", cc="90", max_clusters=None):
    log = tmp_path / "launches.jsonl"
    log.unlink(missing_ok=True)
    env = dict(os.environ, LD_LIBRARY_PATH=str(fake_cuda), FAKE_CUDA_LOG=str(log), FAKE_CUDA_CC=cc,
               PYTHONPATH=str(REPO / "python"))
    if max_clusters is not None:
        env["FAKE_CUDA_MAX_CLUSTERS"] = str(max_clusters)
    proc = subprocess.run([sys.executable, "-c", SCRIPT], input=f"{kernel.ptx}\0{kernel.manifest_text}\0{tail}",
                          env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    lines = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
    out["launches"] = [l for l in lines if "kernel" in l]
    out["queries"] = [l for l in lines if "occupancy" in l]
    return out


def check_launches(kernel, out):
    m = kernel.manifest
    names = [b["name"] for b in m["buffers"]]
    ptrs = out["ptrs"]
    assert [l["kernel"] for l in out["launches"]] == [k["name"] for k in m["kernels"]]
    maps = 0
    for k, launch in zip(m["kernels"], out["launches"]):
        assert (launch["grid"], launch["block"], launch["smem"]) == (k["grid"], k["block"],
                                                                     k["dynamic_shared_memory"])
        assert launch["stream"] == STREAM
        assert launch["cluster"] == k.get("cluster")
        assert launch["programmatic"] == int(k.get("programmatic_dependent", False))
        assert launch["ex"] == int("cluster" in k or k.get("programmatic_dependent", False))
        assert len(launch["params"]) == len(k["params"])
        for p, slot in zip(k["params"], launch["params"]):
            if p["abi"] == "ptr":
                assert slot == ptrs[names.index(p["buffer"])]
            elif p["abi"] == "tensormap":
                assert slot == MAPS + 128 * maps
                word = out["maps"][maps]
                rank = len(p["dims"])
                assert word[0] == ptrs[names.index(p["buffer"])]
                assert word[2] == rank and word[3] == SWIZZLE[p["swizzle"]]
                assert word[4:4 + rank] == p["dims"] and word[9:9 + rank] == p["box"]
                assert word[7:7 + rank - 1] == p["strides"]
                maps += 1
            elif p["abi"] in ("i32", "i64"):
                mask = (1 << (32 if p["abi"] == "i32" else 64)) - 1
                assert slot & mask == p["value"] & mask
            else:
                assert slot & 0xFFFFFFFF == struct.unpack("<I", struct.pack("<f", p["value"]))[0]
    assert maps == len(out["maps"])


def check_slots(kernels, launches, ptrs, copy):
    """The parameter slots of one call's launches: each ptr its buffer's
    pointer (scratch buffers: the same one wherever it appears), each
    tensor map the address of its slot in the call's copied set, encoded
    over its buffer. Fills `ptrs` with the scratch pointers seen."""
    maps = 0
    for kd, launch in zip(kernels, launches):
        for p, slot in zip(kd["params"], launch["params"]):
            if p["abi"] == "ptr":
                assert slot == ptrs.setdefault(p["buffer"], slot)
            elif p["abi"] == "tensormap":
                assert slot == copy["dst"] + 128 * maps
                assert copy["words"][16 * maps] == ptrs.setdefault(p["buffer"], copy["words"][16 * maps])
                maps += 1
    return maps


def test_wgmma_tensor_maps_and_tma_store(fake_cuda, tmp_path):
    k = gemm_opt.compile(mlir.matmul_source(4096, 4096, 4096, "bf16", "f32"), stage="wgmma")
    out = run(fake_cuda, tmp_path, k)
    assert len(out["maps"]) == 3  # A, B and C (TMA stores)
    check_launches(k, out)


def test_padded_staging_reads_scratch_buffers(fake_cuda, tmp_path):
    k = gemm_opt.compile(mlir.matmul_source(4097, 4097, 4097, "f16", "f32"), stage="wgmma")
    assert len(k.manifest["kernels"]) >= 2 and any(b["role"] == "scratch" for b in k.buffers)
    check_launches(k, run(fake_cuda, tmp_path, k))


def test_split_k_reduction_is_a_programmatic_launch(fake_cuda, tmp_path):
    k = gemm_opt.compile(mlir.matmul_source(1000, 999, 777, "f32", "f32"), stage="warptile")
    assert [kd.get("programmatic_dependent", False) for kd in k.manifest["kernels"]] == [False, True]
    out = run(fake_cuda, tmp_path, k)
    check_launches(k, out)
    assert [l["ex"] for l in out["launches"]] == [0, 1]


def test_softmax_cluster_launch(fake_cuda, tmp_path):
    k = gemm_opt.compile(mlir.softmax_source(1024, 131072, "f16"), stage="softmax-rows")
    assert "cluster" in k.manifest["kernels"][0]
    check_launches(k, run(fake_cuda, tmp_path, k))


def test_resident_grid_launches_the_clusters_that_fit(fake_cuda, tmp_path):
    """Clusters of four along M (the GPU lane's plan for 1024x4096x4096 f16
    nt into f32: 128 blocks, 32 clusters) walk their units over the
    clusters launched ("resident_grid"): the runtime asks how many fit at
    once with the launch's block, shared memory and cluster, and launches
    that many whole clusters, or the manifest's grid where all fit."""
    source = tmp_path / "matmul.mlir"
    source.write_text(mlir.matmul_source(1024, 4096, 4096, "f16", "f32", layout="nt"))
    ptx, manifest = tmp_path / "k.ptx", tmp_path / "k.json"
    db = REPO / "test" / "GPU" / "Inputs" / "cluster-db.jsonl"
    subprocess.run([gemm_opt.tools.find_tool("gemm-opt"), str(source), "-o", os.devnull,
                    f"--gemm-stage-wgmma=tuning-db={db} tuning-db-strict=1 ptx-file={ptx} manifest-file={manifest}"],
                   check=True)
    k = types.SimpleNamespace(ptx=ptx.read_text(), manifest_text=manifest.read_text())
    k.manifest = json.loads(k.manifest_text)
    kd = k.manifest["kernels"][0]
    assert (kd["grid"], kd["cluster"], kd["resident_grid"]) == ([128, 1, 1], [4, 1, 1], True)
    out = run(fake_cuda, tmp_path, k)  # the fake's 132 SMs hold all 32
    check_launches(k, out)
    assert out["queries"] == [{"occupancy": kd["name"], "grid": kd["grid"], "block": kd["block"],
                               "smem": kd["dynamic_shared_memory"], "cluster": kd["cluster"]}]
    out = run(fake_cuda, tmp_path, k, max_clusters=30)
    assert [(l["grid"], l["cluster"]) for l in out["launches"]] == [([120, 1, 1], [4, 1, 1])]
    assert run(fake_cuda, tmp_path, k, max_clusters=0)["launches"][0]["grid"] == [128, 1, 1]
    # Other kernels are launched as they are, without asking.
    plain = gemm_opt.compile(mlir.matmul_source(4096, 4096, 4096, "bf16", "bf16", layout="nt"), stage="wgmma")
    assert "resident_grid" not in plain.manifest["kernels"][0]
    out = run(fake_cuda, tmp_path, plain, max_clusters=1)
    check_launches(plain, out)
    assert out["queries"] == []


def test_launch_errors(fake_cuda, tmp_path):
    k = gemm_opt.compile(mlir.matmul_source(256, 256, 256, "bf16", "f32"), stage="wgmma")
    out = run(fake_cuda, tmp_path, k, tail="nomaps")
    assert "LaunchError" in out["error"] and "tensor maps" in out["error"] and not out["launches"]
    out = run(fake_cuda, tmp_path, k, tail="short")
    assert "LaunchError" in out["error"] and "buffers given, the manifest has 3" in out["error"]
    out = run(fake_cuda, tmp_path, k, cc="80")
    assert "LaunchError" in out["error"] and "sm_90a" in out["error"]


# Kernel.__call__ over the fake libcuda with a stand-in for torch
# (fake_cuda/fake_torch.py).
TORCH_SCRIPT = r"""
import json, sys, types
sys.path.insert(0, sys.argv[1])
import fake_torch
torch = fake_torch.torch
from gemm_opt.kernel import Kernel
ptx, manifest = sys.stdin.read().split("\0")
kernel = Kernel(ptx, manifest)
shapes = {b["name"]: b["shape"] for b in kernel.arguments}
a, b = fake_torch.Tensor(shapes["A"], torch.float16), fake_torch.Tensor(shapes["B"], torch.float16)
c = kernel(a, b)
assert kernel(a, b, c) is c
kernel(a, b, c, stream=types.SimpleNamespace(cuda_stream=0x55))
print(json.dumps({"a": a.ptr, "b": b.ptr, "c": c.ptr, "copies": fake_torch.COPIES}))
"""


def test_kernel_call_allocates_scratch_and_caches_tensor_maps(fake_cuda, tmp_path):
    """Three calls of a kernel with padded staging (scratch buffers read
    through tensor maps): C is allocated by the first; the tensor maps are
    copied once per (stream, buffers), before the launch that reads them,
    on that stream, over the buffers that launch uses."""
    k = gemm_opt.compile(mlir.matmul_source(4097, 4097, 4097, "f16", "f32"), stage="wgmma")
    log = tmp_path / "launches.jsonl"
    env = dict(os.environ, LD_LIBRARY_PATH=str(fake_cuda), FAKE_CUDA_LOG=str(log), PYTHONPATH=str(REPO / "python"))
    proc = subprocess.run([sys.executable, "-c", TORCH_SCRIPT, str(REPO / "python" / "tests" / "fake_cuda")], input=f"{k.ptx}\0{k.manifest_text}", env=env,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    launches = [json.loads(line) for line in log.read_text().splitlines()]
    kernels = k.manifest["kernels"]
    assert len(launches) == 3 * len(kernels)
    assert [l["stream"] for l in launches] == [0] * 2 * len(kernels) + [0x55] * len(kernels)
    copies = out["copies"]
    assert [(c["stream"], c["non_blocking"]) for c in copies] == [(0, True), (0x55, True)]
    names = [b["name"] for b in k.buffers]
    for call in range(3):
        ptrs = {"A": out["a"], "B": out["b"], "C": out["c"]}
        n = len(kernels)
        assert check_slots(kernels, launches[call * n:(call + 1) * n], ptrs, copies[0 if call < 2 else 1]) > 0
        scratch = [n for n in names if n not in ("A", "B", "C")]
        assert scratch and all(ptrs[n] not in (out["a"], out["b"], out["c"]) for n in scratch)


FUNCTIONAL_SCRIPT = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import fake_torch
torch = fake_torch.torch
import gemm_opt
from gemm_opt import functional
a, b = fake_torch.Tensor((64, 32), torch.bfloat16), fake_torch.Tensor((32, 48), torch.bfloat16)
c1 = gemm_opt.matmul(a, b)
plain = len(functional._plain)
c2 = gemm_opt.matmul(a, b)  # the cached plain call
x = fake_torch.Tensor((33, 1000), torch.float32)
y = gemm_opt.softmax(x)
print(json.dumps({"a": a.ptr, "b": b.ptr, "c": [c1.ptr, c2.ptr], "c_shape": list(c2.shape),
                  "copies": fake_torch.COPIES,
                  "c_dtype": str(c2.dtype), "plain": plain, "x": x.ptr, "y": y.ptr, "y_shape": list(y.shape),
                  "stages": sorted(k.stage for k in functional._kernels.values())}))
"""


SOFTMAX_DTYPE_SCRIPT = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import fake_torch
torch = fake_torch.torch
import gemm_opt
from gemm_opt import functional
x = fake_torch.Tensor((2, 33, 1000), torch.float16)
y = gemm_opt.softmax(x, dtype=torch.float32)
y2 = gemm_opt.softmax(x, dtype=torch.float32)  # the cached plain call
z = gemm_opt.softmax(fake_torch.Tensor((33, 1000), torch.float32), dtype=torch.bfloat16)
problems = sorted((k.problem["x"], k.problem["y"]) for k in functional._kernels.values())
print(json.dumps({"x": x.ptr, "y": [y.ptr, y2.ptr], "y_dtype": str(y.dtype), "y_shape": list(y.shape),
                  "z_dtype": str(z.dtype), "conversions": fake_torch.CONVERSIONS, "problems": problems}))
"""


def test_softmax_dtype_reads_x_writes_dtype(fake_cuda, tmp_path):
    """gemm_opt.softmax(x, dtype=torch.float32) on f16 x (Hugging Face's
    attention softmax): one kernel reads x as it is and writes float32 (a
    gemm_opt.softmax of f16 and f32), no cast of x. A narrower dtype casts x
    first, as torch does, then runs that type's softmax."""
    out, launches = run_fake_torch_script(SOFTMAX_DTYPE_SCRIPT, fake_cuda, tmp_path)
    assert (out["y_dtype"], out["y_shape"], out["z_dtype"]) == ("torch.float32", [2, 33, 1000], "torch.bfloat16")
    assert out["problems"] == [["bf16", "bf16"], ["f16", "f32"]]
    assert out["conversions"] == [["float32", "bfloat16"]]
    assert [l["kernel"] for l in launches] == ["softmax_kernel"] * 3
    k = gemm_opt.compile(mlir.softmax_source(66, 1000, "f16", "f32"), stage="softmax-rows")
    for call, y in enumerate(out["y"]):
        check_slots(k.manifest["kernels"], launches[call:call + 1], {"X": out["x"], "Y": y}, None)


def run_fake_torch_script(script, fake_cuda, tmp_path):
    """Runs `script` with fake_torch as torch over the fake libcuda: (its
    JSON output, the launches it made)."""
    log = tmp_path / "launches.jsonl"
    env = dict(os.environ, LD_LIBRARY_PATH=str(fake_cuda), FAKE_CUDA_LOG=str(log), PYTHONPATH=str(REPO / "python"))
    proc = subprocess.run([sys.executable, "-c", script, str(REPO / "python" / "tests" / "fake_cuda")],
                          env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout), [json.loads(line) for line in log.read_text().splitlines()]


def test_functional_calls_launch_their_kernels(fake_cuda, tmp_path):
    """gemm_opt.matmul (first and cached call) and gemm_opt.softmax on a fake
    sm_90: the best stages, one launch sequence per call over the caller's
    tensors and a new output."""
    out, launches = run_fake_torch_script(FUNCTIONAL_SCRIPT, fake_cuda, tmp_path)
    assert out["stages"] == ["softmax-rows", "wgmma"] and out["plain"] == 1
    assert (out["c_shape"], out["c_dtype"], out["y_shape"]) == ([64, 48], "torch.bfloat16", [33, 1000])
    assert [l["kernel"] for l in launches] == ["matmul_kernel", "matmul_kernel", "softmax_kernel"]
    mm = gemm_opt.compile(mlir.matmul_source(64, 48, 32, "bf16", "bf16"), stage="wgmma")
    assert len(out["copies"]) == 2  # C is new in each call: a new set of tensor maps
    for call, c in enumerate(out["c"]):
        ptrs = {"A": out["a"], "B": out["b"], "C": c}
        check_slots(mm.manifest["kernels"], launches[call:call + 1], ptrs, out["copies"][call])
        assert set(ptrs) == {"A", "B", "C"}
    assert launches[2]["params"] == [out["x"], out["y"]]


LAYOUT_SCRIPT = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import fake_torch
torch = fake_torch.torch
import gemm_opt
from gemm_opt import compilation, functional, mlir
from gemm_opt.kernel import Kernel
ptx, manifests = sys.stdin.read().split("\0")
manifests = json.loads(manifests)
compiled = []


def fake_compile(source, stage="best", chip=None, options=None, use_cache=True, tuning_device=None):
    # The kernel of the layout whose source functional built (exactly).
    layout = next(l for l in mlir.LAYOUTS if source == mlir.matmul_source(64, 48, 32, "bf16", "bf16", l))
    compiled.append(layout)
    return Kernel(ptx, manifests[layout])


compilation.compile = fake_compile
a, at = fake_torch.Tensor((64, 32), torch.bfloat16), fake_torch.Tensor((32, 64), torch.bfloat16)
b, w = fake_torch.Tensor((32, 48), torch.bfloat16), fake_torch.Tensor((48, 32), torch.bfloat16)
calls = [("linear", a, w), ("linear", a, w), ("matmul", a, w.t()), ("matmul", at.t(), b),
         ("matmul", at.t(), w.t()), ("matmul", a, b), ("matmul", at.t(), w.t())]
out = []
for fn, x, y in calls:
    c = gemm_opt.linear(x, y) if fn == "linear" else gemm_opt.matmul(x, y)
    out.append({"c": c.ptr, "shape": list(c.shape)})
print(json.dumps({"calls": out, "compiled": compiled, "copies": len(fake_torch.DENSE_COPIES),
                  "plain": len(functional._plain), "a": a.ptr, "at": at.ptr, "b": b.ptr, "w": w.ptr,
                  "keys": sorted(k[-1] for k in functional._kernels)}))
"""


def layout_manifest(manifest_text, layout, m, n, k):
    """An nn manifest edited to `layout`: the problem's "layout", A and B
    with their stored shapes (what the compiler writes for that layout)."""
    man = json.loads(manifest_text)
    man["problem"]["layout"] = layout
    shapes = {"A": [k, m] if layout[0] == "t" else [m, k], "B": [n, k] if layout[1] == "t" else [k, n]}
    for b in man["buffers"]:
        b["shape"] = shapes.get(b["role"], b["shape"])
    return json.dumps(man, indent=2)


def test_functional_layouts_pass_transposed_views_in_place(fake_cuda, tmp_path):
    """linear's weight and the transposed views given to matmul reach the
    kernel as they are stored, through the layouts nt, tn and tt (no dense
    copy); one kernel per layout, each built from mlir.matmul_source of that
    layout; a repeated call takes the cached launcher. The kernels: the nn
    naive kernel's PTX with manifests edited to each layout (the runtime
    validates them), so this runs before the compiler takes layouts."""
    nn = gemm_opt.compile(mlir.matmul_source(64, 48, 32, "bf16", "bf16"), stage="naive")
    manifests = {l: nn.manifest_text if l == "nn" else layout_manifest(nn.manifest_text, l, 64, 48, 32)
                 for l in mlir.LAYOUTS}
    log = tmp_path / "launches.jsonl"
    env = dict(os.environ, LD_LIBRARY_PATH=str(fake_cuda), FAKE_CUDA_LOG=str(log), PYTHONPATH=str(REPO / "python"))
    proc = subprocess.run([sys.executable, "-c", LAYOUT_SCRIPT, str(REPO / "python" / "tests" / "fake_cuda")],
                          input=f"{nn.ptx}\0{json.dumps(manifests)}", env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["compiled"] == ["nt", "tn", "tt", "nn"] and out["keys"] == ["nn", "nt", "tn", "tt"]
    assert out["copies"] == 0 and out["plain"] == 4
    assert all(c["shape"] == [64, 48] for c in out["calls"])
    launches = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(nn.manifest["kernels"]) == 1 and len(launches) == 7
    operands = [("a", "w"), ("a", "w"), ("a", "w"), ("at", "b"), ("at", "w"), ("a", "b"), ("at", "w")]
    for launch, (x, y), call in zip(launches, operands, out["calls"]):
        check_slots(nn.manifest["kernels"][:1], [launch], {"A": out[x], "B": out[y], "C": call["c"]}, None)


def test_matmul_source_layouts():
    """The MLIR of each layout: A and B with their stored shapes, the
    indexing_maps of linalg.matmul (none for nn, as before)."""
    assert "indexing_maps" not in mlir.matmul_source(5, 6, 7, "f16", "f32")
    nt = mlir.matmul_source(5, 6, 7, "f16", "f32", "nt")
    assert "%A: memref<5x7xf16>, %B: memref<6x7xf16>, %C: memref<5x6xf32>" in nt
    assert ("linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, "
            "affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] "
            "ins(%A, %B : memref<5x7xf16>, memref<6x7xf16>)") in nt
    tt = mlir.matmul_source(5, 6, 7, "f16", "f32", "tt")
    assert "%A: memref<7x5xf16>, %B: memref<6x7xf16>" in tt and "-> (d2, d0)>" in tt
    with pytest.raises(ValueError, match="unknown matmul layout 'tx'"):
        mlir.matmul_source(5, 6, 7, "f16", "f32", "tx")


FUSED_SCRIPT = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import fake_torch
torch = fake_torch.torch
import gemm_opt
from gemm_opt import functional
x = fake_torch.Tensor((2, 64, 32), torch.bfloat16)
w, bias = fake_torch.Tensor((48, 32), torch.bfloat16), fake_torch.Tensor((48,), torch.bfloat16)
y = gemm_opt.linear(x, w, bias, activation="gelu")
print(json.dumps({"x": x.ptr, "w": w.ptr, "bias": bias.ptr, "y": y.ptr, "shape": list(y.shape),
                  "dtype": str(y.dtype), "copies": len(fake_torch.DENSE_COPIES),
                  "kernels": [[k[-2], k[-1], kern.problem.get("epilogue")]
                              for k, kern in functional._kernels.items()]}))
"""


def test_functional_bias_and_activation_are_fused(fake_cuda, tmp_path):
    """gemm_opt.linear with a bias and an activation on a 3-D activation:
    one kernel, its tokens as rows, the weight read in place (nt), the bias
    and GELU in its epilogue and C written in bf16 (before: the kernel wrote
    f32 C, then torch added the bias, applied the activation and converted,
    three more passes over C)."""
    out, launches = run_fake_torch_script(FUSED_SCRIPT, fake_cuda, tmp_path)
    assert (out["shape"], out["dtype"], out["copies"]) == ([2, 64, 48], "torch.bfloat16", 0)
    assert out["kernels"] == [[["bf16", "gelu"], "nt", [{"op": "add", "operand": "E0", "broadcast": "col"},
                                                        {"op": "gelu_erf"}]]]
    # One launch sequence: the bias and C by pointer (A and B through
    # tensor maps).
    assert len({l["kernel"] for l in launches}) == len(launches)
    params = {p for l in launches for p in l["params"]}
    assert {out["bias"], out["y"]} <= params


ATTENTION_SCRIPT = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import fake_torch
torch = fake_torch.torch
torch.bool = fake_torch.Dtype("bool", 1)
import gemm_opt
from gemm_opt import attention
q, k, v = (fake_torch.Tensor(s, torch.bfloat16) for s in [(2, 3, 64, 32), (2, 3, 48, 32), (2, 3, 48, 16)])
shapes = [(64, 48), (2, 3, 64, 48), (2, 1, 64, 48), (1, 3, 64, 48), (3, 64, 48), (2, 1, 64, 48)]
masks = [fake_torch.Tensor(s, torch.bfloat16) for s in shapes]
outs = [gemm_opt.scaled_dot_product_attention(q, k, v, m, stage="mma") for m in masks]
print(json.dumps({"masks": [m.ptr for m in masks], "shapes": [list(o.shape) for o in outs],
                  "copies": len(fake_torch.DENSE_COPIES),
                  "kernels": [[list(key[8]), kern.arguments[3]["shape"], kern.ops[0]["problem"]["epilogue"][1]]
                              for key, kern in attention._kernels.items()]}))
"""


def test_attention_masks_of_each_form_reach_the_kernel_in_place(fake_cuda, tmp_path):
    """scaled_dot_product_attention over (batch 2, heads 3) with a mask
    shared by every entry, one per entry, one per sequence ([2, 1, L, S])
    and one per head ([1, 3, L, S], [3, L, S]): one kernel per mask form
    (the cache key holds it; the two per-head shapes and the repeated
    per-sequence mask share theirs), each taking the mask flattened to its
    matrices, passed without a copy."""
    out, launches = run_fake_torch_script(ATTENTION_SCRIPT, fake_cuda, tmp_path)
    assert out["shapes"] == [[2, 3, 64, 16]] * 6 and out["copies"] == 0
    add = {"op": "add", "operand": "E0"}
    assert out["kernels"] == [[["shared", 1], [64, 48], dict(add, broadcast="batch")],
                              [["entry", 1], [6, 64, 48], dict(add, broadcast="none")],
                              [["group", 3], [2, 64, 48], dict(add, broadcast="group", span=3)],
                              [["cycle", 3], [3, 64, 48], dict(add, broadcast="cycle", span=3)]]
    per = len(launches) // 6  # the launches of one call: the same kernels' for every form
    assert per and len(launches) == 6 * per
    calls = [launches[i:i + per] for i in range(0, len(launches), per)]
    assert all([l["kernel"] for l in c] == [l["kernel"] for l in calls[0]] for c in calls)
    for mask, call in zip(out["masks"], calls):
        assert mask in {p for l in call for p in l["params"]}


GQA_SCRIPT = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import fake_torch
torch = fake_torch.torch
torch.bool = fake_torch.Dtype("bool", 1)
import gemm_opt
from gemm_opt import attention
q, k, v = (fake_torch.Tensor(s, torch.bfloat16) for s in [(2, 8, 64, 32), (2, 2, 48, 32), (2, 2, 48, 16)])
masks = [None, fake_torch.Tensor((2, 1, 1, 48), torch.bfloat16), fake_torch.Tensor((2, 1, 64, 48), torch.bfloat16)]
outs = [gemm_opt.scaled_dot_product_attention(q, k, v, m, enable_gqa=True, stage="mma") for m in masks]
print(json.dumps({"shapes": [list(o.shape) for o in outs],
                  "repeats": [[*shape, repeats, dim] for shape, repeats, dim in fake_torch.REPEATS],
                  "kernels": [[list(key[:3]), list(key[8]), kern.arguments[0]["shape"], kern.arguments[1]["shape"]]
                              for key, kern in attention._kernels.items()]}))
"""


def test_attention_grouped_heads_stack_or_repeat(fake_cuda, tmp_path):
    """enable_gqa with 8 query heads over 2 key heads: without a mask and
    with a key-padding mask per sequence, the 4 query heads of a key head
    are the rows of one entry (4 entries of 4 x 64 rows, K and V read as
    they are); with a mask over the queries each query head is an entry
    (16 entries of 64 rows) reading its key head's K and V, still as they
    are (4 entries: b_group 4); nothing is repeated."""
    out, _ = run_fake_torch_script(GQA_SCRIPT, fake_cuda, tmp_path)
    assert out["shapes"] == [[2, 8, 64, 16]] * 3
    assert out["kernels"] == [[[4, 256, 48], ["shared", 1], [4, 256, 32], [4, 48, 32]],
                              [[4, 256, 48], ["group", 2, "keys"], [4, 256, 32], [4, 48, 32]],
                              [[16, 64, 48], ["group", 8], [16, 64, 32], [4, 48, 32]]]
    assert out["repeats"] == []
