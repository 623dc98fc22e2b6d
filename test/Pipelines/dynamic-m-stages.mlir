// A dynamic M compiles on every stage: the SIMT stages' kernels bound their
// rows by the M argument, and so do wgmma's. The mma stage's mma.sync
// kernel runs a static M, so there each variant past the swap-AB kernel's
// 16 rows falls back to the SIMT kernel the warptile rung planned (a remark
// per variant), merged into one as on the warptile stage; TF32 with B stored K x N on the wgmma
// stage: the transposed copy of B, which has no row of M, then the wgmma
// kernel whose grid follows M.

// RUN: gemm-opt %s --gemm-stage-mma="manifest-file=%t.mma.json ptx-file=%t.mma.ptx" -o /dev/null 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=MMA < %t.mma.json
// RUN: %ptxas -arch=sm_90a -v %t.mma.ptx -o %t.mma.cubin 2>&1 | FileCheck %S/../Inputs/ptxas-no-spill.check
// RUN: gemm-opt %s --gemm-stage-warptile="manifest-file=%t.simt.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=SIMT < %t.simt.json
// RUN: gemm-run --print-input --dynamic --layout nn --dtype f32 --out-dtype f32 --shape 65x64x776 | gemm-opt --gemm-stage-wgmma="allow-tf32=1 manifest-file=%t.tf32.json ptx-file=%t.tf32.ptx" -o /dev/null
// RUN: FileCheck %s --check-prefix=TF32 < %t.tf32.json
// RUN: %ptxas -arch=sm_90a -v %t.tf32.ptx -o %t.tf32.cubin 2>&1 | FileCheck %S/../Inputs/ptxas-no-spill.check

// CHECK: remark: matmul with a dynamic M left on the SIMT kernel, which takes M at run time: the mma.sync kernel compiles a static M only
// CHECK-NOT: error:

// MMA: {"when": {"M":[1,1]}, "kernels": [
// MMA: {"when": {"M":[2,8]}, "kernels": [
// MMA: {"when": {"M":[9,16]}, "kernels": [
// MMA-NOT: "when"
// MMA: {"kernels": [
// MMA-NEXT: "block":[128,1,1],{{.*}}"grid":[6,{"sym":"M","ceil_div":64},1],"name":"linear_mmax_kernel","params":[{"abi":"i64","value":{"sym":"M"}}

// TF32: "buffers": [
// TF32: {"elem":"f32","name":"scratch0","role":"scratch","shape":[64,776]}
// TF32: {"kernels": [
// TF32-NEXT: "grid":[1,13,1],"name":"matmul_mmax_kernel"
// TF32-NEXT: "grid":[1,{"sym":"M","ceil_div":64},1],"name":"matmul_mmax_kernel_0"

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
