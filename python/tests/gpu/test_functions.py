"""The GPU lane for functions of several ops (version-2 manifests): an
attention block compiled once and called on torch tensors, its output
against torch applying the same ops one by one to the same rounded
intermediates (S and P in the block's element type)."""
import pytest

from gpu_checks import gpu_available, matmul_error
from helpers import INPUTS

import gemm_opt

torch = gpu_available()

# The output is one f16/bf16 rounding from the last op's result, and S and P
# are rounded the same way on both sides, so the f16/bf16-out threshold of
# one matmul (Bench.h) holds, with room for the few elements of S that an
# accumulation order rounds to the other neighbour.
FUNCTION_THRESHOLD = 1e-2


def rand(*shape, dtype, seed):
    g = torch.Generator(device="cpu").manual_seed(seed)
    return (torch.rand(*shape, generator=g) * 2 - 1).to(dtype).cuda()


def attention_reference(q, k, v):
    """S = Q K^T, P = softmax(S) over each row, O = P V, with S and P
    rounded to the inputs' type as the compiled function stores them."""
    s = torch.matmul(q.float(), k.float().transpose(-2, -1)).to(q.dtype)
    p = torch.softmax(s.float(), dim=-1).to(q.dtype)
    return torch.matmul(p.float(), v.float())


@pytest.mark.parametrize("stage", ["naive", "mma", "wgmma"])
@pytest.mark.parametrize("source, batch", [("attention-f16-130x259x67.mlir", None),
                                           ("attention-batch-f16-3x130x67x259.mlir", 3)])
def test_attention_function(stage, source, batch):
    f = gemm_opt.compile(str(INPUTS / source), stage=stage)
    assert isinstance(f, gemm_opt.FunctionKernel)
    assert [op["op"] for op in f.ops] == ["matmul", "softmax", "matmul"]
    lead = (batch,) if batch else ()
    q = rand(*lead, 130, 67, dtype=torch.float16, seed=60)
    k = rand(*lead, 259, 67, dtype=torch.float16, seed=61)
    v = rand(*lead, 259, 67, dtype=torch.float16, seed=62)
    o = f(q, k, v)
    torch.cuda.synchronize()
    assert o.shape == (*lead, 130, 67) and o.dtype == torch.float16
    err = matmul_error(o, attention_reference(q, k, v))
    assert err <= FUNCTION_THRESHOLD, f"{stage} {source}: error {err:.3g}"


@pytest.mark.parametrize("stage", ["naive", "mma", "wgmma"])
def test_grouped_query_attention_function(stage):
    """Grouped-query attention in MLIR (8 query heads over 2 key / value
    heads, K and V repeated by a linalg.generic, a key-padding mask per
    sequence): compiled with the query heads of a key head stacked into one
    entry's rows, against torch on K and V repeated per query head (S
    scaled and masked in f32 and P, each rounded to bf16 once as the
    function stores them)."""
    f = gemm_opt.compile(str(INPUTS / "attention-gqa-bf16-2x8x2x130x67x72.mlir"), stage=stage)
    assert [op["problem"].get("batch") for op in f.ops] == [4, None, 4]
    bf16 = torch.bfloat16
    q = rand(2, 8, 130, 72, dtype=bf16, seed=67)
    k, v = rand(2, 2, 67, 72, dtype=bf16, seed=68), rand(2, 2, 67, 72, dtype=bf16, seed=69)
    mask = rand(2, 1, 1, 67, dtype=bf16, seed=70) * 4
    o = f(q, k, v, mask)
    torch.cuda.synchronize()
    kk, vv = (t.repeat_interleave(4, dim=1).float() for t in (k, v))
    scale = f.ops[0]["problem"]["epilogue"][0]["scalar"]
    s = (torch.matmul(q.float(), kk.transpose(-2, -1)) * scale + mask.float()).to(bf16)  # one rounding
    p = torch.softmax(s.float(), dim=-1).to(bf16)
    err = matmul_error(o, torch.matmul(p.float(), vv))
    assert o.shape == (2, 8, 130, 72) and err <= FUNCTION_THRESHOLD, f"{stage}: error {err:.3g}"


def test_function_accumulating_into_an_argument():
    """Out += softmax(X W1) W2 (memref form, temps allocated per call): the
    written argument is returned, updated in place."""
    f = gemm_opt.compile(str(INPUTS / "two-matmuls-softmax-bf16-memref.mlir"), stage="mma")
    x = rand(130, 259, dtype=torch.bfloat16, seed=63)
    w1 = rand(259, 67, dtype=torch.bfloat16, seed=64)
    w2 = rand(67, 96, dtype=torch.bfloat16, seed=65)
    out = rand(130, 96, dtype=torch.bfloat16, seed=66)
    before = out.clone()
    assert f(x, w1, w2, out) is out
    torch.cuda.synchronize()
    h = torch.matmul(x.float(), w1.float()).to(torch.bfloat16)
    p = torch.softmax(h.float(), dim=-1).to(torch.bfloat16)
    ref = before.float() + torch.matmul(p.float(), w2.float())
    err = matmul_error(out, ref)
    assert err <= FUNCTION_THRESHOLD, f"error {err:.3g}"


def test_module_of_several_functions():
    """A module of three functions (a version-4 manifest) compiles once into
    a ModuleKernels; each function is called as it would be alone: the
    dynamic-M x W^T at two token counts, attention, a softmax."""
    m = gemm_opt.compile(str(INPUTS / "module-dynamic-bf16.mlir"), stage="wgmma")
    assert isinstance(m, gemm_opt.ModuleKernels) and m.names == ["linear", "attention", "probs"]
    assert isinstance(m.linear, gemm_opt.DynamicKernel) and isinstance(m.attention, gemm_opt.FunctionKernel)
    w = rand(1024, 512, dtype=torch.bfloat16, seed=70)
    for tokens in (1, 77):
        x = rand(tokens, 512, dtype=torch.bfloat16, seed=71)
        y = m.linear(x, w)
        torch.cuda.synchronize()
        err = matmul_error(y, torch.matmul(x.float(), w.float().t()))
        assert y.shape == (tokens, 1024) and err <= FUNCTION_THRESHOLD, f"M = {tokens}: error {err:.3g}"
    q = rand(128, 64, dtype=torch.bfloat16, seed=72)
    k = rand(192, 64, dtype=torch.bfloat16, seed=73)
    v = rand(192, 64, dtype=torch.bfloat16, seed=74)
    o = m["attention"](q, k, v)
    torch.cuda.synchronize()
    err = matmul_error(o, attention_reference(q, k, v))
    assert err <= FUNCTION_THRESHOLD, f"attention: error {err:.3g}"
    s = rand(37, 1000, dtype=torch.float32, seed=75)
    p = m.probs(s)
    torch.cuda.synchronize()
    assert (p - torch.softmax(s, dim=-1)).abs().max().item() <= 1e-5


@pytest.mark.parametrize("stage", ["naive", "mma", "wgmma"])
def test_functions_returning_aliased_results(stage):
    """aliased-results-f16.mlir: a result returned twice is one tensor object
    twice, an argument returned as it is the caller's own tensor, unchanged
    (no copy), and the values are the function's."""
    m = gemm_opt.compile(str(INPUTS / "aliased-results-f16.mlir"), stage=stage)
    a = rand(130, 67, dtype=torch.float16, seed=80)
    b = rand(67, 259, dtype=torch.float16, seed=81)
    x = rand(130, 96, dtype=torch.float16, seed=82)
    before = x.clone()
    c, c2 = m.twice(a, b)
    y, passed = m.residual(a, b, x)
    torch.cuda.synchronize()
    assert c is c2 and passed is x and torch.equal(x, before)
    ref = torch.matmul(a.float(), b.float())
    for out in (c, y):
        err = matmul_error(out, ref)
        assert err <= FUNCTION_THRESHOLD, f"{stage}: error {err:.3g}"
    k = rand(259, 67, dtype=torch.float16, seed=83)
    s, p, s2 = m.scores(a, k)
    torch.cuda.synchronize()
    assert s is s2 and p is not s
    s_ref = torch.matmul(a.float(), k.float().t())
    assert matmul_error(s, s_ref) <= FUNCTION_THRESHOLD
    p_ref = torch.softmax(s.float(), dim=-1)
    assert (p.float() - p_ref).abs().max().item() <= 1e-2
