"""The GPU lane: every stage against torch.matmul / torch.softmax at odd
shapes, the functional API's unfused forms, launches on a non-default
stream and the wgmma tensor-map path."""
import pytest

from gpu_checks import gpu_available, matmul_error, reference_matmul, softmax_error, softmax_input

import gemm_opt
from gemm_opt import mlir, plot

torch = gpu_available()


@pytest.fixture(autouse=True)
def exact_reference():
    """torch.matmul as the reference: f32 products in f32, not TF32."""
    saved = torch.backends.cuda.matmul.allow_tf32
    torch.backends.cuda.matmul.allow_tf32 = False
    yield
    torch.backends.cuda.matmul.allow_tf32 = saved

MATMUL_STAGES = ["naive", "coalesced", "smem", "reg1d", "reg2d", "vector", "swizzle", "multibuffer",
                 "warptile", "mma", "wgmma"]
SOFTMAX_STAGES = ["softmax-3pass", "softmax-fused", "softmax-online", "softmax-vector", "softmax-rows"]
DTYPES = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16}


def rand(*shape, dtype=torch.float32, seed=0):
    g = torch.Generator(device="cpu").manual_seed(seed)
    return (torch.rand(*shape, generator=g) * 2 - 1).to(dtype).cuda()


def check_matmul(kernel, a, b, c, tf32=False):
    err = matmul_error(c, reference_matmul(a, b))
    assert err <= kernel.threshold(tf32), f"{kernel.stage}: error {err:.3g} > {kernel.threshold(tf32):.0e}"
    return err


@pytest.mark.parametrize("shape", [(17, 33, 65), (1000, 999, 777)], ids=lambda s: "x".join(map(str, s)))
@pytest.mark.parametrize("dtype", ["f32", "f16", "bf16"])
@pytest.mark.parametrize("stage", MATMUL_STAGES)
def test_every_matmul_stage(stage, dtype, shape):
    m, n, k = shape
    out = "f32" if dtype == "f32" or m == 17 else dtype  # f16/bf16 C at 1000x999x777
    kernel = gemm_opt.compile(mlir.matmul_source(m, n, k, dtype, out), stage=stage)
    a, b = rand(m, k, dtype=DTYPES[dtype], seed=1), rand(k, n, dtype=DTYPES[dtype], seed=2)
    c = torch.full((m, n), float("nan"), dtype=DTYPES[out], device="cuda")
    assert kernel(a, b, c) is c
    torch.cuda.synchronize()
    check_matmul(kernel, a, b, c)


def test_accumulating_kernel():
    """beta = 1 (no zero fill): C += A B in place."""
    src = ("func.func @matmul(%A: memref<65x47xf16>, %B: memref<47x33xf16>, %C: memref<65x33xf32>) {\n"
           "  linalg.matmul ins(%A, %B : memref<65x47xf16>, memref<47x33xf16>) outs(%C : memref<65x33xf32>)\n"
           "  return\n}\n")
    kernel = gemm_opt.compile(src, stage="mma")
    a, b, c0 = rand(65, 47, dtype=torch.float16, seed=26), rand(47, 33, dtype=torch.float16, seed=27), rand(
        65, 33, seed=28)
    c = c0.clone()
    assert kernel(a, b, c) is c
    assert matmul_error(c, c0 + reference_matmul(a, b)) <= kernel.threshold()


@pytest.mark.parametrize("stage", ["mma", "wgmma"])
@pytest.mark.parametrize("shape", [(17, 33, 65), (1000, 999, 777), (256, 512, 128)],
                         ids=lambda s: "x".join(map(str, s)))
def test_tf32_stages(stage, shape):
    m, n, k = shape
    kernel = gemm_opt.compile(mlir.matmul_source(m, n, k, "f32", "f32"), stage=stage,
                              options={"allow_tf32": True})
    a, b = rand(m, k, seed=3), rand(k, n, seed=4)
    check_matmul(kernel, a, b, kernel(a, b), tf32=True)


@pytest.mark.parametrize("rows,cols", [(7, 1000), (33, 4097), (1000, 333), (64, 131072)])
@pytest.mark.parametrize("dtype", ["f32", "f16", "bf16"])
@pytest.mark.parametrize("stage", SOFTMAX_STAGES)
def test_every_softmax_stage(stage, dtype, rows, cols):
    kernel = gemm_opt.compile(mlir.softmax_source(rows, cols, dtype), stage=stage)
    x = softmax_input(rows, cols, DTYPES[dtype])
    y = kernel(x)
    ref = torch.softmax(x.double(), dim=-1)
    err = softmax_error(y, ref, DTYPES[dtype])
    assert err <= kernel.threshold(), f"{stage}: error {err:.3g} > {kernel.threshold():.0e}"
    if rows >= 4:
        assert torch.isnan(y[0]).all() and not torch.isnan(y[1:]).any()


def same_values(u, v):
    """Bit-equal, NaN where the other is NaN (softmax_input's all -inf row)."""
    return torch.allclose(u, v, rtol=0, atol=0, equal_nan=True)


def test_functional_softmax_against_torch():
    for dtype in DTYPES.values():
        x = softmax_input(64, 1000, dtype, seed=5)
        y = gemm_opt.softmax(x)
        assert y.dtype == dtype and y.shape == x.shape
        t = 1e-4 if dtype == torch.float32 else 2e-3 if dtype == torch.float16 else 1e-2
        assert softmax_error(y, torch.softmax(x.double(), -1), dtype) <= t
        # The repeated call (the cached launcher, nothing checked) and the same
        # shape as a strided view (checked, copied): the same rows.
        assert same_values(gemm_opt.softmax(x), y)
        strided = x.t().contiguous().t()
        assert not strided.is_contiguous() and same_values(gemm_opt.softmax(strided), y)
    assert gemm_opt.softmax(rand(5, 0)).shape == (5, 0) and gemm_opt.softmax(rand(0, 7)).shape == (0, 7)
    x = rand(3, 50, 7, seed=6)
    for dim in (0, 1, -1):
        assert softmax_error(gemm_opt.softmax(x, dim).movedim(dim, -1),
                             torch.softmax(x.double(), dim).movedim(dim, -1), torch.float32) <= 1e-4


def test_wgmma_tensormap_path():
    """TMA: the maps are encoded over each call's tensors (new addresses,
    new maps) and reused when the addresses repeat."""
    kernel = gemm_opt.compile(mlir.matmul_source(256, 512, 128, "bf16", "f32"), stage="wgmma")
    assert kernel.uses_tensormaps
    a1, b1 = rand(256, 128, dtype=torch.bfloat16, seed=7), rand(128, 512, dtype=torch.bfloat16, seed=8)
    a2, b2 = rand(256, 128, dtype=torch.bfloat16, seed=9), rand(128, 512, dtype=torch.bfloat16, seed=10)
    c1, c2 = kernel(a1, b1), kernel(a2, b2)
    torch.cuda.synchronize()
    check_matmul(kernel, a1, b1, c1)
    check_matmul(kernel, a2, b2, c2)
    loaded = kernel.loaded(torch.cuda.current_device())
    sets = len(loaded.maps)
    c3 = torch.empty_like(c1)
    for _ in range(3):
        kernel(a1, b1, c3)
    assert len(loaded.maps) == sets + 1
    check_matmul(kernel, a1, b1, c3)


def test_wgmma_large_with_tma_store_and_staging():
    """4096^3: warp-specialized kernel with a C tensor map (TMA stores);
    4097^3 f16: padded staging copies through scratch buffers."""
    big = gemm_opt.compile(mlir.matmul_source(4096, 4096, 4096, "bf16", "f32"), stage="wgmma")
    maps = [p["buffer"] for k in big.manifest["kernels"] for p in k["params"] if p["abi"] == "tensormap"]
    assert "C" in maps
    a, b = rand(4096, 4096, dtype=torch.bfloat16, seed=11), rand(4096, 4096, dtype=torch.bfloat16, seed=12)
    check_matmul(big, a, b, big(a, b))
    odd = gemm_opt.compile(mlir.matmul_source(4097, 4097, 4097, "f16", "f32"), stage="wgmma")
    assert any(b["role"] == "scratch" for b in odd.buffers) and odd.uses_tensormaps
    a, b = rand(4097, 4097, dtype=torch.float16, seed=13), rand(4097, 4097, dtype=torch.float16, seed=14)
    check_matmul(odd, a, b, odd(a, b))


def test_non_default_stream():
    """A launch on a side stream orders after that stream's earlier work:
    the stream sleeps, then writes A; a launch on any other stream would
    read A before the write."""
    side = torch.cuda.Stream()
    src = rand(512, 256, dtype=torch.bfloat16, seed=15)
    b = rand(256, 384, dtype=torch.bfloat16, seed=16)
    for use in ("context", "argument", "functional"):
        a = torch.zeros_like(src)
        torch.cuda.synchronize()
        kernel = gemm_opt.compile(mlir.matmul_source(512, 384, 256, "bf16", "f32"), stage="wgmma")
        with torch.cuda.stream(side):
            torch.cuda._sleep(50_000_000)
            a.copy_(src)
            if use == "context":
                c = kernel(a, b)
            elif use == "functional":
                c = gemm_opt.matmul(a, b, out_dtype=torch.float32)
        if use == "argument":
            c = kernel(a, b, stream=side)
        side.synchronize()
        check_matmul(kernel, src, b, c)
    assert torch.cuda.current_stream() == torch.cuda.default_stream()


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16])
def test_functional_matmul_forms(dtype):
    t = {torch.float32: 1e-4, torch.float16: 5e-3, torch.bfloat16: 1e-2}[dtype]
    a, b = rand(2, 3, 37, 45, dtype=dtype, seed=17), rand(45, 29, dtype=dtype, seed=18)
    c = gemm_opt.matmul(a, b)  # leading dimensions folded into M
    assert c.shape == (2, 3, 37, 29) and c.dtype == dtype
    assert matmul_error(c, reference_matmul(a, b)) <= t
    bb = rand(3, 45, 29, dtype=dtype, seed=19)  # broadcast batch
    assert matmul_error(gemm_opt.matmul(a, bb), reference_matmul(a, bb)) <= t
    v = rand(45, dtype=dtype, seed=20)  # 1-D operands
    assert gemm_opt.matmul(a[0, 0], v).shape == (37,)
    assert matmul_error(gemm_opt.matmul(v, b), reference_matmul(v, b)) <= t
    bias = rand(29, dtype=dtype, seed=21)
    for act in gemm_opt.ACTIVATIONS:
        got = gemm_opt.matmul(a, b, bias=bias, activation=act)
        if act == "gelu_tanh":
            fn = lambda x: torch.nn.functional.gelu(x, approximate="tanh")  # noqa: E731
        else:
            fn = getattr(torch.nn.functional, act)
        ref = fn(reference_matmul(a, b) + bias.float())
        assert got.dtype == dtype and matmul_error(got, ref) <= t, act
    out32 = gemm_opt.matmul(a, b, out_dtype=torch.float32)
    assert out32.dtype == torch.float32
    assert matmul_error(out32, reference_matmul(a, b)) <= (1e-4 if dtype == torch.float32 else 1e-3)
    w = rand(29, 45, dtype=dtype, seed=22)  # linear: weight (out, in)
    got = gemm_opt.linear(a, w, bias)
    assert matmul_error(got, torch.nn.functional.linear(a.float(), w.float(), bias.float())) <= t
    z = gemm_opt.matmul(rand(0, 45, dtype=dtype), b)
    assert z.shape == (0, 29)
    assert (gemm_opt.matmul(rand(5, 0, dtype=dtype), rand(0, 7, dtype=dtype)) == 0).all()


def test_functional_caches_and_checks():
    a, b = rand(40, 24, dtype=torch.float16, seed=23), rand(24, 8, dtype=torch.float16, seed=24)
    gemm_opt.matmul(a, b)
    k = gemm_opt.functional.kernel_for("matmul", (40, 8, 24), "f16", "f16", device=a.device.index)
    assert gemm_opt.functional.kernel_for("matmul", (40, 8, 24), "f16", "f16", device=a.device.index) is k
    nc = rand(24, 40, dtype=torch.float16, seed=25).t()  # a transposed view: layout tn, read in place
    assert matmul_error(gemm_opt.matmul(nc, b), reference_matmul(nc, b)) <= 5e-3
    strided = rand(40, 48, dtype=torch.float16, seed=29)[:, ::2]  # neither: copied dense
    assert matmul_error(gemm_opt.matmul(strided, b), reference_matmul(strided, b)) <= 5e-3
    with pytest.raises(ValueError, match="not contiguous"):
        k(nc, b)
    with pytest.raises(ValueError, match="is on cpu"):
        k(a.cpu(), b)
    with pytest.raises(TypeError, match="dtype torch.float32"):
        k(a.float(), b)


LAYOUT_STAGES = ["naive", "warptile", "mma", "wgmma"]


def stored(t, transposed):
    """t as a layout stores it: its transpose, dense, when transposed."""
    return t.t().contiguous() if transposed else t


@pytest.mark.parametrize("shape", [(17, 33, 65), (1000, 999, 777), (1, 4096, 4096)],
                         ids=lambda s: "x".join(map(str, s)))
@pytest.mark.parametrize("dtype", ["f32", "f16", "bf16"])
@pytest.mark.parametrize("layout", ["nt", "tn", "tt"])
@pytest.mark.parametrize("stage", LAYOUT_STAGES)
def test_every_layout(stage, layout, dtype, shape):
    """Every layout of each main rung against torch on odd shapes: A and B
    passed as stored (A K x M, B N x K when transposed). f32 on the
    tensor-core rungs with TF32 (their f32 form)."""
    m, n, k = shape
    tf32 = dtype == "f32" and stage in ("mma", "wgmma")
    kernel = gemm_opt.compile(mlir.matmul_source(m, n, k, dtype, "f32", layout), stage=stage,
                              options={"allow_tf32": True} if tf32 else None)
    assert kernel.layout == layout
    a, b = rand(m, k, dtype=DTYPES[dtype], seed=30), rand(k, n, dtype=DTYPES[dtype], seed=31)
    sa, sb = stored(a, layout[0] == "t"), stored(b, layout[1] == "t")
    shapes = {buf["role"]: buf["shape"] for buf in kernel.arguments}
    assert (shapes["A"], shapes["B"]) == (list(sa.shape), list(sb.shape))
    check_matmul(kernel, a, b, kernel(sa, sb), tf32=tf32)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16])
def test_functional_layouts_against_torch(dtype):
    """matmul on transposed views and linear's weight, read in place
    (layouts nt, tn, tt; at M = 1 a transposed A view is dense anyway), odd
    shapes and M = 1, first and repeated (cached launcher) calls."""
    t = {torch.float32: 1e-4, torch.float16: 5e-3, torch.bfloat16: 1e-2}[dtype]
    functional = gemm_opt.functional
    for m, n, k in [(37, 29, 45), (1000, 999, 777), (1, 4096, 4096)]:
        a, at = rand(m, k, dtype=dtype, seed=32), rand(k, m, dtype=dtype, seed=33)
        b, bt = rand(k, n, dtype=dtype, seed=34), rand(n, k, dtype=dtype, seed=35)
        for x, y, layout in [(a, bt.t(), "nt"), (at.t(), b, "tn"), (at.t(), bt.t(), "tt")]:
            before = len(functional._plain)
            got, ref = gemm_opt.matmul(x, y), reference_matmul(x, y)
            assert got.dtype == dtype and got.shape == (m, n)
            assert matmul_error(got, ref) <= t, (m, n, k, layout)
            assert len(functional._plain) == before + 1  # the caller's storage, no copy
            assert matmul_error(gemm_opt.matmul(x, y), ref) <= t  # the cached launcher
        assert any(key[-1] == "nt" and key[1] == (m, n, k) for key in functional._kernels)
        bias = rand(n, dtype=dtype, seed=36)
        got = gemm_opt.linear(a, bt, bias)  # weight (out, in): B stored transposed
        assert matmul_error(got, torch.nn.functional.linear(a.float(), bt.float(), bias.float())) <= t
        ref = torch.nn.functional.linear(a.float(), bt.float())
        assert matmul_error(gemm_opt.linear(a, bt), ref) <= t and matmul_error(gemm_opt.linear(a, bt), ref) <= t
    x3 = rand(2, 3, 45, dtype=dtype, seed=37)  # leading dimensions, weight in place
    w = rand(29, 45, dtype=dtype, seed=38)
    assert matmul_error(gemm_opt.linear(x3, w), torch.nn.functional.linear(x3.float(), w.float())) <= t


@pytest.mark.parametrize("layout", ["nn", "nt", "tt"])
@pytest.mark.parametrize("stage", LAYOUT_STAGES)
def test_batched_kernels(stage, layout):
    """A batch of 3 odd-shaped bf16 products, every entry checked: the
    kernels take their entry from blockIdx.z."""
    (m, n, k), batch = (130, 67, 259), 3
    kernel = gemm_opt.compile(mlir.matmul_source(m, n, k, "bf16", "f32", layout, batch), stage=stage)
    a, b = rand(batch, m, k, dtype=torch.bfloat16, seed=40), rand(batch, k, n, dtype=torch.bfloat16, seed=41)
    sa = a.transpose(-2, -1).contiguous() if layout[0] == "t" else a
    sb = b.transpose(-2, -1).contiguous() if layout[1] == "t" else b
    check_matmul(kernel, a, b, kernel(sa, sb))


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16])
def test_functional_batched_matmul(dtype):
    """matmul of two 3-D tensors of one batch: one batched kernel (Q K^T
    with K^T a transposed view, read in place; P V plain)."""
    t = {torch.float32: 1e-4, torch.float16: 5e-3, torch.bfloat16: 1e-2}[dtype]
    q, kk, v = (rand(4, 77, 64, dtype=dtype, seed=42), rand(4, 93, 64, dtype=dtype, seed=43),
                rand(4, 93, 40, dtype=dtype, seed=44))
    s = gemm_opt.matmul(q, kk.transpose(-2, -1))
    assert s.shape == (4, 77, 93) and matmul_error(s, reference_matmul(q, kk.transpose(-2, -1))) <= t
    assert any(len(key[1]) == 4 and key[1][0] == 4 and key[-1] == "nt" for key in gemm_opt.functional._kernels)
    p = s.to(dtype)
    o = gemm_opt.matmul(p, v)
    assert o.shape == (4, 77, 40) and matmul_error(o, reference_matmul(p, v)) <= t


def test_ladder_on_the_gpu():
    r = gemm_opt.ladder("256x256x256", "bf16", stages=["mma", "wgmma"])
    assert [s["stage"] for s in r["stages"]] == ["mma", "wgmma"]
    assert all(s["status"] == "PASS" for s in r["stages"]) and r["exit_code"] == 0
    fig = plot.ladder(r)
    assert len(fig.axes[0].patches) == 2


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_functional_attention_grouped_heads(dtype):
    """enable_gqa: 8 query heads over 2 key / value heads against torch's
    (K and V repeated per query head, in f32): stacked into one entry per
    key head without a mask, with key-padding masks per sequence (float and
    boolean) and at a decode step; K and V repeated for a mask over the
    queries (per sequence) and is_causal."""
    t = {torch.float16: 5e-3, torch.bfloat16: 2e-2}[dtype]
    sdpa = torch.nn.functional.scaled_dot_product_attention
    q, k, v = rand(2, 8, 130, 72, dtype=dtype, seed=61), rand(2, 2, 67, 72, dtype=dtype, seed=62), \
        rand(2, 2, 67, 40, dtype=dtype, seed=63)
    def ref(qq, *masks, **kw):  # torch's over K and V repeated per query head, in f32
        kk, vv = (x.repeat_interleave(4, dim=1).float() for x in (k, v))
        return sdpa(qq.float(), kk, vv, *(m if m.dtype == torch.bool else m.float() for m in masks), **kw)
    def run(qq, *masks, **kw):
        return gemm_opt.scaled_dot_product_attention(qq, k, v, *masks, enable_gqa=True, **kw)
    keys = rand(2, 1, 1, 67, dtype=dtype, seed=64) * 4
    keep = rand(2, 1, 1, 67, seed=65) > -0.5
    keep[..., 0] = True
    per_sequence = rand(2, 1, 130, 67, dtype=dtype, seed=66) * 4
    q1 = rand(2, 8, 1, 72, dtype=dtype, seed=67)
    for name, qq, masks, kw in [("none", q, (), {}), ("keys", q, (keys,), {}), ("keep", q, (keep,), {}),
                                ("matrix", q, (per_sequence,), {}), ("causal", q, (), {"is_causal": True}),
                                ("decode", q1, (), {}), ("decode keys", q1, (keys,), {})]:
        got = run(qq, *masks, **kw)
        assert got.shape == (*qq.shape[:-1], 40) and got.dtype == dtype
        err = matmul_error(got, ref(qq, *masks, **kw))
        assert err <= t, f"{name}: error {err:.3g}"


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_functional_attention_against_torch(dtype):
    """gemm_opt.scaled_dot_product_attention against torch's (in f32 from
    the same inputs) at odd shapes: no mask, a float mask shared by every
    head ([1, 1, L, S]), a boolean one, masks per sequence ([B, 1, L, S]:
    read per group of heads), per head ([1, H, L, S] and [H, L, S]: read in
    turn) and per entry ([B, H, L, S]), is_causal, a decode step (L = 1)
    with a shared mask and a boolean key-padding mask per sequence
    ([B, 1, 1, S]), key-padding masks over L > 1 (per sequence, float and
    boolean, and per entry: vectors over the keys), V narrower than the head; the scores are rounded to the
    inputs' dtype once (the bound allows for it)."""
    t = {torch.float16: 5e-3, torch.bfloat16: 2e-2}[dtype]
    sdpa = torch.nn.functional.scaled_dot_product_attention
    q, k, v = rand(2, 3, 130, 72, dtype=dtype, seed=31), rand(2, 3, 67, 72, dtype=dtype, seed=32), \
        rand(2, 3, 67, 40, dtype=dtype, seed=33)
    def ref(*a, **kw):  # torch's, in f32 (a boolean mask as it is)
        return sdpa(*(x if x.dtype == torch.bool else x.float() for x in a), **kw)
    got = gemm_opt.scaled_dot_product_attention(q, k, v)
    assert got.shape == (2, 3, 130, 40) and got.dtype == dtype
    assert matmul_error(got, ref(q, k, v)) <= t
    mask = rand(1, 1, 130, 67, dtype=dtype, seed=34) * 4
    assert matmul_error(gemm_opt.scaled_dot_product_attention(q, k, v, mask), ref(q, k, v, mask)) <= t
    keep = rand(130, 67, seed=35) > -0.5
    keep[:, 0] = True  # no row fully masked (NaN in both)
    assert matmul_error(gemm_opt.scaled_dot_product_attention(q, k, v, keep), ref(q, k, v, keep)) <= t
    # Matrices per sequence, per head, per entry; key vectors per sequence and per entry.
    for seed, shape in enumerate([(2, 1, 130, 67), (1, 3, 130, 67), (3, 130, 67), (2, 3, 130, 67), (2, 1, 1, 67),
                                  (2, 3, 1, 67)], 50):
        m = rand(*shape, dtype=dtype, seed=seed) * 4
        err = matmul_error(gemm_opt.scaled_dot_product_attention(q, k, v, m), ref(q, k, v, m))
        assert err <= t, f"mask {shape}: error {err:.3g}"
    keep = rand(2, 1, 130, 67, seed=44) > -0.5
    keep[..., 0] = True
    assert matmul_error(gemm_opt.scaled_dot_product_attention(q, k, v, keep), ref(q, k, v, keep)) <= t
    keys = rand(2, 1, 1, 67, seed=48) > -0.5
    keys[..., 0] = True
    assert matmul_error(gemm_opt.scaled_dot_product_attention(q, k, v, keys), ref(q, k, v, keys)) <= t
    qc, kc, vc = rand(2, 3, 67, 72, dtype=dtype, seed=36), k, v
    got = gemm_opt.scaled_dot_product_attention(qc, kc, vc, is_causal=True, scale=0.3)
    assert matmul_error(got, ref(qc, kc, vc, is_causal=True, scale=0.3)) <= t
    q1 = rand(2, 3, 1, 72, dtype=dtype, seed=37)
    pad = rand(1, 67, dtype=dtype, seed=38)
    assert matmul_error(gemm_opt.scaled_dot_product_attention(q1, k, v, pad), ref(q1, k, v, pad)) <= t
    keys = rand(2, 1, 1, 67, seed=45) > -0.5
    keys[..., 0] = True
    assert matmul_error(gemm_opt.scaled_dot_product_attention(q1, k, v, keys), ref(q1, k, v, keys)) <= t
