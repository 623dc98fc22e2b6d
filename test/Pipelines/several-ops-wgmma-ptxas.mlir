// REQUIRES: ptxas
// An attention block whose rows are 16-byte aligned (256 queries, 192 keys,
// head 64, f16) at the wgmma stage: both matmuls take the TMA + wgmma
// kernel, whose tensor maps name the function's buffers (Q = arg0, K =
// arg1, P = temp1, V = arg2) as the ptr parameters do, the softmax between
// them softmax-rows; one PTX module that ptxas assembles for sm_90a.

// RUN: rm -f %t.ptx %t.json
// RUN: gemm-opt %s -o /dev/null --gemm-compile="stage=wgmma ptx-file=%t.ptx manifest-file=%t.json"
// RUN: FileCheck %s --input-file=%t.json
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin

// CHECK:      "version": 2,
// CHECK:      "chip": "sm_90a",
// CHECK:      "operands": {"A": "arg0", "B": "arg1", "C": "temp0"}
// CHECK:      "operands": {"X": "temp0", "Y": "temp1"}
// CHECK:      "operands": {"A": "temp1", "B": "arg2", "C": "result0"}
// CHECK:      "name": "attention_op0_kernel",
// CHECK-NEXT: "op": 0,
// CHECK:      {"abi": "tensormap", "buffer": "arg0", "elem": "f16", "dims": [64, 256],
// CHECK-NEXT: {"abi": "tensormap", "buffer": "arg1", "elem": "f16", "dims": [64, 192],
// CHECK:      "name": "attention_op1_kernel",
// CHECK-NEXT: "op": 1,
// CHECK:      "name": "attention_op2_kernel",
// CHECK-NEXT: "op": 2,
// CHECK:      {"abi": "tensormap", "buffer": "temp1", "elem": "f16", "dims": [192, 256],
// CHECK-NEXT: {"abi": "tensormap", "buffer": "arg2", "elem": "f16", "dims": [64, 192],

// PTX-DAG: .entry attention_op0_kernel(
// PTX-DAG: .entry attention_op1_kernel(
// PTX-DAG: .entry attention_op2_kernel(
// PTX-DAG: wgmma.mma_async

func.func @attention(%Q: tensor<256x64xf16>, %K: tensor<192x64xf16>, %V: tensor<192x64xf16>) -> tensor<256x64xf16> {
  %zero = arith.constant 0.0 : f16
  %s_empty = tensor.empty() : tensor<256x192xf16>
  %s_zero = linalg.fill ins(%zero : f16) outs(%s_empty : tensor<256x192xf16>) -> tensor<256x192xf16>
  %S = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%Q, %K : tensor<256x64xf16>, tensor<192x64xf16>) outs(%s_zero : tensor<256x192xf16>) -> tensor<256x192xf16>
  %p_empty = tensor.empty() : tensor<256x192xf16>
  %P = linalg.softmax dimension(1) ins(%S : tensor<256x192xf16>) outs(%p_empty : tensor<256x192xf16>) -> tensor<256x192xf16>
  %o_empty = tensor.empty() : tensor<256x64xf16>
  %o_zero = linalg.fill ins(%zero : f16) outs(%o_empty : tensor<256x64xf16>) -> tensor<256x64xf16>
  %O = linalg.matmul ins(%P, %V : tensor<256x192xf16>, tensor<192x64xf16>) outs(%o_zero : tensor<256x64xf16>) -> tensor<256x64xf16>
  return %O : tensor<256x64xf16>
}
