#!/usr/bin/env python3
"""Checks the size limits of docs/architecture.md ("Layout") on C++ sources:
no file over MAX_FILE lines and no function (or lambda spanning its own
lines) over MAX_FUNCTION lines. Prints each violation as FILE:LINE: what;
exits 1 when there is one.

   check-source-limits.py [--max-file N] [--max-function N] DIR_OR_FILE...

Functions are found the way clang-format lays them out: a body opening at
the end of a signature line and closing with a `}` at the signature's
indentation. Good enough for this repository's style; not a C++ parser.
"""
import argparse
import os
import re
import sys

SIGNATURE_END = re.compile(r"\)\s*(const)?\s*(override)?\s*(noexcept)?\s*(->\s*[\w:<>, *&]+)?\s*\{\s*$")
NOT_A_FUNCTION = re.compile(r"^\s*(if|for|while|switch|else|do|catch)\b|^\s*\}?\s*else\b")


def sources(paths):
    for path in paths:
        if os.path.isfile(path):
            yield path
            continue
        for root, _, files in os.walk(path):
            for name in sorted(files):
                if name.endswith((".cpp", ".h")):
                    yield os.path.join(root, name)


def function_spans(lines):
    """(first line, line count) of each function body in `lines`."""
    spans = []
    for i, line in enumerate(lines):
        if not SIGNATURE_END.search(line) or NOT_A_FUNCTION.search(line):
            continue
        # The signature may wrap: its indentation is that of its first line,
        # the first line above with an indentation not deeper than a
        # continuation's and not itself a continuation.
        start = i
        while start > 0 and lines[start - 1].strip() and \
                not lines[start - 1].rstrip().endswith((";", "{", "}")) and \
                not lines[start - 1].lstrip().startswith(("//", "#")):
            start -= 1
        indent = len(lines[start]) - len(lines[start].lstrip())
        closing = re.compile(r"^" + " " * indent + r"\}")
        for j in range(i + 1, len(lines)):
            if closing.match(lines[j]):
                spans.append((start + 1, j - start + 1))
                break
    return spans


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--max-file", type=int, default=600)
    parser.add_argument("--max-function", type=int, default=150)
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    violations = 0
    for path in sources(args.paths):
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        if len(lines) > args.max_file:
            print(f"{path}:1: {len(lines)} lines (limit {args.max_file})")
            violations += 1
        for first, count in function_spans(lines):
            if count > args.max_function:
                print(f"{path}:{first}: a function of {count} lines (limit {args.max_function})")
                violations += 1
    print(f"check-source-limits: {violations} violation(s)")
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
