"""The kernel cache: on disk across processes, in memory for the
functional API; hits skip the compiler, any input to the result misses."""
import json
import os
import stat

import pytest

import gemm_opt
from gemm_opt import cache, compiler, functional, mlir, tools

SRC = mlir.matmul_source(40, 24, 16, "f32", "f32")


@pytest.fixture
def compiles(monkeypatch):
    """Counts compiler runs."""
    calls = []
    real = compiler._run

    def counting(cmd):
        calls.append(cmd)
        return real(cmd)
    monkeypatch.setattr(compiler, "_run", counting)
    return calls


def test_second_compile_is_a_disk_hit(compiles, kernel_cache):
    first = gemm_opt.compile(SRC, stage="naive")
    assert not first.from_cache and len(compiles) == 1
    second = gemm_opt.compile(SRC, stage="naive")
    assert second.from_cache and len(compiles) == 1
    assert (second.ptx, second.manifest, second.plan) == (first.ptx, first.manifest, first.plan)
    assert (kernel_cache / first.cache_key[:2] / first.cache_key / "kernel.ptx").is_file()


def test_what_the_result_depends_on_misses(compiles):
    gemm_opt.compile(SRC, stage="naive")
    gemm_opt.compile(SRC, stage="coalesced")
    gemm_opt.compile(SRC, stage="naive", chip="sm_80")
    gemm_opt.compile(SRC, stage="mma", options={"allow_tf32": True})
    gemm_opt.compile(SRC, stage="mma", options={"allow_tf32": False})
    gemm_opt.compile(mlir.matmul_source(40, 24, 17, "f32", "f32"), stage="naive")
    assert len(compiles) == 6
    gemm_opt.compile(SRC, stage="coalesced")
    assert len(compiles) == 6


def test_a_rebuilt_compiler_invalidates(tmp_path, monkeypatch, compiles):
    kind, real = tools.find_compiler()
    bindir = tmp_path / "bin"
    bindir.mkdir()
    wrapper = bindir / kind
    wrapper.write_text(f'#!/bin/sh\nexec "{real}" "$@"\n')
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("GEMM_OPT_BINDIR", str(bindir))
    gemm_opt.compile(SRC, stage="naive")
    gemm_opt.compile(SRC, stage="naive")
    assert len(compiles) == 1
    os.utime(wrapper, ns=(wrapper.stat().st_atime_ns, wrapper.stat().st_mtime_ns + 10**9))
    assert not gemm_opt.compile(SRC, stage="naive").from_cache
    assert len(compiles) == 2


def test_a_damaged_entry_is_recompiled(compiles, kernel_cache):
    k = gemm_opt.compile(SRC, stage="naive")
    (kernel_cache / k.cache_key[:2] / k.cache_key / "manifest.json").write_text("{trunc")
    again = gemm_opt.compile(SRC, stage="naive")
    assert not again.from_cache and len(compiles) == 2 and again.manifest == k.manifest
    assert gemm_opt.compile(SRC, stage="naive").from_cache


def _without_log(text):
    doc = json.loads(text)
    if isinstance(doc, dict):
        doc.pop("log", None)
    return doc


@pytest.mark.parametrize("damage", ["[]", '"text"', "7"])
def test_valid_json_of_another_shape_is_damage(compiles, kernel_cache, damage):
    k = gemm_opt.compile(SRC, stage="naive")
    for name in ("manifest.json", "info.json"):
        entry = kernel_cache / k.cache_key[:2] / k.cache_key
        good = (entry / name).read_text()
        (entry / name).write_text(damage)
        again = gemm_opt.compile(SRC, stage="naive")
        assert not again.from_cache and again.manifest == k.manifest
        # Stored again: the same document, but for the log's compile time
        # (gemm-run prints how long it took).
        assert _without_log((entry / name).read_text()) == _without_log(good)


def test_clear_removes_entries_only(compiles, kernel_cache):
    k = gemm_opt.compile(SRC, stage="naive")
    # What else a folder named by GEMM_OPT_CACHE may hold stays.
    (kernel_cache / "notes.txt").write_text("mine")
    other = "00" if k.cache_key[:2] != "00" else "01"  # a shard's name, not this entry's
    (kernel_cache / other).mkdir()
    (kernel_cache / other / "photo.png").write_text("mine")
    (kernel_cache / "project").mkdir()
    (kernel_cache / "project" / "src.c").write_text("mine")
    half = kernel_cache / k.cache_key[:2] / ("." + k.cache_key + ".x1y2")
    half.mkdir()
    cache.clear()
    assert not (kernel_cache / k.cache_key[:2]).exists() and not half.exists()
    assert (kernel_cache / "notes.txt").read_text() == "mine"
    assert (kernel_cache / other / "photo.png").read_text() == "mine"
    assert (kernel_cache / "project" / "src.c").read_text() == "mine"
    assert not gemm_opt.compile(SRC, stage="naive").from_cache and len(compiles) == 2


def test_use_cache_false_always_compiles(compiles):
    gemm_opt.compile(SRC, stage="naive", use_cache=False)
    gemm_opt.compile(SRC, stage="naive", use_cache=False)
    assert len(compiles) == 2


def test_cache_dir_default(monkeypatch, tmp_path):
    monkeypatch.delenv("GEMM_OPT_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.cache_dir() == tmp_path / "xdg" / "gemm_opt"
    monkeypatch.setenv("GEMM_OPT_CACHE", str(tmp_path / "mine"))
    assert cache.cache_dir() == tmp_path / "mine"


class _Sm90:
    capability = (9, 0)
    name = "NVIDIA H200"


def test_functional_kernels_are_cached_in_memory(monkeypatch, compiles):
    """matmul/softmax find their kernel by problem without touching the
    disk or the compiler again (the device is faked: no GPU needed)."""
    monkeypatch.setattr(functional._runtime, "device", lambda index: _Sm90())
    monkeypatch.setattr(functional, "_kernels", {})
    monkeypatch.setattr(functional, "_chips", {})
    k1 = functional.kernel_for("matmul", (33, 17, 9), "bf16", "bf16")
    assert k1.stage == "wgmma" and k1.problem["c"] == "bf16" and len(compiles) == 1
    real_load = cache.load
    monkeypatch.setattr(cache, "load", lambda key: pytest.fail("the disk was read"))
    assert functional.kernel_for("matmul", (33, 17, 9), "bf16", "bf16") is k1
    monkeypatch.setattr(cache, "load", real_load)
    assert functional.kernel_for("matmul", (33, 17, 9), "bf16", "f32") is not k1
    s = functional.kernel_for("softmax", (5, 300), "f32", "f32")
    assert s.stage == "softmax-rows" and len(compiles) == 3
