"""A stand-in for torch in the fake-device tests (test_fake_device.py):
just what gemm_opt touches. Its allocator reuses freed blocks for requests
of the same size on the same stream, lowest address first (as torch's
caching allocator does); pinned tensors have real host memory; copies are
recorded with their stream; views (reshape, t()) share their base's memory,
and the dense copies that contiguous() and clone() make are counted.
Importing it installs it as `torch`."""
import ctypes
import itertools
import sys
import types

torch = types.ModuleType("torch")
STATE = {"stream": 0}
COPIES, POOL, NEXT = [], {}, itertools.count(1)
DENSE_COPIES = []  # the shapes of the tensors contiguous() / clone() copied
REPEATS = []  # (shape, repeats, dim) of each repeat_interleave
CONVERSIONS = []  # (from, to) dtype names of each to()


class Dtype:
    def __init__(self, name, size):
        self.name, self.size = name, size

    def __str__(self):
        return "torch." + self.name


class Device:
    type, index = "cuda", 0

    def __eq__(self, other):
        return (self.type, self.index) == (other.type, other.index)

    def __hash__(self):
        return hash((self.type, self.index))


class Tensor:
    def __init__(self, shape, dtype, pinned=False, view_of=None, strides=None):
        self.shape = tuple(shape) if isinstance(shape, (tuple, list)) else (shape,)
        self.strides = tuple(strides) if strides is not None else _row_major(self.shape)
        self.dtype, self.device, self.stream = dtype, Device(), STATE["stream"]
        n = dtype.size * self.numel()
        self.key = None
        if view_of is not None:
            self.ptr, self.base = view_of.ptr, view_of
        elif pinned:
            self.buf = ctypes.create_string_buffer(n)
            self.ptr = ctypes.addressof(self.buf)
        else:
            self.key = (n, self.stream)
            free = POOL.setdefault(self.key, [])
            self.ptr = free.pop(free.index(min(free))) if free else next(NEXT) << 32

    def __del__(self):
        if self.key:
            POOL[self.key].append(self.ptr)

    def data_ptr(self):
        return self.ptr

    def get_device(self):
        return self.device.index

    def new_empty(self, shape, dtype=None):
        return Tensor(shape, dtype or self.dtype)

    def to(self, dtype):
        CONVERSIONS.append((self.dtype.name, dtype.name))
        return self if dtype is self.dtype else Tensor(self.shape, dtype)

    def stride(self):
        return self.strides

    def is_contiguous(self):
        return self.strides == _row_major(self.shape)

    def contiguous(self):
        return self if self.is_contiguous() else self.clone()

    def clone(self):
        DENSE_COPIES.append(self.shape)
        return Tensor(self.shape, self.dtype)

    def t(self):
        return Tensor(self.shape[::-1], self.dtype, view_of=self, strides=self.strides[::-1])

    def dim(self):
        return len(self.shape)

    def numel(self):
        n = 1
        for d in self.shape:
            n *= d
        return n

    def reshape(self, *shape):
        shape = list(shape[0] if len(shape) == 1 and isinstance(shape[0], tuple) else shape)
        if -1 in shape:
            rest = self.numel() // max(1, _prod([d for d in shape if d != -1]))
            shape[shape.index(-1)] = rest
        return Tensor(shape, self.dtype, view_of=self)

    def repeat_interleave(self, repeats, dim):
        REPEATS.append((self.shape, repeats, dim))
        shape = list(self.shape)
        shape[dim] *= repeats
        return Tensor(shape, self.dtype)

    def copy_(self, src, non_blocking=False):
        words = list(ctypes.cast(src.ptr, ctypes.POINTER(ctypes.c_uint64))[:len(src.buf) // 8])
        COPIES.append({"dst": self.ptr, "stream": STATE["stream"], "non_blocking": non_blocking, "words": words})
        return self


def _row_major(shape):
    return tuple(_prod(shape[i + 1:]) for i in range(len(shape)))


def _prod(xs):
    n = 1
    for x in xs:
        n *= x
    return n


class StreamContext:
    def __init__(self, stream):
        self.stream = stream

    def __enter__(self):
        self.saved, STATE["stream"] = STATE["stream"], self.stream.cuda_stream

    def __exit__(self, *exc):
        STATE["stream"] = self.saved


torch.float32, torch.float16, torch.bfloat16, torch.uint8 = (
    Dtype("float32", 4), Dtype("float16", 2), Dtype("bfloat16", 2), Dtype("uint8", 1))
torch.empty = lambda shape, dtype=None, device=None, pin_memory=False: Tensor(shape, dtype, pin_memory)
torch._C = types.SimpleNamespace(_cuda_getCurrentRawStream=lambda device: STATE["stream"])
torch.cuda = types.SimpleNamespace(stream=StreamContext)
sys.modules["torch"] = torch
