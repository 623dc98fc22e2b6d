# Sourced by the *-sweep.sh scripts. compile_variant compiles one variant to
# PTX + manifest with gemm-opt and keeps the pair only when ptxas assembles it
# with 0 spill bytes (and without C7508/C7520: setmaxnreg ignored, wgmma
# serialized); SWEEPDIR/ptxas.txt gets a line per variant either way.
#   compile_variant BASE LABEL INPUT PIPELINE ARCH [GEMM-OPT FLAGS]
# BASE: output path without extension; LABEL: how the variant is reported.
# Needs $gemm_opt, $ptxas and $out set by the caller (start_sweep).
# start_sweep BUILDDIR SWEEPDIR: sets $build, $out, $gemm_opt and $ptxas
# and empties SWEEPDIR of earlier pairs (its inputs/ stays).
start_sweep() {
  build=$1 out=$2
  gemm_opt=$build/bin/gemm-opt
  ptxas=${PTXAS:-$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)}
  mkdir -p "$out/inputs"
  rm -f "$out"/*.ptx "$out"/*.json "$out/ptxas.txt"
}

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

# gemm_input NAME M N K [A-TYPE] [C-TYPE] [BETA]: $out/inputs/matmul-NAME.mlir,
# C (MxN, C-TYPE) = A (MxK) * B (KxN), both A-TYPE (defaults f32), over
# memrefs; C is zeroed first (beta = 0) unless BETA is 1.
gemm_input() {
  local name=$1 m=$2 n=$3 k=$4 t=${5:-f32} ct=${6:-f32} beta=${7:-0} fill=""
  [ "$beta" = 1 ] || fill="  %zero = arith.constant 0.0 : $ct
  linalg.fill ins(%zero : $ct) outs(%C : memref<${m}x${n}x$ct>)
"
  mkdir -p "$out/inputs"
  cat > "$out/inputs/matmul-$name.mlir" <<MLIR
func.func @matmul(%A: memref<${m}x${k}x$t>, %B: memref<${k}x${n}x$t>, %C: memref<${m}x${n}x$ct>) {
${fill}  linalg.matmul ins(%A, %B : memref<${m}x${k}x$t>, memref<${k}x${n}x$t>)
                outs(%C : memref<${m}x${n}x$ct>)
  return
}
MLIR
}

# scaled_input PREFIX N: $out/inputs/matmul-PREFIXNxNxN.mlir from the lit
# input test/Inputs/matmul-PREFIX4096x4096x4096.mlir with 4096 replaced by
# N (PREFIX "" for f32, "f16-", "bf16-"; needs $root, the repository).
scaled_input() {
  mkdir -p "$out/inputs"
  sed "s/4096/$2/g" "$root/test/Inputs/matmul-${1}4096x4096x4096.mlir"     > "$out/inputs/matmul-$1$2x$2x$2.mlir"
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

# SIMT rung pipelines (func.func level) for the SIMT sweeps. Options of a
# rung persist into later rungs, so e.g. reg2d's block tile reaches warptile.
#   r2 [REG2D], vec [REG2D] [VECTOR], swz [REG2D] [VECTOR] [SWIZZLE],
#   mb [REG2D] [VECTOR] [SWIZZLE] [MULTIBUFFER],
#   wt [REG2D] [VECTOR] [SWIZZLE] [MULTIBUFFER] [WARPTILE]
# smem_p [SMEM], r1 [SMEM] [REG1D]
simt_opts() { [ -n "$1" ] && echo "{$1}"; }
smem_p() { echo "gemm-naive,gemm-coalesce,gemm-shared-memory-tiling$(simt_opts "${1-}")"; }
r1() { echo "$(smem_p "${1-}"),gemm-register-tiling-1d$(simt_opts "${2-}")"; }
r2() { echo "$(r1),gemm-register-tiling-2d$(simt_opts "${1-}")"; }
vec() { echo "$(r2 "${1-}"),gemm-vectorize$(simt_opts "${2-}")"; }
swz() { echo "$(vec "${1-}" "${2-}"),gemm-swizzle$(simt_opts "${3-}")"; }
mb() { echo "$(swz "${1-}" "${2-}" "${3-}"),gemm-multi-buffer$(simt_opts "${4-}")"; }
wt() { echo "$(mb "${1-}" "${2-}" "${3-}" "${4-}"),gemm-warp-tiling$(simt_opts "${5-}")"; }

# gen_simt VARIANT SHAPE FUNC-PIPELINE: $out/VARIANT__SHAPE.{ptx,json} from
# $out/inputs/matmul-SHAPE.mlir (f32, sm_90), the manifest's stage = VARIANT.
gen_simt() {
  local v=$1 shape=$2 funcs=$3 base="$out/$1__$2"
  compile_variant "$base" "$v $shape" "$out/inputs/matmul-$shape.mlir" \
    "builtin.module(gemm-verify-input,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func($funcs),gemm-lower-to-ptx{chip=sm_90},gemm-emit-kernels{ptx-file=$base.ptx manifest-file=$base.json stage=$v chip=sm_90})" \
    sm_90
}

# The rungs before wgmma (func.func level); TF32 variants pass allow-tf32 to
# gemm-mma and gemm-wgmma.
MMA_RUNGS="gemm-naive,gemm-coalesce,gemm-shared-memory-tiling,gemm-register-tiling-1d,gemm-register-tiling-2d,gemm-vectorize,gemm-swizzle,gemm-multi-buffer,gemm-warp-tiling,gemm-mma"

# gen_wgmma VARIANT SHAPE WGMMA-OPTIONS: $out/VARIANT__SHAPE.{ptx,json} from
# $out/inputs/matmul-SHAPE.mlir (memref or tensor) through the wgmma rung
# with WGMMA-OPTIONS, for sm_90a; SHAPE tf32-* compiles with allow-tf32.
gen_wgmma() {
  local v=$1 shape=$2 opts=$3 base="$out/$1__$2" rungs=$MMA_RUNGS
  case $shape in
    tf32-*) rungs=${MMA_RUNGS/gemm-mma/gemm-mma{allow-tf32=true\}}
            opts="allow-tf32=true${opts:+ $opts}" ;;
  esac
  compile_variant "$base" "$v $shape" "$out/inputs/matmul-$shape.mlir" \
    "builtin.module(gemm-verify-input,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func($rungs,gemm-wgmma${opts:+{$opts\}}),gemm-lower-to-ptx{chip=sm_90a},gemm-emit-kernels{ptx-file=$base.ptx manifest-file=$base.json stage=$v chip=sm_90a})" \
    sm_90a
}
