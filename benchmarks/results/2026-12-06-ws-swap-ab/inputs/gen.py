#!/usr/bin/env python3
"""One-entry-per-shape tuning databases forcing the warp-specialized swap-AB
kernel (and its variants) over inputs/padded.txt, for gemm-run --suite."""
import json, math, sys
SMS = 132
def tiles(m, n, min_cols=128):
    # chooseSwapAbWgmmaTiles (lib/Transforms/Heuristics/SwapAbWgmmaHeuristics.cpp)
    best, cost_best = None, None
    rt = math.ceil(n / 128)
    t = math.ceil(m / 256)
    while True:
        cols = math.ceil(math.ceil(m / t) / 8) * 8
        if cols < min_cols and t > math.ceil(m / 256):
            break
        c = math.ceil(t * rt / SMS) * (cols + 32)
        if cost_best is None or c < cost_best:
            best, cost_best = cols, c
        t += 1
    return best
def stages_fit(bn, want):
    s = want
    while s > 2 and (128 + bn) * 64 * 2 * s > 220 * 1024:
        s -= 1
    return s
def entry(m, n, k, plan):
    return json.dumps({"a": "bf16", "b": "bf16", "batch": 1, "c": "bf16", "chip": "sm_90a", "k": k,
                       "layout": "nt", "m": m, "ms": 1, "n": n, "op": "matmul",
                       "plan": {"mma": "small-m=0", "wgmma": plan}, "stage": "wgmma",
                       "version": "0.1.0"}, sort_keys=True, separators=(",", ":"))
shapes = [tuple(map(int, l.split())) for l in open(sys.argv[1]) if l.strip() and not l.startswith("#")]
variant = sys.argv[2]
for m, n, k in shapes:
    bn = tiles(m, n)
    ws, pers, st = 1, 1, 6
    if variant == "ws4": st = 4
    if variant == "wsnp": pers = 0
    if variant == "plain": ws, pers, st = 0, 0, 4  # session 29's heuristics
    if variant.startswith("bn"):  # bnN: fixed columns where they fit
        bn = int(variant[2:])
    st = stages_fit(bn, st)
    print(entry(m, n, k, f"block-m=128 block-n={bn} stages={st} warpgroups=2 group-m=8 "
                          f"warp-specialized={ws} persistent={pers} pingpong=0 tma-store=0 "
                          f"max-registers={168 if ws else 0} swap-ab=1"))
