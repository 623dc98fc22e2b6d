"""gemm_opt.ladder runs gemm-run; without a GPU it says so."""
import subprocess
import sys

import pytest

import gemm_opt
from gemm_opt import tools

from helpers import REPO


@pytest.fixture
def gemm_run():
    path = tools.find_tool("gemm-run", required=False)
    if path is None:
        pytest.skip("gemm-run is not built")
    if subprocess.run([path, "--probe"], capture_output=True).returncode == 0:
        pytest.skip("this machine has a CUDA device (the GPU lane runs the ladder)")
    return path


def test_no_device(gemm_run):
    with pytest.raises(gemm_opt.NoDeviceError, match="no CUDA device"):
        gemm_opt.ladder("64x64x64", "f32", stages=["naive", "coalesced"])


def test_usage_error_is_gemm_run_error(gemm_run):
    with pytest.raises(gemm_opt.GemmRunError, match="unknown matmul stage 'rung9'") as e:
        gemm_opt.ladder("64x64x64", "f32", stages="rung9")
    assert e.value.returncode == 2


def test_layout_reaches_gemm_run(gemm_run):
    with pytest.raises(gemm_opt.GemmRunError, match="--layout applies to matmul only") as e:
        gemm_opt.ladder("64x64", "f32", stages="softmax-rows", op="softmax", layout="nt")
    assert e.value.returncode == 2


def test_cli_ladder_without_device(gemm_run, tmp_path):
    out = subprocess.run([sys.executable, "-m", "gemm_opt", "ladder", "--shape", "32x32x32", "--dtype", "bf16",
                          "--stages", "naive", "--plot", str(tmp_path / "l.png")], cwd=REPO / "python",
                         capture_output=True, text=True)
    assert out.returncode == 3 and "no CUDA device" in out.stderr
