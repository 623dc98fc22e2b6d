# Sourced by the *-sweep.sh scripts. compile_variant compiles one variant to
# PTX + manifest with gemm-opt and keeps the pair only when ptxas assembles it
# with 0 spill bytes (and without C7508/C7520: setmaxnreg ignored, wgmma
# serialized); SWEEPDIR/ptxas.txt gets a line per variant either way.
#   compile_variant BASE LABEL INPUT PIPELINE ARCH [GEMM-OPT FLAGS]
# BASE: output path without extension; LABEL: how the variant is reported.
# Needs $gemm_opt, $ptxas and $out set by the caller.
compile_variant() {
  local base=$1 label=$2 input=$3 pipeline=$4 arch=$5 flags=${6-}
  # shellcheck disable=SC2086 # flags are words
  if ! "$gemm_opt" $flags "$input" --pass-pipeline="$pipeline" -o /dev/null 2> "$base.err"; then
    echo "SKIP $label: gemm-opt failed: $(head -c 300 "$base.err")"; rm -f "$base".{ptx,json}; return
  fi
  rm -f "$base.err"
  local info regs spill
  info=$("$ptxas" -arch="$arch" -v "$base.ptx" -o /dev/null 2>&1)
  regs=$(echo "$info" | sed -n 's/.*Used \([0-9]*\) registers.*/\1/p' | sort -n | tail -1)
  spill=$(echo "$info" | sed -n 's/.*\([0-9][0-9]*\) bytes spill stores, \([0-9]*\) bytes spill loads.*/\1 \2/p' | awk '{s+=$1+$2} END {print s+0}')
  printf '%-50s regs %4s spill %s\n' "$label" "$regs" "$spill" >> "$out/ptxas.txt"
  if [ -z "$regs" ] || [ "$spill" != 0 ] || echo "$info" | grep -qE 'error|C7508|C7520'; then
    echo "SKIP $label: ptxas regs=$regs spill=$spill $(echo "$info" | grep -oE 'C75(08|20)' | sort -u | tr '\n' ' ')"
    rm -f "$base".{ptx,json}
  fi
}

# gen_softmax VARIANT SHAPE DTYPE ROWS-OPTIONS: compiles a softmax of SHAPE
# (RxC) and DTYPE through every softmax rung, softmax-rows with ROWS-OPTIONS
# (e.g. "{cluster-size=4}" or ""), to $out/VARIANT__SHAPE-DTYPE.{ptx,json}
# (input in $out/inputs) with compile_variant.
gen_softmax() {
  local v=$1 shape=$2 dtype=$3 opts=$4 base="$out/$1__$2-$3"
  local rows=${shape%x*} cols=${shape#*x} in="$out/inputs/softmax-$shape-$dtype.mlir"
  local rungs="gemm-softmax-three-pass,gemm-softmax-fused,gemm-softmax-online,gemm-softmax-vector"
  mkdir -p "$out/inputs"
  cat > "$in" <<MLIR
func.func @softmax(%x: memref<${rows}x${cols}x${dtype}>, %y: memref<${rows}x${cols}x${dtype}>) {
  linalg.softmax dimension(1) ins(%x : memref<${rows}x${cols}x${dtype}>) outs(%y : memref<${rows}x${cols}x${dtype}>)
  return
}
MLIR
  compile_variant "$base" "$v $shape $dtype" "$in" \
    "builtin.module(gemm-verify-input,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func($rungs,gemm-softmax-rows$opts),gemm-lower-to-ptx{chip=sm_90},gemm-emit-kernels{ptx-file=$base.ptx manifest-file=$base.json stage=$v chip=sm_90})" \
    sm_90
}
