"""python -m gemm_opt ladder --shape 4096x4096x4096 --dtype bf16 --plot ladder.png
python -m gemm_opt plot RESULTS... [--ladder FILE] [--roofline FILE]
python -m gemm_opt cache dir|clear"""
import argparse
import json
import sys

from . import cache
from .errors import GemmOptError
from .ladder import ladder, load_results


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m gemm_opt", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)
    lad = sub.add_parser("ladder", help="run gemm-run on one problem, print and plot the results")
    lad.add_argument("--shape", required=True, help="MxNxK (matmul) or RxC (softmax)")
    lad.add_argument("--dtype", default="f32", choices=["f32", "f16", "bf16"])
    lad.add_argument("--stages", default="all")
    lad.add_argument("--tf32", action="store_true")
    lad.add_argument("--layout", choices=["nn", "nt", "tn", "tt"], help="matmul operand layout (gemm-run --layout)")
    lad.add_argument("--json", help="also write the results here")
    lad.add_argument("--plot", help="PNG of %% of cuBLAS per stage")
    lad.add_argument("--roofline", help="PNG of the stages under the roofline")
    pl = sub.add_parser("plot", help="draw the pictures from gemm-run JSON files or directories")
    pl.add_argument("results", nargs="+")
    pl.add_argument("--ladder", help="PNG of %% of cuBLAS per stage")
    pl.add_argument("--roofline", help="PNG of the stages under the roofline")
    ca = sub.add_parser("cache", help="the kernel cache")
    ca.add_argument("action", choices=["dir", "clear"])
    args = p.parse_args(argv)

    if args.command == "cache":
        if args.action == "clear":
            cache.clear()
        print(cache.cache_dir())
        return 0
    try:
        if args.command == "ladder":
            results = ladder(args.shape, args.dtype, args.stages, tf32=args.tf32, layout=args.layout)
            print(results.pop("output"), end="")
            if args.json:
                with open(args.json, "w") as f:
                    json.dump(results, f, indent=1)
            runs = results
        else:
            runs = load_results(*args.results)
            if not runs:
                print("no gemm-run results in " + " ".join(args.results), file=sys.stderr)
                return 2
        from . import plot
        if args.command == "ladder" and args.plot:
            plot.ladder(runs, path=args.plot)
        if args.command == "plot" and args.ladder:
            plot.ladder(runs, path=args.ladder)
        if args.roofline:
            plot.roofline(runs, path=args.roofline)
    except GemmOptError as e:
        print(f"gemm_opt: {e}", file=sys.stderr)
        return 3 if type(e).__name__ == "NoDeviceError" else 2
    except OSError as e:  # a picture that cannot be written, say
        print(f"gemm_opt: {e}", file=sys.stderr)
        return 2
    return results.get("exit_code", 0) if args.command == "ladder" else 0


if __name__ == "__main__":
    sys.exit(main())
