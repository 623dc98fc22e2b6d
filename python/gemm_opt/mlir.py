"""The MLIR inputs of the functional API, in the forms the compiler takes
(README, "Using gemm-opt"): one linalg.matmul with a zero fill of C, or one
linalg.softmax dimension(1), on static 2-D memrefs named as the manifest's
buffers."""

LAYOUTS = ("nn", "nt", "tn", "tt")


def _map(results):
    return f"affine_map<(d0, d1, d2) -> ({results})>"


def matmul_source(m, n, k, in_type, out_type, layout="nn"):
    """C(m x n) = A * B. `layout`: A's letter, then B's; "t" stores the
    operand transposed (A as k x m, B as n x k, through linalg.matmul's
    indexing_maps); "nt" is nn.Linear's x @ W.T."""
    if layout not in LAYOUTS:
        raise ValueError(f"unknown matmul layout {layout!r}; one of {LAYOUTS}")
    ta, tb = layout[0] == "t", layout[1] == "t"
    a = f"memref<{k}x{m}x{in_type}>" if ta else f"memref<{m}x{k}x{in_type}>"
    b = f"memref<{n}x{k}x{in_type}>" if tb else f"memref<{k}x{n}x{in_type}>"
    c = f"memref<{m}x{n}x{out_type}>"
    maps = "" if layout == "nn" else (
        f"indexing_maps = [{_map('d2, d0' if ta else 'd0, d2')}, {_map('d1, d2' if tb else 'd2, d1')}, "
        f"{_map('d0, d1')}] ")
    return (f"func.func @matmul(%A: {a}, %B: {b}, %C: {c}) {{\n"
            f"  %zero = arith.constant 0.0 : {out_type}\n"
            f"  linalg.fill ins(%zero : {out_type}) outs(%C : {c})\n"
            f"  linalg.matmul {maps}ins(%A, %B : {a}, {b}) outs(%C : {c})\n"
            f"  return\n}}\n")


def softmax_source(rows, cols, dtype):
    t = f"memref<{rows}x{cols}x{dtype}>"
    return (f"func.func @softmax(%X: {t}, %Y: {t}) {{\n"
            f"  linalg.softmax dimension(1) ins(%X : {t}) outs(%Y : {t})\n"
            f"  return\n}}\n")
