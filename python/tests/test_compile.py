"""gemm_opt.compile: PTX, manifest and plan on the Kernel, stage choice,
options, and compile errors with their file:line:col."""
import pytest

import gemm_opt
from gemm_opt import compiler, mlir, tools
from gemm_opt.compilation import capability_of, chip_for

from helpers import INPUTS

needs_gemm_opt = pytest.mark.skipif(tools.find_tool("gemm-opt", required=False) is None,
                                    reason="gemm-opt is not built here (the GPU bundle compiles with gemm-run)")


def test_compile_text_gives_ptx_manifest_and_plan():
    k = gemm_opt.compile(mlir.matmul_source(64, 48, 32, "f32", "f32"), stage="reg2d")
    assert ".entry" in k.ptx
    assert k.manifest["format"] == "gemm-opt-manifest" and k.stage == "reg2d" and k.op == "matmul"
    assert k.problem == {"m": 64, "n": 48, "k": 32, "beta": 0, "a": "f32", "b": "f32", "c": "f32"}
    assert [(b["name"], b["role"], b["shape"]) for b in k.arguments] == [
        ("A", "A", [64, 32]), ("B", "B", [32, 48]), ("C", "C", [64, 48])]
    assert [b["name"] for b in k.inputs] == ["A", "B"] and [b["name"] for b in k.outputs] == ["C"]
    if tools.find_compiler()[0] == "gemm-opt":
        assert set(k.plan) == {"simt_plan"}
        assert k.plan["simt_plan"]["bk"] == 8 and k.plan["simt_plan"]["warp_tiled"] is False


@needs_gemm_opt
def test_plan_of_the_wgmma_kernel():
    k = gemm_opt.compile(mlir.matmul_source(4096, 4096, 4096, "bf16", "f32"), stage="wgmma")
    assert k.chip == "sm_90a" and k.uses_tensormaps
    plan = k.plan["wgmma_plan"]
    # The manifest's launch is the plan's: threads (consumer warpgroups and
    # the producer) and dynamic shared memory (the ring, the TMA-store
    # boxes, 1 KB of alignment slack).
    kern = k.manifest["kernels"][-1]
    assert kern["block"][0] == 128 * (plan["warpgroups"] + plan["warp_specialized"])
    ring = plan["stages"] * (plan["bm"] + plan["bn"]) * plan["bk"] * plan["elem_bytes"]
    boxes = plan["warpgroups"] * 2 * 64 * 128 if plan.get("tma_store") else 0
    assert kern["dynamic_shared_memory"] == ring + boxes + 1024


@needs_gemm_opt
def test_tuning_device_picks_that_gpus_plans():
    """The committed tuning database holds plans of the H200 and of the
    H100 where their best differ: 2048x5120x5120 bf16 (B N x K) gets the
    H100's 128x256 tiles with stream-K for that GPU, the H200's 128x128
    ones without a device (the reference) or for a GPU the database lacks
    (A100: the H200's stand in)."""
    src = mlir.matmul_source(2048, 5120, 5120, "bf16", "bf16", "nt")
    h100 = gemm_opt.compile(src, stage="wgmma", tuning_device="NVIDIA H100 80GB HBM3")
    default = gemm_opt.compile(src, stage="wgmma")
    other = gemm_opt.compile(src, stage="wgmma", tuning_device="NVIDIA A100-SXM4-80GB")
    assert h100.plan["wgmma_plan"]["bn"] == 256 and h100.plan["wgmma_plan"].get("stream_k") is True
    assert default.plan["wgmma_plan"]["bn"] == 128 and "stream_k" not in default.plan["wgmma_plan"]
    assert other.plan == default.plan
    assert "measured on NVIDIA H100 80GB HBM3" in h100.log
    assert h100.cache_key != default.cache_key


def test_compile_path_and_best_stage():
    path = INPUTS / "matmul-bf16-17x33x65.mlir"
    k = gemm_opt.compile(str(path))  # best on sm_90: wgmma (kept on mma.sync here, with a remark)
    assert k.stage == "wgmma" and k.chip == "sm_90a"
    if tools.find_compiler()[0] == "gemm-opt":  # gemm-run prints diagnostics only on errors
        assert "mma.sync" in k.log and str(path) in k.log
    assert not k.uses_tensormaps
    assert gemm_opt.compile(path, stage="best", chip="sm_80").stage == "mma"


def test_option_allow_tf32_changes_the_kernel():
    src = mlir.matmul_source(256, 256, 256, "f32", "f32")
    plain = gemm_opt.compile(src, stage="wgmma")
    tf32 = gemm_opt.compile(src, stage="wgmma", options={"allow_tf32": True})
    assert not plain.uses_tensormaps
    assert tf32.uses_tensormaps and len(tf32.manifest["kernels"]) == 2  # B transposed first
    with pytest.raises(ValueError, match="unknown compile option"):
        gemm_opt.compile(src, options={"tf32": True})


def test_softmax_compiles_to_softmax_rows():
    k = gemm_opt.compile(mlir.softmax_source(33, 1000, "f16"))
    assert k.stage == "softmax-rows" and k.op == "softmax"
    assert k.problem == {"rows": 33, "cols": 1000, "x": "f16", "y": "f16"}
    assert [b["role"] for b in k.inputs] == ["X"] and [b["role"] for b in k.outputs] == ["Y"]


@pytest.mark.parametrize("x,y", [("f16", "f32"), ("f32", "bf16"), ("bf16", "f16")])
def test_softmax_of_two_types_compiles(x, y):
    """softmax_source with an output type of its own: a gemm_opt.softmax,
    whose manifest says X's and Y's types."""
    src = mlir.softmax_source(7, 1000, x, y)
    assert "gemm_opt.softmax" in src and compiler.describe(src) == ("softmax", x)
    k = gemm_opt.compile(src)
    assert k.stage == "softmax-rows" and k.problem == {"rows": 7, "cols": 1000, "x": x, "y": y}
    assert [(b["role"], b["elem"]) for b in k.manifest["buffers"]] == [("X", x), ("Y", y)]
    assert "linalg.softmax" in mlir.softmax_source(7, 1000, x, x)


def test_compile_error_carries_file_line_col():
    path = INPUTS / "matmul-invalid-i32.mlir"
    with pytest.raises(gemm_opt.CompileError) as e:
        gemm_opt.compile(str(path), stage="naive")
    errors = [d for d in e.value.diagnostics if d.severity == "error"]
    assert errors and errors[0].file == str(path)
    line = errors[0].line
    assert "linalg.matmul" in path.read_text().splitlines()[line - 1]
    assert errors[0].col >= 1
    assert f"{path}:{line}:{errors[0].col}: error:" in str(e.value)


def test_compile_error_in_text_names_string():
    src = "func.func @f(%a: memref<4x4xf32>) {\n  %0 = arith.addf %a, %a : f32\n  return\n}\n"
    with pytest.raises(gemm_opt.CompileError) as e:
        gemm_opt.compile(src, stage="naive")
    d = [d for d in e.value.diagnostics if d.severity == "error"][0]
    assert (d.file, d.line) == ("<string>", 2)


def test_unknown_stage_is_a_compile_error():
    with pytest.raises(gemm_opt.CompileError, match="no-such-stage"):
        gemm_opt.compile(mlir.matmul_source(8, 8, 8, "f32", "f32"), stage="no-such-stage")


def test_gemm_run_compiles_the_same_kernel(tmp_path, monkeypatch):
    """Through gemm-run (what the GPU machine's bundle has) the PTX and
    manifest are gemm-opt's; only the plan is unknown."""
    gemm_run = tools.find_tool("gemm-run", required=False)
    if gemm_run is None or tools.find_tool("gemm-opt", required=False) is None:
        pytest.skip("needs both gemm-opt and gemm-run")
    src = mlir.matmul_source(100, 72, 40, "f16", "f16")
    by_opt = gemm_opt.compile(src, stage="mma")
    bindir = tmp_path / "bin"
    bindir.mkdir()
    (bindir / "gemm-run").symlink_to(gemm_run)
    monkeypatch.setenv("GEMM_OPT_BINDIR", str(bindir))
    monkeypatch.setenv("GEMM_OPT_BUILD_DIR", str(tmp_path / "no-build"))
    monkeypatch.setenv("PATH", str(tmp_path / "no-path"))
    assert tools.find_compiler() == ("gemm-run", str(bindir / "gemm-run"))
    by_run = gemm_opt.compile(src, stage="mma")
    assert by_run.ptx == by_opt.ptx and by_run.manifest == by_opt.manifest
    assert by_run.plan is None
    with pytest.raises(gemm_opt.CompileError) as e:
        gemm_opt.compile(str(INPUTS / "matmul-invalid-i32.mlir"), stage="naive")
    assert any(d.severity == "error" and d.line > 0 for d in e.value.diagnostics)


@pytest.mark.parametrize("op,dtype,cc,tf32,stage", [
    ("matmul", "bf16", (9, 0), False, "wgmma"), ("matmul", "f32", (9, 0), False, "wgmma"),
    ("matmul", "f16", (8, 0), False, "mma"), ("matmul", "f32", (8, 6), False, "warptile"),
    ("matmul", "f32", (8, 0), True, "mma"), ("matmul", "f16", (7, 5), False, "warptile"),
    ("matmul", "bf16", (10, 0), False, "mma"), ("softmax", "f16", (9, 0), False, "softmax-rows")])
def test_best_stage(op, dtype, cc, tf32, stage):
    assert compiler.best_stage(op, dtype, cc, tf32) == stage


def test_chip_for_capability():
    assert chip_for((9, 0)) == "sm_90" and chip_for((8, 6)) == "sm_86"
    assert chip_for((10, 0)) == "sm_90" and chip_for((8, 8)) == "sm_87"
    assert capability_of("sm_90a") == (9, 0) and capability_of("sm_86") == (8, 6)


def test_describe_reads_op_and_type():
    assert compiler.describe(mlir.matmul_source(4, 5, 6, "bf16", "f32")) == ("matmul", "bf16")
    assert compiler.describe(mlir.softmax_source(4, 5, "f32")) == ("softmax", "f32")


@pytest.mark.parametrize("name,described", [
    ("attention-mask-f16-2x3x130x67x72", ("matmul", "f16")),
    ("attention-batch-f16-3x130x67x259", ("matmul", "f16")),
    ("module-dynamic-bf16", ("matmul", "bf16")),
    ("linear-transpose-bf16-1000x999x777", ("matmul", "bf16")),
    ("softmax-7x1000-bf16", ("softmax", "bf16"))])
def test_describe_takes_the_matmul_of_several_ops(name, described):
    """A function or module with any matmul is described by it (batch
    matmuls, indexing_maps before ins(, a softmax first in the text), so
    that stage "best" is the matmul stage, not softmax-rows."""
    assert compiler.describe((INPUTS / f"{name}.mlir").read_text()) == described


def test_batched_source_compiles_to_a_batched_kernel():
    """mlir.matmul_source(batch=3): a linalg.batch_matmul whose kernel takes
    3-D operands (batch first, B stored N x K per entry) and whose manifest
    records the batch; the grid's z is the batch."""
    src = mlir.matmul_source(40, 24, 16, "bf16", "f32", layout="nt", batch=3)
    assert "linalg.batch_matmul indexing_maps" in src and "memref<3x24x16xbf16>" in src
    assert "linalg.batch_matmul" not in mlir.matmul_source(40, 24, 16, "bf16", "f32", layout="nt")
    k = gemm_opt.compile(src, stage="naive")
    assert k.problem["batch"] == 3 and k.layout == "nt"
    assert [(b["name"], b["shape"]) for b in k.arguments] == [
        ("A", [3, 40, 16]), ("B", [3, 24, 16]), ("C", [3, 40, 24])]
    assert k.manifest["kernels"][0]["grid"][2] == 3
    with pytest.raises(ValueError, match="batch 0 is out of range"):
        mlir.matmul_source(4, 4, 4, "f32", "f32", batch=0)


def test_batch_past_grid_z_compiles_into_grid_x():
    """70000 entries, more than grid z's 65535: the source is built and the
    kernel takes its entries from grid x (gemm-linearize-launch-grids)."""
    src = mlir.matmul_source(32, 40, 24, "f16", "f32", batch=70000)
    k = gemm_opt.compile(src, stage="warptile")
    assert k.problem["batch"] == 70000
    assert k.manifest["kernels"][0]["grid"] == [70000, 1, 1]
    with pytest.raises(ValueError, match="batch 2147483648 is out of range"):
        mlir.matmul_source(4, 4, 4, "f32", "f32", batch=2**31)


@pytest.mark.parametrize("kwargs, error, message", [
    # A stage of several words would pass its own options into the
    # pipeline (a TF32 kernel that Kernel.stage and the cache key call f32).
    ({"stage": "wgmma allow-tf32=1"}, ValueError, "stage must be one stage name"),
    ({"stage": ""}, ValueError, "stage must be one stage name"),
    ({"chip": "banana"}, ValueError, "unsupported chip 'banana'"),
    ({"chip": "sm_90 allow-tf32=1", "stage": "mma"}, ValueError, "unsupported chip"),
    # A quote would end the pass option the name is handed in.
    ({"tuning_device": "H100' tuning-db='x"}, ValueError, "tuning_device must be a GPU's name"),
    ({"tuning_device": 90}, ValueError, "tuning_device must be a GPU's name"),
])
def test_stage_and_chip_are_checked(kwargs, error, message):
    src = mlir.matmul_source(40, 24, 16, "f32", "f32")
    with pytest.raises(error, match=message):
        gemm_opt.compile(src, **kwargs)


@pytest.mark.parametrize("source, error, message", [
    ("", ValueError, "source is empty"),
    ("   \n", ValueError, "source is empty"),
    (b"func.func @f() { return }", TypeError, "not bytes"),
    (None, TypeError, "not NoneType"),
])
def test_source_is_checked(source, error, message):
    with pytest.raises(error, match=message):
        gemm_opt.compile(source, stage="naive")


@pytest.mark.parametrize("activation", [None] + list(gemm_opt.ACTIVATIONS))
def test_fused_matmul_source_fuses_bias_and_activation(activation):
    """The functional API's source of a matmul with a bias and an
    activation compiles to one kernel whose epilogue holds both (the bias a
    vector of the columns, read in its own dtype), C in the output dtype."""
    src = mlir.fused_matmul_source(40, 24, 16, "bf16", "bf16", "nt", "f32", activation)
    k = gemm_opt.compile(src, stage="warptile")
    steps = [{"op": "add", "operand": "E0", "broadcast": "col"}]
    if activation:
        steps.append({"op": {"gelu": "gelu_erf"}.get(activation, activation)})
    assert k.problem["epilogue"] == steps and k.problem["c"] == "bf16" and k.layout == "nt"
    assert [(b["role"], b["elem"]) for b in k.arguments] == [("A", "bf16"), ("B", "bf16"), ("C", "bf16"),
                                                               ("E0", "f32")]
    assert k.manifest["arguments"] == ["A", "B", "E0"]


@pytest.mark.parametrize("stage", ["warptile", "wgmma"])
def test_attention_source_grouped_kv(stage):
    """Grouped-query attention (8 query heads over 2 key heads, kv_group
    4) with a mask over the queries: K and V are taken as their 2 heads,
    the scores keep an entry per query head reading K's entry z / 4
    (b_group 4) with the mask in the epilogue, P V (no mask) stacks the 4
    query heads of a key head as one entry's rows."""
    src = mlir.attention_source(8, 40, 24, 32, 16, "bf16", 0.125, "bf16", ("shared", 1), kv_group=4)
    f = gemm_opt.compile(src, stage=stage)
    scores, _, pv = (o["problem"] for o in f.ops)
    assert (scores["batch"], scores["b_group"], scores["m"], scores["n"]) == (8, 4, 40, 24)
    assert (pv["batch"], pv["m"], "b_group" in pv) == (2, 160, False)
    assert [b["shape"] for b in f.arguments] == [[8, 40, 32], [2, 24, 32], [2, 24, 16], [40, 24]]


@pytest.mark.parametrize("dtype,mask_type", [("bf16", "f32"), ("f16", "f16"), ("bf16", None), ("f32", "f32")])
def test_attention_source_is_three_kernels(dtype, mask_type):
    """scaled_dot_product_attention's source: Q K^T (K read transposed in
    place) with the scale and the mask (one matrix for every head) in its
    epilogue, the softmax, P V cast in its epilogue; odd sizes, V's width
    not the head's."""
    src = mlir.attention_source(6, 130, 67, 72, 40, dtype, 0.125, mask_type)
    f = gemm_opt.compile(src, stage="wgmma" if dtype != "f32" else "warptile")
    assert [o["op"] for o in f.ops] == ["matmul", "softmax", "matmul"]
    scores, softmax, pv = (o["problem"] for o in f.ops)
    steps = [{"op": "mul", "scalar": 0.125}]
    if mask_type:
        steps.append({"op": "add", "operand": "E0", "broadcast": "batch"})
    assert scores["epilogue"] == steps and scores["layout"] == "nt" and scores["c"] == dtype
    assert (scores["batch"], scores["m"], scores["n"], scores["k"]) == (6, 130, 67, 72)
    assert (softmax["rows"], softmax["cols"], softmax["y"]) == (780, 67, dtype)
    assert (pv["batch"], pv["m"], pv["n"], pv["k"], pv["c"]) == (6, 130, 40, 67, dtype)
    shapes = [(b["elem"], b["shape"]) for b in f.arguments]
    assert shapes == [(dtype, [6, 130, 72]), (dtype, [6, 67, 72]), (dtype, [6, 67, 40])] + (
        [(mask_type, [130, 67])] if mask_type else [])


@pytest.mark.parametrize("scale", [1e-5, 3.0, 1 / 72 ** 0.5])
def test_attention_source_scale_literals(scale):
    """Any finite scale reads back as MLIR's float literal (1e-05 without a
    point would not parse), rounded to f32 in the epilogue."""
    f = gemm_opt.compile(mlir.attention_source(2, 8, 8, 16, 16, "bf16", scale), stage="mma")
    got = f.ops[0]["problem"]["epilogue"][0]["scalar"]
    assert abs(got - scale) <= 1e-7 * abs(scale)


@pytest.mark.parametrize("form, lead, results, read", [
    (("shared", 1), [], "i, j", {"broadcast": "batch"}),
    (("entry", 1), [6], "b, i, j", {"broadcast": "none"}),
    (("group", 3), [2], "b floordiv 3, i, j", {"broadcast": "group", "span": 3}),
    (("group", 2), [3], "b floordiv 2, i, j", {"broadcast": "group", "span": 2}),
    (("cycle", 3), [3], "b mod 3, i, j", {"broadcast": "cycle", "span": 3}),
    (("cycle", 2), [2], "b mod 2, i, j", {"broadcast": "cycle", "span": 2}),
    # A span of 1 or of every entry: the per-entry or the shared form.
    (("group", 1), [6], "b, i, j", {"broadcast": "none"}),
    (("group", 6), [], "i, j", {"broadcast": "batch"}),
    (("cycle", 1), [], "i, j", {"broadcast": "batch"}),
    (("cycle", 6), [6], "b, i, j", {"broadcast": "none"}),
    # Vectors over the keys (key-padding masks): per sequence of 3 heads,
    # per entry, shared.
    (("group", 3, "keys"), [2], "b floordiv 3, j", {"broadcast": "col", "span": 3}),
    (("entry", 1, "keys"), [6], "b, j", {"broadcast": "col", "span": 1}),
    (("shared", 1, "keys"), [], "j", {"broadcast": "col"})])
def test_attention_source_mask_forms(form, lead, results, read):
    """The mask of each form (attention_mask_read) over 6 entries: its
    tensor type, its affine map, and the scores kernel's epilogue reading
    it as that broadcast (a mask per sequence of 3 heads read per group, a
    bias per head in turn)."""
    src = mlir.attention_source(6, 130, 67, 72, 40, "bf16", 0.125, "f16", form)
    rows = [] if form[2:] == ("keys",) else [130]
    mask = "tensor<" + "".join(f"{d}x" for d in lead + rows) + "67xf16>"
    assert f"%mask: {mask})" in src and f"ins(%s32, %mask : tensor<6x130x67xf32>, {mask})" in src
    assert f"#mask = affine_map<(b, i, j) -> ({results})>" in src
    assert mlir.attention_mask_read(6, form) == (lead, results)
    f = gemm_opt.compile(src, stage="wgmma")
    assert f.ops[0]["problem"]["epilogue"] == [{"op": "mul", "scalar": 0.125},
                                               {"op": "add", "operand": "E0", **read}]
    assert (f.arguments[3]["elem"], f.arguments[3]["shape"]) == ("f16", lead + rows + [67])


@pytest.mark.parametrize("form, message", [
    (("heads", 2), "unknown mask kind 'heads'"),
    (("group", 4), "mask group span 4 is not a divisor of the 6 batch entries"),
    (("cycle", 0), "mask cycle span 0 is not a divisor"),
    (("group", 1.5), "mask group span 1.5 is not a divisor"),
    (("cycle", 3, "keys"), "a key vector per 3 entries in turn"),
    (("group", 3, "rows"), "the third item, when given, is 'keys'")])
def test_attention_mask_read_rejects(form, message):
    with pytest.raises(ValueError, match=message):
        mlir.attention_source(6, 8, 8, 16, 16, "bf16", 0.5, "f32", form)
