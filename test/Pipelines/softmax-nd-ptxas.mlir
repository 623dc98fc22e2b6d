// REQUIRES: ptxas
// A softmax over the last dimension of a 3-D tensor alone (4 x 33 rows of
// 100, bf16) compiles, at the first and the last softmax stage, to exactly
// the PTX of the 2-D softmax of its 132 rows, with a version-1 manifest
// that differs only in the X and Y shapes: the problem says 132 x 100, the
// buffers keep [4, 33, 100], and each kernel's pointer names them.

// DEFINE: %{stage} = softmax-3pass
// DEFINE: %{check} = rm -f %t.*.ptx %t.*.json \
// DEFINE:   && gemm-opt %s -o %t.mlir --gemm-compile="stage=%{stage} ptx-file=%t.nd.ptx manifest-file=%t.nd.json" \
// DEFINE:   && FileCheck %s --check-prefix=JSON -DSTAGE=%{stage} --input-file=%t.nd.json \
// DEFINE:   && FileCheck %s --check-prefix=IR --input-file=%t.mlir \
// DEFINE:   && %ptxas -arch=sm_90 %t.nd.ptx -o %t.cubin \
// DEFINE:   && sed -e 's/4x33x100/132x100/g' -e 's/dimension(2)/dimension(1)/' %s > %t.2d.mlir \
// DEFINE:   && gemm-opt %t.2d.mlir -o /dev/null --gemm-compile="stage=%{stage} ptx-file=%t.2d.ptx manifest-file=%t.2d.json" \
// DEFINE:   && cmp %t.2d.ptx %t.nd.ptx \
// DEFINE:   && sed -e 's/"shape": \[4, 33, 100\]/"shape": [132, 100]/' %t.nd.json | diff %t.2d.json -

// RUN: %{check}
// REDEFINE: %{stage} = softmax-rows
// RUN: %{check}

// JSON:      "version": 1,
// JSON-NEXT: "op": "softmax",
// JSON-NEXT: "stage": "[[STAGE]]",
// JSON-NEXT: "chip": "sm_90",
// JSON-NEXT: "func": "heads",
// JSON-NEXT: "problem": {"rows": 132, "cols": 100, "x": "bf16", "y": "bf16"},
// JSON-NEXT: "buffers": [
// JSON-NEXT:   {"name": "X", "role": "X", "elem": "bf16", "shape": [4, 33, 100]},
// JSON-NEXT:   {"name": "Y", "role": "Y", "elem": "bf16", "shape": [4, 33, 100]}
// JSON:      {"abi": "ptr", "buffer": "Y"}

// IR:      func.func @heads(%[[X:.*]]: memref<4x33x100xbf16> {gemm_opt.role = "X"}) -> memref<4x33x100xbf16>
// IR-NEXT:   %[[Y:.*]] = memref.alloc() {{.*}}gemm_opt.role = "Y"{{.*}} : memref<4x33x100xbf16>
// IR-NEXT:   %[[XR:.*]] = memref.collapse_shape %[[X]] {{\[}}[0, 1], [2]] : memref<4x33x100xbf16> into memref<132x100xbf16>
// IR-NEXT:   %[[YR:.*]] = memref.collapse_shape %[[Y]] {{\[}}[0, 1], [2]] : memref<4x33x100xbf16> into memref<132x100xbf16>
// IR-NOT:    memref.collapse_shape
// IR:        gpu.launch_func {{.*}}args(
// IR-SAME:       %[[XR]] : memref<132x100xbf16>
// IR:        return %[[Y]] : memref<4x33x100xbf16>

func.func @heads(%x: tensor<4x33x100xbf16>) -> tensor<4x33x100xbf16> {
  %e = tensor.empty() : tensor<4x33x100xbf16>
  %r = linalg.softmax dimension(2) ins(%x : tensor<4x33x100xbf16>) outs(%e : tensor<4x33x100xbf16>) -> tensor<4x33x100xbf16>
  return %r : tensor<4x33x100xbf16>
}
