"""The MLIR inputs of the functional API, in the forms the compiler takes
(README, "Using gemm-opt"): one linalg.matmul with a zero fill of C, or one
linalg.softmax dimension(1), on static 2-D memrefs named as the manifest's
buffers."""


def matmul_source(m, n, k, in_type, out_type):
    a, b, c = f"memref<{m}x{k}x{in_type}>", f"memref<{k}x{n}x{in_type}>", f"memref<{m}x{n}x{out_type}>"
    return (f"func.func @matmul(%A: {a}, %B: {b}, %C: {c}) {{\n"
            f"  %zero = arith.constant 0.0 : {out_type}\n"
            f"  linalg.fill ins(%zero : {out_type}) outs(%C : {c})\n"
            f"  linalg.matmul ins(%A, %B : {a}, {b}) outs(%C : {c})\n"
            f"  return\n}}\n")


def softmax_source(rows, cols, dtype):
    t = f"memref<{rows}x{cols}x{dtype}>"
    return (f"func.func @softmax(%X: {t}, %Y: {t}) {{\n"
            f"  linalg.softmax dimension(1) ins(%X : {t}) outs(%Y : {t})\n"
            f"  return\n}}\n")
