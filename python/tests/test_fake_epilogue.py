"""Fused epilogues (issue 16) end to end without a GPU: gemm-run (AOT) over
the fake libcuda (fake_cuda/, see test_fake_function.py) checks
matmul_naive_f32_epilogue (test/Runtime/Inputs/reference_kernels.cu: a
scalar, a bias, a row scale, a scaled residual, GELU) against cuBLAS into
f32 with the steps applied on the host, one op alone (version 1) and as the
first op of a function (version 2); the same kernel reading the bias one
column off fails. matmul_nt_bias_gelu_bf16 (bf16, B stored N x K) is also
checked against and timed beside a fake cuBLASLt's GELU_BIAS
(fake_cuda/fake_cublasLt.c computes what cuBLASLt documents, from the
descriptors gemm-run sets)."""
import shutil
import subprocess

import pytest

from test_fake_function import FAKE, INPUTS, edited, gemm_run

EPILOGUE = "alpha=0.5,bias,row-scale,beta=0.25,gelu"


def test_one_op_passes_and_records_its_epilogue(fake_device, tmp_path):
    rc, out, results, launched = gemm_run(fake_device, tmp_path, INPUTS / "matmul_f32_epilogue.json", "--repeat",
                                          "2", "--warmup", "1")
    assert rc == 0, out
    stage = results["stages"][0]
    assert stage["status"] == "PASS" and stage["epilogue"] == EPILOGUE, stage
    assert 0 < stage["error"] <= stage["threshold"] and stage["ref_spot_error"] <= stage["threshold"]
    # cuBLASLt has no such epilogue: not loaded, not timed, a note says why.
    assert results["cublaslt_version"] == 0 and stage["cublaslt_epilogue"] == ""
    assert "bias, bias+relu and bias+gelu (tanh) only" in stage["cublaslt_note"]
    assert f"epilogue {EPILOGUE} (fused; reference: cuBLAS into f32" in out
    assert launched[0] == "matmul_naive_f32_epilogue"


def test_wrong_bias_fails(fake_device, tmp_path):
    def shift(m):
        m["kernels"][0]["params"][-1]["value"] = 1
    rc, out, results, _ = gemm_run(fake_device, tmp_path, edited(tmp_path, "matmul_f32_epilogue.json", shift),
                                   "--check-only")
    assert rc == 1, out
    assert results["stages"][0]["status"] == "FAIL" and "relative Frobenius error" in results["stages"][0]["message"]


def test_reference_follows_the_steps(fake_device, tmp_path):
    # The same kernel checked against a manifest whose steps differ (relu
    # for GELU) fails: the reference applies the manifest's steps.
    def relu(m):
        m["problem"]["epilogue"][-1] = {"op": "relu"}
    rc, out, results, _ = gemm_run(fake_device, tmp_path, edited(tmp_path, "matmul_f32_epilogue.json", relu),
                                   "--check-only")
    assert rc == 1 and results["stages"][0]["epilogue"] == "alpha=0.5,bias,row-scale,beta=0.25,relu", out


def test_function_op_with_epilogue(fake_device, tmp_path):
    rc, out, results, launched = gemm_run(fake_device, tmp_path, INPUTS / "function_f32_epilogue.json", "--repeat",
                                          "2", "--warmup", "1")
    assert rc == 0, out
    stage = results["stages"][0]
    assert stage["status"] == "PASS", out
    assert [(o["op"], o["epilogue"] if o["op"] == "matmul" else None, o["status"]) for o in stage["ops"]] == [
        ("matmul", EPILOGUE, "PASS"), ("softmax", None, "PASS")]
    assert stage["ops"][0]["reference"] == "sgemm-pedantic"


@pytest.fixture(scope="module")
def fake_lt(fake_device):
    cc = shutil.which("clang") or shutil.which("cc") or shutil.which("gcc")
    lib = fake_device / "libcublasLt-fake.so"
    subprocess.run([cc, "-shared", "-fPIC", "-O1", "-o", str(lib), str(FAKE / "fake_cublasLt.c"), "-lm"], check=True)
    return lib


def test_bias_gelu_against_cublaslt(fake_device, fake_lt, tmp_path):
    rc, out, results, launched = gemm_run(fake_device, tmp_path, INPUTS / "matmul_bf16_bias_gelu.json", "--repeat",
                                          "2", "--warmup", "1", GEMM_OPT_CUBLASLT=str(fake_lt))
    assert rc == 0, out
    stage = results["stages"][0]
    assert stage["status"] == "PASS" and stage["epilogue"] == "bias,gelu" and stage["layout"] == "nt", out
    assert results["cublaslt_version"] == 99999 and stage["cublaslt_epilogue"] == "gelu_bias", out
    # Ours against cuBLASLt's output: both round the same f32 values to bf16.
    assert 0 <= stage["cublaslt_error"] <= stage["threshold"], stage
    # The fake events say 1 ms for everything.
    assert (stage["cublaslt_ms"], stage["cublaslt_ms_interleaved"], stage["pct_cublaslt_interleaved"]) == (1, 1, 100)
    assert "il %Lt" in out and "cuBLASLt gelu_bias (Lt columns)" in out
    assert launched[0] == "matmul_nt_bias_gelu_bf16"


def test_wrong_bias_is_far_from_cublaslt(fake_device, fake_lt, tmp_path):
    rc, out, results, _ = gemm_run(fake_device, tmp_path, INPUTS / "matmul_bf16_bias_gelu_wrong.json", "--check-only",
                                   GEMM_OPT_CUBLASLT=str(fake_lt))
    stage = results["stages"][0]
    assert rc == 1 and stage["status"] == "FAIL", out
    assert stage["cublaslt_error"] > stage["threshold"], stage
