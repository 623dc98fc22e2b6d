"""matmul, linear and softmax on PyTorch tensors through compiled kernels.

Each call builds the MLIR of its 2-D problem, compiles it once per
(shapes, layout, dtypes, stage, options, chip) -- in memory for the process
and on disk across processes (gemm_opt.cache) -- and launches it on the
current stream. An operand that is a transposed view of a dense tensor
(linear's weight, b.t(), a.mT) is passed as it is stored, through the
matmul's operand layout ("nt", "tn", "tt"), not copied. What the compiler
cannot express yet runs unfused around the kernel with torch ops, until the
compiler's model-IR forms land: leading (batch) dimensions other than one
shared by both operands (a batched kernel), other strided operands (copied
dense), bias and activation epilogues, output dtypes other
than the inputs' or f32 (computed in f32, then converted), softmax over a
dimension other than the last (moved last, copied contiguous)."""
import math
import threading

from . import _runtime, compilation, compiler, mlir
from .errors import CompileError
from .kernel import dtype_name, torch_dtype

ACTIVATIONS = ("relu", "gelu", "gelu_tanh", "silu", "sigmoid", "tanh")
# The functional API's kernels, by problem (the in-memory cache).
_kernels = {}
_chips = {}
_lock = threading.Lock()
# matmul's plain calls (2-D, no epilogue, each operand dense or a transposed
# view of a dense tensor) seen before, by what decides their kernel:
# (a.shape, b.shape, a.stride(), b.stride(), a.dtype, b.dtype, a's device
# index, b's, out_dtype, stage, allow_tf32) -> (Kernel.fast_launcher, C
# shape, C dtype). The strides decide the layout (a 2-D tensor's contiguity
# and its transpose's are functions of shape and strides). A hit skips
# every check that the first call passed: what is left is the alignment
# test, the allocation of C and the launch (benchmarks/python-timing.py
# measures it).
_plain = {}
# softmax's calls over the last dimension of a dense tensor seen before:
# (x.shape, x.dtype, x's device index, dim, stage) -> Kernel.fast_launcher.
_plain_softmax = {}


def clear_memory_cache():
    _kernels.clear()
    _plain.clear()
    _plain_softmax.clear()


def _device_chip(index):
    chip = _chips.get(index)
    if chip is None:
        chip = _chips[index] = compilation.chip_for(_runtime.device(index).capability)
    return chip


def _device_name(index):
    """The GPU's name as CUDA reports it: the compiler takes that GPU's
    tuned plans first (compile's tuning_device)."""
    return _runtime.device(index).name


def kernel_for(op, dims, in_type, out_type, stage="best", options=None, device=0, layout="nn", epilogue=None):
    """The (cached) Kernel of a matmul (dims = (M, N, K), or (batch, M, N,
    K) for a batched one; operands stored as `layout` says:
    mlir.matmul_source) or softmax (dims = (rows, cols)) for CUDA device
    `device`. `epilogue` = (bias type or None, activation or None): a 2-D
    matmul with them fused (mlir.fused_matmul_source: called with A, B and
    the bias, it returns C)."""
    key = (op, dims, in_type, out_type, stage, device, tuple(sorted(options.items())) if options else (), epilogue,
           layout)
    k = _kernels.get(key)
    if k is None:
        options = compiler.check_options(options)
        chip = _device_chip(device)
        with _lock:
            k = _kernels.get(key)
            if k is None:
                batch, mnk = (dims[0], dims[1:]) if op == "matmul" and len(dims) == 4 else (1, dims)
                if op == "matmul" and epilogue:
                    src = mlir.fused_matmul_source(*mnk, in_type, out_type, layout, *epilogue)
                elif op == "matmul":
                    src = mlir.matmul_source(*mnk, in_type, out_type, layout, batch)
                else:
                    src = mlir.softmax_source(*dims, in_type, out_type)
                if stage == "best":
                    stage = compiler.best_stage(op, in_type, _runtime.device(device).capability,
                                                options.get("allow_tf32", False))
                k = compilation.compile(src, stage=stage, chip=chip, options=options,
                                        tuning_device=_device_name(device))
                # Its launches read A and B as the manifest says: it must be what was asked.
                if op == "matmul" and k.layout != layout:
                    raise CompileError(f"the compiled manifest's layout is {k.layout}, the source's {layout}",
                                       stage=k.stage)
                if op == "matmul" and k.problem.get("batch", 1) != batch:
                    raise CompileError(f"the compiled manifest's batch is {k.problem.get('batch', 1)}, the "
                                       f"source's {batch}", stage=k.stage)
                _kernels[key] = k
    return k


def _check_tensor(name, t, types=("f32", "f16", "bf16")):
    if not hasattr(t, "data_ptr") or not hasattr(t, "dtype"):
        raise TypeError(f"{name}: expected a torch.Tensor, got {type(t).__name__}")
    if dtype_name(t.dtype) not in types:
        raise TypeError(f"{name}: dtype {t.dtype} is not supported (float32, float16, bfloat16)")
    if t.device.type != "cuda":
        raise ValueError(f"{name}: tensor is on {t.device}; gemm_opt runs on CUDA tensors")


def _dense(t):
    """t as a contiguous tensor whose data is 16-byte aligned (a copy if needed)."""
    t = t.contiguous()
    return t if t.data_ptr() % 16 == 0 else t.clone()


def _operand(t):
    """(letter, tensor): "n" and t itself when dense, "t" and its last two
    dimensions swapped (its dense storage) when t is a transposed view of a
    dense tensor, else "n" and a dense copy. Storage at an unaligned address
    is copied."""
    if not t.is_contiguous():
        s = t.t() if t.dim() == 2 else t.transpose(-2, -1)
        if s.is_contiguous():
            return "t", s if s.data_ptr() % 16 == 0 else s.clone()
    return "n", _dense(t)


def _launch_matmul(a2, b2, c_type, stage, options):
    """C = a2 @ b2 (2-D, or 3-D of one batch count: a batched kernel;
    non-empty); returns (C, layout)."""
    import torch
    (m, k), n = a2.shape[-2:], b2.shape[-1]
    (la, a_arg), (lb, b_arg) = _operand(a2), _operand(b2)
    device = a2.device.index
    dims = (m, n, k) if a2.dim() == 2 else (a2.shape[0], m, n, k)
    kern = kernel_for("matmul", dims, dtype_name(a2.dtype), c_type, stage, options, device, la + lb)
    c = torch.empty((*a2.shape[:-2], m, n), dtype=torch_dtype(c_type), device=a2.device)
    kern.launch([a_arg, b_arg, c], device)
    return c, la + lb


def _launch_fused(a2, b2, bias, activation, out_type, stage, options):
    """activation(a2 @ b2 + bias) in out_type (a2, b2 2-D, non-empty; bias
    a vector of N or None) by one kernel, the bias and activation in its
    epilogue; returns C."""
    (m, k), n = a2.shape, b2.shape[-1]
    (la, a_arg), (lb, b_arg) = _operand(a2), _operand(b2)
    bias_type = dtype_name(bias.dtype) if bias is not None else None
    kern = kernel_for("matmul", (m, n, k), dtype_name(a2.dtype), out_type, stage, options, a2.device.index,
                      la + lb, (bias_type, activation))
    return kern(a_arg, b_arg, _dense(bias)) if bias is not None else kern(a_arg, b_arg)


def matmul(a, b, *, bias=None, activation=None, out_dtype=None, stage="best", allow_tf32=False):
    """a @ b with torch.matmul's shape rules (1-D operands, broadcast batch
    dimensions), then + bias and activation (one of ACTIVATIONS), in
    out_dtype (default: the inputs' dtype). a and b: CUDA tensors of one
    dtype (float32, float16, bfloat16). f16/bf16 products accumulate in
    f32; f32 ones use TF32 tensor cores only with allow_tf32."""
    if bias is None and activation is None:
        try:
            plain = _plain.get((a.shape, b.shape, a.stride(), b.stride(), a.dtype, b.dtype, a.get_device(),
                                b.get_device(), out_dtype, stage, allow_tf32))
        except (AttributeError, TypeError):  # not tensors: the checks below say so
            plain = None
        if plain is not None:
            # A transposed view's data pointer is its dense storage's.
            pa, pb = a.data_ptr(), b.data_ptr()
            if not (pa | pb) & 15:
                launch, c_shape, c_dtype = plain
                c = a.new_empty(c_shape, dtype=c_dtype)
                launch(pa, pb, c.data_ptr())
                return c
    _check_tensor("a", a)
    _check_tensor("b", b)
    if a.dtype != b.dtype:
        raise TypeError(f"a is {a.dtype} and b is {b.dtype}; gemm_opt.matmul needs one input dtype")
    if a.device != b.device:
        raise ValueError(f"a is on {a.device} and b on {b.device}")
    if a.dim() == 0 or b.dim() == 0:
        raise ValueError("matmul needs tensors of at least one dimension")
    if activation is not None and activation not in ACTIVATIONS:
        raise ValueError(f"unknown activation {activation!r}; one of {ACTIVATIONS}")
    requested, out_dtype = out_dtype, a.dtype if out_dtype is None else out_dtype
    if dtype_name(out_dtype) is None:
        raise TypeError(f"out_dtype {out_dtype} is not supported (float32, float16, bfloat16)")
    if bias is not None:
        _check_tensor("bias", bias)
    a2d, b2d = (a.unsqueeze(0) if a.dim() == 1 else a), (b.unsqueeze(-1) if b.dim() == 1 else b)
    if a2d.shape[-1] != b2d.shape[-2]:
        raise ValueError(f"matmul: shapes {tuple(a.shape)} and {tuple(b.shape)} do not agree on K "
                         f"({a2d.shape[-1]} != {b2d.shape[-2]})")
    import torch
    in_type = dtype_name(a.dtype)
    # The kernel writes C in the output dtype when it can (f32, or the
    # inputs' f16/bf16 without an epilogue); otherwise in f32, converted after.
    if bias is None and activation is None and in_type != "f32" and out_dtype in (a.dtype, torch.float32):
        c_type = dtype_name(out_dtype)
    else:
        c_type = "f32"
    options = {"allow_tf32": True} if allow_tf32 else None
    m, k, n = a2d.shape[-2], a2d.shape[-1], b2d.shape[-1]
    # A bias of N and the activation go into the kernel's epilogue (one pass
    # over C, written in out_dtype) where B is one matrix.
    fuse = ((bias is not None or activation is not None) and b2d.dim() == 2 and
            (bias is None or (bias.dim() == 1 and bias.shape[0] == n)))
    if a.dim() == 2 and b.dim() == 2 and m and n and k and not fuse:  # the plain call: no reshapes
        c, layout = _launch_matmul(a, b, c_type, stage, options)
        # Only calls that passed the caller's storage (no dense copies).
        direct = all(t.is_contiguous() or letter == "t" for t, letter in zip((a, b), layout))
        if bias is None and activation is None and c.dtype == out_dtype and direct:
            kern = kernel_for("matmul", (m, n, k), in_type, c_type, stage, options, a.device.index, layout)
            _plain[(a.shape, b.shape, a.stride(), b.stride(), a.dtype, b.dtype, a.get_device(), b.get_device(),
                    requested, stage, allow_tf32)] = (kern.fast_launcher(a.device.index), c.shape, c.dtype)
    elif b2d.dim() == 2:
        lead = a2d.shape[:-2]
        flat = a2d.reshape(math.prod(a2d.shape[:-1]), k)  # not -1: K may be 0
        if flat.shape[0] == 0 or n == 0 or k == 0:
            c = torch.zeros((flat.shape[0], n), dtype=torch_dtype(c_type), device=a.device)
        elif fuse:
            c = _launch_fused(flat, b2d, bias, activation, dtype_name(out_dtype), stage, options)
            bias = activation = None  # applied
        else:
            c = _launch_matmul(flat, b2d, c_type, stage, options)[0]
        c = c.reshape(*lead, m, n)
    elif a2d.dim() == 3 and b2d.dim() == 3 and a2d.shape[0] == b2d.shape[0] and 1 < a2d.shape[0] <= mlir.MAX_BATCH \
            and m and n and k:
        # One batch dimension on both sides: one batched kernel.
        c = _launch_matmul(a2d, b2d, c_type, stage, options)[0]
    else:
        lead = torch.broadcast_shapes(a2d.shape[:-2], b2d.shape[:-2])
        ab = a2d.expand(*lead, m, k).reshape(-1, m, k)
        bb = b2d.expand(*lead, k, n).reshape(-1, k, n)
        c = torch.zeros((ab.shape[0], m, n), dtype=torch_dtype(c_type), device=a.device)
        if m and n and k:
            for i in range(ab.shape[0]):
                c[i] = _launch_matmul(ab[i], bb[i], c_type, stage, options)[0]
        c = c.reshape(*lead, m, n)
    if b.dim() == 1:
        c = c.squeeze(-1)
    if a.dim() == 1:
        c = c.squeeze(-2)
    if bias is not None:
        c = c + bias.to(c.dtype)
    if activation is not None:
        c = _activate(c, activation)
    return c if c.dtype == out_dtype else c.to(out_dtype)


def _activate(x, activation):
    import torch.nn.functional as F
    if activation == "gelu_tanh":
        return F.gelu(x, approximate="tanh")
    return getattr(F, activation)(x)


def linear(x, weight, bias=None, *, activation=None, stage="best", allow_tf32=False):
    """torch.nn.functional.linear: x @ weight.T + bias, weight of shape
    (out_features, in_features). A dense weight is B stored transposed
    (layout "nt"): it is read in place, not copied."""
    _check_tensor("weight", weight)
    if weight.dim() != 2:
        raise ValueError(f"linear: weight must be 2-D (out_features, in_features), got {tuple(weight.shape)}")
    return matmul(x, weight.t(), bias=bias, activation=activation, stage=stage,
                  allow_tf32=allow_tf32)


def softmax(x, dim=-1, *, dtype=None, stage="best"):
    """torch.softmax(x, dim, dtype=dtype) for float32/float16/bfloat16 CUDA
    tensors, in dtype (default x's; arithmetic in f32). As torch, x is cast
    to dtype first: float32 from a 16-bit x is exact, so one kernel reads x
    as it is and writes float32 (softmax(x, dtype=torch.float32), Hugging
    Face's attention); other dtypes cast x, then run the softmax of that
    type. A row of all -inf gives NaN, as torch."""
    try:
        out = x.dtype if dtype is None else dtype
        launch = _plain_softmax.get((x.shape, x.dtype, out, x.get_device(), dim, stage))
    except (AttributeError, TypeError):  # not a tensor: the checks below say so
        launch = None
    if launch is not None and x.is_contiguous():
        px = x.data_ptr()
        if not px & 15:
            y = x.new_empty(x.shape, dtype=out)
            launch(px, y.data_ptr())
            return y
    _check_tensor("x", x)
    if dtype is not None and dtype != x.dtype:
        if dtype_name(dtype) not in ("f32", "f16", "bf16"):
            raise TypeError(f"softmax: dtype {dtype} is not supported (float32, float16, bfloat16)")
        if dtype_name(dtype) != "f32" or dtype_name(x.dtype) == "f32":
            return softmax(x.to(dtype), dim, stage=stage)
    if x.dim() == 0:
        raise ValueError("softmax needs a tensor of at least one dimension")
    dim_arg = dim
    dim = dim + x.dim() if dim < 0 else dim
    if not 0 <= dim < x.dim():
        raise IndexError(f"softmax: dim {dim} out of range for a {x.dim()}-D tensor")
    import torch
    out = x.dtype if dtype is None else dtype
    if x.numel() == 0:  # before the reshape: -1 is ambiguous over 0 elements
        return torch.empty_like(x, dtype=out)
    moved = x.movedim(dim, -1) if dim != x.dim() - 1 else x
    cols = moved.shape[-1]
    flat = moved.reshape(-1, cols)
    t = dtype_name(x.dtype)
    device = x.device.index
    kern = kernel_for("softmax", (flat.shape[0], cols), t, dtype_name(out), stage, None, device)
    y = torch.empty(flat.shape, dtype=out, device=x.device)
    kern.launch([_dense(flat), y], device)
    if moved is x:
        _plain_softmax[(x.shape, x.dtype, out, x.get_device(), dim_arg, stage)] = kern.fast_launcher(device)
    y = y.reshape(moved.shape)
    return y.movedim(-1, dim) if moved is not x else y
