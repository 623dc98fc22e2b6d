"""DynamicKernel: a stage compiled once for dynamic sizes (`?` dimensions in
the MLIR; a version-3 manifest, docs/manifest.md "Dynamic dimensions"),
callable on PyTorch CUDA tensors of any size inside its symbols' bounds."""
import collections
import threading

from .errors import SizeError
from .function import FunctionKernel
from .kernel import Kernel, shape_text

# Instances kept per kernel, by device and the shapes given; the least
# recently used are dropped (the runtime keeps its own per sizes).
_INSTANCE_CACHE = 64


class DynamicKernel(Kernel):
    """A stage compiled for dynamic sizes. `symbols` ({name: (min, max)}),
    `variants` (the manifest's dispatch table, first match wins); buffers'
    shapes name the symbols ({"sym": "M"}). Call it as a Kernel, with all
    its buffers or its inputs only (new outputs of the bound sizes): the
    sizes the tensors bind pick a variant and give the Kernel of those sizes
    (`instance`), which checks the tensors and launches. The PTX is loaded
    once per device, whatever the sizes. `plan` holds the first plan of
    each kind among the variants."""

    # What an instance at one size is.
    _instance_kind = Kernel

    def __init__(self, ptx, manifest_text, plan=None, log="", cache_key=None, from_cache=False):
        self._init_common(ptx, manifest_text, plan, log, cache_key, from_cache)
        self._init_op()
        m = self.manifest
        self.symbols = {s["name"]: (s["min"], s["max"]) for s in m["symbols"]}
        self.variants = m["variants"]
        self._scratch_bytes = []  # each instance allocates its own
        self._instances = collections.OrderedDict()
        self._instances_lock = threading.Lock()

    def __repr__(self):
        bounds = ", ".join(f"{s} in [{lo}, {hi}]" for s, (lo, hi) in self.symbols.items())
        return (f"<gemm_opt.DynamicKernel {self.op} stage={self.stage} chip={self.chip} {bounds} "
                f"variants={len(self.variants)} "
                f"buffers={[(b['name'], b['elem'], shape_text(b['shape'])) for b in self.arguments]}>")

    def threshold(self, tf32=False):
        raise TypeError(f"{self.stage}: the threshold is an instance's: kernel.instance(*tensors).threshold()")

    def instance(self, *tensors):
        """The Kernel of the sizes that `tensors` bind (as a call takes them:
        every argument, or the inputs only, in manifest order: bind); its
        `variant` is the index of the variant chosen. Made once per device
        and shapes, over the module already loaded. Raises SizeError for
        sizes the kernel does not take (a symbol outside its bounds, 0
        included; two sizes for one symbol; another rank), TypeError /
        ValueError as Kernel.check."""
        given = self.given(tensors)
        device = self.check_devices(tensors, given)
        key = (device, tuple(tuple(t.shape) for t in tensors))
        with self._instances_lock:
            k = self._instances.get(key)
            if k is not None:
                self._instances.move_to_end(key)
                return k
            k = self._instances[key] = self._instantiate(device, {b["name"]: list(t.shape)
                                                                  for t, b in zip(tensors, given)})
            while len(self._instances) > _INSTANCE_CACHE:
                self._instances.popitem(last=False)
        return k

    def _instantiate(self, device, shapes):
        try:
            loaded, text, variant = self.loaded(device).instance(shapes)
        except SizeError as e:
            raise SizeError(f"{self.stage}: {e}: {self._signature()}") from None
        # Plans are per variant: an instance reports none.
        k = self._instance_kind(self.ptx, text, log=self.log, cache_key=self.cache_key, from_cache=self.from_cache)
        k.variant = variant
        k._loaded[device] = loaded
        return k

    def check(self, tensors):
        return self.instance(*tensors).check(tensors)

    def __call__(self, *tensors, stream=None, **named):
        if stream is not None:
            import torch
            with torch.cuda.stream(stream):
                return self(*tensors, **named)
        tensors = self.bind(tensors, named)
        return self.instance(*tensors).run_bound(tensors)

    def launch(self, tensors, device):
        self.instance(*tensors).launch(tensors, device)

    def fast_launcher(self, device):
        raise TypeError(f"{self.stage}: each call binds its own sizes; an instance has a fast launcher: "
                        "kernel.instance(*tensors).fast_launcher(device)")


class DynamicFunctionKernel(DynamicKernel):
    """A function of several ops sharing a dynamic token count (a version-3
    manifest with "ops": every op's rows are the symbol M). Call it as a
    FunctionKernel, with the function's arguments in position order (arg0,
    arg1, ...): the sizes they bind pick a variant and give the
    FunctionKernel of those sizes (`instance`), whose results, temps and
    scratch buffers are allocated per call at those sizes. `ops` holds each
    op's dict as the template has it (rows {"sym": "M"})."""

    _instance_kind = FunctionKernel

    def __init__(self, ptx, manifest_text, plan=None, log="", cache_key=None, from_cache=False):
        self._init_common(ptx, manifest_text, plan, log, cache_key, from_cache)
        m = self.manifest
        self.op, self.problem, self.beta, self.layout = "function", None, 0, None
        self.ops = m["ops"]
        self.arguments = [b for b in self.buffers if b["role"] == "arg"]
        self.inputs = self.arguments
        self.outputs = [b for b in self.buffers if b["role"] == "result"]
        self.symbols = {s["name"]: (s["min"], s["max"]) for s in m["symbols"]}
        self.variants = m["variants"]
        self._scratch_bytes = []
        self._instances = collections.OrderedDict()
        self._instances_lock = threading.Lock()

    def __repr__(self):
        bounds = ", ".join(f"{s} in [{lo}, {hi}]" for s, (lo, hi) in self.symbols.items())
        ops = ", ".join(o["op"] for o in self.ops)
        return (f"<gemm_opt.DynamicFunctionKernel {self.manifest.get('func')} stage={self.stage} "
                f"chip={self.chip} ops=[{ops}] {bounds} variants={len(self.variants)} "
                f"arguments={[(b['name'], b['elem'], shape_text(b['shape'])) for b in self.arguments]}>")

    def given(self, tensors):
        if len(tensors) != len(self.arguments):
            raise TypeError(f"{self.stage}: expected {len(self.arguments)} arguments in position order, got "
                            f"{len(tensors)}: {self._signature()}")
        return self.arguments

    def _signature(self):
        def fmt(bs):
            return ", ".join(f"{b['name']}: {b['elem']}{shape_text(b['shape'])}" for b in bs)
        return f"{self.manifest.get('func', 'function')}({fmt(self.arguments)}) -> {fmt(self.outputs)}"

    def __call__(self, *tensors, stream=None):
        return self.instance(*tensors)(*tensors, stream=stream)

    def launch(self, tensors, device):
        # Every buffer a FunctionKernel launches with: the arguments bind M.
        self.instance(*tensors[:len(self.arguments)]).launch(tensors, device)
