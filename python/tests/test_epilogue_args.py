"""A kernel with a fused epilogue (issue 16) takes its operand buffers
E0.. like A and B: by position in manifest order, or by name or role, and
among the inputs when the outputs are left to it. A hand-written manifest
(test/Runtime/Inputs), fake tensors: no GPU, no compiler needed."""
import pathlib

import pytest

from gemm_opt.kernel import Kernel

INPUTS = pathlib.Path(__file__).resolve().parents[2] / "test" / "Runtime" / "Inputs"


@pytest.fixture(scope="module")
def kernel():
    # matmul 130x72x264 bf16, B stored N x K, C = gelu(A B^T + bias): the bias is E0 [72].
    return Kernel(".version 9.0\n", (INPUTS / "matmul_bf16_bias_gelu.json").read_text())


def tensors(fake):
    return {"A": fake((130, 264), ptr=0x10000), "B": fake((72, 264), ptr=0x20000),
            "C": fake((130, 72), ptr=0x30000), "bias": fake((72,), ptr=0x40000)}


def test_operand_is_an_input(kernel):
    assert [b["role"] for b in kernel.inputs] == ["A", "B", "E0"]
    assert [b["role"] for b in kernel.outputs] == ["C"]
    assert kernel.problem["epilogue"] == [{"op": "add", "operand": "E0", "broadcast": "col"}, {"op": "gelu_tanh"}]


def test_positional(kernel, fake):
    t = tensors(fake)
    assert kernel.check((t["A"], t["B"], t["C"], t["bias"])) == 0
    assert kernel.check((t["A"], t["B"], t["bias"])) == 0  # inputs only: C is allocated


def test_by_name_or_role(kernel, fake):
    t = tensors(fake)
    assert kernel.bind((t["A"], t["B"]), {"E0": t["bias"]}) == (t["A"], t["B"], t["bias"])
    assert kernel.bind((t["A"], t["B"], t["C"]), {"bias": t["bias"]}) == (t["A"], t["B"], t["C"], t["bias"])
    assert kernel.bind((t["B"],), {"A": t["A"], "E0": t["bias"]}) == (t["A"], t["B"], t["bias"])
    with pytest.raises(TypeError, match=r"no buffer named 'E1'"):
        kernel.bind((t["A"], t["B"]), {"E1": t["bias"]})
    with pytest.raises(TypeError, match=r"expected 3 tensors in all, got 1 by position and \['E0'\] by name"):
        kernel.bind((t["A"],), {"E0": t["bias"]})


def test_operand_checked(kernel, fake):
    t = tensors(fake)
    with pytest.raises(ValueError, match=r"buffer bias \(role E0\): shape \[130\], .* compiled for \[72\]"):
        kernel.check((t["A"], t["B"], fake((130,), ptr=0x40000)))
    with pytest.raises(TypeError, match=r"buffer bias \(role E0\): dtype torch.float32, .* compiled for bf16"):
        kernel.check((t["A"], t["B"], fake((72,), "float32", ptr=0x40000)))
