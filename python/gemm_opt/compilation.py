"""gemm_opt.compile: MLIR text or file -> Kernel, through the disk cache."""
import os
import pathlib
import re
import tempfile

from . import cache, compiler, tools
from .function import make_kernel

DEFAULT_CHIP = "sm_90"
# The chips the compiler takes (isSupportedChip, lib/Pipelines/Pipelines.cpp).
_SUPPORTED = ("sm_70", "sm_75", "sm_80", "sm_86", "sm_87", "sm_89", "sm_90")


def chip_for(capability):
    """The newest chip the compiler targets that a device of compute
    capability (major, minor) runs: its own, or sm_90 for newer ones (plain
    sm_90 PTX is JIT-compiled forward)."""
    own = f"sm_{capability[0]}{capability[1]}"
    if own in _SUPPORTED:
        return own
    older = [c for c in _SUPPORTED if int(c[3:]) <= capability[0] * 10 + capability[1]]
    return older[-1] if older else own


def capability_of(chip):
    """(major, minor) of "sm_XY" / "sm_XYa"."""
    return int(chip[3:-1] if chip.endswith("a") else chip[3:]) // 10, int(chip.rstrip("a")[-1])


_STAGE_NAME = re.compile(r"[a-z][a-z0-9-]*")
# A GPU's name as CUDA reports it ("NVIDIA H100 80GB HBM3"): no quote or
# brace that would end the pass option it is handed in.
_DEVICE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 ._()/-]*")


def _check_arguments(source, stage, chip, tuning_device=None):
    """TypeError / ValueError for what the compiler must not be handed: a
    stage or chip is one word each (a space would pass options of its own
    into the pipeline, unknown to the cache key and the Kernel)."""
    if not isinstance(source, (str, os.PathLike)):
        raise TypeError(f"source must be MLIR text or the path of a .mlir file, not {type(source).__name__}")
    if isinstance(source, str) and not source.strip():
        raise ValueError("source is empty: expected MLIR text or the path of a .mlir file")
    if not isinstance(stage, str) or not _STAGE_NAME.fullmatch(stage):
        raise ValueError(f"stage must be one stage name (e.g. 'wgmma', 'softmax-rows', or 'best'), got {stage!r}")
    if chip not in _SUPPORTED + ("sm_90a",):
        raise ValueError(f"unsupported chip {chip!r}; expected one of {', '.join(_SUPPORTED + ('sm_90a',))}")
    if tuning_device is not None and (not isinstance(tuning_device, str) or
                                      not _DEVICE_NAME.fullmatch(tuning_device)):
        raise ValueError(f"tuning_device must be a GPU's name as CUDA reports it (e.g. 'NVIDIA H100 80GB HBM3'), "
                         f"got {tuning_device!r}")


def _is_path(source):
    return isinstance(source, os.PathLike) or ("\n" not in source and "{" not in source)


def compile(source, stage="best", chip=DEFAULT_CHIP, options=None, use_cache=True, tuning_device=None):
    """Compiles MLIR (text, or the path of a .mlir file) through `stage`
    ("best": see compiler.best_stage) for `chip` with `options`
    ({"allow_tf32": bool}); returns a Kernel. Raises CompileError carrying
    the diagnostics (file:line:col). A function of several ops (e.g.
    attention) gives a FunctionKernel, called with the function's arguments
    in position order; a module of several functions a ModuleKernels, a
    kernel per function by name. `tuning_device`: the GPU the kernel is for,
    by its CUDA name (gemm_opt's functions pass the tensors' GPU): the
    tuning database's plans measured on it first (None: the H200's, the
    compiler's reference). Results are cached on disk ($GEMM_OPT_CACHE) by
    source, stage, chip, options, tuning device and compiler build."""
    options = compiler.check_options(options)
    _check_arguments(source, stage, chip, tuning_device)
    if _is_path(source):
        path = str(source)
        text = pathlib.Path(path).read_text()
    else:
        path, text = None, source
    if stage == "best":
        op, dtype = compiler.describe(text)
        stage = compiler.best_stage(op, dtype, capability_of(chip), options.get("allow_tf32", False))
    kind, tool = tools.find_compiler()
    fields = dict(source=text, stage=stage, chip=chip, options=options,
                  compiler=tools.compiler_fingerprint(kind, tool))
    if tuning_device:  # (absent: the keys written before it existed)
        fields["tuning_device"] = tuning_device
    k = cache.key(**fields)
    if use_cache:
        hit = cache.load(k)
        if hit is not None:
            ptx, manifest, info = hit
            return make_kernel(ptx, manifest, plan=info.get("plan"), log=info.get("log", ""), cache_key=k,
                          from_cache=True)
    if path is None:
        with tempfile.TemporaryDirectory(prefix="gemm_opt.") as tmp:
            p = os.path.join(tmp, "input.mlir")
            pathlib.Path(p).write_text(text)
            out = compiler.compile_file(kind, tool, p, stage, chip, options, shown_name="<string>",
                                        tuning_device=tuning_device)
    else:
        out = compiler.compile_file(kind, tool, path, stage, chip, options, tuning_device=tuning_device)
    if use_cache:
        cache.store(k, out["ptx"], out["manifest"], {"plan": out["plan"], "log": out["log"], "stage": stage,
                                                     "chip": chip, "options": options, "compiler": tool,
                                                     "tuning_device": tuning_device})
    return make_kernel(out["ptx"], out["manifest"], plan=out["plan"], log=out["log"], cache_key=k)
