"""A function of several ops sharing a dynamic token count (a version-3
manifest with "ops") through gemm_opt without a GPU:
gemm_opt.DynamicFunctionKernel over the fake libcuda and the stand-in for
torch. Each call binds M from its arguments, launches every op's kernels of
the variant M chooses (grids and M parameters of that M, tensor maps over
the token rows of that M) and returns a result of M tokens; bad sizes are
errors before anything launches."""
import json

import pytest

from helpers import REPO
from test_fake_dynamic import SCRIPT_START, check_sizes_launched, compile_dynamic_function, chosen, run_script

INPUT = REPO / "test" / "Inputs" / "linear-softmax-linear-dynamic-bf16-256x512x128.mlir"
SIZES = [1, 5, 37, 300, 3000]


@pytest.fixture(scope="module")
def kernel():
    return compile_dynamic_function(INPUT)


CALLS_SCRIPT = SCRIPT_START + r"""
T = lambda *shape: fake_torch.Tensor(shape, torch.bfloat16)
w1, w2 = T(512, 256), T(128, 512)
batch = int(sys.argv[3]) if len(sys.argv) > 3 else 1
for m in json.loads(sys.argv[2]):
    x = T(batch, m, 256)
    y = kernel(x, w1, w2)
    keep += [x, y]
    calls.append({"m": m, "y_shape": list(y.shape), "variant": kernel.instance(x, w1, w2).variant})
bad = {"zero": (T(1, 0, 256), w1, w2), "count": (T(1, 5, 256), w1), "k": (T(1, 5, 255), w1, w2)}
errors = {name: error_of(*args) for name, args in bad.items()}
print(json.dumps({"calls": calls, "errors": errors,
                  "module_loads": ctypes.CDLL("libcuda.so.1").fakeCudaModuleLoads()}))
"""


def test_repr_and_arguments(kernel):
    assert [b["name"] for b in kernel.arguments] == ["arg0", "arg1", "arg2"]
    assert [o["op"] for o in kernel.ops] == ["matmul", "softmax", "matmul"]
    assert kernel.symbols["M"][0] == 1
    text = repr(kernel)
    assert "DynamicFunctionKernel linear_softmax_linear" in text and "ops=[matmul, softmax, matmul]" in text


def test_each_size_launches_every_op_of_its_variant(fake_cuda, tmp_path, kernel):
    out, launches = run_script(fake_cuda, tmp_path, kernel, CALLS_SCRIPT, json.dumps(SIZES))
    assert out["module_loads"] == 1
    m = kernel.manifest
    for call in out["calls"]:
        sizes = {"M": call["m"]}
        assert call["y_shape"] == [1, call["m"], 128]
        variant = m["variants"][chosen(m, sizes)]
        assert call["variant"] == chosen(m, sizes)
        n = len(variant["kernels"])
        mine, launches = launches[:n], launches[n:]
        assert [k["op"] for k in variant["kernels"]] == [0, 1, 2]
        check_sizes_launched(variant["kernels"], mine, sizes)
    assert not launches
    # A K the weights do not have: the instance of the M it binds says so.
    assert out["errors"] == {"zero": "SizeError", "count": "TypeError", "k": "ValueError"}


BATCH_INPUT = REPO / "test" / "Inputs" / "linear-softmax-linear-dynamic-batch3-bf16-256x512x128.mlir"

def test_a_batch_of_sequences_beside_the_tokens(fake_cuda, tmp_path):
    """[3, tokens, 256]: M is the rows (3 x tokens), every op's kernels get
    that M, the result has the caller's tokens."""
    k = compile_dynamic_function(BATCH_INPUT)
    assert k.symbols["M"][0] == 3
    assert k.arguments[0]["shape"] == [3, {"sym": "M", "div": 3}, 256]
    out, launches = run_script(fake_cuda, tmp_path, k, CALLS_SCRIPT, json.dumps([1, 5, 37, 3000]), "3")
    for call in out["calls"]:
        sizes = {"M": 3 * call["m"]}
        assert call["y_shape"] == [3, call["m"], 128]
        variant = k.manifest["variants"][chosen(k.manifest, sizes)]
        assert call["variant"] == chosen(k.manifest, sizes)
        mine, launches = launches[:len(variant["kernels"])], launches[len(variant["kernels"]):]
        check_sizes_launched(variant["kernels"], mine, sizes)
    assert not launches
