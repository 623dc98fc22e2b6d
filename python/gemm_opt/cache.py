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
        parsed = json.loads(manifest)
    except (OSError, ValueError):
        return None
    if not isinstance(info, dict) or not isinstance(parsed, dict):
        return None  # valid JSON, but not what store() writes
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


def _is_entry_name(name, length):
    return len(name) == length and all(c in "0123456789abcdef" for c in name)


def clear():
    """Removes every cached kernel: the entries (and half-written ones) in
    their two-letter folders, nothing else, so that GEMM_OPT_CACHE naming a
    folder of other files costs none of them; the folders left empty go
    too."""
    root = cache_dir()
    if not root.is_dir():
        return
    for shard in root.iterdir():
        if not shard.is_dir() or shard.is_symlink() or not _is_entry_name(shard.name, 2):
            continue
        for entry in shard.iterdir():
            name = entry.name
            if name.startswith("."):  # a temporary directory of store(): ".<key>.<random>"
                name = name[1:].split(".", 1)[0]
            if entry.is_dir() and not entry.is_symlink() and _is_entry_name(name, 64):
                shutil.rmtree(entry, ignore_errors=True)
        try:
            shard.rmdir()
        except OSError:
            pass  # other files remain
    try:
        root.rmdir()
    except OSError:
        pass
