// RUN: gemm-opt %s --gemm-stage-softmax-rows="manifest-file=%t.f16.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=F16 --input-file=%t.f16.json --match-full-lines
// RUN: gemm-opt %s --gemm-compile="stage=softmax-rows chip=sm_80 manifest-file=%t.sm80.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=SM80 --input-file=%t.sm80.json

// softmax-rows on rows too long for one block's registers (1024x131072 f16,
// 256 KB a row): a thread-block cluster of 4 blocks of 256 threads per row,
// each keeping a quarter of the row as packed f16 in registers; the
// manifest carries the cluster (grid in blocks: 1024 rows x 4) and no
// dynamic shared memory (the
// published pair and reduction slots are static). Below sm_90 there are no
// clusters: the block-per-row hybrid plan, no "cluster" field.

// F16:      "kernels": [
// F16-NEXT:     {
// F16-NEXT:       "name": "softmax_kernel",
// F16-NEXT:       "grid": [4096, 1, 1],
// F16-NEXT:       "block": [256, 1, 1],
// F16-NEXT:       "dynamic_shared_memory": 0,
// F16-NEXT:       "cluster": [4, 1, 1],
// F16-NEXT:       "params": [

// SM80: "chip": "sm_80",
// SM80-NOT: "cluster"
// SM80: "grid": [1024, 1, 1],
// SM80-NOT: "cluster"
// SM80: "dynamic_shared_memory": 131328,
// SM80-NOT: "cluster"

func.func @softmax(%x: memref<1024x131072xf16>, %y: memref<1024x131072xf16>) {
  linalg.softmax dimension(1) ins(%x : memref<1024x131072xf16>) outs(%y : memref<1024x131072xf16>)
  return
}
