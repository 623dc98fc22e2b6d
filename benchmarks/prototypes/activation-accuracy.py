"""Accuracy of the GELU and SiLU forms an epilogue may use, on the GPU.

Evaluates each form with Triton's inline PTX (the same special-function
instructions the epilogue emits) on a dense grid of f32 inputs, rounds to
bf16 and f16 as a C of that type would be, and compares with float64
references: max absolute error, max error in units of the output type's
last place (ulp at the reference), and the worst input.

  python3 benchmarks/prototypes/activation-accuracy.py [--json FILE]
"""
import argparse
import json

import torch
import triton
import triton.language as tl


@triton.jit
def _ptx(x, op: tl.constexpr):
    return tl.inline_asm_elementwise(op + " $0, $1;", "=f,f", [x],
                                     dtype=tl.float32, is_pure=True, pack=1)


@triton.jit
def forms_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = i < n
    x = tl.load(x_ptr + i, mask=mask)
    # gelu_tanh as the epilogue has it: x sigmoid(2u), ex2 + rcp.
    two_u = x * (2 * 0.7978845608028654) * (x * x * 0.044715 + 1.0)
    e = _ptx(-two_u * 1.4426950408889634, "ex2.approx.f32")
    g0 = x * _ptx(1.0 + e, "rcp.approx.f32")
    # gelu_tanh through tanh.approx: 0.5x + 0.5x tanh(u), one SFU op.
    u = two_u * 0.5
    hx = x * 0.5
    g1 = hx * _ptx(u, "tanh.approx.f32") + hx
    # silu: x sigmoid(x) (ex2 + rcp) and 0.5x + 0.5x tanh(x/2).
    es = _ptx(-x * 1.4426950408889634, "ex2.approx.f32")
    s0 = x * _ptx(1.0 + es, "rcp.approx.f32")
    s1 = hx * _ptx(hx, "tanh.approx.f32") + hx
    # Session 33's epilogue (Emit/Epilogue.cpp): .ftz forms, the constants
    # folded into one multiply / fma each.
    k = 2 * 0.7978845608028654 * 1.4426950408889634
    z = x * (x * x * (-0.044715 * k) - k)
    g2 = x * _ptx(_ptx(z, "ex2.approx.ftz.f32") + 1.0, "rcp.approx.ftz.f32")
    s2 = x * _ptx(_ptx(x * -1.4426950408889634, "ex2.approx.ftz.f32") + 1.0,
                  "rcp.approx.ftz.f32")
    # gelu_erf, erfc(|x|/sqrt 2) by Abramowitz-Stegun 7.1.26: before
    # (0.5 x (1 + erf)) and folded (x h or x (1 - h), h = erfc / 2).
    xs = x * 0.7071067811865476
    ax = tl.maximum(xs, -xs)
    t = _ptx(ax * 0.3275911 + 1.0, "rcp.approx.f32")
    p = ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t
         + 0.254829592) * t
    erfc = p * _ptx(-(ax * ax) * 1.4426950408889634, "ex2.approx.f32")
    e0 = (x * 0.5) * tl.where(xs < 0.0, erfc, 2.0 - erfc)
    axx = tl.maximum(x, -x)
    t2 = _ptx(axx * (0.3275911 * 0.7071067811865476) + 1.0, "rcp.approx.ftz.f32")
    p2 = ((((0.5 * 1.061405429 * t2 - 0.5 * 1.453152027) * t2 + 0.5 * 1.421413741) * t2
           - 0.5 * 0.284496736) * t2 + 0.5 * 0.254829592) * t2
    h = p2 * _ptx(x * x * (-0.5 * 1.4426950408889634), "ex2.approx.ftz.f32")
    e2 = x * tl.where(x < 0.0, h, 1.0 - h)
    # Session 37's gelu_erf: erfc(z) = t e^(-z^2 + P(t)), t = 1 / (1 + z/2),
    # P the degree-9 fit of Numerical Recipes' erfcc (a relative bound),
    # log2(e) and the 1/2 of h folded into its constants.
    t3 = _ptx(axx * (0.5 * 0.7071067811865476) + 1.0, "rcp.approx.ftz.f32")
    q = 0.17087277 * 1.4426950408889634
    q = q * t3 + -0.82215223 * 1.4426950408889634
    q = q * t3 + 1.48851587 * 1.4426950408889634
    q = q * t3 + -1.13520398 * 1.4426950408889634
    q = q * t3 + 0.27886807 * 1.4426950408889634
    q = q * t3 + -0.18628806 * 1.4426950408889634
    q = q * t3 + 0.09678418 * 1.4426950408889634
    q = q * t3 + 0.37409196 * 1.4426950408889634
    q = q * t3 + 1.00002368 * 1.4426950408889634
    q = q * t3 + (-1.26551223 * 1.4426950408889634 - 1.0)
    h3 = t3 * _ptx(x * x * (-0.5 * 1.4426950408889634) + q, "ex2.approx.ftz.f32")
    e3 = x * tl.where(x < 0.0, h3, 1.0 - h3)
    # One row of out per form, in FORMS' order (Triton's JIT has no enumerate).
    tl.store(out_ptr + 0 * n + i, g0, mask=mask)
    tl.store(out_ptr + 1 * n + i, g1, mask=mask)
    tl.store(out_ptr + 2 * n + i, s0, mask=mask)
    tl.store(out_ptr + 3 * n + i, s1, mask=mask)
    tl.store(out_ptr + 4 * n + i, g2, mask=mask)
    tl.store(out_ptr + 5 * n + i, s2, mask=mask)
    tl.store(out_ptr + 6 * n + i, e0, mask=mask)
    tl.store(out_ptr + 7 * n + i, e2, mask=mask)
    tl.store(out_ptr + 8 * n + i, e3, mask=mask)


# What forms_kernel stores, in order.
FORMS = [("gelu_tanh", "ex2+rcp"), ("gelu_tanh", "tanh.approx"), ("silu", "ex2+rcp"),
         ("silu", "tanh.approx"), ("gelu_tanh", "ftz folded"), ("silu", "ftz folded"),
         ("gelu_erf", "A-S 7.1.26"), ("gelu_erf", "ftz folded"), ("gelu_erf", "erfc fit")]


def reference(x64, name):
    # Without the cancellation of 1 + tanh and 1 + erf in the negative tail
    # (float64 rounds them to 0 below x = -7.2 and -8.3, where every form's
    # tiny result would count as billions of ulp and every bf16 result,
    # whose exponent range keeps it, as rounded differently).
    if name == "gelu_erf":
        return 0.5 * x64 * torch.special.erfc(-x64 * 0.7071067811865476)
    if name.startswith("gelu"):
        u = 0.7978845608028654 * (x64 + 0.044715 * x64 ** 3)
        return x64 * torch.sigmoid(2.0 * u)
    return x64 * torch.sigmoid(x64)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json")
    args = ap.parse_args()
    x = torch.linspace(-12.0, 12.0, 1 << 22, device="cuda", dtype=torch.float32)
    n = x.numel()
    out = torch.empty(len(FORMS) * n, device="cuda", dtype=torch.float32)
    forms_kernel[(triton.cdiv(n, 1024),)](x, out, n, BLOCK=1024)
    torch.cuda.synchronize()
    x64 = x.double()
    mant = {torch.bfloat16: 7, torch.float16: 10}
    rows = []
    for k, (name, form) in enumerate(FORMS):
        y = out[k * n:(k + 1) * n].double()
        ref = reference(x64, name)
        for dtype in (torch.float32, torch.bfloat16, torch.float16):
            got = y.to(dtype).double() if dtype != torch.float32 else y
            err = (got - ref).abs()
            if dtype == torch.float32:
                spacing = ref.abs().clamp_min(1e-30) * 2.0 ** -23
            else:
                mag = ref.abs().clamp_min(torch.finfo(dtype).tiny)
                spacing = torch.pow(2.0, torch.floor(torch.log2(mag)) - mant[dtype])
            in_ulp = err / spacing
            worst = int(torch.argmax(in_ulp))
            # Where the result rounded to the type is one that torch's own
            # (f32 then rounded) result is not.
            exact = ref.to(dtype).double() if dtype != torch.float32 else ref
            mismatch = int((got != exact).sum()) if dtype != torch.float32 else -1
            row = {"activation": name, "form": form, "c": str(dtype).replace("torch.", ""),
                   "max_abs": float(err.max()), "max_ulp": float(in_ulp.max()),
                   "worst_x": float(x64[worst]), "mismatches": mismatch, "points": n}
            rows.append(row)
            print("%-9s %-11s %-8s max abs %.3e  max %.2f ulp at x=%.4f  rounded differently: %d of %d"
                  % (name, form, row["c"], row["max_abs"], row["max_ulp"], row["worst_x"],
                     mismatch, n))
    if args.json:
        json.dump({"command": "python3 benchmarks/prototypes/activation-accuracy.py",
                   "device": torch.cuda.get_device_name(), "rows": rows}, open(args.json, "w"),
                  indent=1)


if __name__ == "__main__":
    main()
