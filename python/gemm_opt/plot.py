"""Pictures of gemm-run results with matplotlib (Agg: no display needed).

ladder(results): bars of % of cuBLAS per stage (matmul; the interleaved
timing when present) or % of device-copy bandwidth (softmax).
roofline(results): each matmul stage as a point (arithmetic intensity,
TFLOPS) under the roofline of its device and input type.

`results`: one gemm-run result dict (gemm_opt.ladder) or a list of them
(gemm_opt.load_results). Both return the matplotlib Figure and save it when
`path` is given."""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def _runs(results):
    return [results] if isinstance(results, dict) else list(results)


def _problem(run):
    s = run["stages"][0]
    return f"{s['op']} {s['shape']} {s['dtype']}" + (" tf32" if run.get("options", {}).get("tf32") else "")


def metric(stage):
    """(value, label) of a PASSed stage: % of cuBLAS (interleaved when
    timed) for matmul, % of copy bandwidth for softmax; None otherwise."""
    if stage.get("status") != "PASS":
        return None
    if stage["op"] == "softmax":
        value, label = stage.get("pct_copy"), "% of device-copy bandwidth"
    elif stage.get("pct_cublas_interleaved"):
        value, label = stage["pct_cublas_interleaved"], "% of cuBLAS (interleaved)"
    else:
        value, label = stage.get("pct_cublas"), "% of cuBLAS"
    return (value, label) if value else None


def ladder(results, path=None, title=None):
    """Grouped bars: one group per stage (ladder order), one bar per problem."""
    runs = _runs(results)
    stages = []
    for run in runs:
        for s in run["stages"]:
            if metric(s) and s["stage"] not in stages:
                stages.append(s["stage"])
    fig, ax = plt.subplots(figsize=(max(6, 0.9 * len(stages) + 2), 4.2), layout="constrained")
    width = 0.8 / max(1, len(runs))
    ylabel = None
    for i, run in enumerate(runs):
        xs, ys = [], []
        for s in run["stages"]:
            m = metric(s)
            if m:
                xs.append(stages.index(s["stage"]) + (i - (len(runs) - 1) / 2) * width)
                ys.append(m[0])
                ylabel = ylabel or m[1]
        bars = ax.bar(xs, ys, width, label=_problem(run))
        ax.bar_label(bars, fmt="%.0f", fontsize=7)
    ax.axhline(100, color="black", linewidth=0.8, linestyle="--")
    ax.set_xticks(range(len(stages)), stages, rotation=30, ha="right")
    ax.set_ylabel(ylabel or "%")
    device = runs[0].get("device", {}).get("name", "") if runs else ""
    ax.set_title(title or f"gemm-opt ladder on {device}")
    ax.legend(fontsize=8)
    if path:
        fig.savefig(path, dpi=120)
    return fig


def bandwidth_gbs(device):
    """Theoretical DRAM bandwidth from the device's memory clock and bus
    width (double data rate), in GB/s."""
    return 2 * device["mem_clock_khz"] * 1e3 * device["bus_width_bits"] / 8 / 1e9


def roofline(results, path=None, title=None):
    """Each PASSed matmul stage (and cuBLAS) at (arithmetic intensity,
    TFLOPS), under min(peak, intensity x bandwidth) of each input type."""
    import numpy as np
    runs = [r for r in _runs(results) if r["stages"] and r["stages"][0]["op"] == "matmul"]
    fig, ax = plt.subplots(figsize=(10, 5.5), layout="constrained")
    markers = "osD^v<>ph*"
    roofs, colors, xs = {}, {}, []
    cycle = matplotlib.colormaps["tab20"].colors  # more colors than stages
    for i, run in enumerate(runs):
        bw = bandwidth_gbs(run["device"])
        for s in run["stages"]:
            if s.get("status") != "PASS" or not s.get("tflops"):
                continue
            roofs[s["peak_tflops"]] = (bw, _problem(run).split()[-1])
            color = colors.setdefault(s["stage"], cycle[len(colors) % len(cycle)])
            ax.scatter(s["arithmetic_intensity"], s["tflops"], color=color, marker=markers[i % len(markers)],
                       zorder=3)
            xs.append(s["arithmetic_intensity"])
        cublas = [s for s in run["stages"] if s.get("cublas_tflops")]
        if cublas:
            ax.scatter(cublas[0]["arithmetic_intensity"], cublas[0]["cublas_tflops"], color="black",
                       marker=markers[i % len(markers)], facecolors="none", s=80, zorder=4)
    if xs:
        x = np.logspace(np.log10(min(xs) / 8), np.log10(max(xs) * 8), 200)
        for peak, (bw, kind) in sorted(roofs.items()):
            ax.plot(x, np.minimum(peak, x * bw / 1e3), color="gray", linewidth=1)
            ax.annotate(f"{kind} peak {peak:.0f} TFLOPS", (x[-1], peak), ha="right", va="bottom", fontsize=8)
    for stage, color in colors.items():
        ax.scatter([], [], color=color, label=stage)
    for i, run in enumerate(runs):
        ax.scatter([], [], color="gray", marker=markers[i % len(markers)], label=_problem(run))
    ax.scatter([], [], color="black", facecolors="none", s=80, label="cuBLAS")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("arithmetic intensity (FLOP per byte of A, B and C)")
    ax.set_ylabel("TFLOPS")
    device = runs[0]["device"]["name"] if runs else ""
    ax.set_title(title or f"gemm-opt stages under the roofline, {device}")
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1))
    if path:
        fig.savefig(path, dpi=120)
    return fig
