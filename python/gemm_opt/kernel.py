"""Kernel: one compiled stage (PTX + launch manifest + plan), callable on
PyTorch CUDA tensors."""
import json
import threading

from . import _runtime

TORCH_DTYPES = {"torch.float32": "f32", "torch.float16": "f16", "torch.bfloat16": "bf16"}
ELEM_BYTES = {"f32": 4, "f16": 2, "bf16": 2}
# E0..E7: a fused epilogue's operands (bias, row scale, residual; issue 16).
INPUT_ROLES = ("A", "B", "X") + tuple(f"E{i}" for i in range(8))
OUTPUT_ROLES = ("C", "Y")
# Tensor-map sets kept per loaded kernel (keyed by stream and buffer addresses).
_TENSORMAP_CACHE = 64
# The kernels assume the allocator's alignment (128-bit accesses, TMA).
_ALIGNMENT = 16


def dtype_name(dtype):
    """'f32' | 'f16' | 'bf16' for a torch dtype (or None)."""
    return TORCH_DTYPES.get(str(dtype))


def torch_dtype(name):
    import torch
    return {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16}[name]


class Kernel:
    """A compiled stage. `ptx`, `manifest` (dict; `manifest_text` as
    written), `plan` (the plan attributes of its launches, e.g.
    {"wgmma_plan": {"bm": 128, ...}}; None when compiled by gemm-run),
    `log` (the compiler's remarks). Call it with CUDA tensors for the
    function's arguments in its order (then the buffers it returns, if
    any; scratch buffers excepted), or with its inputs only to get new
    outputs; it launches on the current stream (or `stream`) and returns
    the output tensor. `launch`, `check` and `fast_launcher` take the
    buffers in manifest order (role order: A, B, C, ...), which `bind`
    gives. An instance of a DynamicKernel has the index of its variant in
    `variant`."""

    variant = None

    def __init__(self, ptx, manifest_text, plan=None, log="", cache_key=None, from_cache=False):
        self._init_common(ptx, manifest_text, plan, log, cache_key, from_cache)
        self._init_op()
        self._set_allocated(("scratch",))

    def _init_op(self):
        """What one op has: its problem, and its buffers by role."""
        m = self.manifest
        self.op = m["op"]
        self.problem = m["problem"]
        self.beta = self.problem.get("beta", 0)
        # matmul: how A and B are stored ("nn" | "nt" | "tn" | "tt"; the
        # manifest writes it only when some operand is transposed).
        self.layout = self.problem.get("layout", "nn") if self.op == "matmul" else None
        # The buffers a caller passes, and those it may leave to us.
        self.arguments = [b for b in self.buffers if b["role"] != "scratch"]
        self.inputs = [b for b in self.arguments
                       if b["role"] in INPUT_ROLES or (b["role"] == "C" and self.beta == 1)]
        self.outputs = [b for b in self.arguments if b["role"] in OUTPUT_ROLES]
        # The pools a call passes by position, in its order (call_order).
        self._call_orders = {len(pool): self.call_order(pool) for pool in (self.inputs, self.arguments)}

    def _init_common(self, ptx, manifest_text, plan, log, cache_key, from_cache):
        """What every compiled stage has, one op or several."""
        self.ptx = ptx
        self.manifest_text = manifest_text
        # The runtime's strict reader first: a manifest of the wrong shape
        # is a GemmOptError with its message, not a KeyError below.
        _runtime.validate_manifest(manifest_text)
        self.manifest = json.loads(manifest_text)
        self.plan = plan
        self.log = log
        self.cache_key = cache_key
        self.from_cache = from_cache
        m = self.manifest
        self.stage, self.chip = m["stage"], m["chip"]
        self.buffers = m["buffers"]
        # Version 3: every variant's kernels.
        kernels = m["kernels"] if "kernels" in m else [k for v in m["variants"] for k in v["kernels"]]
        self.uses_tensormaps = any(p["abi"] == "tensormap" for k in kernels for p in k["params"])
        self._loaded = {}
        self._launchers = {}
        self._lock = threading.Lock()

    def _set_allocated(self, roles):
        """Buffers of these roles are allocated per launch, not passed: per
        manifest buffer None for a passed one, the bytes of an allocated
        one; empty when none is allocated."""
        self._scratch_bytes = ([None if b["role"] not in roles else _nbytes(b) for b in self.buffers]
                               if any(b["role"] in roles for b in self.buffers) else [])

    def __repr__(self):
        layout = f"layout={self.layout} " if self.layout not in (None, "nn") else ""
        return (f"<gemm_opt.Kernel {self.op} stage={self.stage} chip={self.chip} {layout}"
                f"buffers={[(b['name'], b['elem'], b['shape']) for b in self.arguments]}>")

    def threshold(self, tf32=False):
        """gemm-run's correctness threshold for this problem."""
        return _runtime.threshold(self.manifest_text, tf32)

    # --- checking ---------------------------------------------------------

    def call_order(self, pool):
        """`pool` (buffers in manifest order) in the order a call passes
        them: the function's arguments in its order (the manifest's
        "arguments"; manifests without it: manifest order), then the rest
        (the buffers it returns) in manifest order."""
        names = self.manifest.get("arguments") or []
        rank = {n: i for i, n in enumerate(names)}
        return sorted(pool, key=lambda b: rank.get(b["name"], len(names)))

    def _signature(self):
        def fmt(bs):
            return ", ".join(f"{b['name']}: {b['elem']}{shape_text(b['shape'])}" for b in self.call_order(bs))
        return (f"kernel({fmt(self.arguments)})" +
                (f" or kernel({fmt(self.inputs)}) -> new {fmt(self.outputs)}"
                 if self.inputs != self.arguments else ""))

    def _stored_as(self, role):
        """' (layout nt: B is stored transposed, N x K)' for an operand that
        the layout transposes, else ''."""
        if self.layout is None or role not in ("A", "B") or self.layout["AB".index(role)] != "t":
            return ""
        return f" (layout {self.layout}: {role} is stored transposed, {'K x M' if role == 'A' else 'N x K'})"

    def given(self, tensors):
        """The buffers that `tensors` stand for: all the arguments, or the
        inputs only (they need not lead: an epilogue's E0.. follow C).
        Raises TypeError for another count."""
        if len(tensors) not in (len(self.arguments), len(self.inputs)):
            raise TypeError(f"{self.stage}: expected {len(self.arguments)} tensors"
                            f"{'' if self.inputs == self.arguments else f' (or {len(self.inputs)} inputs)'}"
                            f", got {len(tensors)}: {self._signature()}")
        return self.arguments if len(tensors) == len(self.arguments) else self.inputs

    def check_devices(self, tensors, given):
        """Raises unless each of `tensors` is a CUDA tensor, all on one
        device; returns its index."""
        device = None
        for t, b in zip(tensors, given):
            what = f"{self.stage}: buffer {b['name']} (role {b['role']})"
            if not hasattr(t, "data_ptr") or not hasattr(t, "device"):
                raise TypeError(f"{what}: expected a torch.Tensor, got {type(t).__name__}")
            if t.device.type != "cuda":
                raise ValueError(f"{what}: tensor is on {t.device}, expected a CUDA device")
            if device is None:
                device = t.device.index
            elif t.device.index != device:
                raise ValueError(f"{what}: tensor is on cuda:{t.device.index}, the others on cuda:{device}")
        return device

    def check(self, tensors):
        """Raises TypeError / ValueError unless `tensors` fit the manifest's
        buffers (all of them, or the inputs only); returns the device index."""
        given = self.given(tensors)
        device = self.check_devices(tensors, given)
        spans = []
        for t, b in zip(tensors, given):
            what = f"{self.stage}: buffer {b['name']} (role {b['role']})"
            if dtype_name(t.dtype) != b["elem"]:
                raise TypeError(f"{what}: dtype {t.dtype}, the kernel was compiled for {b['elem']}")
            if list(t.shape) != list(b["shape"]):
                raise ValueError(f"{what}: shape {list(t.shape)}, the kernel was compiled for {b['shape']}"
                                 f"{self._stored_as(b['role'])}")
            if not t.is_contiguous():
                raise ValueError(f"{what}: tensor is not contiguous (row-major dense); call .contiguous()")
            if t.data_ptr() % _ALIGNMENT:
                raise ValueError(f"{what}: data pointer 0x{t.data_ptr():x} is not {_ALIGNMENT}-byte aligned "
                                 "(a view at an offset?); pass a fresh or .clone()d tensor")
            nbytes = t.numel() * ELEM_BYTES[b["elem"]]
            spans.append((t.data_ptr(), t.data_ptr() + nbytes, b))
        for lo, hi, b in spans:
            if b not in self.outputs:
                continue
            for lo2, hi2, b2 in spans:
                if b2 is not b and lo < hi2 and lo2 < hi:
                    raise ValueError(f"{self.stage}: output {b['name']} overlaps {b2['name']} in memory")
        return device

    # --- launching --------------------------------------------------------

    def bind(self, tensors, named):
        """The tensors in manifest order: `tensors` by position in the call's
        order (call_order), then those `named` by buffer name or role (e.g.
        E0=bias), each in its place among all the arguments or among the
        inputs only."""
        count = len(tensors) + len(named)
        pool = self.arguments if count == len(self.arguments) else self.inputs
        order = self._call_orders[len(pool)]
        if not named and (count != len(pool) or order == pool):
            return tuple(tensors)  # in manifest order already, or check() says what is wrong
        placed = {}
        for key, t in named.items():
            match = [i for i, b in enumerate(order) if key in (b["name"], b["role"])]
            if not match:
                raise TypeError(f"{self.stage}: no buffer named {key!r} among {self._signature()}")
            placed[match[0]] = t
        rest = iter(tensors)
        bound = [placed[i] if i in placed else next(rest, None) for i in range(len(order))]
        if None in bound or next(rest, None) is not None:
            raise TypeError(f"{self.stage}: expected {len(pool)} tensors in all, got {len(tensors)} by position "
                            f"and {sorted(named)} by name: {self._signature()}")
        by_name = {b["name"]: t for b, t in zip(order, bound)}
        return tuple(by_name[b["name"]] for b in pool)

    def __call__(self, *tensors, stream=None, **named):
        if stream is not None:
            import torch
            with torch.cuda.stream(stream):
                return self(*tensors, **named)
        return self.run_bound(self.bind(tensors, named))

    def run_bound(self, tensors):
        """A call with `tensors` already in manifest order (bind)."""
        device = self.check(tensors)
        tensors = list(tensors)
        if len(tensors) < len(self.arguments):
            import torch
            given = iter(tensors)
            tensors = [next(given) if b in self.inputs else
                       torch.empty(b["shape"], dtype=torch_dtype(b["elem"]), device=f"cuda:{device}")
                       for b in self.arguments]
        self.launch(tensors, device)
        out = [t for t, b in zip(tensors, self.arguments) if b in self.outputs]
        return out[0] if len(out) == 1 else tuple(out)

    def loaded(self, device):
        """The kernel JIT-loaded on CUDA device `device` (once)."""
        k = self._loaded.get(device)
        if k is None:
            with self._lock:
                k = self._loaded.get(device)
                if k is None:
                    k = self._loaded[device] = _runtime.LoadedKernel(_runtime.device(device), self.ptx,
                                                                     self.manifest_text)
        return k

    def launch(self, tensors, device):
        """Launches over `tensors` (one per argument buffer, manifest order,
        already checked) on the current stream. Scratch buffers and tensor
        maps come from torch's allocator on that stream, so their memory is
        reused only after these kernels."""
        launch = self._launchers.get(device) or self.fast_launcher(device)
        launch(*[t.data_ptr() for t in tensors])

    def fast_launcher(self, device):
        """launch(*pointers): launches on `device`'s current stream over the
        data pointers of the argument buffers (manifest order), checking
        nothing -- the hot path of every call (gemm_opt.matmul's and
        softmax's repeated calls keep it). One per device."""
        launch = self._launchers.get(device)
        if launch is not None:
            return launch
        k = self.loaded(device)
        raw_stream = _current_stream or _stream_accessor()
        call, tensormaps = k.launch, self._tensormaps
        if self._scratch_bytes:
            import torch
            sizes, where = self._scratch_bytes, f"cuda:{device}"

            def launch(*pointers):
                given, scratch, every = iter(pointers), [], []
                for nbytes in sizes:
                    if nbytes is None:
                        every.append(next(given))
                    else:
                        t = torch.empty(nbytes, dtype=torch.uint8, device=where)
                        scratch.append(t)  # alive until the launch is enqueued
                        every.append(t.data_ptr())
                stream = raw_stream(device)
                call(every, tensormaps(k, every, stream, device) if k.tensormaps else 0, stream)
        elif not k.tensormaps:
            def launch(*pointers):
                call(pointers, 0, raw_stream(device))
        else:
            def launch(*pointers):
                stream = raw_stream(device)
                call(pointers, tensormaps(k, pointers, stream, device), stream)
        self._launchers[device] = launch
        return launch

    def _tensormaps(self, k, pointers, stream, device):
        """The device address of the tensor maps over `pointers`. Each set is
        written once, copied from pinned memory on `stream` before its first
        launch, and never overwritten: an in-flight kernel may still read
        it. Sets are cached per (stream, addresses); an evicted set's memory
        returns to torch's allocator on `stream`, after every kernel that
        read it."""
        key = (stream, tuple(pointers))
        maps = k.maps.get(key)
        if maps is None:  # `stream` is current: the copy and the allocation go there
            import torch
            host = torch.empty(128 * k.tensormaps, dtype=torch.uint8, pin_memory=True)
            k.encode_tensormaps(pointers, host.data_ptr())
            maps = torch.empty(128 * k.tensormaps, dtype=torch.uint8, device=f"cuda:{device}")
            maps.copy_(host, non_blocking=True)
            k.maps[key] = maps
            while len(k.maps) > _TENSORMAP_CACHE:
                k.maps.popitem(last=False)
        else:
            k.maps.move_to_end(key)
        return maps.data_ptr()


_current_stream = None


def _stream_accessor():
    """device -> the raw CUstream of its current stream: torch's private
    accessor when there (it skips building a Stream object per call)."""
    global _current_stream
    import torch
    _current_stream = getattr(torch._C, "_cuda_getCurrentRawStream", None) or (
        lambda device: torch.cuda.current_stream(device).cuda_stream)
    return _current_stream


def shape_text(shape):
    """"[M, 256]": a manifest shape, a dimension of a dynamic size by its
    symbol (an expression of one in full)."""
    def dim(d):
        if not isinstance(d, dict):
            return str(d)
        s = d["sym"] if "div" not in d else f"{d['sym']} / {d['div']}"
        s = s if "ceil_div" not in d else f"ceil({s} / {d['ceil_div']})"
        s = s if "mul" not in d else f"{s} * {d['mul']}"
        return s if "min" not in d else f"min({s}, {d['min']})"
    return "[" + ", ".join(dim(d) for d in shape) + "]"


def _nbytes(buffer):
    n = ELEM_BYTES[buffer["elem"]]
    for d in buffer["shape"]:
        n *= d
    return n
