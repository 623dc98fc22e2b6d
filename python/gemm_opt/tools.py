"""Where the compiler and the runtime library are.

Searched in order, the first directory that has one winning:
$GEMM_OPT_BINDIR (a directory holding gemm-opt and/or gemm-run and
libgemm_opt_runtime.so, e.g. the GPU machine's unpacked static bundle), the
repository's build/ (build/bin, build/lib) next to this package, then
$PATH for the tools. $GEMM_OPT_RUNTIME_LIB names the library itself."""
import os
import pathlib
import shutil

from .errors import ToolNotFoundError

_REPO = pathlib.Path(__file__).resolve().parents[2]


def _dirs(sub):
    out = []
    if os.environ.get("GEMM_OPT_BINDIR"):
        out.append(pathlib.Path(os.environ["GEMM_OPT_BINDIR"]))
    build = pathlib.Path(os.environ.get("GEMM_OPT_BUILD_DIR", _REPO / "build"))
    out.append(build / sub)
    return out


def find_tool(name, required=True):
    """The path of gemm-opt or gemm-run, or None (required=False)."""
    for d in _dirs("bin"):
        p = d / name
        if p.is_file() and os.access(p, os.X_OK):
            return str(p)
    found = shutil.which(name)
    if found or not required:
        return found
    raise ToolNotFoundError(
        f"{name} not found in $GEMM_OPT_BINDIR, {_REPO / 'build' / 'bin'} or $PATH "
        "(build it with scripts/setup.sh, or unpack the static bundle and set GEMM_OPT_BINDIR)")


def find_compiler():
    """(kind, path): the first directory searched that has a compiler gives
    it, gemm-opt before gemm-run (gemm-opt also reports the plan; the
    static gemm-run of the GPU bundle contains the whole compiler)."""
    names = ("gemm-opt", "gemm-run")
    for d in _dirs("bin"):
        for name in names:
            p = d / name
            if p.is_file() and os.access(p, os.X_OK):
                return name, str(p)
    for name in names:
        if shutil.which(name):
            return name, shutil.which(name)
    find_tool("gemm-opt")  # raises, naming the places searched
    return None


def find_runtime_library():
    if os.environ.get("GEMM_OPT_RUNTIME_LIB"):
        return os.environ["GEMM_OPT_RUNTIME_LIB"]
    for d in _dirs("lib"):
        p = d / "libgemm_opt_runtime.so"
        if p.is_file():
            return str(p)
    raise ToolNotFoundError(
        "libgemm_opt_runtime.so not found in $GEMM_OPT_BINDIR or "
        f"{_REPO / 'build' / 'lib'} (build it with scripts/setup.sh, or set GEMM_OPT_RUNTIME_LIB)")


def compiler_fingerprint(kind, path):
    """Identifies the compiler build: a rebuilt binary (new size or mtime)
    invalidates every cached kernel it compiled."""
    st = os.stat(path)
    return f"{kind}:{os.path.realpath(path)}:{st.st_size}:{st.st_mtime_ns}"
