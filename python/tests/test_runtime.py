"""libgemm_opt_runtime.so through ctypes, without a GPU: the strict
manifest reader, gemm-run's thresholds, and clean errors when there is no
usable libcuda."""
import json
import os
import shutil
import subprocess
import sys

import pytest

import gemm_opt
from gemm_opt import _runtime, mlir

from helpers import REPO

MANIFESTS = REPO / "test" / "Runtime" / "Inputs"


def test_library_loads_with_the_expected_api():
    assert _runtime.library().gemm_opt_api_version() == _runtime.API_VERSION


def test_validate_accepts_compiled_and_rejects_broken_manifests():
    k = gemm_opt.compile(mlir.matmul_source(64, 64, 64, "bf16", "f32"), stage="wgmma")
    _runtime.validate_manifest(k.manifest_text)
    broken = json.loads(k.manifest_text)
    broken["kernels"][0]["params"][0]["abi"] = "pointer"
    with pytest.raises(gemm_opt.GemmOptError, match="pointer"):
        _runtime.validate_manifest(json.dumps(broken))
    with pytest.raises(gemm_opt.GemmOptError, match="manifest"):
        _runtime.validate_manifest("{")


def test_tensormap_rules_are_the_runtimes():
    text = (MANIFESTS / "tma_matmul_f16_f32.json").read_text()
    _runtime.validate_manifest(text)
    m = json.loads(text)
    tmap = next(p for k in m["kernels"] for p in k["params"] if p["abi"] == "tensormap")
    tmap["strides"] = [tmap["strides"][0] + 1]  # not a multiple of 16 bytes
    with pytest.raises(gemm_opt.GemmOptError, match="16"):
        _runtime.validate_manifest(json.dumps(m))


@pytest.mark.parametrize("a,c,expected", [("f32", "f32", 1e-4), ("bf16", "f32", 1e-3), ("f16", "f16", 5e-3),
                                          ("bf16", "bf16", 1e-2)])
def test_matmul_thresholds(a, c, expected):
    k = gemm_opt.compile(mlir.matmul_source(16, 16, 16, a, c), stage="naive")
    assert k.threshold() == expected
    if a == "f32":
        assert k.threshold(tf32=True) == 5e-3


@pytest.mark.parametrize("t,expected", [("f32", 1e-4), ("f16", 2e-3), ("bf16", 1e-2)])
def test_softmax_thresholds(t, expected):
    assert gemm_opt.compile(mlir.softmax_source(4, 64, t), stage="softmax-3pass").threshold() == expected


def _open_device_in_subprocess(env):
    code = ("import gemm_opt\nfrom gemm_opt import _runtime\n"
            "try:\n    _runtime.device(0)\nexcept gemm_opt.NoDeviceError as e:\n    print('NoDeviceError:', e)\n")
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          cwd=REPO / "python")


def test_a_libcuda_without_the_driver_api_is_a_clean_error(tmp_path):
    cc = shutil.which("clang") or shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip("no C compiler to build a fake libcuda")
    (tmp_path / "fake.c").write_text("int not_the_driver_api(void) { return 0; }\n")
    subprocess.run([cc, "-shared", "-fPIC", "-o", str(tmp_path / "libcuda.so.1"), str(tmp_path / "fake.c")],
                   check=True)
    env = dict(os.environ, LD_LIBRARY_PATH=str(tmp_path), PYTHONPATH=str(REPO / "python"))
    out = _open_device_in_subprocess(env)
    assert out.returncode == 0, out.stderr
    assert "NoDeviceError: no CUDA device available (libcuda.so.1 does not export cuGetErrorString)" in out.stdout


def test_no_device_is_a_clean_error():
    env = dict(os.environ, PYTHONPATH=str(REPO / "python"))
    out = _open_device_in_subprocess(env)
    assert out.returncode == 0, out.stderr
    if "NoDeviceError" not in out.stdout:
        pytest.skip("this machine has a CUDA device")
    assert "no CUDA device available (" in out.stdout
