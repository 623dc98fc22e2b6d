"""ModuleKernels: the functions of a module compiled together (a version-4
manifest, docs/manifest.md "Several functions"), each a kernel of its own."""
from . import _runtime


class ModuleKernels:
    """One kernel per function of the module (a Kernel, FunctionKernel or
    DynamicKernel, as the function alone would compile to), sharing one
    PTX module: `kernels["proj"]` or `kernels.proj`; `names` in module
    order; iterating gives the kernels in that order. `stage`, `chip`,
    `plan`, `log` and `cache_key` are the module's."""

    def __init__(self, ptx, manifest_text, plan=None, log="", cache_key=None, from_cache=False):
        import json
        from .function import make_kernel
        self.ptx, self.manifest_text = ptx, manifest_text
        _runtime.validate_manifest(manifest_text)  # a GemmOptError, not a KeyError below
        self.manifest = json.loads(manifest_text)
        self.stage, self.chip = self.manifest["stage"], self.manifest["chip"]
        self.plan, self.log, self.cache_key, self.from_cache = plan, log, cache_key, from_cache
        self._kernels = {}
        for text in _runtime.manifest_functions(manifest_text):
            k = make_kernel(ptx, text, plan=plan, log=log, cache_key=cache_key, from_cache=from_cache)
            self._kernels[k.manifest["func"]] = k
        self.names = list(self._kernels)

    def __getitem__(self, name):
        try:
            return self._kernels[name]
        except KeyError:
            raise KeyError(f"no function {name!r} in this module (functions: {', '.join(self.names)})") from None

    def __getattr__(self, name):
        if name.startswith("_") or "_kernels" not in self.__dict__:
            raise AttributeError(name)
        try:
            return self[name]
        except KeyError as e:
            raise AttributeError(e.args[0]) from None

    def __iter__(self):
        return iter(self._kernels.values())

    def __len__(self):
        return len(self._kernels)

    def __contains__(self, name):
        return name in self._kernels

    def __repr__(self):
        return f"<gemm_opt.ModuleKernels stage={self.stage} chip={self.chip} functions={self.names}>"
