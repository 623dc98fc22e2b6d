"""FunctionKernel: a compiled function of several ops (a version-2 manifest,
docs/manifest.md), callable on PyTorch CUDA tensors like a Kernel."""
import re

from . import _runtime
from .kernel import Kernel, torch_dtype

_ARG = re.compile(r"arg(\d+)$")


def make_kernel(ptx, manifest_text, **kwargs):
    """A Kernel for a one-op manifest, a FunctionKernel for several ops, a
    DynamicKernel for dynamic sizes (a DynamicFunctionKernel for several ops
    sharing a dynamic token count), a ModuleKernels for several functions."""
    import json
    from .dynamic import DynamicFunctionKernel, DynamicKernel
    from .module import ModuleKernels
    # Each kind reads its manifest through the runtime's strict reader (a
    # GemmOptError for a malformed one); only the version is looked at here.
    try:
        parsed = json.loads(manifest_text)
    except ValueError:
        parsed = None
    version = parsed.get("version") if isinstance(parsed, dict) else None
    kinds = {2: FunctionKernel, 3: DynamicKernel, 4: ModuleKernels}
    # Version 3 of several ops sharing a token count ("ops"): its instances
    # are functions.
    if version == 3 and "ops" in parsed:
        return DynamicFunctionKernel(ptx, manifest_text, **kwargs)
    return kinds.get(version, Kernel)(ptx, manifest_text, **kwargs)


class FunctionKernel(Kernel):
    """A function of several ops (e.g. attention: S = Q K^T, P = softmax(S),
    O = P V). Call it with the function's arguments in position order (arg0,
    arg1, ...); its results are allocated per call and returned with the
    arguments it writes (manifest order: written arguments, then results;
    one tensor alone, else a tuple). A manifest with "results" (a function
    returning one value twice, or an argument as it is) returns exactly the
    function's results, in order, aliased as the function has them: a
    result returned twice is the same tensor object twice, an argument
    returned is the caller's tensor itself (no copy; writing into one
    writes into the other). Temps and scratch buffers come from
    torch's allocator on the launch's stream, as a Kernel's scratch does.
    `ops` holds each op's dict ({"op", "problem", "operands"})."""

    def __init__(self, ptx, manifest_text, plan=None, log="", cache_key=None, from_cache=False):
        self._init_common(ptx, manifest_text, plan, log, cache_key, from_cache)
        m = self.manifest
        self.op, self.problem, self.beta, self.layout = "function", None, 0, None
        self.ops = m["ops"]
        uses = _runtime.buffer_uses(manifest_text, len(self.buffers))
        # The launch takes every buffer in manifest order: the arguments
        # (by position), the results, then what we allocate.
        self.arguments = [b for b in self.buffers if b["role"] == "arg"]
        self.results = [b for b in self.buffers if b["role"] == "result"]
        positions = [int(_ARG.match(b["name"]).group(1)) if _ARG.match(b["name"]) else None
                     for b in self.arguments]
        if positions != list(range(len(self.arguments))):
            raise ValueError(f"{self.stage}: the arguments are {[b['name'] for b in self.arguments]}; "
                             "a function binds arg0, arg1, ... by position, in that order")
        if self.buffers[:len(self.arguments) + len(self.results)] != self.arguments + self.results:
            raise ValueError(f"{self.stage}: the manifest lists its buffers out of order (arguments, results, "
                             "temps, scratch)")
        self.inputs = [b for b, u in zip(self.buffers, uses) if u & _runtime.BUFFER_INPUT]
        self.outputs = [b for b, u in zip(self.buffers, uses) if u & _runtime.BUFFER_OUTPUT]
        # What a call gives back: indices into the arguments then the results
        # (both lead the manifest's buffers).
        self._returned = _runtime.returned_buffers(manifest_text)
        self.returned = [self.buffers[i] for i in self._returned]
        self._set_allocated(("temp", "scratch"))

    def __repr__(self):
        ops = ", ".join(o["op"] for o in self.ops)
        return (f"<gemm_opt.FunctionKernel {self.manifest.get('func')} stage={self.stage} chip={self.chip} "
                f"ops=[{ops}] arguments={[(b['name'], b['elem'], b['shape']) for b in self.arguments]}>")

    def threshold(self, tf32=False, op=0):
        """gemm-run's correctness threshold for op `op` of the function."""
        return _runtime.threshold(self.manifest_text, tf32, op)

    def _signature(self):
        def fmt(bs):
            return ", ".join(f"{b['name']}: {b['elem']}{list(b['shape'])}" for b in bs)
        return f"{self.manifest.get('func', 'function')}({fmt(self.arguments)}) -> {fmt(self.returned)}"

    def check(self, tensors):
        if len(tensors) != len(self.arguments):
            raise TypeError(f"{self.stage}: expected {len(self.arguments)} arguments in position order, got "
                            f"{len(tensors)}: {self._signature()}")
        return super().check(tensors)

    def __call__(self, *tensors, stream=None):
        if stream is not None:
            import torch
            with torch.cuda.stream(stream):
                return self(*tensors)
        device = self.check(tensors)
        import torch
        results = [torch.empty(b["shape"], dtype=torch_dtype(b["elem"]), device=f"cuda:{device}")
                   for b in self.results]
        every = list(tensors) + results
        self.launch(every, device)
        out = [every[i] for i in self._returned]
        return out[0] if len(out) == 1 else tuple(out)
