"""The kernel cache: on disk across processes, in memory for the
functional API; hits skip the compiler, any input to the result misses."""
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
