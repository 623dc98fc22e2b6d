"""gemm_opt: compile linalg.matmul / linalg.softmax with gemm-opt and launch
the kernels on PyTorch CUDA tensors.

    kernel = gemm_opt.compile("matmul.mlir", stage="wgmma")   # -> Kernel
    c = kernel(a, b)                                          # on the current stream
    attention = gemm_opt.compile("attention.mlir", stage="mma")  # several ops -> FunctionKernel
    o = attention(q, k, v)                                    # arguments by position
    linear = gemm_opt.compile("linear_dynamic_m.mlir")        # `?` dims -> DynamicKernel
    y = linear(x, w)                                          # any M inside its bounds
    c = gemm_opt.matmul(a, b)          # compiled once per problem, cached
    y = gemm_opt.softmax(x, dim=-1)
    o = gemm_opt.scaled_dot_product_attention(q, k, v, is_causal=True)  # three kernels
    results = gemm_opt.ladder("4096x4096x4096", "bf16")       # gemm-run
    gemm_opt.plot.ladder(results)

See python/README.md."""
from .attention import scaled_dot_product_attention
from .compilation import compile
from .dynamic import DynamicFunctionKernel, DynamicKernel
from .errors import (CompileError, Diagnostic, GemmOptError, GemmRunError, LaunchError, NoDeviceError, SizeError,
                     ToolNotFoundError)
from .functional import ACTIVATIONS, linear, matmul, softmax
from .function import FunctionKernel
from .kernel import Kernel
from .module import ModuleKernels
from .ladder import ladder, load_results

__version__ = "0.1.0"
__all__ = ["compile", "Kernel", "FunctionKernel", "DynamicKernel", "DynamicFunctionKernel", "ModuleKernels",
           "matmul", "linear", "softmax", "scaled_dot_product_attention", "ladder",
           "load_results", "ACTIVATIONS",
           "GemmOptError", "CompileError", "Diagnostic", "LaunchError", "NoDeviceError", "SizeError",
           "GemmRunError", "ToolNotFoundError"]


def __getattr__(name):
    # gemm_opt.plot imports matplotlib: only when asked for.
    if name == "plot":
        import importlib
        return importlib.import_module(".plot", __name__)
    raise AttributeError(f"module 'gemm_opt' has no attribute {name!r}")
