"""Kernel(*tensors) checks its arguments against the manifest before it
touches a device (fake tensors: no torch needed)."""
import pytest

import gemm_opt
from gemm_opt import mlir


@pytest.fixture(scope="module")
def kernel():
    return gemm_opt.compile(mlir.matmul_source(64, 32, 16, "bf16", "f32"), stage="mma")


def args(fake, **changes):
    a = fake((64, 16), "bfloat16", ptr=0x10000)
    b = fake((16, 32), "bfloat16", ptr=0x20000)
    c = fake((64, 32), "float32", ptr=0x30000)
    t = {"a": a, "b": b, "c": c}
    for name, value in changes.items():
        t[name] = value
    return t["a"], t["b"], t["c"]


def test_fitting_tensors_pass(kernel, fake):
    assert kernel.check(args(fake)) == 0
    assert kernel.check(args(fake)[:2]) == 0  # inputs only: C is allocated


def test_wrong_count(kernel, fake):
    with pytest.raises(TypeError, match=r"expected 3 tensors \(or 2 inputs\), got 1.*A: bf16\[64, 16\]"):
        kernel.check(args(fake)[:1])


def test_wrong_dtype(kernel, fake):
    with pytest.raises(TypeError, match=r"buffer B \(role B\): dtype torch.float16, .* compiled for bf16"):
        kernel.check(args(fake, b=fake((16, 32), "float16", ptr=0x20000)))


def test_wrong_shape(kernel, fake):
    with pytest.raises(ValueError, match=r"buffer C \(role C\): shape \[32, 64\], .* compiled for \[64, 32\]"):
        kernel.check(args(fake, c=fake((32, 64), "float32", ptr=0x30000)))


def test_cpu_tensor(kernel, fake):
    with pytest.raises(ValueError, match="buffer A .* is on cpu, expected a CUDA device"):
        kernel.check(args(fake, a=fake((64, 16), "bfloat16", device="cpu")))


def test_mixed_devices(kernel, fake):
    with pytest.raises(ValueError, match="buffer B .* on cuda:1, the others on cuda:0"):
        kernel.check(args(fake, b=fake((16, 32), "bfloat16", index=1, ptr=0x20000)))


def test_not_contiguous(kernel, fake):
    with pytest.raises(ValueError, match="buffer A .* not contiguous"):
        kernel.check(args(fake, a=fake((64, 16), "bfloat16", contiguous=False)))


def test_misaligned(kernel, fake):
    with pytest.raises(ValueError, match="buffer A .* not 16-byte aligned"):
        kernel.check(args(fake, a=fake((64, 16), "bfloat16", ptr=0x10002)))


def test_output_overlapping_an_input(kernel, fake):
    with pytest.raises(ValueError, match="output C overlaps A"):
        kernel.check(args(fake, c=fake((64, 32), "float32", ptr=0x10000 + 64)))


def test_not_a_tensor(kernel, fake):
    with pytest.raises(TypeError, match="expected a torch.Tensor, got list"):
        kernel.check(args(fake, a=[[1.0]]))


def test_softmax_signature(fake):
    k = gemm_opt.compile(mlir.softmax_source(8, 100, "f32"), stage="softmax-fused")
    assert k.check((fake((8, 100), "float32"),)) == 0
    with pytest.raises(ValueError, match=r"buffer X \(role X\): shape \[100, 8\]"):
        k.check((fake((100, 8), "float32"),))


ACCUMULATE = """func.func @matmul(%A: memref<8x4xf32>, %B: memref<4x8xf32>, %C: memref<8x8xf32>) {
  linalg.matmul ins(%A, %B : memref<8x4xf32>, memref<4x8xf32>) outs(%C : memref<8x8xf32>)
  return
}
"""


def test_accumulating_kernel_takes_c_as_input(fake):
    """Without the zero fill C is read (beta = 1): the caller passes it."""
    k = gemm_opt.compile(ACCUMULATE, stage="naive")
    assert k.beta == 1 and [b["name"] for b in k.inputs] == ["A", "B", "C"]
    a, b, c = fake((8, 4), "float32", ptr=0x1000), fake((4, 8), "float32", ptr=0x2000), fake(
        (8, 8), "float32", ptr=0x3000)
    assert k.check((a, b, c)) == 0
    with pytest.raises(TypeError, match="expected 3 tensors, got 2"):
        k.check((a, b))


def test_transposed_operand_shapes(kernel, fake):
    """A kernel whose layout stores B transposed (nt) takes B as N x K; the
    error for a K x N tensor says so."""
    import json
    from gemm_opt.kernel import Kernel
    m = json.loads(kernel.manifest_text)
    m["problem"]["layout"] = "nt"
    next(b for b in m["buffers"] if b["role"] == "B")["shape"] = [32, 16]
    nt = Kernel(kernel.ptx, json.dumps(m))
    assert nt.layout == "nt" and kernel.layout == "nn" and "layout=nt" in repr(nt)
    assert nt.check(args(fake, b=fake((32, 16), "bfloat16", ptr=0x20000))) == 0
    with pytest.raises(ValueError, match=r"buffer B \(role B\): shape \[16, 32\], the kernel was compiled for "
                                         r"\[32, 16\] \(layout nt: B is stored transposed, N x K\)"):
        nt.check(args(fake))
    with pytest.raises(ValueError, match=r"compiled for \[64, 32\]$"):  # C: no layout note
        nt.check(args(fake, b=fake((32, 16), "bfloat16", ptr=0x20000), c=fake((32, 64), "float32", ptr=0x30000)))


@pytest.mark.parametrize("text", ["[]", "{}", '{"format": "gemm-opt-manifest", "version": 1}',
                                  '{"format": "gemm-opt-manifest", "version": 3}',
                                  '{"format": "gemm-opt-manifest", "version": 9}'])
def test_a_malformed_manifest_is_a_gemm_opt_error(text):
    """A manifest of the wrong shape gets the runtime reader's message as a
    GemmOptError (was: AttributeError / KeyError on its first missing
    field), from Kernel and from make_kernel alike."""
    from gemm_opt.function import make_kernel
    from gemm_opt.kernel import Kernel
    for make in (Kernel, make_kernel):
        with pytest.raises(gemm_opt.GemmOptError, match="manifest"):
            make("", text)
