// A dynamic M compiles on the wgmma stage only: a stage whose kernels run
// a static M says so once, at the op, and writes nothing.

// RUN: rm -f %t.json
// RUN: not gemm-opt %s --gemm-stage-mma="manifest-file=%t.json" -o /dev/null 2>&1 | FileCheck %s
// RUN: not test -e %t.json
// RUN: not gemm-opt %s --gemm-stage-warptile -o /dev/null 2>&1 | FileCheck %s --check-prefix=SIMT

// CHECK: error: a matmul with a dynamic M: the mma kernel of this variant compiles a static M only; the wgmma stage's wgmma, GEMV and swap-AB kernels take M at run time
// CHECK-NOT: error:
// SIMT: error: a matmul with a dynamic M: the simt kernel of this variant compiles a static M only
// SIMT-NOT: error:
func.func @linear(%a: memref<?x256xf16>, %b: memref<256x384xf16>, %c: memref<?x384xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%c : memref<?x384xf16>)
  linalg.matmul ins(%a, %b : memref<?x256xf16>, memref<256x384xf16>) outs(%c : memref<?x384xf16>)
  return
}
