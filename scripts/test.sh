#!/usr/bin/env bash
# Sets up (scripts/setup.sh), builds and runs every test: the lit suite
# (FileCheck IR tests, ptxas on every emitted PTX, the runtime unit tests, and
# the GPU lane, which is UNSUPPORTED without a CUDA device), the CMake
# package (scripts/test-cmake-package.sh: install, then build and check a
# project that uses it), then the Python package's pytest suite (python/tests;
# its GPU tests skip without torch and a CUDA device).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${GEMM_OPT_BUILD_DIR:-$repo/build}
"$repo/scripts/setup.sh"
ninja -C "$build" gemm-opt-test-depends >/dev/null

log=$(mktemp)
status=0
/usr/lib/llvm-22/bin/lit -v "$build/test" 2>&1 | tee "$log" || status=$?
# lit's summary lines look like "  Passed     : 72 (90.00%)".
count() { sed -nE "s/^ *$1 *: *([0-9]+).*/\1/p" "$log" | tail -1; }
passed=$(count Passed); failed=$(count Failed); unsupported=$(count Unsupported)
xfail=$(count "Unexpectedly Passed")
rm -f "$log"
passed=${passed:-0}; failed=${failed:-0}; unsupported=${unsupported:-0}
failed=$((failed + ${xfail:-0}))
echo "lit: ${passed} passed, ${failed} failed, ${unsupported} skipped"
[ "$passed" -gt 0 ] || { echo "test: no test ran" >&2; exit 1; }

pkgstatus=0
"$repo/scripts/test-cmake-package.sh" || pkgstatus=$?

# pytest from the first Python that has it and the plots' numpy and
# matplotlib (Debian's python3-* packages install for /usr/bin/python3,
# which another python3 on PATH may not see).
py=""
for candidate in ${GEMM_OPT_PYTHON:-python3 /usr/bin/python3}; do
  if "$candidate" -c 'import pytest, numpy, matplotlib' 2>/dev/null; then py=$candidate; break; fi
done
[ -n "$py" ] || { echo "test: no python3 with pytest (scripts/setup.sh installs python3-pytest)" >&2; exit 1; }
# Its own temporary directory: concurrent pytest runs of one user share
# /tmp/pytest-of-USER and prune each other's.
pytmp=$(mktemp -d)
pystatus=0
GEMM_OPT_BUILD_DIR=$build PYTHONPATH="$repo/python${PYTHONPATH:+:$PYTHONPATH}" \
  "$py" -m pytest "$repo/python/tests" -q -rs -p no:cacheprovider --basetemp="$pytmp/pytest" || pystatus=$?
rm -rf "$pytmp"
[ "$status" = 0 ] || exit $status
[ "$pkgstatus" = 0 ] || exit $pkgstatus
exit $pystatus
