#!/usr/bin/env python3
"""Compiles what the GPU lane runs, without a GPU: every `gemm-run` RUN line
of test/GPU/*.test that must exit 0 becomes the same gemm-run with
--compile-only (the options that only timing, checking or AOT reading use
dropped), so that a compile the lane would fail at is found by CI on a
machine without a device.

usage: gpu-lane-compile-only.py GEMM_RUN TEST_GPU_DIR INPUTS_DIR WORK_DIR [-j N]
Prints one line per failing command and a summary; exits 1 if any failed."""
import argparse
import concurrent.futures
import pathlib
import shlex
import subprocess
import sys

# Options that take a value and only matter with a device (or read files of
# an earlier RUN line); dropped with it.
DROP_WITH_VALUE = {"--repeat", "--json", "--warmup", "--sizes", "--tuning-db", "--emit-dir"}
# Options without a value, dropped.
DROP_FLAG = {"--check-only", "--static-peer", "--compile-only"}


def commands(test_dir, inputs):
    """(test name, argument list) of each gemm-run line that must succeed."""
    for test in sorted(pathlib.Path(test_dir).glob("*.test")):
        for line in test.read_text().splitlines():
            if not line.startswith("RUN:") or "gemm-run" not in line:
                continue
            cmd = line[len("RUN:"):].split("|")[0].strip()
            for name, value in (("%inputs", inputs), ("%gemm_opt_src_root", test.parent.parent.parent),
                                ("%S", test.parent)):
                cmd = cmd.replace(name, str(value))
            words = shlex.split(cmd)
            if words[:2] == ["%expect-exit", "0"]:
                words = words[2:]
            elif words[0] != "gemm-run":
                continue  # an expected failure, or another tool
            args, skip = [], False
            it = iter(words[1:])
            for w in it:
                name = w.split("=")[0]
                if name in ("--ptx", "--manifest", "--tune") or "%t" in w and name not in DROP_WITH_VALUE:
                    skip = True  # ahead-of-time reading or tuning: nothing to compile
                if name in DROP_FLAG:
                    continue
                if name in DROP_WITH_VALUE:
                    if "=" not in w:
                        next(it, None)
                    continue
                args.append(w)
            if not skip:
                yield test.name, args


def main():
    p = argparse.ArgumentParser()
    p.add_argument("gemm_run")
    p.add_argument("test_dir")
    p.add_argument("inputs")
    p.add_argument("work")
    p.add_argument("-j", type=int, default=2)
    a = p.parse_args()
    work = pathlib.Path(a.work)
    work.mkdir(parents=True, exist_ok=True)
    jobs = list(commands(a.test_dir, a.inputs))

    def run(index_job):
        i, (test, args) = index_job
        cmd = [a.gemm_run, *args, "--compile-only", "--emit-dir", str(work / str(i))]
        r = subprocess.run(cmd, capture_output=True, text=True)
        return test, cmd, r

    failed = 0
    with concurrent.futures.ThreadPoolExecutor(a.j) as pool:
        for test, cmd, r in pool.map(run, enumerate(jobs)):
            if r.returncode != 0:
                failed += 1
                out = (r.stderr + r.stdout).splitlines()
                why = next((line for line in out if "error" in line), out[-1] if out else "")
                print(f"FAILED {test}: {shlex.join(cmd[1:-2])}\n  {why.strip()[:400]}")
    print(f"gpu-lane-compile-only: {len(jobs)} commands, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
