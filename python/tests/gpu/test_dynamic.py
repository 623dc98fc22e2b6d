"""The GPU lane of kernels compiled once for a dynamic M (version-3
manifests): one compile, called at sizes that pick different variants
(weight-streaming, swap-AB, wgmma tiles), each against torch.matmul."""
import pytest

from gpu_checks import gpu_available, matmul_error, reference_matmul

import gemm_opt
from gemm_opt import mlir

torch = gpu_available()
DTYPES = {"f16": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32}


def rand(*shape, dtype, seed):
    g = torch.Generator(device="cpu").manual_seed(seed)
    return (torch.rand(*shape, generator=g) * 2 - 1).to(dtype).cuda()


@pytest.mark.parametrize("dtype,out,layout", [("bf16", "bf16", "nn"), ("f16", "f32", "nn"), ("bf16", "bf16", "nt")])
def test_dynamic_m_at_several_sizes(dtype, out, layout):
    """C = A B (nt: x @ W.T) at M = 1, 3, 127 and 3000 from one compile; C
    new, then passed in; the PTX loaded once on the device."""
    n, k = 384, 256
    kernel = gemm_opt.compile(mlir.matmul_source("?", n, k, dtype, out, layout), stage="wgmma")
    assert isinstance(kernel, gemm_opt.DynamicKernel)
    b = rand(*((n, k) if layout == "nt" else (k, n)), dtype=DTYPES[dtype], seed=1)
    variants = []
    for m in (1, 3, 127, 3000):
        a = rand(m, k, dtype=DTYPES[dtype], seed=m)
        ref = reference_matmul(a, b.t() if layout == "nt" else b)
        instance = kernel.instance(a, b)
        c = kernel(a, b)
        assert c.shape == (m, n) and c.dtype == DTYPES[out]
        given = torch.full_like(c, float("nan"))
        assert kernel(a, b, given) is given
        torch.cuda.synchronize()
        for result in (c, given):
            err = matmul_error(result, ref)
            assert err <= instance.threshold(), f"M = {m}: error {err:.3g} > {instance.threshold():.0e}"
        variants.append(instance.variant)
    assert len(set(variants)) == 4 and list(kernel._loaded) == [torch.cuda.current_device()]


def test_dynamic_m_bad_size_launches_nothing():
    kernel = gemm_opt.compile(mlir.matmul_source("?", 384, 256, "bf16", "bf16"), stage="wgmma")
    b = rand(256, 384, dtype=torch.bfloat16, seed=2)
    with pytest.raises(gemm_opt.SizeError, match="M = 0 is outside"):
        kernel(torch.empty(0, 256, dtype=torch.bfloat16, device="cuda"), b)
    a = rand(5, 256, dtype=torch.bfloat16, seed=3)
    with pytest.raises(gemm_opt.SizeError, match="two extents"):
        kernel(a, b, torch.empty(6, 384, dtype=torch.bfloat16, device="cuda"))
    c = kernel(a, b)
    torch.cuda.synchronize()
    assert matmul_error(c, reference_matmul(a, b)) <= kernel.instance(a, b).threshold()


def test_dynamic_batch_count():
    """Attention's Q * K^T (K stored N x K) compiled once for any count of
    entries, on the wgmma kernel of the static entries: 1, 3 and 40
    entries against torch.bmm, C new each time."""
    m, n, k = 256, 384, 128
    kernel = gemm_opt.compile(mlir.matmul_source(m, n, k, "bf16", "bf16", "nt", batch="?"), stage="wgmma")
    assert isinstance(kernel, gemm_opt.DynamicKernel) and list(kernel.symbols) == ["batch"]
    for count in (1, 3, 40):
        q = rand(count, m, k, dtype=torch.bfloat16, seed=count)
        kt = rand(count, n, k, dtype=torch.bfloat16, seed=100 + count)
        s = kernel(q, kt)
        assert s.shape == (count, m, n)
        torch.cuda.synchronize()
        ref = torch.bmm(q.float(), kt.float().transpose(1, 2))
        err = matmul_error(s, ref)
        assert err <= kernel.instance(q, kt).threshold(), f"batch = {count}: error {err:.3g}"
