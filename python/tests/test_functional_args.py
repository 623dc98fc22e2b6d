"""Argument errors of the functional API, raised before anything is
compiled or launched (fake tensors: no torch needed)."""
import pytest

import gemm_opt
from gemm_opt import _runtime, attention


def test_matmul_dtype_mismatch(fake):
    with pytest.raises(TypeError, match="one input dtype"):
        gemm_opt.matmul(fake((4, 8), "float16"), fake((8, 4), "bfloat16"))


def test_matmul_unsupported_dtype(fake):
    with pytest.raises(TypeError, match="a: dtype torch.int32 is not supported"):
        gemm_opt.matmul(fake((4, 8), "int32"), fake((8, 4), "int32"))


def test_matmul_cpu_tensor(fake):
    with pytest.raises(ValueError, match="b: tensor is on cpu"):
        gemm_opt.matmul(fake((4, 8)), fake((8, 4), device="cpu"))


def test_matmul_devices_differ(fake):
    with pytest.raises(ValueError, match="a is on cuda:0 and b on cuda:1"):
        gemm_opt.matmul(fake((4, 8)), fake((8, 4), index=1))


def test_matmul_k_mismatch(fake):
    with pytest.raises(ValueError, match=r"do not agree on K \(8 != 9\)"):
        gemm_opt.matmul(fake((4, 8)), fake((9, 4)))


def test_matmul_unknown_activation(fake):
    with pytest.raises(ValueError, match="unknown activation 'swish'"):
        gemm_opt.matmul(fake((4, 8)), fake((8, 4)), activation="swish")


def test_matmul_bad_out_dtype(fake):
    with pytest.raises(TypeError, match="out_dtype"):
        gemm_opt.matmul(fake((4, 8)), fake((8, 4)), out_dtype="float64")


def test_linear_weight_must_be_2d(fake):
    with pytest.raises(ValueError, match="weight must be 2-D"):
        gemm_opt.linear(fake((4, 8)), fake((2, 8, 4)))


def test_softmax_dim_out_of_range(fake):
    with pytest.raises(IndexError, match="dim 2 out of range for a 2-D tensor"):
        gemm_opt.softmax(fake((4, 8), "float32"), dim=2)


def test_softmax_cpu(fake):
    with pytest.raises(ValueError, match="x: tensor is on cpu"):
        gemm_opt.softmax(fake((4, 8), "float32", device="cpu"))


def test_kernel_for_checks_the_compiled_layout(monkeypatch):
    """A compiler that ignored the layout would have its kernel read A and B
    wrongly: kernel_for refuses a manifest whose layout is not the source's."""
    import json
    from gemm_opt import compilation, functional
    from gemm_opt.kernel import Kernel
    manifest = {"op": "matmul", "stage": "naive", "chip": "sm_90", "buffers": [], "kernels": [],
                "problem": {"m": 4, "n": 6, "k": 8, "beta": 0, "a": "f16", "b": "f16", "c": "f32"}}
    monkeypatch.setattr(functional, "_device_chip", lambda index: "sm_90")
    monkeypatch.setattr(functional, "_device_name", lambda index: "NVIDIA H100 80GB HBM3")
    # A sketch of a manifest (no buffers or kernels), past the strict reader.
    monkeypatch.setattr(_runtime, "validate_manifest", lambda text: None)
    monkeypatch.setattr(compilation, "compile", lambda *args, **kwargs: Kernel("", json.dumps(manifest)))
    with pytest.raises(gemm_opt.CompileError, match="the compiled manifest's layout is nn, the source's nt"):
        functional.kernel_for("matmul", (4, 6, 8), "f16", "f32", stage="naive", layout="nt")
    manifest["problem"]["layout"] = "nt"
    k = functional.kernel_for("matmul", (4, 6, 8), "f16", "f32", stage="naive", layout="nt")
    assert k.layout == "nt" and functional.kernel_for("matmul", (4, 6, 8), "f16", "f32", stage="naive",
                                                      layout="nt") is k
    functional.clear_memory_cache()


def test_kernel_for_checks_the_compiled_batch(monkeypatch):
    """Likewise for the batch: a kernel of another batch count would read
    the wrong entries."""
    import json
    from gemm_opt import compilation, functional
    from gemm_opt.kernel import Kernel
    manifest = {"op": "matmul", "stage": "naive", "chip": "sm_90", "buffers": [], "kernels": [],
                "problem": {"m": 4, "n": 6, "k": 8, "beta": 0, "a": "f16", "b": "f16", "c": "f32"}}
    monkeypatch.setattr(functional, "_device_chip", lambda index: "sm_90")
    monkeypatch.setattr(functional, "_device_name", lambda index: "NVIDIA H100 80GB HBM3")
    # A sketch of a manifest (no buffers or kernels), past the strict reader.
    monkeypatch.setattr(_runtime, "validate_manifest", lambda text: None)
    monkeypatch.setattr(compilation, "compile", lambda *args, **kwargs: Kernel("", json.dumps(manifest)))
    with pytest.raises(gemm_opt.CompileError, match="the compiled manifest's batch is 1, the source's 5"):
        functional.kernel_for("matmul", (5, 4, 6, 8), "f16", "f32", stage="naive")
    manifest["problem"]["batch"] = 5
    assert functional.kernel_for("matmul", (5, 4, 6, 8), "f16", "f32", stage="naive").problem["batch"] == 5
    functional.clear_memory_cache()


def test_attention_dtypes_differ(fake):
    with pytest.raises(TypeError, match="needs one dtype"):
        gemm_opt.scaled_dot_product_attention(fake((2, 8, 16)), fake((2, 8, 16), "float16"), fake((2, 8, 16)))


def test_attention_dropout(fake):
    with pytest.raises(ValueError, match="dropout_p must be 0"):
        gemm_opt.scaled_dot_product_attention(fake((2, 8, 16)), fake((2, 8, 16)), fake((2, 8, 16)), dropout_p=0.1)


def test_attention_grouped_heads(fake):
    """Fewer key heads than query heads take enable_gqa (as torch's), and
    a head count that divides the query's; key and value agree."""
    with pytest.raises(ValueError, match=r"must equal the query's \(1, 8\) \(no broadcasting\), or pass "
                                         "enable_gqa=True for grouped heads"):
        gemm_opt.scaled_dot_product_attention(fake((1, 8, 4, 16)), fake((1, 2, 4, 16)), fake((1, 2, 4, 16)))
    with pytest.raises(ValueError, match="differ in the heads \\(the last\\), which must divide the query's"):
        gemm_opt.scaled_dot_product_attention(fake((1, 8, 4, 16)), fake((1, 3, 4, 16)), fake((1, 3, 4, 16)),
                                              enable_gqa=True)
    with pytest.raises(ValueError, match="differ in the heads"):
        gemm_opt.scaled_dot_product_attention(fake((2, 8, 4, 16)), fake((1, 2, 4, 16)), fake((1, 2, 4, 16)),
                                              enable_gqa=True)
    with pytest.raises(ValueError, match=r"key \(1, 2, 4, 16\) and value \(1, 4, 4, 16\) must have the same"):
        gemm_opt.scaled_dot_product_attention(fake((1, 8, 4, 16)), fake((1, 2, 4, 16)), fake((1, 4, 4, 16)),
                                              enable_gqa=True)


@pytest.mark.parametrize("form, stacked", [
    (("shared", 1, "keys"), ("shared", 1, "keys")),
    (("group", 8, "keys"), ("group", 2, "keys")),   # per sequence of 8 query heads, 4 per key head
    (("group", 2, "keys"), None),                    # per 2 query heads: not whole key heads
    (("entry", 1, "keys"), None),
    (("shared", 1), None),                           # a matrix over the queries (is_causal)
    (("group", 8), None)])
def test_attention_stacked_mask_forms(form, stacked):
    """Which masks read alike with the 4 query heads of a key head stacked
    into one entry's rows."""
    assert attention._stacked_mask_form(form, 4) == stacked


def test_attention_key_and_value_disagree(fake):
    with pytest.raises(ValueError, match=r"key \(2, 8, 16\) and value \(2, 7, 16\) do not fit"):
        gemm_opt.scaled_dot_product_attention(fake((2, 4, 16)), fake((2, 8, 16)), fake((2, 7, 16)))


def test_attention_mask_and_causal(fake):
    with pytest.raises(ValueError, match="either attn_mask or is_causal"):
        gemm_opt.scaled_dot_product_attention(fake((2, 4, 16)), fake((2, 8, 16)), fake((2, 8, 16)),
                                              attn_mask=fake((4, 8)), is_causal=True)


def test_attention_empty(fake):
    with pytest.raises(ValueError, match="empty attention"):
        gemm_opt.scaled_dot_product_attention(fake((2, 0, 16)), fake((2, 8, 16)), fake((2, 8, 16)))


def test_attention_mask_not_a_tensor(fake):
    with pytest.raises(TypeError, match="attn_mask: expected a torch.Tensor, got list"):
        gemm_opt.scaled_dot_product_attention(fake((2, 4, 16)), fake((2, 8, 16)), fake((2, 8, 16)),
                                              attn_mask=[[0.0] * 8] * 4)


def test_attention_mask_of_higher_rank(fake):
    with pytest.raises(ValueError, match=r"attn_mask of shape \(1, 1, 4, 8\) is not supported"):
        gemm_opt.scaled_dot_product_attention(fake((2, 4, 16)), fake((2, 8, 16)), fake((2, 8, 16)),
                                              attn_mask=fake((1, 1, 4, 8)))


@pytest.mark.parametrize("lead, shape, form", [
    ((2, 3), (4, 8), ("shared", 1)),
    ((2, 3), (1, 1, 4, 8), ("shared", 1)),
    ((2, 3), (1, 4, 8), ("shared", 1)),
    ((), (4, 8), ("shared", 1)),
    ((2, 3), (2, 3, 4, 8), ("entry", 1)),
    ((1, 3), (1, 3, 4, 8), ("entry", 1)),
    ((1, 3), (3, 4, 8), ("entry", 1)),
    ((2, 3), (2, 1, 4, 8), ("group", 3)),   # HF's mask per sequence
    ((2, 3, 5), (2, 1, 1, 4, 8), ("group", 15)),
    ((2, 3, 5), (2, 3, 1, 4, 8), ("group", 5)),
    ((2, 1, 3), (2, 1, 1, 4, 8), ("group", 3)),
    ((2, 3), (1, 3, 4, 8), ("cycle", 3)),   # ALiBi-like bias per head
    ((2, 3), (3, 4, 8), ("cycle", 3)),
    ((2, 3, 5), (3, 5, 4, 8), ("cycle", 15)),
    ((2, 3, 5), (1, 5, 4, 8), ("cycle", 5)),
    ((2, 1, 3), (3, 4, 8), ("cycle", 3)),
    ((2, 3), (2, 1, 1, 8), ("group", 3, "keys")),  # key padding per sequence over L = 4
    ((2, 3), (2, 3, 1, 8), ("entry", 1, "keys")),
    ((2, 3), (1, 1, 1, 8), ("shared", 1, "keys")),
    ((2, 3), (8,), ("shared", 1, "keys")),  # torch's (S,) broadcast as (1, S)
    ((2, 3), (1, 3, 1, 8), None),           # a key vector per head: no cycle of vectors
    ((2, 3, 5), (2, 1, 5, 4, 8), None),     # per sequence and head, shared by the middle dimension
    ((2, 3), (3, 1, 4, 8), None),           # not the query's
    ((2, 3), (2, 4, 8), None),              # right-aligned: 2 against the heads
    ((2, 3), (1, 1, 1, 4, 8), None),        # more leading dimensions than the query
    ((2, 3), (4, 7), None),
    ((2, 3), (7,), None)])
def test_attention_mask_forms(lead, shape, form):
    """How each mask shape broadcasts over the query's leading dimensions:
    the form the scores kernel reads it in, None where none does."""
    assert attention._mask_form(shape, lead, 4, 8) == form


@pytest.mark.parametrize("q_shape, mask_shape", [((2, 3, 4, 16), (1, 3, 1, 8)), ((2, 3, 5, 4, 16), (2, 1, 5, 4, 8)),
                                                 ((2, 3, 4, 16), (3, 2, 4, 8))])
def test_attention_mask_shape_rejected(fake, q_shape, mask_shape):
    kv = q_shape[:-2] + (8, 16)
    pattern = (rf"attn_mask of shape \({', '.join(map(str, mask_shape))}\) is not supported for a query whose "
               rf"leading dimensions are \({', '.join(map(str, q_shape[:-2]))}\): .*all 1.*one per entry.*"
               r"one per sequence, e\.g\. \(B, 1, L, S\).*one per head.*key-padding masks")
    with pytest.raises(ValueError, match=pattern):
        gemm_opt.scaled_dot_product_attention(fake(q_shape), fake(kv), fake(kv), attn_mask=fake(mask_shape))


@pytest.mark.parametrize("scale", [float("inf"), 1e39, 10 ** 400])
def test_attention_scale_beyond_f32(fake, scale):
    with pytest.raises(ValueError, match="not a finite f32"):
        gemm_opt.scaled_dot_product_attention(fake((2, 4, 16)), fake((2, 8, 16)), fake((2, 8, 16)), scale=scale)
