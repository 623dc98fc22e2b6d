"""Runs the compiler on one input and stage: gemm-opt's --gemm-compile when
it is there (it also reports the kernel's plan), else gemm-run
--compile-only --emit-dir (the static bundle of a GPU machine holds the
whole compiler in gemm-run)."""
import os
import pathlib
import re
import subprocess
import tempfile

from .errors import CompileError

# Options that compile() accepts, and the gemm-compile option of each.
OPTIONS = {"allow_tf32": "allow-tf32"}

# The plan attributes on each gpu.launch, read from the IR right before the
# kernels are outlined (docs/architecture.md, "How a rung is one pass").
_PLAN = re.compile(r"gemm_opt\.(\w+_plan) = #gemm_opt\.\w+_plan<([^<>]*)>")
_PLAN_FIELD = re.compile(r"(\w+) = (-?\d+|true|false)")
_FIRST_LOWERING_PASS = "gpu-launch-sink-index-computations"


def check_options(options):
    options = dict(options or {})
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise ValueError(f"unknown compile option(s) {unknown}; known: {sorted(OPTIONS)}")
    return {k: bool(v) for k, v in options.items()}


def parse_plans(ir):
    """{"wgmma_plan": {"bm": 128, ...}, ...}: the first plan of each kind
    (its integer and true/false fields; fields at their default are not
    printed, so absent)."""
    plans = {}
    for name, body in _PLAN.findall(ir):
        plans.setdefault(name, {k: v == "true" if v in ("true", "false") else int(v)
                                for k, v in _PLAN_FIELD.findall(body)})
    return plans


def _run(cmd):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def compile_file(kind, tool, path, stage, chip, options, shown_name=None, tuning_device=None):
    """Compiles `path` to {"ptx", "manifest", "plan", "log"}; raises
    CompileError with the diagnostics. `shown_name` replaces the path in
    them (for inputs given as text). `tuning_device`: the GPU (its CUDA
    name) whose tuning database entries the rungs take first; None: the
    compiler's default (the H200's)."""
    with tempfile.TemporaryDirectory(prefix="gemm_opt.") as tmp:
        tmp = pathlib.Path(tmp)
        if kind == "gemm-opt":
            flags = " ".join(f"{OPTIONS[k]}={int(v)}" for k, v in sorted(options.items()))
            if tuning_device:
                flags += f" tuning-device='{tuning_device}'"
            ptx, manifest = tmp / "kernel.ptx", tmp / "kernel.json"
            cmd = [tool, path, "--mlir-print-op-on-diagnostic=false",
                   f"--mlir-print-ir-before={_FIRST_LOWERING_PASS}",
                   f"--mlir-print-ir-tree-dir={tmp / 'ir'}",
                   f"--gemm-compile=stage={stage} chip={chip} {flags} "
                   f"ptx-file={ptx} manifest-file={manifest}", "-o", os.devnull]
        else:
            ptx, manifest = tmp / f"{stage}.ptx", tmp / f"{stage}.json"
            cmd = [tool, path, f"--stages={stage}", "--chip", chip, "--compile-only",
                   "--emit-dir", str(tmp)] + (["--tf32"] if options.get("allow_tf32") else []) + \
                (["--tuning-device", tuning_device] if tuning_device else [])
        proc = _run(cmd)
        log = proc.stdout if shown_name is None else proc.stdout.replace(path, shown_name)
        if proc.returncode != 0 or not ptx.is_file() or not manifest.is_file():
            raise CompileError(log or f"{tool} exited with {proc.returncode}", stage=stage)
        ir = "".join(p.read_text() for p in sorted((tmp / "ir").rglob("*.mlir"))) \
            if (tmp / "ir").is_dir() else ""
        return {"ptx": ptx.read_text(), "manifest": manifest.read_text(),
                "plan": parse_plans(ir) if kind == "gemm-opt" else None, "log": log}


# A matmul-family op and the element type of its first input (its ins( may
# follow indexing_maps on another line); a softmax's.
_MATMUL_TYPE = re.compile(r"linalg\.(?:batch_)?(?:matmul|matvec|vecmat|contract)\b.*?"
                          r"ins\([^:]*:\s*(?:memref|tensor)<[^>]*?x(f32|f16|bf16)>", re.S)
# gemm_opt.softmax: a softmax whose input and output types differ.
_SOFTMAX_TYPE = re.compile(r"(?:linalg|gemm_opt)\.softmax\b[^\n]*?ins\([^:]*:\s*(?:memref|tensor)<[^>]*?x(f32|f16|bf16)>")


def describe(source):
    """(op, input element type) of an MLIR source: "matmul" when it holds
    any matmul (a function or module of several ops compiles at the matmul
    stage, its softmax at the companion), else "softmax"."""
    m = _MATMUL_TYPE.search(source)
    if m:
        return "matmul", m.group(1)
    m = _SOFTMAX_TYPE.search(source)
    if m:
        return "softmax", m.group(1)
    has_matmul = re.search(r"linalg\.(?:batch_)?matmul|linalg\.contract|linalg\.generic", source)
    has_softmax = re.search(r"(?:linalg|gemm_opt)\.softmax", source)
    return ("matmul" if has_matmul or not has_softmax else "softmax"), None


def best_stage(op, dtype, capability, allow_tf32=False):
    """The fastest stage for the op on a device of compute capability
    (major, minor): wgmma on sm_90 (Hopper; f32 without allow_tf32 keeps
    its SIMT kernel there, as the mma rung does), mma.sync from sm_80, the
    warp-tiled SIMT kernel below."""
    if op == "softmax":
        return "softmax-rows"
    if tuple(capability) == (9, 0):
        return "wgmma"
    if tuple(capability) >= (8, 0) and (dtype in ("f16", "bf16") or allow_tf32):
        return "mma"
    return "warptile"
