"""The MLIR inputs of the functional API, in the forms the compiler takes
(README, "Using gemm-opt"): one linalg.matmul (or linalg.batch_matmul) with
a zero fill of C, or one linalg.softmax dimension(1), on static memrefs
named as the manifest's buffers."""

LAYOUTS = ("nn", "nt", "tn", "tt")


def _map(results, batched=False):
    if batched:
        return f"affine_map<(b, d0, d1, d2) -> (b, {results})>"
    return f"affine_map<(d0, d1, d2) -> ({results})>"


def matmul_source(m, n, k, in_type, out_type, layout="nn", batch=1):
    """C(m x n) = A * B; m may be "?" (a dynamic M: a DynamicKernel, A not
    stored transposed). `layout`: A's letter, then B's; "t" stores the
    operand transposed (A as k x m, B as n x k, through linalg.matmul's
    indexing_maps); "nt" is nn.Linear's x @ W.T. `batch` > 1: a
    linalg.batch_matmul of that many such products, every operand 3-D with
    the batch first; "?": a dynamic count of them (a DynamicKernel)."""
    if layout not in LAYOUTS:
        raise ValueError(f"unknown matmul layout {layout!r}; one of {LAYOUTS}")
    if batch != "?" and not 1 <= batch <= 65535:
        raise ValueError(f"batch {batch} is out of range [1, 65535] (the kernels' grid z)")
    ta, tb = layout[0] == "t", layout[1] == "t"
    batched = batch == "?" or batch > 1
    lead = f"{batch}x" if batched else ""
    a = f"memref<{lead}{k}x{m}x{in_type}>" if ta else f"memref<{lead}{m}x{k}x{in_type}>"
    b = f"memref<{lead}{n}x{k}x{in_type}>" if tb else f"memref<{lead}{k}x{n}x{in_type}>"
    c = f"memref<{lead}{m}x{n}x{out_type}>"
    maps = "" if layout == "nn" else (
        f"indexing_maps = [{_map('d2, d0' if ta else 'd0, d2', batched)}, "
        f"{_map('d1, d2' if tb else 'd2, d1', batched)}, {_map('d0, d1', batched)}] ")
    op = "linalg.batch_matmul" if batched else "linalg.matmul"
    return (f"func.func @matmul(%A: {a}, %B: {b}, %C: {c}) {{\n"
            f"  %zero = arith.constant 0.0 : {out_type}\n"
            f"  linalg.fill ins(%zero : {out_type}) outs(%C : {c})\n"
            f"  {op} {maps}ins(%A, %B : {a}, {b}) outs(%C : {c})\n"
            f"  return\n}}\n")


def softmax_source(rows, cols, dtype):
    t = f"memref<{rows}x{cols}x{dtype}>"
    return (f"func.func @softmax(%X: {t}, %Y: {t}) {{\n"
            f"  linalg.softmax dimension(1) ins(%X : {t}) outs(%Y : {t})\n"
            f"  return\n}}\n")
