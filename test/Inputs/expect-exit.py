#!/usr/bin/env python3
"""Runs a command and checks its exit code: expect-exit.py CODE CMD [ARGS...].

lit's `not` only tells zero from non-zero; gemm-run documents distinct codes.
Prints the command's output so that FileCheck can read it."""
import subprocess
import sys

want = int(sys.argv[1])
proc = subprocess.run(sys.argv[2:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
sys.stdout.write(proc.stdout)
if proc.returncode != want:
    sys.stdout.write(f"expect-exit: wanted exit code {want}, got {proc.returncode}\n")
    sys.exit(1)
