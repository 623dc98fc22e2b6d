"""The pictures, drawn from the committed H200 results."""
import subprocess
import sys

import pytest

import gemm_opt
from gemm_opt import plot

from helpers import REPO

RESULTS = REPO / "benchmarks" / "results" / "2026-11-30-ladder-s4"


@pytest.fixture
def runs():
    return gemm_opt.load_results(RESULTS / "matmul-bf16-4096x4096x4096.json",
                                 RESULTS / "matmul-f32-4096x4096x4096.json")


def test_load_results():
    all_runs = gemm_opt.load_results(RESULTS)
    assert len(all_runs) == len(list(RESULTS.glob("*.json")))
    assert all(r["format"] == "gemm-run-results" and r["stages"] for r in all_runs)


def test_ladder_bars_are_the_percentages(runs, tmp_path):
    fig = plot.ladder(runs, path=tmp_path / "ladder.png")
    ax = fig.axes[0]
    expected = [plot.metric(s)[0] for r in runs for s in r["stages"] if plot.metric(s)]
    heights = [p.get_height() for p in ax.patches]
    assert heights == pytest.approx(expected)
    assert len(heights) == 22  # 11 stages of each type, every one PASSed
    assert [t.get_text() for t in ax.get_xticklabels()][-1] == "wgmma"
    assert (tmp_path / "ladder.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_roofline_points(runs, tmp_path):
    fig = plot.roofline(runs, path=tmp_path / "roofline.png")
    ax = fig.axes[0]
    points = [tuple(c.get_offsets()[0]) for c in ax.collections if len(c.get_offsets())]
    stages = [(s["arithmetic_intensity"], s["tflops"]) for r in runs for s in r["stages"]]
    cublas = [(r["stages"][0]["arithmetic_intensity"], r["stages"][0]["cublas_tflops"]) for r in runs]
    assert sorted(points) == pytest.approx(sorted(stages + cublas))
    # Every point lies under its roof: min(peak, intensity x bandwidth).
    bw = plot.bandwidth_gbs(runs[0]["device"])
    assert 4700 < bw < 4900  # the H200's HBM3e
    for r in runs:
        for s in r["stages"]:
            assert s["tflops"] <= min(s["peak_tflops"], s["arithmetic_intensity"] * bw / 1e3)
    assert (tmp_path / "roofline.png").stat().st_size > 10000


def test_softmax_ladder_uses_copy_bandwidth():
    runs = gemm_opt.load_results(RESULTS / "softmax-f16-16384x4096.json")
    ax = plot.ladder(runs).axes[0]
    assert ax.get_ylabel() == "% of device-copy bandwidth"
    assert [p.get_height() for p in ax.patches] == pytest.approx([s["pct_copy"] for s in runs[0]["stages"]])


def test_cli_plot(tmp_path):
    out = subprocess.run([sys.executable, "-m", "gemm_opt", "plot", str(RESULTS / "matmul-bf16-4096x4096x4096.json"),
                          "--ladder", str(tmp_path / "l.png"), "--roofline", str(tmp_path / "r.png")],
                         cwd=REPO / "python", capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "l.png").is_file() and (tmp_path / "r.png").is_file()
    bad = subprocess.run([sys.executable, "-m", "gemm_opt", "plot", str(tmp_path)], cwd=REPO / "python",
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "no gemm-run results" in bad.stderr


@pytest.mark.parametrize("content, message", [
    (None, "cannot read gemm-run results from"),      # no such file
    ("garbage", "cannot read gemm-run results from"),  # not JSON
    ("[1, 2]", "no gemm-run results"),                 # JSON, not results
])
def test_cli_plot_bad_input_is_exit_2(tmp_path, content, message):
    """What is not a results file is exit 2 with a message (was: a
    traceback, exit 1); so is a picture that cannot be written."""
    path = tmp_path / "in.json"
    if content is not None:
        path.write_text(content)
    out = subprocess.run([sys.executable, "-m", "gemm_opt", "plot", str(path), "--ladder", str(tmp_path / "l.png")],
                         cwd=REPO / "python", capture_output=True, text=True)
    assert out.returncode == 2 and message in out.stderr and "Traceback" not in out.stderr, out.stderr
    out = subprocess.run([sys.executable, "-m", "gemm_opt", "plot", str(RESULTS / "matmul-bf16-4096x4096x4096.json"),
                          "--ladder", str(tmp_path / "no" / "dir" / "l.png")],
                         cwd=REPO / "python", capture_output=True, text=True)
    assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr
