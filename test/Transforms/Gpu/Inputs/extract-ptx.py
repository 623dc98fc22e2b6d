#!/usr/bin/env python3
"""Prints the PTX of the gpu.binary in an MLIR module read from stdin.

gemm-lower-to-ptx leaves the PTX of a module's kernels in the `assembly`
string of its gpu.binary; a module written by hand has no manifest, so
gemm-emit-kernels cannot write it out, and ptxas needs it as a file. MLIR
escapes the string's quotes, backslashes and non-printable bytes as \\XX
(two hex digits)."""
import re
import sys

text = sys.stdin.read()
m = re.search(r'assembly = "((?:[^"\\]|\\.)*)"', text)
if not m:
    sys.exit("extract-ptx: no gpu.binary with an assembly string")
sys.stdout.write(re.sub(
    r'\\([0-9A-Fa-f]{2}|.)',
    lambda e: chr(int(e.group(1), 16)) if len(e.group(1)) == 2 else e.group(1),
    m.group(1)))
