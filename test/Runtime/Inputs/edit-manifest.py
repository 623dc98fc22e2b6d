#!/usr/bin/env python3
"""Prints a JSON manifest after Python statements on it: edit-manifest.py FILE STMT.

The manifest is `m` (parsed JSON), e.g. 'm["kernels"][0]["grid"] = [1, 70000, 1]'.
Lets each hostile-manifest case of the lit tests be one readable line."""
import json
import sys

with open(sys.argv[1]) as f:
    m = json.load(f)
exec(sys.argv[2], {"m": m})
json.dump(m, sys.stdout, indent=2)
sys.stdout.write("\n")
