"""gemm-run's error metrics (include/gemm-opt/Runtime/Bench.h) on torch
tensors, and the skip of the GPU lane without torch or a device."""
import pytest


def gpu_available():
    """torch with a CUDA device, or a pytest skip of the calling module."""
    torch = pytest.importorskip("torch", reason="torch is not installed")
    if not torch.cuda.is_available():
        pytest.skip("no CUDA device", allow_module_level=True)
    return torch


torch = gpu_available()

# (mantissa bits, smallest normal exponent) of each output type.
_FORMATS = {torch.float32: (23, -126), torch.float16: (10, -14), torch.bfloat16: (7, -126)}


def matmul_error(out, ref):
    """Relative Frobenius error ||out - ref|| / ||ref|| in double."""
    out, ref = out.double(), ref.double()
    assert torch.isfinite(out).all(), "NaN or Inf in the output"
    return ((out - ref).norm() / ref.norm()).item()


def reference_matmul(a, b):
    """torch.matmul of the same (rounded) inputs in f32 without TF32."""
    return torch.matmul(a.float(), b.float())


def softmax_error(out, ref, out_dtype):
    """Max over rows of max_j max(0, |out - ref| - ulp(ref)) / max_j |ref|;
    NaN positions must agree (inf if not), Inf in out is inf."""
    out, ref = out.double().reshape(-1, out.shape[-1]), ref.double().reshape(-1, ref.shape[-1])
    if not torch.equal(torch.isnan(out), torch.isnan(ref)) or torch.isinf(out).any():
        return float("inf")
    mbits, emin = _FORMATS[out_dtype]
    valid = ~torch.isnan(ref)
    r = torch.where(valid, ref, torch.zeros_like(ref))
    o = torch.where(valid, out, torch.zeros_like(out))
    _, e = torch.frexp(r.abs())
    exponent = torch.where(r != 0, e - 1, torch.full_like(e, emin)).clamp(min=emin)
    ulp = torch.ldexp(torch.ones_like(r), (exponent - mbits).to(r.dtype))
    diff = ((o - r).abs() - ulp).clamp(min=0).amax(dim=1)
    scale = r.abs().amax(dim=1)
    rows = scale > 0
    return (diff[rows] / scale[rows]).max().item() if rows.any() else 0.0


def softmax_input(rows, cols, dtype, device="cuda", seed=0):
    """Random values in [-4, 4) with gemm-run's hard rows when there are 4
    or more: all -inf (NaN out), one row of values in +-1e4, every 7th
    entry -inf, a constant row."""
    g = torch.Generator(device="cpu").manual_seed(seed)
    x = (torch.rand(rows, cols, generator=g) * 8 - 4)
    if rows >= 4:
        x[0] = float("-inf")
        x[1] = (torch.rand(cols, generator=g) * 2 - 1) * 1e4
        x[2, ::7] = float("-inf")
        x[3] = 0.5
    return x.to(dtype).to(device)
