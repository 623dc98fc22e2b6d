#!/usr/bin/env bash
# Compiles every stage of the ladder (both ladders) for every input of
# test/Inputs and a few chips, writing each configuration's PTX and manifest
# into OUTDIR, so that a refactoring can show that it left the generated
# code unchanged:
#   scripts/ptx-snapshot.sh /tmp/before        # on the old tree
#   scripts/ptx-snapshot.sh /tmp/after         # on the new one
#   diff -r /tmp/before /tmp/after && echo unchanged
# A configuration gemm-opt refuses (a stage a chip lacks, an f32 input on a
# tensor-core stage without TF32, ...) is recorded as its diagnostics, so a
# change of what is refused shows up too.
#   GEMM_OPT_BUILD_DIR  build to take bin/gemm-opt from (default build)
#   GEMM_OPT_SNAPSHOT_JOBS  parallel compiles (default: nproc)
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:?usage: ptx-snapshot.sh OUTDIR}
build=${GEMM_OPT_BUILD_DIR:-$repo/build}
gemm_opt=$build/bin/gemm-opt
[ -x "$gemm_opt" ] || { echo "ptx-snapshot: no $gemm_opt (build first)" >&2; exit 1; }
mkdir -p "$out"

matmul_stages="naive coalesced smem reg1d reg2d vector swizzle multibuffer warptile mma wgmma"
softmax_stages="softmax-3pass softmax-fused softmax-online softmax-vector softmax-rows"
jobs_file=$(mktemp)
trap 'rm -f "$jobs_file"' EXIT
# Every input on sm_90; older chips on one input of each element type (the
# chip changes limits and features, not the shape handling).
older_chip_inputs="matmul-17x33x65 matmul-f16-1000x999x777 matmul-bf16-4097x4097x4097"
for input in "$repo"/test/Inputs/*.mlir; do
  name=$(basename "$input" .mlir)
  case $name in
    matmul-invalid-*) continue ;;
    softmax-*) stages=$softmax_stages; chips="sm_90 sm_80" ;;
    *) stages=$matmul_stages; chips="sm_90"
       case " $older_chip_inputs " in *" $name "*) chips="sm_90 sm_80 sm_86" ;; esac ;;
  esac
  for stage in $stages; do
    for chip in $chips; do
      echo "$input $name $stage $chip false" >>"$jobs_file"
      # TF32 changes only the tensor-core stages, and only for f32 inputs.
      case $name:$stage in
        matmul-bf16-*|matmul-f16-*|softmax-*) ;;
        *:mma|*:wgmma) echo "$input $name $stage $chip true" >>"$jobs_file" ;;
      esac
    done
  done
done

compile_one() {
  local input=$1 name=$2 stage=$3 chip=$4 tf32=$5
  local base="$out/$name.$stage.$chip"
  [ "$tf32" = true ] && base="$base.tf32"
  local opts="chip=$chip ptx-file=$base.ptx manifest-file=$base.json"
  [ "$tf32" = true ] && opts="$opts allow-tf32=true"
  if ! "$gemm_opt" "$input" --gemm-stage-"$stage"="$opts" -o /dev/null \
      >"$base.log" 2>&1; then
    echo "exit status non-zero" >>"$base.log"
  fi
  # Remarks and errors name the input by its absolute path: make them
  # comparable between checkouts.
  sed -i "s|$(dirname "$input")/||g" "$base.log"
  [ -s "$base.log" ] || rm -f "$base.log"
}
export -f compile_one
export out gemm_opt
xargs -P "${GEMM_OPT_SNAPSHOT_JOBS:-$(nproc)}" -L 1 bash -c 'compile_one "$@"' _ <"$jobs_file"
echo "ptx-snapshot: $(wc -l <"$jobs_file") configurations, $(ls "$out"/*.ptx 2>/dev/null | wc -l) PTX files in $out"
