// RUN: gemm-opt %s -split-input-file -verify-diagnostics

// expected-error@+1 {{unknown epilogue step 'gelu'; expected add, sub, mul, div, max, min, relu, gelu_tanh, gelu_erf, silu, sigmoid or tanh}}
func.func private @f() attributes {e = #gemm_opt.epilogue<[<op = "gelu">]>}

// -----

// expected-error@+1 {{binary step 'add' needs exactly one of scalar and operand}}
func.func private @f() attributes {e = #gemm_opt.epilogue<[<op = "add">]>}

// -----

// expected-error@+1 {{unary step 'relu' takes no operand}}
func.func private @f() attributes {e = #gemm_opt.epilogue<[<op = "relu", scalar = 1.0>]>}

// -----

// expected-error@+1 {{broadcast 'diag' must be col, row, none, batch, group or cycle}}
func.func private @f() attributes {e = #gemm_opt.epilogue<[<broadcast = "diag", op = "add", operand = 0>]>}

// -----

// expected-error@+1 {{operand = 8 must name E0..E7}}
func.func private @f() attributes {e = #gemm_opt.epilogue<[<broadcast = "col", op = "add", operand = 8>]>}

// -----

// expected-error@+1 {{a scalar step has no broadcast, operand_scale, span or cycle}}
func.func private @f() attributes {e = #gemm_opt.epilogue<[<op = "mul", operand_scale = 2.0, scalar = 1.0>]>}

// -----

// expected-error@+1 {{operand steps must name E0, E1, ... in order of first use; expected at most E0, got E1}}
func.func private @f() attributes {e = #gemm_opt.epilogue<[<broadcast = "col", op = "add", operand = 1>]>}

// -----

// expected-error@+1 {{E0 is read with broadcasts 'col' and 'row'}}
func.func private @f() attributes {e = #gemm_opt.epilogue<[<broadcast = "col", op = "add", operand = 0>, <broadcast = "row", op = "mul", operand = 0>]>}

// -----

// expected-error@+1 {{E0 is read with broadcasts 'group' (span 2) and 'group' (span 4)}}
func.func private @f() attributes {e = #gemm_opt.epilogue<[<broadcast = "group", op = "add", operand = 0, span = 2>, <broadcast = "group", op = "mul", operand = 0, span = 4>]>}

// -----

// A group or cycle names its span (at least 2); other broadcasts have none.
// expected-error@+1 {{span = 0 must be at least 2 for broadcast 'cycle'}}
func.func private @f() attributes {e = #gemm_opt.epilogue<[<broadcast = "cycle", op = "add", operand = 0>]>}

// -----

// expected-error@+1 {{span = 1 must be at least 2 for broadcast 'group'}}
func.func private @f() attributes {e = #gemm_opt.epilogue<[<broadcast = "group", op = "add", operand = 0, span = 1>]>}

// -----

// expected-error@+1 {{span = 2 applies only to broadcast group or cycle (at least 2), col or row, not to 'none'}}
func.func private @f() attributes {e = #gemm_opt.epilogue<[<broadcast = "none", op = "add", operand = 0, span = 2>]>}

// -----

// expected-error@+1 {{span = 3 applies only to broadcast group or cycle (at least 2), col or row, not to 'batch'}}
func.func private @f() attributes {e = #gemm_opt.epilogue<[<broadcast = "batch", op = "add", operand = 0, span = 3>]>}

// -----

// A vector per group of entries (span 1: per entry); never a negative span.
// expected-error@+1 {{span = -1 must not be negative for broadcast 'col'}}
func.func private @f() attributes {e = #gemm_opt.epilogue<[<broadcast = "col", op = "add", operand = 0, span = -1>]>}

// -----

// Vectors read in turn: col or row only, at least 2 of them; an operand
// keeps one read.
// expected-error@+1 {{cycle applies only to broadcast col or row with a span of at least 2, not to 'group' with span = 2}}
func.func private @f() attributes {e = #gemm_opt.epilogue<[<broadcast = "group", cycle = true, op = "add", operand = 0, span = 2>]>}

// -----

// expected-error@+1 {{cycle applies only to broadcast col or row with a span of at least 2, not to 'col' with span = 1}}
func.func private @f() attributes {e = #gemm_opt.epilogue<[<broadcast = "col", cycle = true, op = "add", operand = 0, span = 1>]>}

// -----

// expected-error@+1 {{E0 is read with broadcasts 'col' (span 3) and 'col' (span 3, cycle)}}
func.func private @f() attributes {e = #gemm_opt.epilogue<[<broadcast = "col", op = "add", operand = 0, span = 3>, <broadcast = "col", cycle = true, op = "mul", operand = 0, span = 3>]>}

// -----

// expected-error@+1 {{unary step 'relu' takes no operand}}
func.func private @f() attributes {e = #gemm_opt.epilogue<[<cycle = true, op = "relu">]>}

// -----

// The span divides the batch.
// expected-error@+1 {{epilogue operand E0 (broadcast group, span 4) needs a batch that span divides, got batch = 6}}
func.func private @f() attributes {gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, batch = 6, c = f16, epilogue = #gemm_opt.epilogue<[<broadcast = "group", op = "add", operand = 0, span = 4>]>, k = 8, m = 4, n = 4>}

// -----

// expected-error@+1 {{epilogue operand E0 (broadcast col, span 4) needs a batch that span divides, got batch = 6}}
func.func private @f() attributes {gemm_opt.problem = #gemm_opt.matmul<a = f16, b = f16, batch = 6, c = f16, epilogue = #gemm_opt.epilogue<[<broadcast = "col", op = "add", operand = 0, span = 4>]>, k = 8, m = 4, n = 4>}

// -----

// An empty list does not parse (a step is expected).
// expected-error@+1 {{expected '<'}}
func.func private @f() attributes {e = #gemm_opt.epilogue<[]>}

// -----

// expected-error@+1 {{a fused epilogue needs accumulate = false (C is the epilogue's output)}}
func.func private @f() attributes {gemm_opt.problem = #gemm_opt.matmul<a = f32, accumulate = true, b = f32, c = f32, epilogue = #gemm_opt.epilogue<[<op = "relu">]>, k = 4, m = 4, n = 4>}
