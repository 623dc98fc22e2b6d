"""Shared fixtures. Every test gets its own kernel cache directory; the GPU
tests (tests/gpu) skip without torch or a CUDA device."""
import pytest

from helpers import FakeTensor


@pytest.fixture(autouse=True)
def kernel_cache(tmp_path, monkeypatch):
    d = tmp_path / "kernel-cache"
    monkeypatch.setenv("GEMM_OPT_CACHE", str(d))
    return d


@pytest.fixture
def fake():
    return FakeTensor
