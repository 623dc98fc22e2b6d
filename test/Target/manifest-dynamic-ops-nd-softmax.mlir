// A 3-D softmax over the last dimension of [1, tokens, 512] after nn.Linear
// on [1, tokens, 256], the tokens dynamic: the softmax's rows (its leading
// dimensions, collapsed) are the tokens M, its Y the function's [1, M, 512]
// result, the grid of its kernel ceil(M / rows per block).

// RUN: gemm-opt %s --gemm-stage-wgmma="manifest-file=%t.json ptx-file=%t.ptx" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file=%t.json

// CHECK:      "ops": [
// CHECK-NEXT:   {"op":"matmul","operands":{"A":"arg0","B":"arg1","C":"temp0"},"problem":{{.*}}"m":{"sym":"M"},"n":512}},
// CHECK-NEXT:   {"op":"softmax","operands":{"X":"temp0","Y":"result0"},"problem":{"cols":512,"rows":{"sym":"M"},"x":"bf16","y":"bf16"}}
// CHECK:        {"elem":"bf16","name":"result0","role":"result","shape":[1,{"sym":"M"},512]},
// CHECK-NEXT:   {"elem":"bf16","name":"temp0","role":"temp","shape":[{"sym":"M"},512]}
// CHECK:      {"kernels": [
// CHECK-NEXT:   {{.*}}"op":0,
// CHECK-NEXT:   {{.*}}"grid":[{"sym":"M","ceil_div":{{[0-9]+}}},1,1],{{.*}}"op":1,"params":[{"abi":"i64","value":{"sym":"M"}},{"abi":"ptr","buffer":"temp0"},{"abi":"ptr","buffer":"result0"}]}
func.func @nd(%x: tensor<1x?x256xbf16>, %w1: tensor<256x512xbf16>) -> tensor<1x?x512xbf16> {
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : bf16
  %tokens = tensor.dim %x, %c1 : tensor<1x?x256xbf16>
  %rows = tensor.collapse_shape %x [[0, 1], [2]] : tensor<1x?x256xbf16> into tensor<?x256xbf16>
  %te = tensor.empty(%tokens) : tensor<?x512xbf16>
  %tf = linalg.fill ins(%zero : bf16) outs(%te : tensor<?x512xbf16>) -> tensor<?x512xbf16>
  %t = linalg.matmul ins(%rows, %w1 : tensor<?x256xbf16>, tensor<256x512xbf16>) outs(%tf : tensor<?x512xbf16>) -> tensor<?x512xbf16>
  %t3 = tensor.expand_shape %t [[0, 1], [2]] output_shape [1, %tokens, 512] : tensor<?x512xbf16> into tensor<1x?x512xbf16>
  %pe = tensor.empty(%tokens) : tensor<1x?x512xbf16>
  %p = linalg.softmax dimension(2) ins(%t3 : tensor<1x?x512xbf16>) outs(%pe : tensor<1x?x512xbf16>) -> tensor<1x?x512xbf16>
  return %p : tensor<1x?x512xbf16>
}
