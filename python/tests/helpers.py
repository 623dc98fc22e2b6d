"""Paths, fake tensors and the fake CUDA libraries shared by the tests."""
import pathlib
import shutil
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
INPUTS = REPO / "test" / "Inputs"
FAKE_CUDA = REPO / "python" / "tests" / "fake_cuda"


def build_library(directory, name, sources, flags=()):
    """Compiles fake_cuda's `sources` into directory/name, a shared library;
    skips the calling test without a C compiler."""
    cc = shutil.which("clang") or shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip("no C compiler to build the fake CUDA libraries")
    subprocess.run([cc, "-shared", "-fPIC", "-o", str(directory / name), *[str(FAKE_CUDA / s) for s in sources],
                    *flags], check=True)


class FakeDevice:
    def __init__(self, type_, index=0):
        self.type, self.index = type_, index

    def __str__(self):
        return self.type if self.index is None else f"{self.type}:{self.index}"

    def __eq__(self, other):
        return (self.type, self.index) == (other.type, other.index)

    def __hash__(self):
        return hash((self.type, self.index))


class FakeDtype:
    def __init__(self, name):
        self.name = name

    def __str__(self):
        return f"torch.{self.name}"

    def __eq__(self, other):
        return str(self) == str(other)

    def __hash__(self):
        return hash(str(self))


class FakeTensor:
    """What gemm_opt reads of a torch.Tensor, without torch: shape, dtype,
    device, contiguity and the data pointer."""

    def __init__(self, shape, dtype="bfloat16", device="cuda", index=0, ptr=1 << 20, contiguous=True):
        self.shape, self.dtype = tuple(shape), FakeDtype(dtype)
        self.device = FakeDevice(device, index if device == "cuda" else None)
        self._ptr, self._contiguous = ptr, contiguous

    def dim(self):
        return len(self.shape)

    def numel(self):
        n = 1
        for d in self.shape:
            n *= d
        return n

    def data_ptr(self):
        return self._ptr

    def is_contiguous(self):
        return self._contiguous
