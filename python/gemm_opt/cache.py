"""The on-disk kernel cache: one directory per compiled kernel under
$GEMM_OPT_CACHE (default $XDG_CACHE_HOME/gemm_opt, else ~/.cache/gemm_opt),
named by a hash of everything the result depends on (source, stage, chip,
options, compiler build). Entries are written to a temporary directory and
renamed into place, so a reader never sees half an entry."""
import hashlib
import json
import os
import pathlib
import shutil
import tempfile

# Bumped when the layout of an entry changes.
FORMAT = 1
FILES = ("kernel.ptx", "manifest.json", "info.json")


def cache_dir():
    if os.environ.get("GEMM_OPT_CACHE"):
        return pathlib.Path(os.environ["GEMM_OPT_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return pathlib.Path(base) / "gemm_opt"


def key(**fields):
    """A stable hash of the fields (JSON-serializable values)."""
    text = json.dumps(dict(fields, format=FORMAT), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def _entry(k):
    return cache_dir() / k[:2] / k


def load(k):
    """(ptx, manifest_text, info) of entry k, or None (missing or damaged)."""
    d = _entry(k)
    try:
        ptx = (d / "kernel.ptx").read_text()
        manifest = (d / "manifest.json").read_text()
        info = json.loads((d / "info.json").read_text())
        json.loads(manifest)
    except (OSError, ValueError):
        return None
    return ptx, manifest, info


def store(k, ptx, manifest, info):
    d = _entry(k)
    d.parent.mkdir(parents=True, exist_ok=True)
    tmp = pathlib.Path(tempfile.mkdtemp(prefix=f".{k}.", dir=d.parent))
    try:
        (tmp / "kernel.ptx").write_text(ptx)
        (tmp / "manifest.json").write_text(manifest)
        (tmp / "info.json").write_text(json.dumps(info, indent=1, sort_keys=True))
        if d.exists():  # a damaged entry, or another process was faster
            shutil.rmtree(d, ignore_errors=True)
        os.rename(tmp, d)
    except OSError:
        shutil.rmtree(tmp, ignore_errors=True)
        if load(k) is None:
            raise


def clear():
    """Removes every cached kernel."""
    shutil.rmtree(cache_dir(), ignore_errors=True)
