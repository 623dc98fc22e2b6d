// RUN: gemm-opt %s | FileCheck %s
// RUN: gemm-opt %s | gemm-opt | FileCheck %s

// #gemm_opt.epilogue round trips: each step printed without its
// #gemm_opt.epilogue_step prefix, defaults (operand -1, operand_scale 1,
// no broadcast) elided, numbers exactly.

// CHECK: #gemm_opt.matmul<a = bf16, b = bf16, c = bf16, epilogue = #gemm_opt.epilogue<[<op = "mul", scalar = 0.088388>, <broadcast = "col", op = "add", operand = 0>, <broadcast = "none", op = "add", operand = 1, operand_scale = 0.5>, <op = "gelu_tanh">]>, k = 64, m = 32, n = 16>
func.func private @f() attributes {gemm_opt.problem = #gemm_opt.matmul<a = bf16, b = bf16, c = bf16, epilogue = #gemm_opt.epilogue<[<op = "mul", scalar = 0.088388>, <broadcast = "col", op = "add", operand = 0>, #gemm_opt.epilogue_step<broadcast = "none", op = "add", operand = 1, operand_scale = 0.5>, <op = "gelu_tanh">]>, k = 64, m = 32, n = 16>}

// A step may read an operand again.
// CHECK: #gemm_opt.epilogue<[<broadcast = "none", op = "add", operand = 0>, <op = "tanh">, <broadcast = "none", op = "max", operand = 0>]>
func.func private @h() attributes {e = #gemm_opt.epilogue<[<broadcast = "none", op = "add", operand = 0>, <op = "tanh">, <broadcast = "none", op = "max", operand = 0>]>}

// CHECK: #gemm_opt.epilogue<[<op = "max", scalar = -1.0e-05>, <broadcast = "row", op = "div", operand = 0>, <op = "relu">, <op = "gelu_erf">, <op = "silu">, <op = "sigmoid">, <op = "tanh">]>
func.func private @g() attributes {e = #gemm_opt.epilogue<[<op = "max", scalar = -1.0000000000000001e-5>, <broadcast = "row", op = "div", operand = 0>, <op = "relu">, <op = "gelu_erf">, <op = "silu">, <op = "sigmoid">, <op = "tanh">]>}

// An attention mask: one M x N matrix for every batch entry.
// CHECK: #gemm_opt.matmul<a = f16, b = f16, batch = 6, c = f16, epilogue = #gemm_opt.epilogue<[<op = "mul", scalar = 0.125>, <broadcast = "batch", op = "add", operand = 0>]>, k = 72, m = 130, n = 67>
func.func private @mask() attributes {gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, batch = 6, c = f16, epilogue = #gemm_opt.epilogue<[<op = "mul", scalar = 0.125>, <broadcast = "batch", op = "add", operand = 0>]>, k = 72, m = 130, n = 67>}

// A mask per sequence over 3 heads and a bias per head (broadcasts group
// and cycle, each with its span).
// CHECK: #gemm_opt.matmul<a = bf16, b = bf16, batch = 6, c = bf16, epilogue = #gemm_opt.epilogue<[<broadcast = "group", op = "add", operand = 0, span = 3>, <broadcast = "cycle", op = "add", operand = 1, span = 3>]>, k = 72, m = 130, n = 67>
func.func private @spans() attributes {gemm_opt.problem = #gemm_opt.matmul<a = bf16, b = bf16, batch = 6, c = bf16, epilogue = #gemm_opt.epilogue<[<broadcast = "group", op = "add", operand = 0, span = 3>, <broadcast = "cycle", op = "add", operand = 1, span = 3>]>, k = 72, m = 130, n = 67>}

// A vector per group of entries (a key-padding mask per sequence) and one
// per entry (span 1).
// CHECK: #gemm_opt.matmul<a = bf16, b = bf16, batch = 6, c = bf16, epilogue = #gemm_opt.epilogue<[<broadcast = "col", op = "add", operand = 0, span = 3>, <broadcast = "row", op = "mul", operand = 1, span = 1>]>, k = 72, m = 130, n = 67>
func.func private @vector_spans() attributes {gemm_opt.problem = #gemm_opt.matmul<a = bf16, b = bf16, batch = 6, c = bf16, epilogue = #gemm_opt.epilogue<[<broadcast = "col", op = "add", operand = 0, span = 3>, <broadcast = "row", op = "mul", operand = 1, span = 1>]>, k = 72, m = 130, n = 67>}

// Vectors read in turn (a column bias per head, a row scale per head):
// cycle = true, elided when false.
// CHECK: #gemm_opt.matmul<a = bf16, b = bf16, batch = 6, c = bf16, epilogue = #gemm_opt.epilogue<[<broadcast = "col", cycle = true, op = "add", operand = 0, span = 3>, <broadcast = "row", cycle = true, op = "mul", operand = 1, span = 2>]>, k = 72, m = 130, n = 67>
func.func private @vector_cycles() attributes {gemm_opt.problem = #gemm_opt.matmul<a = bf16, b = bf16, batch = 6, c = bf16, epilogue = #gemm_opt.epilogue<[<broadcast = "col", cycle = true, op = "add", operand = 0, span = 3>, <broadcast = "row", cycle = true, op = "mul", operand = 1, span = 2>]>, k = 72, m = 130, n = 67>}
