#!/usr/bin/env bash
# Session 4's measurements, one GPU run each (no GPU needed here):
#   benchmarks/prefetch-pdl-sweep.sh [BUILDDIR] [SWEEPDIR] [PART]
# BUILDDIR defaults to build/, SWEEPDIR to .sweep/prefetch-pdl (git-ignored),
# PART to "all" (or "prefetch", "pdl", "whatif"). Run there with
#   benchmarks/run-sweep.sh BINDIR SWEEPDIR OUTDIR
# prefetch: the one-stage rungs with the register prefetch (next K tile's
#   loads in registers during the inner loop) against smem without it.
#   Measured (results/2026-11-30-prefetch-pdl): smem 17.7 / 17.9% ->
#   19.1 / 19.4% of cuBLAS at 4096^3 / 8192^3 (now the smem default);
#   swizzle 92.5% at 4096^3 but 42 spill bytes at 8192^3, vector slower
#   (66-68%), reg1d and reg2d spill under their register caps: off there.
# pdl: the warptile split-K kernels with the reduction as a programmatic
#   dependent launch (*-pdl, the default) and the same PTX launched plainly
#   (*-nopdl: the manifest flag removed; griddepcontrol is then a no-op).
# whatif: deliberately wrong kernels, timed only (status FAIL), to bound
#   what a change could buy: wgmma 4096^3 with every epilogue store
#   predicated off (noepi), softmax with ex2 replaced by a move (noexp),
#   split-K without its reduction kernel (noreduce).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/benchmarks/sweep-common.sh"
start_sweep "${1:-$root/build}" "${2:-$root/.sweep/prefetch-pdl}"
part=${3:-all}
want() { [ "$part" = all ] || [ "$part" = "$1" ]; }

# drop_pdl SRC DST: DST = SRC launched without programmatic dependence.
drop_pdl() {
  cp "$out/$1.ptx" "$out/$2.ptx"
  python3 - "$out/$1.json" "$out/$2.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for k in d["kernels"]:
    k.pop("programmatic_dependent", None)
json.dump(d, open(sys.argv[2], "w"), indent=1)
PY
}

if want prefetch; then
  cp "$root/test/Inputs/matmul-4096x4096x4096.mlir" "$out/inputs/"
  gemm_input 8192x8192x8192 8192 8192 8192 f32 f32 1
  for n in 4096 8192; do
    s=${n}x${n}x${n}
    gen_simt smem $s "$(smem_p "register-prefetch=0")"
    gen_simt smem-pf $s "$(smem_p)"
    gen_simt reg1d-pf $s "$(r1 "" "register-prefetch=1")"
    gen_simt reg2d-pf $s "$(r2 "register-prefetch=1")"
    gen_simt vector-pf $s "$(vec "" "register-prefetch=1")"
    gen_simt swizzle-pf $s "$(swz "" "" "register-prefetch=1")"
  done
fi

if want pdl; then
  cp "$root/test/Inputs/matmul-1000x999x777.mlir" "$root/test/Inputs/matmul-4097x4097x4097.mlir" "$out/inputs/"
  gemm_input 16x4096x4096 16 4096 4096 f32 f32 1
  for s in 1000x999x777 4097x4097x4097 16x4096x4096; do
    gen_simt wt-pdl $s "$(wt)"
    gen_simt wt-pdl-sk3 $s "$(wt "" "" "" "" "split-k=3")"
    for v in wt-pdl wt-pdl-sk3; do
      [ -f "$out/${v}__$s.json" ] && drop_pdl "${v}__$s" "${v/pdl/nopdl}__$s"
    done
  done
fi

if want whatif; then
  for t in f16 bf16; do
    cp "$root/test/Inputs/matmul-$t-4096x4096x4096.mlir" "$out/inputs/"
    gen_wgmma default "$t-4096x4096x4096" ""
    # Every st.global of the GEMM kernel under a predicate that is false at
    # run time (ptxas cannot drop the wgmmas whose results they store).
    python3 - "$out/default__$t-4096x4096x4096.ptx" "$out/noepi__$t-4096x4096x4096.ptx" <<'PY'
import re, sys
txt = open(sys.argv[1]).read()
i = txt.index(".visible .entry matmul_kernel")
j = txt.index("\n{\n", i) + 3
txt = (txt[:j] + "\t.reg .pred %pnever;\n\t.reg .b32 %rnever;\n\tmov.u32 %rnever, %ctaid.x;\n"
       "\tsetp.gt.u32 %pnever, %rnever, 1000000;\n" + txt[j:])
txt = re.sub(r"\n\t(st\.global)", r"\n\t@%pnever \1", txt)
open(sys.argv[2], "w").write(txt)
PY
    cp "$out/default__$t-4096x4096x4096.json" "$out/noepi__$t-4096x4096x4096.json"
  done
  for t in f16 f32; do
    gen_softmax default 1024x131072 $t ""
    sed 's/ex2.approx.ftz.f32/mov.f32/' "$out/default__1024x131072-$t.ptx" > "$out/noexp__1024x131072-$t.ptx"
    cp "$out/default__1024x131072-$t.json" "$out/noexp__1024x131072-$t.json"
  done
  cp "$root/test/Inputs/matmul-1000x999x777.mlir" "$out/inputs/"
  gen_simt default 1000x999x777 "$(wt)"
  drop_pdl default__1000x999x777 noreduce__1000x999x777
  python3 - "$out/noreduce__1000x999x777.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["kernels"] = d["kernels"][:1]
json.dump(d, open(sys.argv[1], "w"), indent=1)
PY
fi
ls "$out"/*.ptx 2>/dev/null | wc -l | xargs echo "variants kept:"
