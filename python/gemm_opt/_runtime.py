"""ctypes binding of libgemm_opt_runtime.so (include/gemm-opt/Runtime/CApi.h):
manifest validation, thresholds, and kernels loaded on a device's primary
context, PyTorch's."""
import collections
import ctypes
import threading

from . import tools
from .errors import GemmOptError, LaunchError, NoDeviceError, SizeError

API_VERSION = 5
# gemm_opt_manifest_buffer_uses bits (CApi.h).
BUFFER_INPUT, BUFFER_WRITTEN, BUFFER_OUTPUT, BUFFER_RETURNED = 1, 2, 4, 8
_ERR_LEN = 8192
_lib = None
_lock = threading.Lock()
_devices = {}


def _declare(lib):
    c = ctypes
    u64p = c.POINTER(c.c_uint64)
    sigs = {
        "gemm_opt_api_version": (c.c_int, []),
        "gemm_opt_validate_manifest": (c.c_int, [c.c_char_p, c.c_char_p, c.c_size_t]),
        "gemm_opt_check_threshold": (c.c_int, [c.c_char_p, c.c_int, c.c_int, c.POINTER(c.c_double), c.c_char_p,
                                               c.c_size_t]),
        "gemm_opt_manifest_function_count": (c.c_int, [c.c_char_p, c.c_char_p, c.c_size_t]),
        "gemm_opt_manifest_function": (c.c_long, [c.c_char_p, c.c_int, c.c_char_p, c.c_size_t, c.c_char_p,
                                                  c.c_size_t]),
        "gemm_opt_manifest_buffer_uses": (c.c_int, [c.c_char_p, c.POINTER(c.c_int), c.c_size_t, c.c_char_p,
                                                    c.c_size_t]),
        "gemm_opt_manifest_returned": (c.c_long, [c.c_char_p, c.POINTER(c.c_size_t), c.c_size_t, c.c_char_p,
                                                  c.c_size_t]),
        "gemm_opt_device_open": (c.c_void_p, [c.c_int, c.c_char_p, c.c_size_t]),
        "gemm_opt_device_close": (None, [c.c_void_p]),
        "gemm_opt_device_capability": (None, [c.c_void_p, c.POINTER(c.c_int), c.POINTER(c.c_int)]),
        "gemm_opt_device_name": (c.c_char_p, [c.c_void_p]),
        "gemm_opt_kernel_load": (c.c_void_p, [c.c_void_p, c.c_char_p, c.c_char_p, c.c_char_p, c.c_size_t]),
        "gemm_opt_kernel_free": (None, [c.c_void_p]),
        "gemm_opt_kernel_instance": (c.c_void_p, [c.c_void_p, c.c_size_t, c.POINTER(c.c_char_p),
                                                  c.POINTER(c.c_int), c.POINTER(c.c_int64), c.POINTER(c.c_int),
                                                  c.c_char_p, c.c_size_t]),
        "gemm_opt_kernel_manifest": (c.c_size_t, [c.c_void_p, c.c_char_p, c.c_size_t]),
        "gemm_opt_kernel_tensormap_count": (c.c_int, [c.c_void_p]),
        "gemm_opt_kernel_encode_tensormaps": (c.c_int, [c.c_void_p, u64p, c.c_size_t, c.c_void_p, c.c_char_p,
                                                        c.c_size_t]),
        "gemm_opt_kernel_launch": (c.c_int, [c.c_void_p, u64p, c.c_size_t, c.c_uint64, c.c_void_p, c.c_char_p,
                                             c.c_size_t]),
    }
    for name, (res, args) in sigs.items():
        f = getattr(lib, name)
        f.restype, f.argtypes = res, args


def library():
    """The loaded runtime library (loaded once per process)."""
    global _lib
    with _lock:
        if _lib is None:
            path = tools.find_runtime_library()
            try:
                lib = ctypes.CDLL(path)
                _declare(lib)
            except (OSError, AttributeError) as e:
                raise GemmOptError(f"cannot load {path}: {e}") from None
            if lib.gemm_opt_api_version() != API_VERSION:
                raise GemmOptError(f"{path} has C API version {lib.gemm_opt_api_version()}, "
                                   f"this package needs {API_VERSION}: rebuild it")
            _lib = lib
    return _lib


def _err():
    return ctypes.create_string_buffer(_ERR_LEN)


def validate_manifest(text):
    """Raises GemmOptError with the strict reader's message if the manifest
    is malformed or invalid (docs/manifest.md)."""
    e = _err()
    if library().gemm_opt_validate_manifest(text.encode(), e, _ERR_LEN) != 0:
        raise GemmOptError(e.value.decode())


def manifest_functions(text):
    """The manifest of each function of a manifest of several (version 4,
    docs/manifest.md "Several functions"), as written, in module order; a
    manifest of another version is its one function. Raises GemmOptError
    with the strict reader's message."""
    lib, e, data = library(), _err(), text.encode()
    count = lib.gemm_opt_manifest_function_count(data, e, _ERR_LEN)
    if count < 0:
        raise GemmOptError(e.value.decode())
    out = []
    for i in range(count):
        n = lib.gemm_opt_manifest_function(data, i, None, 0, e, _ERR_LEN)
        buf = ctypes.create_string_buffer(n + 1)
        if n < 0 or lib.gemm_opt_manifest_function(data, i, buf, n + 1, e, _ERR_LEN) != n:
            raise GemmOptError(e.value.decode())
        out.append(buf.value.decode())
    return out


def threshold(manifest_text, tf32=False, op=0):
    """gemm-run's correctness threshold for the manifest's problem (of its
    op `op` in a manifest of several ops)."""
    e, t = _err(), ctypes.c_double()
    if library().gemm_opt_check_threshold(manifest_text.encode(), op, int(tf32), ctypes.byref(t), e,
                                          _ERR_LEN) != 0:
        raise GemmOptError(e.value.decode())
    return t.value


def buffer_uses(manifest_text, count):
    """The BUFFER_* bits of each of the manifest's `count` buffers (manifest
    order): which ones the caller fills and which ones it gets back."""
    e, uses = _err(), (ctypes.c_int * count)()
    if library().gemm_opt_manifest_buffer_uses(manifest_text.encode(), uses, count, e, _ERR_LEN) != 0:
        raise GemmOptError(e.value.decode())
    return list(uses)


def returned_buffers(manifest_text):
    """The manifest indices of the buffers a call gives back, in order
    (gemm_opt_manifest_returned): with version 2's "results", one per
    result of the function, a buffer twice for a result returned twice and
    an argument's for an argument returned as it is."""
    lib, e, data = library(), _err(), manifest_text.encode()
    n = lib.gemm_opt_manifest_returned(data, None, 0, e, _ERR_LEN)
    out = (ctypes.c_size_t * max(n, 1))()
    if n < 0 or lib.gemm_opt_manifest_returned(data, out, n, e, _ERR_LEN) != n:
        raise GemmOptError(e.value.decode())
    return list(out[:n])


class Device:
    """A CUDA device's primary context, held open for the process."""

    def __init__(self, ordinal):
        lib = library()
        e = _err()
        self.handle = lib.gemm_opt_device_open(ordinal, e, _ERR_LEN)
        if not self.handle:
            raise NoDeviceError(e.value.decode())
        major, minor = ctypes.c_int(), ctypes.c_int()
        lib.gemm_opt_device_capability(self.handle, ctypes.byref(major), ctypes.byref(minor))
        self.ordinal, self.capability = ordinal, (major.value, minor.value)
        # What the compiler's tuning database is keyed by (compile's tuning_device).
        self.name = lib.gemm_opt_device_name(self.handle).decode()
        # Device handles live until the process ends: loaded kernels point
        # into them, and the primary context is shared with PyTorch anyway.


def device(ordinal):
    with _lock:
        d = _devices.get(ordinal)
    if d is None:
        d = Device(ordinal)
        with _lock:
            d = _devices.setdefault(ordinal, d)
    return d


class LoadedKernel:
    """A compiled stage JIT-loaded on one device, or an instance of one
    compiled for dynamic sizes (LoadedKernel.instance)."""

    def __init__(self, dev, ptx, manifest_text):
        e = _err()
        handle = library().gemm_opt_kernel_load(dev.handle, ptx.encode(), manifest_text.encode(), e, _ERR_LEN)
        if not handle:
            raise LaunchError(e.value.decode())
        self._adopt(dev, handle)

    def _adopt(self, dev, handle):
        self._lib = library()
        self.device = dev
        self.handle = handle
        self.tensormaps = self._lib.gemm_opt_kernel_tensormap_count(self.handle)
        # Launches are the hot path: one message buffer per kernel, the
        # pointer array type and the function looked up once.
        self._e = _err()
        self._array = None
        self._launch = self._lib.gemm_opt_kernel_launch
        # Device buffers of encoded tensor maps by (stream, buffer
        # addresses), least recently used first (Kernel._tensormaps).
        self.maps = collections.OrderedDict()

    def instance(self, shapes):
        """(LoadedKernel, its version-1 manifest text, variant index) of a
        kernel loaded from a version-3 manifest at the sizes that `shapes`
        ({buffer name: shape}) bind; it shares this kernel's module. Raises
        SizeError for sizes the manifest does not take."""
        names = list(shapes)
        dims = [d for n in names for d in shapes[n]]
        variant, e = ctypes.c_int(-1), _err()
        handle = self._lib.gemm_opt_kernel_instance(
            self.handle, len(names), (ctypes.c_char_p * len(names))(*[n.encode() for n in names]),
            (ctypes.c_int * len(names))(*[len(shapes[n]) for n in names]), (ctypes.c_int64 * len(dims))(*dims),
            ctypes.byref(variant), e, _ERR_LEN)
        if not handle:
            raise SizeError(e.value.decode())
        k = LoadedKernel.__new__(LoadedKernel)
        k._adopt(self.device, handle)
        return k, k.manifest_text(), variant.value

    def manifest_text(self):
        """The manifest this kernel launches, as the runtime writes it."""
        n = self._lib.gemm_opt_kernel_manifest(self.handle, None, 0)
        out = ctypes.create_string_buffer(n + 1)
        self._lib.gemm_opt_kernel_manifest(self.handle, out, n + 1)
        return out.value.decode()

    def __del__(self):
        if getattr(self, "handle", None):
            self._lib.gemm_opt_kernel_free(self.handle)
            self.handle = None

    def encode_tensormaps(self, pointers, host_address):
        """Writes 128 bytes per tensor map, encoded over `pointers`, at host_address."""
        arr = (ctypes.c_uint64 * len(pointers))(*pointers)
        e = _err()
        if self._lib.gemm_opt_kernel_encode_tensormaps(self.handle, arr, len(pointers), host_address, e,
                                                       _ERR_LEN) != 0:
            raise LaunchError(e.value.decode())

    def launch(self, pointers, tensormaps, stream):
        n = len(pointers)
        if self._array is None or self._array._length_ != n:
            self._array = ctypes.c_uint64 * n
        if self._launch(self.handle, self._array(*pointers), n, tensormaps, stream, self._e, _ERR_LEN) != 0:
            raise LaunchError(self._e.value.decode())
