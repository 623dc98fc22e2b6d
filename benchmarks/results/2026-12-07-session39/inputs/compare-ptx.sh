#!/bin/bash
# compare PTX of old and new gemm-run over many configurations
OLD=${OLD:?gemm-run built at 8b0d278} NEW=${NEW:?gemm-run built at this session}
n=0; d=0
run() {
  local tag="$*"
  rm -rf /tmp/cmpo /tmp/cmpn
  $OLD "$@" --compile-only --emit-dir /tmp/cmpo > /dev/null 2>&1; ro=$?
  $NEW "$@" --compile-only --emit-dir /tmp/cmpn > /dev/null 2>&1; rn=$?
  n=$((n+1))
  if [ $ro -ne $rn ]; then echo "RC DIFF ($ro vs $rn): $tag"; d=$((d+1)); return; fi
  for f in /tmp/cmpo/*.ptx; do
    [ -e "$f" ] || continue
    if ! cmp -s "$f" /tmp/cmpn/$(basename $f); then echo "PTX DIFF $(basename $f): $tag"; d=$((d+1)); fi
  done
}
for s in 4096x4096x4096 1000x999x777 17x33x65 1x1x1 4097x4097x4097 300x8192x8192 128x5120x5120; do
  for dt in f16 bf16; do run --shape $s --dtype $dt --stages=all; done
  run --shape $s --dtype f32 --stages=naive,coalesced,smem,reg1d,reg2d,vector,swizzle,multibuffer,warptile
done
for s in 1000x999x777 130x67x259; do for lay in nt tn tt; do run --shape $s --dtype bf16 --layout $lay --batch 3 --stages=naive,warptile,mma,wgmma; done; done
for ep in bias,gelu residual,relu row-scale,silu beta=1; do run --shape 512x6144x4096 --dtype bf16 --out-dtype bf16 --layout nt --epilogue $ep --stages=naive,warptile,mma,wgmma; done
for s in 1x8192x28672 8x5120x5120 32x15360x5120 512x27648x5120 2048x8192x8192 8192x15360x5120 300x10240x8192 1500x5120x13824; do run --shape $s --dtype bf16 --out-dtype bf16 --layout nt --stages=wgmma; done
for s in 65536x72x4096 8192x64x1024 4096x128x4096 100000x8x64; do run --shape $s --dtype f16 --stages=mma,warptile; done
run --op softmax --shape 4096x32768 --dtype f16 --stages=all
run --op softmax --shape 2x16777216 --dtype f32 --stages=softmax-3pass
echo "configs $n, diffs $d"
