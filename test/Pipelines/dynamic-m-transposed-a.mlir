// A dynamic M with A stored K x M: the tensor-core kernels that take M at
// run time read A's rows M x K, and A's transposed copy would have the
// planned rows, so every variant of more than one M keeps the SIMT kernel,
// which reads A in place through a view with the run-time M (a remark says
// why); M = 1 is compiled as a static M, transposed copy included.

// RUN: gemm-opt %s --gemm-stage-wgmma="manifest-file=%t.json ptx-file=%t.ptx" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.json
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin

// REMARK: remark: matmul with a dynamic M and A stored K x M left on the SIMT kernel: it reads A in place; the tensor-core kernels read A's rows M x K
// REMARK-NOT: error:

// CHECK: "symbols": [{"name": "M", "min": 1, "max": {{[0-9]+}}}],
// CHECK: {"elem":"f16","name":"A","role":"A","shape":[256,{"sym":"M"}]},
// CHECK: {"when": {"M":[1,1]}, "kernels": [
// CHECK-NEXT: "name":"linear_m1_kernel","params":[{"abi":"ptr","buffer":"A"},{"abi":"ptr","buffer":"scratch0"}]}
// CHECK: {"kernels": [
// CHECK-NEXT: "grid":[{{[0-9]+}},{"sym":"M","ceil_div":{{[0-9]+}}},1],"name":"linear_mmax_kernel","params":[{"abi":"ptr","buffer":"A"},{"abi":"i64","value":{"sym":"M"}},{"abi":"ptr","buffer":"B"},{"abi":"ptr","buffer":"C"}]}
func.func @linear(%a: memref<256x?xf16>, %b: memref<384x256xf16>, %c: memref<?x384xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%c : memref<?x384xf16>)
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
      ins(%a, %b : memref<256x?xf16>, memref<384x256xf16>) outs(%c : memref<?x384xf16>)
  return
}
