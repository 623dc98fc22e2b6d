"""Session 36: what the nn cluster kernels get wrong. Runs the precompiled
kernels of diag-kernels/ (gemm-run --emit-dir of forced plans) from Python on
three inputs: random, all ones (C must be K everywhere), and A = 1 with
B[k, :] = k // 64 + 1 (C's value tells which K tiles were summed). Prints the
wrong tiles (128 x 256) and the values found."""
import glob, json, os, sys
import torch
sys.path.insert(0, "python")
from gemm_opt.kernel import Kernel

torch.manual_seed(0)
for ptx in sorted(glob.glob(os.path.dirname(__file__) + "/diag-kernels/*.ptx")):
    name = os.path.basename(ptx)[:-4]
    man = open(ptx[:-4] + ".json").read()
    prob = json.loads(man)["problem"]
    m, n, k = prob["m"], prob["n"], prob["k"]
    nt = name.startswith("nt")
    kern = Kernel(open(ptx).read(), man)
    def run(a, b):
        bb = b.t().contiguous() if nt else b
        c = torch.full((m, n), float("nan"), dtype=torch.float16, device="cuda")
        kern(a, bb, c)
        torch.cuda.synchronize()
        return c.float()
    a = torch.randn(m, k, device="cuda").half()
    b = torch.randn(k, n, device="cuda").half()
    ref = a.float() @ b.float()
    c = run(a, b)
    err = ((c - ref).norm() / ref.norm()).item()
    bad = []
    for tr in range(m // 128):
        for tc in range(n // 256):
            blk = (slice(tr * 128, tr * 128 + 128), slice(tc * 256, tc * 256 + 256))
            e = ((c[blk] - ref[blk]).norm() / ref[blk].norm()).item()
            if not e < 1e-2:
                bad.append((tr, tc, round(e, 3)))
    print(f"== {name} {m}x{n}x{k}: error {err:.3g}; {len(bad)} of {(m//128)*(n//256)} tiles wrong: {bad[:12]}")
    ones = run(torch.ones(m, k, device="cuda").half(), torch.ones(k, n, device="cuda").half())
    vals, counts = torch.unique(ones, return_counts=True)
    print("   ones: values", list(zip(vals.tolist()[:8], counts.tolist()[:8])), "expected", k)
    kb = (torch.arange(k, device="cuda") // 64 + 1).float()[:, None].expand(k, n).half().contiguous()
    kt = run(torch.ones(m, k, device="cuda").half(), kb)
    vals, counts = torch.unique(kt, return_counts=True)
    print("   k-tiles: values", list(zip(vals.tolist()[:8], counts.tolist()[:8])),
          "expected", float(64 * sum(range(1, k // 64 + 1))))
    # Per 64 x 64 block of the first wrong tile: which sub-blocks are off.
    if bad:
        tr, tc, _ = bad[0]
        grid = []
        for r in range(2):
            row = ""
            for q in range(4):
                blk = (slice(tr * 128 + r * 64, tr * 128 + r * 64 + 64), slice(tc * 256 + q * 64, tc * 256 + q * 64 + 64))
                e = ((c[blk] - ref[blk]).norm() / ref[blk].norm()).item()
                row += "x" if not e < 1e-2 else "."
            grid.append(row)
        print("   first wrong tile's 64x64 blocks (rows of 64 x panels):", grid)
        # Is a wrong tile another tile's B panel product? try each panel column of B.
        rows = slice(tr * 128, tr * 128 + 128)
        for q in range(4):
            col = slice(tc * 256 + q * 64, tc * 256 + q * 64 + 64)
            for q2 in range(n // 64):
                alt = a[rows].float() @ b[:, q2 * 64:(q2 + 1) * 64].float()
                if ((c[rows, col] - alt).norm() / alt.norm()).item() < 1e-2:
                    print(f"   panel {q} of the tile holds A_tile x B panel {q2} (expected {tc * 4 + q})")
