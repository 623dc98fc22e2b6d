"""benchmarks/suite-table.py's Triton peer row and --ahead-of report from
small hand-made JSON files, and benchmarks/triton-peer.py's options and
suite parsing (no GPU, no torch or triton needed)."""
import importlib.util
import json
import math

import pytest

from helpers import REPO

BENCH = REPO / "benchmarks"


def load(name):
    spec = importlib.util.spec_from_file_location(name.replace("-", "_"), BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


suite_table = load("suite-table")
peer_mod = load("triton-peer")


def write(path, obj):
    path.write_text(json.dumps(obj))
    return str(path)


def gemm_run_json(rows, layout="nt"):
    """A gemm-run --suite JSON: (shape, status, pct) per line, its summary as
    gemm-run writes it."""
    stages = [{"op": "matmul", "stage": "wgmma", "dtype": "bf16,bf16->f32", "layout": layout, "shape": s,
               "status": st, "pct_cublas_interleaved": p} for s, st, p in rows]
    summary = suite_table.summarize([(s, st == "PASS", p) for s, st, p in rows])
    return {"stages": stages, "suite": {"file": "x.txt", "stages": {"wgmma": summary}}}


def peer_json(rows, layout="nt"):
    return {"format": "triton-peer-results", "stage": "triton", "dtype": "bf16,bf16->bf16", "layout": layout,
            "results": [{"shape": s, "status": st, "pct_of_cublas": p} for s, st, p in rows]}


PEER = [("1x64x64", "PASS", 50.0), ("1x128x64", "PASS", 200.0), ("8x64x64", "PASS", 80.0),
        ("8x128x64", "FAIL", 0.0)]
OURS = [("1x64x64", "PASS", 60.0), ("1x128x64", "PASS", 150.0), ("8x64x64", "PASS", 90.0),
        ("8x128x64", "PASS", 70.0), ("8x256x64", "FAIL", 0.0)]


def test_summarize_geomeans_and_worst():
    s = suite_table.summarize([(s, st == "PASS", p) for s, st, p in PEER])
    assert s["by_m"] == {"1": pytest.approx(100.0), "8": pytest.approx(80.0)}
    assert s["geomean_pct_cublas_interleaved"] == pytest.approx((50 * 200 * 80) ** (1 / 3))
    assert (s["shapes"], s["not_timed"]) == (3, 1)
    assert (s["worst_pct_cublas_interleaved"], s["worst_shape"]) == (50.0, "1x64x64")


def test_summarize_matches_gemm_run():
    # Suite.cpp's summary of a committed H200 run, recomputed from its lines.
    results = json.load(open(BENCH / "results" / "2026-12-02-suite-few-waves" / "bf16-nt.json"))
    ours = suite_table.summarize(suite_table.gemm_run_rows(results, "wgmma"))
    theirs = results["suite"]["stages"]["wgmma"]
    assert ours["by_m"] == pytest.approx(theirs["by_m"])
    assert ours["geomean_pct_cublas_interleaved"] == pytest.approx(theirs["geomean_pct_cublas_interleaved"])
    assert ours["worst_shape"] == theirs["worst_shape"] and ours["shapes"] == theirs["shapes"] == 56


def test_peer_row(tmp_path, capsys):
    suite_table.main(["now=" + write(tmp_path / "ours.json", gemm_run_json(OURS)),
                      "--peer", write(tmp_path / "peer.json", peer_json(PEER))])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "| run | dtype | layout | stage | M = 1 | M = 8 | all | worst |"
    ours_all = (60 * 150 * 90 * 70) ** 0.25
    assert lines[2] == (f"| now | bf16,bf16->f32 | nt | wgmma | {math.sqrt(60 * 150):.1f} | "
                        f"{math.sqrt(90 * 70):.1f} | {ours_all:.1f} | 60.0 (1x64x64) |")
    assert lines[3] == (f"| Triton (peer) | bf16,bf16->bf16 | nt | triton | 100.0 | 80.0 | "
                        f"{(50 * 200 * 80) ** (1 / 3):.1f} | 50.0 (1x64x64) |")
    assert len(lines) == 4  # no report without --ahead-of


def test_ahead_of_report(tmp_path, capsys):
    suite_table.main(["now=" + write(tmp_path / "ours.json", gemm_run_json(OURS)), "--ahead-of",
                      "--peer", write(tmp_path / "peer.json", peer_json(PEER))])
    report = capsys.readouterr().out.split("\n\n", 1)[1].splitlines()
    assert report[0].startswith("now, nt, stage wgmma: ahead of Triton (peer) on 2 of 5 suite shapes")
    # Behind on 1x128x64; 8x128x64 failed for Triton, 8x256x64 for us and is
    # missing from the peer: only a shape both passed and ours beat counts.
    assert report[1] == ("  not ahead (ours vs Triton's %): 1x128x64 (150.0 vs 200.0), "
                         "8x128x64 (70.0 vs failed), 8x256x64 (failed vs missing)")


def test_ahead_of_all_ahead_lists_nothing():
    rows = suite_table.gemm_run_rows(gemm_run_json(OURS[:1]), "wgmma")
    lines = suite_table.ahead_of("x", "nt", "wgmma", rows, peer_json(PEER))
    assert lines == ["x, nt, stage wgmma: ahead of Triton (peer) on 1 of 1 suite shapes (% of cuBLAS, "
                     "interleaved, each against cuBLAS in its own run)"]


def test_ahead_of_needs_the_same_layout_and_both_files(tmp_path, capsys):
    ours = write(tmp_path / "ours.json", gemm_run_json(OURS, layout="nn"))
    peer = write(tmp_path / "peer.json", peer_json(PEER, layout="nt"))
    suite_table.main(["now=" + ours, "--peer", peer, "--ahead-of"])
    assert capsys.readouterr().out.endswith("now, nn, stage wgmma: no --peer file of layout nn\n")
    with pytest.raises(SystemExit):
        suite_table.main(["now=" + ours, "--ahead-of"])


def test_peer_options():
    args = peer_mod.parse_args([])
    assert (args.layout, args.json, args.max_shapes, args.repeat) == ("nt", None, None, 20)
    assert args.suite.endswith("suites/llm-layers.txt") and args.budget_s == 120
    args = peer_mod.parse_args(["--suite", "s.txt", "--layout", "nn", "--json", "o.json", "--max-shapes", "3",
                                "--budget-s", "30"])
    assert (args.suite, args.layout, args.json, args.max_shapes, args.budget_s) == ("s.txt", "nn", "o.json", 3, 30)
    for bad in (["--layout", "tn"], ["--max-shapes", "0"], ["--budget-s", "x"]):
        with pytest.raises(SystemExit):
            peer_mod.parse_args(bad)


def test_peer_parses_the_suite_as_gemm_run_does():
    shapes = peer_mod.parse_suite((BENCH / "suites" / "llm-layers.txt").read_text())
    assert len(shapes) == 56 and shapes[0] == (1, 15360, 5120) and shapes[-1] == (8192, 8192, 28672)
    assert peer_mod.parse_suite("# c\n\n 4 5 6  # tail\n7 8 9\n") == [(4, 5, 6), (7, 8, 9)]
    for text, message in (("1 2\n", "line 1"), ("# x\n1 2 3\n1 2 x\n", "line 3"), ("0 1 1\n", "line 1"),
                          ("1 2 3 4\n", "line 1"), ("# only\n", "no shapes")):
        with pytest.raises(ValueError, match=message):
            peer_mod.parse_suite(text)


def test_peer_configs_and_rotation():
    assert all(c[0] <= 32 for c in peer_mod.configs_for(1)) and len(peer_mod.configs_for(8)) == 4
    assert peer_mod.configs_for(128) == peer_mod.CONFIGS and len(peer_mod.CONFIGS) == 9
    assert all(c[0] >= 64 for c in peer_mod.configs_for(8192))
    a, b = peer_mod.CONFIGS[0], peer_mod.CONFIGS[3]
    assert peer_mod.fallback_config(32, {}) == peer_mod.CONFIGS[4]
    assert peer_mod.fallback_config(32, {8: [a, b, b], 512: [a]}) == b  # nearest M on a log scale
    assert peer_mod.fallback_config(2048, {8: [a]}) == peer_mod.CONFIGS[7]  # a 16-row tile is no candidate
    assert peer_mod.rotation_sets(1 << 20, 60 << 20) == peer_mod.MAX_SETS
    assert peer_mod.rotation_sets(50 << 20, 60 << 20) == 4 and peer_mod.rotation_sets(8 << 30, 60 << 20) == 1


def test_peer_imports_without_triton():
    if peer_mod.triton is not None:
        pytest.skip("triton is installed here")
    with pytest.raises(SystemExit, match="needs torch and triton"):
        peer_mod.main(["--max-shapes", "1"])
