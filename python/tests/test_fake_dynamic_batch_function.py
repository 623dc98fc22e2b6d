"""Attention over a dynamic count of entries (a version-3 manifest of ops
over the symbol batch) through gemm_opt without a GPU: each call binds batch
from Q, K and V, launches the three ops' kernels with grids and parameters
of that count (the softmax's rows batch * 130) and returns [batch, 130, 72];
operands that disagree on the count, or a count past the symbol's bounds,
are errors before anything launches."""
import json

import pytest

from helpers import REPO
from test_fake_dynamic import SCRIPT_START, check_sizes_launched, compile_dynamic_function, run_script

INPUT = REPO / "test" / "Inputs" / "attention-dynamic-batch-bf16-130x67x72.mlir"
COUNTS = [1, 3, 300, 4097]


@pytest.fixture(scope="module")
def kernel():
    return compile_dynamic_function(INPUT)


CALLS_SCRIPT = SCRIPT_START + r"""
T = lambda *shape: fake_torch.Tensor(shape, torch.bfloat16)
for b in json.loads(sys.argv[2]):
    q, k, v = T(b, 130, 72), T(b, 67, 72), T(b, 67, 72)
    o = kernel(q, k, v)
    keep += [q, k, v, o]
    calls.append({"batch": b, "o_shape": list(o.shape)})
bad = {"disagree": (T(3, 130, 72), T(2, 67, 72), T(3, 67, 72)),
       "too_many": (T(65536, 130, 72), T(65536, 67, 72), T(65536, 67, 72)),
       "rows": (T(3, 129, 72), T(3, 67, 72), T(3, 67, 72))}
errors = {name: error_of(*args) for name, args in bad.items()}
print(json.dumps({"calls": calls, "errors": errors,
                  "module_loads": ctypes.CDLL("libcuda.so.1").fakeCudaModuleLoads()}))
"""


def test_symbol_and_ops(kernel):
    assert [o["op"] for o in kernel.ops] == ["matmul", "softmax", "matmul"]
    assert list(kernel.symbols) == ["batch"]
    assert kernel.symbols["batch"] == (1, 65535)
    softmax = kernel.ops[1]["problem"]
    assert softmax["rows"] == {"sym": "batch", "mul": 130} and softmax["cols"] == 67


def test_each_count_launches_every_op(fake_cuda, tmp_path, kernel):
    out, launches = run_script(fake_cuda, tmp_path, kernel, CALLS_SCRIPT, json.dumps(COUNTS))
    assert out["module_loads"] == 1
    (variant,) = kernel.manifest["variants"]
    n = len(variant["kernels"])
    assert sorted({k["op"] for k in variant["kernels"]}) == [0, 1, 2]
    for call in out["calls"]:
        sizes = {"batch": call["batch"]}
        assert call["o_shape"] == [call["batch"], 130, 72]
        mine, launches = launches[:n], launches[n:]
        check_sizes_launched(variant["kernels"], mine, sizes)
        # The two matmuls run one entry per block z.
        grids = [l["grid"] for l in mine]
        assert grids[0][2] == call["batch"] and grids[-1][2] == call["batch"]
    assert not launches
    # Two counts bound by Q and K, a count past 65535 entries: size errors;
    # rows an entry does not have: the instance says so.
    assert out["errors"] == {"disagree": "SizeError", "too_many": "SizeError", "rows": "ValueError"}
