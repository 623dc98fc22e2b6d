// REQUIRES: ptxas
// A softmax of dynamic rows and columns reading bf16 and writing f32
// (softmax(x, dim=-1, dtype=torch.float32) on a bf16 x of any shape): the
// extension folds before gemm-specialize-dynamic-dims, and the one variant
// for every size reads X as bf16 and writes Y as f32; the version-3
// manifest's problem and buffers say both types, and the PTX assembles.
// RUN: gemm-opt %s -o /dev/null --gemm-compile="stage=softmax-rows ptx-file=%t.ptx manifest-file=%t.json"
// RUN: FileCheck %s --input-file %t.json
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
// CHECK: "version": 3,
// CHECK: "problem": {"cols":{"sym":"cols"},"rows":{"sym":"rows"},"x":"bf16","y":"f32"},
// CHECK: {"elem":"bf16","name":"X","role":"X","shape":[{"sym":"rows"},{"sym":"cols"}]},
// CHECK: {"elem":"f32","name":"Y","role":"Y","shape":[{"sym":"rows"},{"sym":"cols"}]}
#id = affine_map<(i, j) -> (i, j)>
func.func @dynamic(%s: tensor<?x?xbf16>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = tensor.dim %s, %c0 : tensor<?x?xbf16>
  %c = tensor.dim %s, %c1 : tensor<?x?xbf16>
  %e0 = tensor.empty(%r, %c) : tensor<?x?xf32>
  %sf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<?x?xbf16>) outs(%e0 : tensor<?x?xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %v = arith.extf %in : bf16 to f32
    linalg.yield %v : f32
  } -> tensor<?x?xf32>
  %e1 = tensor.empty(%r, %c) : tensor<?x?xf32>
  %p = linalg.softmax dimension(1) ins(%sf : tensor<?x?xf32>) outs(%e1 : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %p : tensor<?x?xf32>
}
