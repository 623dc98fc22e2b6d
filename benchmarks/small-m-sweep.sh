#!/usr/bin/env bash
# On the GPU machine: where the small-M kernels (the weight-streaming kernel
# at M <= 3, the swap-AB tensor-core kernel up to M = 64; issue 17) beat the
# tensor-core tiles of A's rows. For each layout (nt: B stored N x K,
# nn.Linear's weight; nn), M and N x K, the wgmma stage twice: with the
# small-M kernels wherever they apply (--small-m 1) and without them
# (--small-m 0), each timed interleaved against cuBLAS in the same layout.
#   benchmarks/small-m-sweep.sh BINDIR OUTDIR [DTYPE] [LAYOUTS] [MS] [NKS]
# OUTDIR/<layout>-<M>x<N>x<K>-small<0|1>.{json,log} and summary.txt: per
# shape both times, cuBLAS's, and which is faster. Exits non-zero when a
# run fails its check.
set -uo pipefail
bin=$1 out=$2 dtype=${3:-bf16} layouts=${4:-"nt nn"}
ms=${5:-"2 4 8 16 32 48 64"} nks=${6:-"5120x5120 8192x8192 28672x8192"}
export LD_LIBRARY_PATH="$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p "$out"
status=0
for layout in $layouts; do
  for nk in $nks; do
    for m in $ms; do
      for small in 1 0; do
        name=$layout-${m}x$nk-small$small
        "$bin/gemm-run" --stages=wgmma --layout "$layout" --shape "${m}x$nk" --dtype "$dtype" \
          --small-m "$small" --json "$out/$name.json" > "$out/$name.log" 2>&1 || status=1
      done
    done
  done
done
python3 - "$out" <<'PY' | tee "$out/summary.txt"
import glob, json, os, re, sys
runs = {}
for path in glob.glob(os.path.join(sys.argv[1], "*.json")):
    layout, shape, small = re.match(r"(\w+)-(\d+x\d+x\d+)-small(\d)\.json", os.path.basename(path)).groups()
    s = json.load(open(path))["stages"][0]
    runs.setdefault((layout, shape), {})[small] = s
def key(item):
    (layout, shape), _ = item
    m, n, k = map(int, shape.split("x"))
    return (layout, n, k, m)
for (layout, shape), r in sorted(runs.items(), key=key):
    if "0" not in r or "1" not in r:
        continue
    a, t = r["1"], r["0"]
    print(f"{layout} {shape:>16} small-M {a['ms_interleaved']*1e3:8.1f} us ({a['pct_cublas_interleaved']:5.1f}% of cuBLAS, {a['status']}), "
          f"tiles {t['ms_interleaved']*1e3:8.1f} us ({t['pct_cublas_interleaved']:5.1f}%, {t['status']}), "
          f"{'small-M' if a['ms_interleaved'] < t['ms_interleaved'] else 'tiles'} faster")
PY
exit $status
