// RUN: not gemm-opt %s --gemm-stage-wgmma="manifest-file=%t.json ptx-file=%t.ptx" -o /dev/null 2>&1 | FileCheck %s

// x @ x.T with a dynamic token count: N is the tokens too, and the one op
// reading x as A and B has a function of its own (gemm-outline-kernel-ops),
// which takes no size but M: the manifest writer says so rather than
// describing kernels planned at the variant's N.

// CHECK: error: a dynamic variant whose ops have functions of their own (several ops, or one reading a buffer twice) must have the token count M or a batch count as its one dynamic size
#map = affine_map<(i, j, k) -> (i, k)>
#mapb = affine_map<(i, j, k) -> (j, k)>
#mapc = affine_map<(i, j, k) -> (i, j)>
func.func @gram(%x: memref<?x64xf32>, %g: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [#map, #mapb, #mapc], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %x : memref<?x64xf32>, memref<?x64xf32>) outs(%g : memref<?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}
