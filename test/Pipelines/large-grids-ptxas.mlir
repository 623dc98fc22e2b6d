// REQUIRES: ptxas
// Launches past CUDA's 65535 blocks in grid y or z: the tiled rungs' row
// tiles of M = 16777216 (y) and 70000 batch entries (z) go into grid x
// (gemm-linearize-launch-grids, which every stage pipeline runs), and the
// naive kernel's 65537 column blocks of N = 2097153 (y) too. Before, each
// failed at the manifest's grid check. Each PTX assembles for sm_90a with
// no spills (mma at N = 72 takes 128x128 blocks: 128x256 spilled there).

// DEFINE: %{in} =
// DEFINE: %{stage} =
// DEFINE: %{prefix} =
// DEFINE: %{check} = rm -f %t.ptx %t.json \
// DEFINE:   && gemm-opt %{in} --gemm-stage-%{stage}="ptx-file=%t.ptx manifest-file=%t.json" 2>/dev/null \
// DEFINE:   && FileCheck %s --check-prefix=%{prefix} --input-file=%t.json \
// DEFINE:   && %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=arning \
// DEFINE:      '--implicit-check-not={{ [1-9][0-9]* bytes spill}}'

// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// M = 16777216 (bf16, N = 72, K = 40): 131072 row tiles of 128.
// REDEFINE: %{in} = %inputs/matmul-16777216x72x40-bf16.mlir
// REDEFINE: %{stage} = naive
// REDEFINE: %{prefix} = LONG-NAIVE
// RUN: %{check}
// LONG-NAIVE: "grid": [524288, 3, 1]
// REDEFINE: %{stage} = warptile
// REDEFINE: %{prefix} = LONG-TILED
// RUN: %{check}
// REDEFINE: %{stage} = mma
// RUN: %{check}
// LONG-TILED: "grid": [131072, 1, 1]
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = LONG-WGMMA
// RUN: %{check}
// LONG-WGMMA: "grid": [132, 1, 1]

// 70000 entries of 32x40x24 (f16, f32 C): the naive kernel's 2 x 1 x 70000
// blocks and one block per entry on the tiled rungs; wgmma's copy kernel
// (B's rows padded to whole K tiles) too.
// REDEFINE: %{in} = %inputs/batch-matmul-70000x32x40x24-f16.mlir
// REDEFINE: %{stage} = naive
// REDEFINE: %{prefix} = BATCH-NAIVE
// RUN: %{check}
// BATCH-NAIVE: "batch": 70000
// BATCH-NAIVE: "grid": [140000, 1, 1]
// REDEFINE: %{stage} = warptile
// REDEFINE: %{prefix} = BATCH-TILED
// RUN: %{check}
// REDEFINE: %{stage} = mma
// RUN: %{check}
// BATCH-TILED: "batch": 70000
// BATCH-TILED: "grid": [70000, 1, 1]
// BATCH-TILED-NOT: "grid"
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = BATCH-WGMMA
// RUN: %{check}
// BATCH-WGMMA: "grid": [140000, 1, 1]
// BATCH-WGMMA: "grid": [70000, 1, 1]

// N = 2097153 on the naive kernel: 65537 blocks of 32 columns.
// RUN: gemm-opt %s --gemm-stage-naive="ptx-file=%t.wide.ptx manifest-file=%t.wide.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=WIDE --input-file=%t.wide.json
// WIDE: "grid": [65537, 1, 1]
func.func @wide(%A: memref<2x3xf32>, %B: memref<3x2097153xf32>, %C: memref<2x2097153xf32>) {
  linalg.matmul ins(%A, %B : memref<2x3xf32>, memref<3x2097153xf32>) outs(%C : memref<2x2097153xf32>)
  return
}
