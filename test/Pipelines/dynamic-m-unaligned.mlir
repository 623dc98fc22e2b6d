// A dynamic M whose rows TMA cannot load (K = 777 bf16: 1554-byte rows):
// the tensor-core kernels that take M at run time need 16-byte rows and
// their padded copies would be sized by the planned M, so every variant
// of more than one M keeps the SIMT kernel, which takes M at run time (a
// remark says why); M = 1 is compiled as a static M.

// RUN: gemm-opt %s --gemm-stage-wgmma="manifest-file=%t.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.json

// REMARK: remark: matmul with a dynamic M left on the SIMT kernel, which takes M at run time: rows of A are 1554 bytes (K=777), not a multiple of 16 as TMA needs
// REMARK-NOT: error:

// CHECK: "symbols": [{"name": "M", "min": 1, "max": {{[0-9]+}}}],
// CHECK: {"when": {"M":[1,1]}, "kernels": [
// CHECK: {"kernels": [
// CHECK-NEXT: "grid":[{{[0-9]+}},{"sym":"M","ceil_div":{{[0-9]+}}},1],"name":"linear_mmax_kernel","params":[{"abi":"i64","value":{"sym":"M"}},{"abi":"ptr","buffer":"A"},{"abi":"ptr","buffer":"B"},{"abi":"ptr","buffer":"C"}]}
func.func @linear(%a: memref<?x777xbf16>, %b: memref<777x999xbf16>, %c: memref<?x999xbf16>) {
  %z = arith.constant 0.0 : bf16
  linalg.fill ins(%z : bf16) outs(%c : memref<?x999xbf16>)
  linalg.matmul ins(%a, %b : memref<?x777xbf16>, memref<777x999xbf16>) outs(%c : memref<?x999xbf16>)
  return
}
