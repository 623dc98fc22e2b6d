// A dynamic M compiles on the stages whose kernels take M at run time: the
// SIMT stages (every variant's kernel bounds its rows by the M argument)
// and wgmma. The mma stage's kernel runs a static M: it says so once, at
// the op, and writes nothing.

// RUN: rm -f %t.json
// RUN: not gemm-opt %s --gemm-stage-mma="manifest-file=%t.json" -o /dev/null 2>&1 | FileCheck %s
// RUN: not test -e %t.json
// RUN: gemm-opt %s --gemm-stage-warptile="manifest-file=%t.simt.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=SIMT < %t.simt.json

// CHECK: error: a matmul with a dynamic M: the mma kernel of this variant compiles a static M only; the SIMT kernels and the wgmma stage's wgmma, GEMV and swap-AB kernels take M at run time
// CHECK-NOT: error:

// The variant of M = 1 is static (split-K: its scratch buffer is the
// template's); the others take M and share one plan
// (gemm-merge-dynamic-variants), their grid's rows ceil(M / BM), as many
// as CUDA's 65535 allow.
// SIMT: "version": 3,
// SIMT: "symbols": [{"name": "M", "min": 1, "max": 4194240}],
// SIMT: {"when": {"M":[1,1]}, "kernels": [
// SIMT-NOT: "when"
// SIMT: {"kernels": [
// SIMT-NEXT: "grid":[6,{"sym":"M","ceil_div":64},1],"name":"linear_mmax_kernel","params":[{"abi":"i64","value":{"sym":"M"}},{"abi":"ptr","buffer":"A"},{"abi":"ptr","buffer":"B"},{"abi":"ptr","buffer":"C"}]}
func.func @linear(%a: memref<?x256xf16>, %b: memref<256x384xf16>, %c: memref<?x384xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%c : memref<?x384xf16>)
  linalg.matmul ins(%a, %b : memref<?x256xf16>, memref<256x384xf16>) outs(%c : memref<?x384xf16>)
  return
}
