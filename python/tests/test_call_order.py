"""A kernel is called with its function's arguments in the function's order
(the manifest's "arguments"), which may differ from the buffers' role order:
a function declared (w, x, bias) computing x w^T + bias, or a transposed
result computed as the matmul of B and A. Manifests without "arguments"
keep the role order. A hand-written manifest (test/Runtime/Inputs), fake
tensors: no GPU, no compiler needed."""
import json
import pathlib

import pytest

from gemm_opt.kernel import Kernel

INPUTS = pathlib.Path(__file__).resolve().parents[2] / "test" / "Runtime" / "Inputs"


def manifest(arguments=None):
    # matmul 130x72x264 bf16, B stored N x K, C = gelu(A B^T + bias): the bias is E0 [72].
    m = json.loads((INPUTS / "matmul_bf16_bias_gelu.json").read_text())
    if arguments is not None:
        m["arguments"] = arguments
    return json.dumps(m)


def tensors(fake):
    return {"A": fake((130, 264), ptr=0x10000), "B": fake((72, 264), ptr=0x20000),
            "C": fake((130, 72), ptr=0x30000), "bias": fake((72,), ptr=0x40000)}


def test_function_order(fake):
    k = Kernel(".version 9.0\n", manifest(["B", "bias", "A", "C"]))
    t = tensors(fake)
    # By position in the function's order; bound in manifest (role) order.
    assert k.bind((t["B"], t["bias"], t["A"], t["C"]), {}) == (t["A"], t["B"], t["C"], t["bias"])
    assert k.bind((t["B"], t["bias"], t["A"]), {}) == (t["A"], t["B"], t["bias"])  # inputs only
    assert k.bind((t["bias"],), {"A": t["A"], "B": t["B"]}) == (t["A"], t["B"], t["bias"])
    assert k.check(k.bind((t["B"], t["bias"], t["A"]), {})) == 0
    assert k._signature().startswith("kernel(B: bf16[72, 264], bias: bf16[72], A: bf16[130, 264], C: ")
    # The role order is now an error, named at the buffer that does not fit.
    with pytest.raises(ValueError, match=r"buffer A \(role A\): shape \[72\], the kernel was compiled for \[130, 264\]"):
        k.check(k.bind((t["A"], t["B"], t["bias"]), {}))


def test_returned_buffers_follow_the_arguments(fake):
    """C returned (not an argument): the arguments, then C."""
    k = Kernel(".version 9.0\n", manifest(["bias", "B", "A"]))
    t = tensors(fake)
    assert k.bind((t["bias"], t["B"], t["A"], t["C"]), {}) == (t["A"], t["B"], t["C"], t["bias"])


def test_without_arguments_the_role_order(fake):
    k = Kernel(".version 9.0\n", manifest())
    t = tensors(fake)
    assert k.bind((t["A"], t["B"], t["C"], t["bias"]), {}) == (t["A"], t["B"], t["C"], t["bias"])
