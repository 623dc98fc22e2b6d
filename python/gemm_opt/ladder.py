"""The ladder from Python: run gemm-run on a problem, or read the results
it wrote (gemm-run --json; benchmarks/results/*/)."""
import json
import os
import pathlib
import subprocess
import tempfile

from . import tools
from .errors import GemmOptError, GemmRunError, NoDeviceError

EXIT_USAGE, EXIT_NO_DEVICE = 2, 3


def ladder(shape, dtype="f32", stages="all", tf32=False, op=None, extra_args=(), timeout=None, layout=None):
    """Runs `gemm-run --shape SHAPE --dtype DTYPE --stages=STAGES --json`
    (the embedded input: MxNxK matmul, RxC softmax; `layout`: the matmul's
    operand layout, gemm-run --layout) and returns its results
    (the JSON as a dict: "device", "stages", ...). Raises NoDeviceError
    without a GPU, GemmRunError on a usage or compile error; a stage that
    failed its check or could not run is in the results with its status."""
    tool = tools.find_tool("gemm-run")
    if not isinstance(stages, str):
        stages = ",".join(stages)
    with tempfile.TemporaryDirectory(prefix="gemm_opt.") as tmp:
        out = os.path.join(tmp, "results.json")
        cmd = [tool, "--shape", shape, "--dtype", dtype, f"--stages={stages}", "--json", out]
        cmd += (["--tf32"] if tf32 else []) + (["--op", op] if op else []) + (["--layout", layout] if layout else [])
        cmd += list(extra_args)
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=timeout)
        if proc.returncode == EXIT_NO_DEVICE:
            raise NoDeviceError(f"gemm-run found no CUDA device:\n{proc.stdout.strip()}")
        if proc.returncode == EXIT_USAGE or not os.path.exists(out):
            raise GemmRunError(f"gemm-run failed (exit {proc.returncode}):\n{proc.stdout.strip()}",
                               proc.returncode, proc.stdout)
        results = json.loads(pathlib.Path(out).read_text())
    results["exit_code"] = proc.returncode
    results["output"] = proc.stdout
    return results


def load_results(*paths):
    """gemm-run results from JSON files or directories of them, in name
    order: a list of dicts."""
    files = []
    for p in map(pathlib.Path, paths):
        files += sorted(p.glob("*.json")) if p.is_dir() else [p]
    out = []
    for f in files:
        try:
            data = json.loads(f.read_text())
        except (OSError, UnicodeDecodeError, ValueError) as e:
            raise GemmOptError(f"cannot read gemm-run results from {f}: {e}") from None
        if isinstance(data, dict) and data.get("format") == "gemm-run-results":
            data.setdefault("source", str(f))
            out.append(data)
    return out
