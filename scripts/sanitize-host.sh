#!/usr/bin/env bash
# Host-side sanitizers (issue 14): builds gemm-opt, gemm-run and the runtime
# unit tests with ASan + UBSan (scripts/configure-asan.sh, build-asan/) and
# runs the whole lit suite with them. Any sanitizer report aborts the tool, so
# the test that ran it fails. The GPU lane stays UNSUPPORTED without a device;
# the mlir-opt plugin test is UNSUPPORTED here (an instrumented plugin cannot
# be loaded into the uninstrumented mlir-opt).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${GEMM_OPT_ASAN_BUILD_DIR:-$repo/build-asan}
start=$(date +%s)
"$repo/scripts/configure-asan.sh" gemm-opt-test-depends
built=$(date +%s)
# abort_on_error: a report must end in SIGABRT, which lit's `not` and
# expect-exit.py count as a failure (a plain exit code 1 would pass a
# `not gemm-opt ...` test). detect_leaks: the tools free what they allocate.
# allow_user_poisoning=0: LLVM's BumpPtrAllocator poisons and unpoisons its
# slabs by hand in instrumented code only. Our instrumented objects (e.g.
# the gemm_opt dialect's attribute storage) hold their own copy of its
# inline StartNewSlab, which poisons a new slab, and the linker may give
# that copy to the uninstrumented MLIR archives, whose inlined Allocate never
# unpoisons: false use-after-poison reports in MLIRContext. Real heap
# errors are still reported.
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1:strict_string_checks=1:allow_user_poisoning=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:abort_on_error=1}
status=0
/usr/lib/llvm-22/bin/lit -sv "$build/test" || status=$?
echo "sanitize-host: build $((built - start)) s, lit $(( $(date +%s) - built )) s, exit $status"
exit $status
