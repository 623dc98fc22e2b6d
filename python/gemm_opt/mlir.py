"""The MLIR inputs of the functional API, in the forms the compiler takes
(README, "Using gemm-opt"): one linalg.matmul (or linalg.batch_matmul) with
a zero fill of C, or one linalg.softmax dimension(1), on static memrefs
named as the manifest's buffers."""

LAYOUTS = ("nn", "nt", "tn", "tt")
# The most batch entries of a static batched matmul: cuBLAS's int count
# (the kernels take an entry from grid z, or past 65535 from grid x).
MAX_BATCH = 2**31 - 1


def _map(results, batched=False):
    if batched:
        return f"affine_map<(b, d0, d1, d2) -> (b, {results})>"
    return f"affine_map<(d0, d1, d2) -> ({results})>"


def _operands(m, n, k, in_type, layout, kind, lead=""):
    """The types of A and B (`kind` "memref" or "tensor", `lead` a batch
    prefix such as "3x") stored as `layout` says, and the matmul's
    indexing_maps attribute for it ("" for nn)."""
    ta, tb = layout[0] == "t", layout[1] == "t"
    a = f"{kind}<{lead}{k}x{m}x{in_type}>" if ta else f"{kind}<{lead}{m}x{k}x{in_type}>"
    b = f"{kind}<{lead}{n}x{k}x{in_type}>" if tb else f"{kind}<{lead}{k}x{n}x{in_type}>"
    batched = bool(lead)
    maps = "" if layout == "nn" else (
        f"indexing_maps = [{_map('d2, d0' if ta else 'd0, d2', batched)}, "
        f"{_map('d1, d2' if tb else 'd2, d1', batched)}, {_map('d0, d1', batched)}] ")
    return a, b, maps


def matmul_source(m, n, k, in_type, out_type, layout="nn", batch=1):
    """C(m x n) = A * B; m may be "?" (a dynamic M: a DynamicKernel, A not
    stored transposed). `layout`: A's letter, then B's; "t" stores the
    operand transposed (A as k x m, B as n x k, through linalg.matmul's
    indexing_maps); "nt" is nn.Linear's x @ W.T. `batch` > 1: a
    linalg.batch_matmul of that many such products, every operand 3-D with
    the batch first; "?": a dynamic count of them (a DynamicKernel)."""
    if layout not in LAYOUTS:
        raise ValueError(f"unknown matmul layout {layout!r}; one of {LAYOUTS}")
    if batch != "?" and not 1 <= batch <= MAX_BATCH:
        raise ValueError(f"batch {batch} is out of range [1, {MAX_BATCH}]")
    batched = batch == "?" or batch > 1
    a, b, maps = _operands(m, n, k, in_type, layout, "memref", f"{batch}x" if batched else "")
    c = f"memref<{f'{batch}x' if batched else ''}{m}x{n}x{out_type}>"
    op = "linalg.batch_matmul" if batched else "linalg.matmul"
    return (f"func.func @matmul(%A: {a}, %B: {b}, %C: {c}) {{\n"
            f"  %zero = arith.constant 0.0 : {out_type}\n"
            f"  linalg.fill ins(%zero : {out_type}) outs(%C : {c})\n"
            f"  {op} {maps}ins(%A, %B : {a}, {b}) outs(%C : {c})\n"
            f"  return\n}}\n")


# Each activation of the functional API in f32 MLIR, from %s to %r (its
# temporaries %t_*), in a form gemm-opt's epilogue matcher takes
# (EpilogueActivations.cpp).
_ACTIVATION_BODY = {
    "relu": ["%r = arith.maximumf %s, %c0 : f32"],
    "gelu": ["%t_h = arith.mulf %s, %chalf : f32", "%t_u = arith.mulf %s, %crsqrt2 : f32",
             "%t_e = math.erf %t_u : f32", "%t_p = arith.addf %t_e, %c1 : f32", "%r = arith.mulf %t_h, %t_p : f32"],
    "gelu_tanh": ["%t_x2 = arith.mulf %s, %s : f32", "%t_x3 = arith.mulf %t_x2, %s : f32",
                  "%t_w = arith.mulf %t_x3, %ccubic : f32", "%t_i = arith.addf %s, %t_w : f32",
                  "%t_u = arith.mulf %t_i, %csqrt2pi : f32", "%t_t = math.tanh %t_u : f32",
                  "%t_p = arith.addf %t_t, %c1 : f32", "%t_h = arith.mulf %s, %chalf : f32",
                  "%r = arith.mulf %t_h, %t_p : f32"],
    "silu": ["%t_n = arith.negf %s : f32", "%t_ex = math.exp %t_n : f32", "%t_d = arith.addf %t_ex, %c1 : f32",
             "%r = arith.divf %s, %t_d : f32"],
    "sigmoid": ["%t_n = arith.negf %s : f32", "%t_ex = math.exp %t_n : f32", "%t_d = arith.addf %t_ex, %c1 : f32",
                "%r = arith.divf %c1, %t_d : f32"],
    "tanh": ["%r = math.tanh %s : f32"],
}
_CONSTANTS = {"c0": 0.0, "c1": 1.0, "chalf": 0.5, "crsqrt2": 0.7071067811865476, "ccubic": 0.044715,
              "csqrt2pi": 0.7978845608028654}


def _add_widened(body, value, operand, elem, result):
    """Appends `result` = value + operand (an `elem` block argument widened
    to f32) to the f32 steps `body`; returns `result`."""
    if elem != "f32":
        body.append(f"{operand}32 = arith.extf {operand} : {elem} to f32")
        operand += "32"
    body.append(f"{result} = arith.addf {value}, {operand} : f32")
    return result


def fused_matmul_source(m, n, k, in_type, out_type, layout="nn", bias_type=None, activation=None):
    """D(m x n) = activation(A * B + bias) in out_type, on tensors: a
    zero-filled f32 matmul, then one linalg.generic adding the bias (a
    vector of N, any float type; None: no bias) and applying `activation`
    (a key of _ACTIVATION_BODY, or None), which gemm-opt fuses into the
    matmul kernel's epilogue. The function takes A, B (and the bias) and
    returns D."""
    if layout not in LAYOUTS:
        raise ValueError(f"unknown matmul layout {layout!r}; one of {LAYOUTS}")
    if activation is not None and activation not in _ACTIVATION_BODY:
        raise ValueError(f"unknown activation {activation!r}; one of {tuple(_ACTIVATION_BODY)}")
    a, b, maps = _operands(m, n, k, in_type, layout, "tensor")
    acc, out = f"tensor<{m}x{n}xf32>", f"tensor<{m}x{n}x{out_type}>"
    args = f"%A: {a}, %B: {b}" + (f", %bias: tensor<{n}x{bias_type}>" if bias_type else "")
    ins = "%mm" + (", %bias" if bias_type else "")
    in_types = acc + (f", tensor<{n}x{bias_type}>" if bias_type else "")
    in_maps = "#id" + (", #col" if bias_type else "")
    block = "%v: f32" + (f", %bv: {bias_type}" if bias_type else "") + f", %o: {out_type}"
    # The running value through the steps: the product, + bias, activated,
    # cast.
    body, value = [], "%v"
    if bias_type:
        value = _add_widened(body, value, "%bv", bias_type, "%s")
    if activation:
        body += [line.replace("%s", value) for line in _ACTIVATION_BODY[activation]]
        value = "%r"
    if out_type != "f32":
        body.append(f"%y = arith.truncf {value} : f32 to {out_type}")
        value = "%y"
    consts = "".join(f"  %{name} = arith.constant {value!r} : f32\n" for name, value in _CONSTANTS.items())
    lines = "\n".join("    " + line for line in body)
    return (f"#id = affine_map<(i, j) -> (i, j)>\n#col = affine_map<(i, j) -> (j)>\n"
            f"func.func @matmul({args}) -> {out} {{\n"
            f"{consts}"
            f"  %e = tensor.empty() : {acc}\n"
            f"  %f = linalg.fill ins(%c0 : f32) outs(%e : {acc}) -> {acc}\n"
            f"  %mm = linalg.matmul {maps}ins(%A, %B : {a}, {b}) outs(%f : {acc}) -> {acc}\n"
            f"  %e2 = tensor.empty() : {out}\n"
            f"  %d = linalg.generic {{indexing_maps = [{in_maps}, #id], iterator_types = [\"parallel\", "
            f"\"parallel\"]}} ins({ins} : {in_types}) outs(%e2 : {out}) {{\n"
            f"  ^bb0({block}):\n{lines}{chr(10) if lines else ''}    linalg.yield {value} : {out_type}\n"
            f"  }} -> {out}\n"
            f"  return %d : {out}\n}}\n")


def softmax_source(rows, cols, dtype, out_dtype=None):
    """Y = softmax(X) over rows; Y of out_dtype (default dtype) computed in
    f32: a gemm_opt.softmax when the two types differ (linalg.softmax has
    one)."""
    out_dtype = out_dtype or dtype
    t, u = f"memref<{rows}x{cols}x{dtype}>", f"memref<{rows}x{cols}x{out_dtype}>"
    op = "linalg.softmax" if out_dtype == dtype else "gemm_opt.softmax"
    return (f"func.func @softmax(%X: {t}, %Y: {u}) {{\n"
            f"  {op} dimension(1) ins(%X : {t}) outs(%Y : {u})\n"
            f"  return\n}}\n")


MASK_KINDS = ("shared", "entry", "group", "cycle")


def attention_mask_read(heads, mask_form=("shared", 1)):
    """How the scores kernel reads an attention mask of `mask_form` = (kind,
    span) over `heads` batch entries: (its shape's leading dimensions, the
    results of its affine map over (b, i, j)). "shared": one matrix for
    every entry, [] and (i, j); "entry": one per entry, [heads] and
    (b, i, j); "group": one per `span` consecutive entries (a mask per
    sequence shared by its heads), [heads / span] and (b floordiv span,
    i, j); "cycle": `span` matrices the entries take in turn (a bias per
    head shared by the sequences), [span] and (b mod span, i, j). A group or
    cycle span of 1 or of every entry is the shared or the per-entry form.
    (kind, span, "keys"): a vector over the keys instead of a matrix (a
    key-padding mask), read through (j), (b, j) or (b floordiv span, j);
    the kernels read no cycle of vectors."""
    kind, span, *rows = mask_form
    keys = rows == ["keys"]
    if rows and not keys:
        raise ValueError(f"mask form {tuple(mask_form)!r}: the third item, when given, is 'keys'")
    if kind not in MASK_KINDS:
        raise ValueError(f"unknown mask kind {kind!r}; one of {MASK_KINDS}")
    if kind in ("group", "cycle"):
        if not isinstance(span, int) or span < 1 or heads % span:
            raise ValueError(f"mask {kind} span {span!r} is not a divisor of the {heads} batch entries")
        if span == 1:
            kind = "entry" if kind == "group" else "shared"
        elif span == heads:
            kind = "shared" if kind == "group" else "entry"
    inner = "j" if keys else "i, j"
    if kind == "shared":
        return [], inner
    if kind == "entry":
        return [heads], f"b, {inner}"
    if kind == "group":
        return [heads // span], f"b floordiv {span}, {inner}"
    if keys:
        raise ValueError(f"a key vector per {span} entries in turn (cycle) is not read by the scores kernel")
    return [span], f"b mod {span}, {inner}"


def attention_source(heads, q_len, kv_len, head_dim, v_dim, dtype, scale, mask_type=None, mask_form=("shared", 1),
                     kv_group=1):
    """O = softmax(Q K^T * scale + mask) V for `heads` independent heads
    (batch and heads flattened), on tensors, in the form torch-mlir writes
    scaled_dot_product_attention: Q [heads, q_len, head_dim] and K
    [heads, kv_len, head_dim] (read transposed in place: layout nt) into a
    zero-filled f32 batch matmul; one linalg.generic scaling it, adding the
    mask (q_len x kv_len matrices, or kv_len vectors, of any float type,
    read as `mask_form` says: attention_mask_read; None: no mask) and casting to `dtype` (the
    scores kernel's epilogue); a softmax over the keys; P V into f32, cast
    to `dtype` (the second kernel's epilogue). The function takes Q, K, V
    (and the mask) and returns O [heads, q_len, v_dim]. kv_group > 1: K and
    V hold heads / kv_group entries, each repeated for kv_group consecutive
    heads by a linalg.broadcast (grouped-query attention's repeat_kv, which
    the compiler reads in place)."""
    def t(shape, elem=dtype):
        return f"tensor<{'x'.join(map(str, shape))}x{elem}>"

    def bmap(results):
        return f"affine_map<(b, m, n, k) -> ({results})>"

    def cast(x):  # the f32 value x in `dtype`, as %y
        return [f"%y = arith.truncf {x} : f32 to {dtype}"] if dtype != "f32" else []

    def out(x):
        return "%y" if dtype != "f32" else x

    def lines(ls):
        return "".join(f"    {line}\n" for line in ls)

    q, k, v = t((heads, q_len, head_dim)), t((heads, kv_len, head_dim)), t((heads, kv_len, v_dim))
    kv_heads = heads // kv_group
    k_in, v_in = t((kv_heads, kv_len, head_dim)), t((kv_heads, kv_len, v_dim))
    repeats = ""
    for name, width, full in (("k", head_dim, k), ("v", v_dim, v)):
        if kv_group > 1:
            wide = t((kv_heads, kv_group, kv_len, width))
            repeats += (f"  %{name}e = tensor.empty() : {wide}\n"
                        f"  %{name}r = linalg.broadcast ins(%{name}in : {t((kv_heads, kv_len, width))}) "
                        f"outs(%{name}e : {wide}) dimensions = [1]\n"
                        f"  %{name} = tensor.collapse_shape %{name}r [[0, 1], [2], [3]] : {wide} into {full}\n")
    s32, s, o32, o = (t((heads, q_len, kv_len), "f32"), t((heads, q_len, kv_len)), t((heads, q_len, v_dim), "f32"),
                      t((heads, q_len, v_dim)))
    mask_lead, mask_map = attention_mask_read(heads, mask_form)
    mask_rows = () if tuple(mask_form[2:]) == ("keys",) else (q_len,)
    mask = t((*mask_lead, *mask_rows, kv_len), mask_type) if mask_type else None
    nt = f"indexing_maps = [{bmap('b, m, k')}, {bmap('b, n, k')}, {bmap('b, m, n')}] "
    kv_names = ("%kin", "%vin") if kv_group > 1 else ("%k", "%v")
    args = f"%q: {q}, {kv_names[0]}: {k_in}, {kv_names[1]}: {v_in}" + (f", %mask: {mask}" if mask else "")
    # MLIR's float literal has a point: 1e-05 would not parse.
    body = [f"%sc = arith.constant {float(scale):.17e} : f32", "%xs = arith.mulf %x, %sc : f32"]
    value = "%xs"
    if mask:
        value = _add_widened(body, value, "%mv", mask_type, "%xm")
    body += cast(value)
    score_maps = "#id, #mask, #id" if mask else "#id, #id"
    score_ins = ("%s32, %mask : " + s32 + ", " + mask) if mask else ("%s32 : " + s32)
    score_block = "%x: f32" + (f", %mv: {mask_type}" if mask else "") + f", %so: {dtype}"
    return (f"#id = affine_map<(b, i, j) -> (b, i, j)>\n#mask = affine_map<(b, i, j) -> ({mask_map})>\n"
            f"func.func @attention({args}) -> {o} {{\n"
            f"{repeats}"
            f"  %zero = arith.constant 0.0 : f32\n"
            f"  %es = tensor.empty() : {s32}\n"
            f"  %fs = linalg.fill ins(%zero : f32) outs(%es : {s32}) -> {s32}\n"
            f"  %s32 = linalg.batch_matmul {nt}ins(%q, %k : {q}, {k}) outs(%fs : {s32}) -> {s32}\n"
            f"  %e1 = tensor.empty() : {s}\n"
            f"  %s = linalg.generic {{indexing_maps = [{score_maps}], iterator_types = [\"parallel\", \"parallel\", "
            f"\"parallel\"]}} ins({score_ins}) outs(%e1 : {s}) {{\n"
            f"  ^bb0({score_block}):\n{lines(body)}    linalg.yield {out(value)} : {dtype}\n"
            f"  }} -> {s}\n"
            f"  %e2 = tensor.empty() : {s}\n"
            f"  %p = linalg.softmax dimension(2) ins(%s : {s}) outs(%e2 : {s}) -> {s}\n"
            f"  %eo = tensor.empty() : {o32}\n"
            f"  %fo = linalg.fill ins(%zero : f32) outs(%eo : {o32}) -> {o32}\n"
            f"  %o32 = linalg.batch_matmul ins(%p, %v : {s}, {v}) outs(%fo : {o32}) -> {o32}\n"
            + (f"  %e3 = tensor.empty() : {o}\n"
               f"  %o = linalg.generic {{indexing_maps = [#id, #id], iterator_types = [\"parallel\", \"parallel\", "
               f"\"parallel\"]}} ins(%o32 : {o32}) outs(%e3 : {o}) {{\n"
               f"  ^bb0(%x: f32, %oo: {dtype}):\n{lines(cast('%x'))}    linalg.yield {out('%x')} : {dtype}\n"
               f"  }} -> {o}\n"
               f"  return %o : {o}\n}}\n" if dtype != "f32" else f"  return %o32 : {o32}\n}}\n"))
