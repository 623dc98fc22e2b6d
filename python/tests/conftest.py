"""Shared fixtures. Every test gets its own kernel cache directory; the GPU
tests (tests/gpu) skip without torch or a CUDA device."""
import pytest

from helpers import FakeTensor, build_library


@pytest.fixture(autouse=True)
def kernel_cache(tmp_path, monkeypatch):
    d = tmp_path / "kernel-cache"
    monkeypatch.setenv("GEMM_OPT_CACHE", str(d))
    return d


@pytest.fixture
def fake():
    return FakeTensor


@pytest.fixture(scope="module")
def fake_cuda(tmp_path_factory):
    """A directory holding the fake libcuda.so.1 (fake_cuda/fake_libcuda.c)."""
    d = tmp_path_factory.mktemp("fake-cuda")
    build_library(d, "libcuda.so.1", ["fake_libcuda.c"])
    return d


@pytest.fixture(scope="module")
def fake_device(tmp_path_factory):
    """A directory holding the fake libcuda.so.1 that runs the reference
    kernels on the host (fake_cuda/fake_kernels.c) and a host cuBLAS
    (libcublas-fake.so, fake_cuda/fake_cublas.c)."""
    d = tmp_path_factory.mktemp("fake-device")
    build_library(d, "libcuda.so.1", ["fake_libcuda.c", "fake_kernels.c"], ["-O1", "-lm"])
    build_library(d, "libcublas-fake.so", ["fake_cublas.c"], ["-O1"])
    return d
