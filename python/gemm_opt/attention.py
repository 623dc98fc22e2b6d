"""scaled_dot_product_attention on gemm-opt's kernels: one compiled function
(mlir.attention_source) per problem, cached like the functional API's
kernels. Three kernels: Q K^T with the scale and the mask in its epilogue,
the softmax over the keys, P V."""
import math
import threading

from . import _runtime, compilation, compiler, functional, mlir
from .kernel import dtype_name

_F32_MAX = 3.4028234663852886e38
_kernels = {}
_causal = {}
_lock = threading.Lock()


def clear_memory_cache():
    _kernels.clear()
    _causal.clear()


def _check(name, t):
    functional._check_tensor(name, t)
    if t.dim() < 2:
        raise ValueError(f"{name}: expected at least 2 dimensions (..., sequence, features), got "
                         f"{tuple(t.shape)}")


def _kernel(heads, q_len, kv_len, head_dim, v_dim, dtype, scale, mask_type, mask_form, stage, options, device,
            kv_group=1):
    key = (heads, q_len, kv_len, head_dim, v_dim, dtype, scale, mask_type, mask_form, stage, options, device,
           kv_group)
    k = _kernels.get(key)
    if k is None:
        options_dict = compiler.check_options(dict(options))
        chip = functional._device_chip(device)
        with _lock:
            k = _kernels.get(key)
            if k is None:
                if stage == "best":
                    stage = compiler.best_stage("matmul", dtype, _runtime.device(device).capability,
                                                options_dict.get("allow_tf32", False))
                src = mlir.attention_source(heads, q_len, kv_len, head_dim, v_dim, dtype, scale, mask_type,
                                            mask_form, kv_group)
                k = _kernels[key] = compilation.compile(src, stage=stage, chip=chip, options=options_dict,
                                                        tuning_device=functional._device_name(device))
    return k


def _causal_mask(q_len, kv_len, dtype, device):
    """0 where key j <= query i, -inf above (torch's is_causal: the top-left
    aligned lower triangle), made once per shape, dtype and device."""
    key = (q_len, kv_len, dtype, device)
    mask = _causal.get(key)
    if mask is None:
        import torch
        keep = torch.ones(q_len, kv_len, dtype=torch.bool, device=device).tril()
        mask = _causal[key] = torch.zeros(q_len, kv_len, dtype=dtype, device=device).masked_fill(~keep,
                                                                                                 float("-inf"))
    return mask


def _mask_form(shape, lead, q_len, kv_len):
    """The (kind, span) of mlir.attention_mask_read in which the kernel reads
    a mask of `shape` over the query's leading dimensions `lead`, which it
    broadcasts against as torch does (right-aligned, each dimension 1 or
    the query's): all 1, "shared"; the query's, "entry"; a prefix of them
    then 1s, "group" of span the product of those it broadcasts (e.g.
    (B, 1, L, S) over (B, H): a mask per sequence); 1s then a suffix of
    them, "cycle" of span the product of that suffix ((1, H, L, S) or
    (H, L, S): a bias per head). A (..., 1, S) mask over L > 1 queries is a
    vector over the keys (a key-padding mask): (kind, span, "keys"), in any
    of these forms but the cycle. None for any other shape."""
    shape = tuple(shape)
    if len(shape) == 1:  # torch broadcasts (S,) as (1, S)
        shape = (1, *shape)
    keys = len(shape) >= 2 and q_len != 1 and tuple(shape[-2:]) == (1, kv_len)
    if keys:
        shape = (*shape[:-2], q_len, kv_len)
    form = _matrix_form(shape, lead, q_len, kv_len)
    if not keys or form is None:
        return form
    return None if form[0] == "cycle" else (*form, "keys")


def _matrix_form(shape, lead, q_len, kv_len):
    """_mask_form of a (..., L, S) mask."""
    if len(shape) < 2 or tuple(shape[-2:]) != (q_len, kv_len) or len(shape) - 2 > len(lead):
        return None
    padded = (1,) * (len(lead) + 2 - len(shape)) + tuple(shape[:-2])
    dims = [(m, d) for m, d in zip(padded, lead) if d != 1]  # where the query's is 1, either reads alike
    if any(m not in (1, d) for m, d in dims):
        return None
    read = "".join("f" if m == d else "1" for m, d in dims)  # f: the query's dimension, 1: broadcast
    if "f" not in read:
        return "shared", 1
    if "1" not in read:
        return "entry", 1
    if "1f" not in read:
        return "group", math.prod(d for m, d in dims if m == 1)
    if "f1" not in read:
        return "cycle", math.prod(d for m, d in dims if m == d)
    return None


def _mask_operand(attn_mask, lead, q_len, kv_len, dtype):
    """(the additive mask, its form): `attn_mask` with its leading
    dimensions flattened into the matrices of its form (_mask_form), a
    float mask as it is, a boolean one as 0 where True and -inf where
    False."""
    if not hasattr(attn_mask, "dim") or not hasattr(attn_mask, "dtype"):
        raise TypeError(f"attn_mask: expected a torch.Tensor, got {type(attn_mask).__name__}")
    form = _mask_form(tuple(attn_mask.shape), lead, q_len, kv_len)
    if form is None:
        raise ValueError(f"attn_mask of shape {tuple(attn_mask.shape)} is not supported for a query whose leading "
                         f"dimensions are {lead}: gemm_opt takes ({q_len}, {kv_len}) masks whose leading "
                         "dimensions (right-aligned, no more than the query's) are all 1 (one mask for every batch "
                         "entry and head), the query's (one per entry), a prefix of the query's then 1s (one per "
                         "sequence, e.g. (B, 1, L, S)) or 1s then a suffix of the query's (one per head, e.g. "
                         "(1, H, L, S) or (H, L, S)); (..., 1, S) key-padding masks in the first three of these forms "
                         "(e.g. (B, 1, 1, S))")
    import torch
    rows = () if form[2:] == ("keys",) else (q_len,)
    shape = (*mlir.attention_mask_read(math.prod(lead), form)[0], *rows, kv_len)
    mask = attn_mask.reshape(shape)
    if mask.dtype == torch.bool:
        return torch.zeros(shape, dtype=dtype, device=mask.device).masked_fill(~mask, float("-inf")), form
    functional._check_tensor("attn_mask", mask)
    return functional._dense(mask), form


def _kv_repeats(lead, kv_lead, enable_gqa):
    """How many query heads share a key / value head: 1 when the leading
    dimensions agree; with enable_gqa, query heads H over key heads Hkv
    (the last leading dimension, the others equal) that divide them."""
    if kv_lead == lead:
        return 1
    grouped = (len(kv_lead) == len(lead) >= 1 and kv_lead[:-1] == lead[:-1] and kv_lead[-1] > 0 and
               lead[-1] % kv_lead[-1] == 0)
    if grouped and enable_gqa:
        return lead[-1] // kv_lead[-1]
    raise ValueError(f"key and value leading dimensions {kv_lead} must equal the query's {lead} (no broadcasting)" +
                     (", or pass enable_gqa=True for grouped heads" if grouped else
                      ", or with enable_gqa=True differ in the heads (the last), which must divide the query's"))


def _stacked_mask_form(form, rep):
    """The mask form over query heads stacked `rep` at a time into the rows
    of their key head's entry, or None where stacking changes what a row
    reads (a matrix over the queries, a key vector per query head)."""
    if form[2:] != ("keys",):
        return None
    if form[0] == "shared":
        return form
    if form[0] == "group" and form[1] % rep == 0:
        return "group", form[1] // rep, "keys"
    return None


def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None,
                                 enable_gqa=False, *, stage="best", allow_tf32=False):
    """torch.nn.functional.scaled_dot_product_attention for CUDA tensors of
    one dtype (float32, float16, bfloat16): softmax(Q K^T * scale + mask) V,
    query (..., L, E), key (..., S, E), value (..., S, Ev), the leading
    dimensions equal (batch, heads); scale default 1 / sqrt(E). attn_mask:
    a float (added) or boolean (True takes part) (..., L, S) mask whose
    leading dimensions broadcast against the query's as torch's do, in the
    forms the scores kernel reads in place: all 1 or none (one mask for
    every entry), the query's (one per entry), a prefix of the query's then
    1s (e.g. (B, 1, L, S) over (B, H, L, E): one per sequence, shared by its
    heads), or 1s then a suffix of the query's (e.g. (1, H, L, S) or
    (H, L, S): one per head, shared by the sequences); a (..., 1, S)
    key-padding mask in the first three of these forms (e.g. (B, 1, 1, S):
    one vector over the keys per sequence); any other ((1, H, 1, S),
    (B, 1, H, L, S) over a query (B, G, H, L, E)) is a ValueError.
    is_causal: the lower-triangular mask. enable_gqa: key and value may
    have fewer heads (the last leading dimension) than the query, query
    head h reading key head h // (H / Hkv) as torch's; without a mask or
    with a key-padding mask shared or per sequence, the query heads of one
    key head run as the rows of one batch entry, else each query head reads
    its key head's K and V (b_group in the manifest); no copy of K and V
    either way. The scores are rounded to
    the inputs' dtype before the softmax (f32 accumulation inside each
    matmul). dropout_p must be 0."""
    for name, t in (("query", query), ("key", key), ("value", value)):
        _check(name, t)
    if not query.dtype == key.dtype == value.dtype:
        raise TypeError(f"query, key and value are {query.dtype}, {key.dtype} and {value.dtype}; "
                        "scaled_dot_product_attention needs one dtype")
    if not query.device == key.device == value.device:
        raise ValueError("query, key and value are on different devices")
    if dropout_p != 0.0:
        raise ValueError("dropout_p must be 0: gemm_opt's attention is for inference")
    lead, (q_len, head_dim) = tuple(query.shape[:-2]), tuple(query.shape[-2:])
    kv_len, v_dim = key.shape[-2], value.shape[-1]
    kv_lead = tuple(key.shape[:-2])
    if tuple(value.shape[:-2]) != kv_lead:
        raise ValueError(f"key {tuple(key.shape)} and value {tuple(value.shape)} must have the same leading "
                         "dimensions")
    repeats = _kv_repeats(lead, kv_lead, enable_gqa)
    if key.shape[-1] != head_dim or value.shape[-2] != kv_len:
        raise ValueError(f"key {tuple(key.shape)} and value {tuple(value.shape)} do not fit query "
                         f"{tuple(query.shape)}: key (..., S, E), value (..., S, Ev)")
    if is_causal and attn_mask is not None:
        raise ValueError("pass either attn_mask or is_causal, not both")
    heads = math.prod(lead)
    if not (heads and q_len and kv_len and head_dim and v_dim):
        raise ValueError(f"empty attention: query {tuple(query.shape)}, key {tuple(key.shape)}, value "
                         f"{tuple(value.shape)}")
    if heads > mlir.MAX_BATCH:
        raise ValueError(f"{heads} batch entries and heads: at most {mlir.MAX_BATCH}")
    try:
        scale = 1.0 / math.sqrt(head_dim) if scale is None else float(scale)
    except OverflowError:
        scale = math.inf
    if not math.isfinite(scale) or abs(scale) > _F32_MAX:
        raise ValueError(f"scale {scale} is not a finite f32 (the epilogue multiplies in f32)")
    mask, form = None, ("shared", 1)
    if is_causal:
        mask = _causal_mask(q_len, kv_len, query.dtype, query.device)
    elif attn_mask is not None:
        mask, form = _mask_operand(attn_mask, lead, q_len, kv_len, query.dtype)
        if mask.device != query.device:
            raise ValueError(f"attn_mask is on {mask.device}, query on {query.device}")
    dtype = dtype_name(query.dtype)
    options = (("allow_tf32", True),) if allow_tf32 else ()
    entries, rows, kv_group = heads, q_len, 1
    if repeats > 1:
        stacked = ("shared", 1, "keys") if mask is None else _stacked_mask_form(form, repeats)
        if stacked is None:  # every query head an entry reading its key head's K and V
            kv_group = repeats
        else:  # the query heads of a key head are the rows of one entry
            entries, rows, form = heads // repeats, repeats * q_len, form if mask is None else stacked
    kern = _kernel(entries, rows, kv_len, head_dim, v_dim, dtype, scale, dtype_name(mask.dtype) if mask is not None
                   else None, form, stage, options, query.device.index, kv_group)
    args = [functional._dense(query).reshape(entries, -1, head_dim)]
    args += [functional._dense(t).reshape(entries // kv_group, -1, t.shape[-1]) for t in (key, value)]
    out = kern(*args, mask) if mask is not None else kern(*args)
    return out.reshape(*lead, q_len, v_dim)
