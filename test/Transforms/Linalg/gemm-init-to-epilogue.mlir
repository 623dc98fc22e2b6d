// RUN: gemm-opt %s --gemm-init-to-epilogue --split-input-file | FileCheck %s

// nn.Linear with its bias broadcast into the matmul's initial C: the
// matmul starts from zero and the bias is added after it.
// CHECK-LABEL: func.func @bias_init
// CHECK-SAME: (%{{.+}}: tensor<128x512xf16>, %{{.+}}: tensor<512x256xf16>, %[[BIAS:.+]]: tensor<256xf32>)
// CHECK: %[[BC:.+]] = linalg.broadcast ins(%[[BIAS]]
// CHECK: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[FILL:.+]] = linalg.fill ins(%[[ZERO]] : f32)
// CHECK: %[[MM:.+]] = linalg.matmul ins(%{{.+}}, %{{.+}} : {{.*}}) outs(%[[FILL]] :
// CHECK: %[[SUM:.+]] = linalg.add ins(%[[MM]], %[[BC]] :
// CHECK: return %[[SUM]]
func.func @bias_init(%x: tensor<128x512xf16>, %w: tensor<512x256xf16>, %b: tensor<256xf32>) -> tensor<128x256xf32> {
  %e = tensor.empty() : tensor<128x256xf32>
  %bb = linalg.broadcast ins(%b : tensor<256xf32>) outs(%e : tensor<128x256xf32>) dimensions = [0]
  %r = linalg.matmul ins(%x, %w : tensor<128x512xf16>, tensor<512x256xf16>) outs(%bb : tensor<128x256xf32>) -> tensor<128x256xf32>
  return %r : tensor<128x256xf32>
}

// -----

// A dynamic M: the zero fill and the add's output take C's rows from the
// initial C.
// CHECK-LABEL: func.func @bias_init_dynamic
// CHECK: %[[BC:.+]] = linalg.broadcast
// CHECK: %[[ROWS:.+]] = tensor.dim %[[BC]], %{{.+}} : tensor<?x256xf32>
// CHECK: tensor.empty(%[[ROWS]]) : tensor<?x256xf32>
// CHECK: %[[MM:.+]] = linalg.matmul
// CHECK: linalg.add ins(%[[MM]], %[[BC]] :
func.func @bias_init_dynamic(%x: tensor<?x512xf16>, %w: tensor<512x256xf16>, %b: tensor<256xf32>) -> tensor<?x256xf32> {
  %i0 = arith.constant 0 : index
  %m = tensor.dim %x, %i0 : tensor<?x512xf16>
  %e = tensor.empty(%m) : tensor<?x256xf32>
  %bb = linalg.broadcast ins(%b : tensor<256xf32>) outs(%e : tensor<?x256xf32>) dimensions = [0]
  %r = linalg.matmul ins(%x, %w : tensor<?x512xf16>, tensor<512x256xf16>) outs(%bb : tensor<?x256xf32>) -> tensor<?x256xf32>
  return %r : tensor<?x256xf32>
}

// -----

// A matmul starting from a zero fill, or from a C it is given, is left
// as it is.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: linalg.add
// CHECK: linalg.matmul
// CHECK: linalg.matmul
// CHECK-NOT: linalg.add
func.func @left_alone(%a: tensor<16x32xf16>, %b: tensor<32x48xf16>, %c: tensor<16x48xf32>) -> (tensor<16x48xf32>, tensor<16x48xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x48xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<16x48xf32>) -> tensor<16x48xf32>
  %r0 = linalg.matmul ins(%a, %b : tensor<16x32xf16>, tensor<32x48xf16>) outs(%f : tensor<16x48xf32>) -> tensor<16x48xf32>
  %r1 = linalg.matmul ins(%a, %b : tensor<16x32xf16>, tensor<32x48xf16>) outs(%c : tensor<16x48xf32>) -> tensor<16x48xf32>
  return %r0, %r1 : tensor<16x48xf32>, tensor<16x48xf32>
}

// -----

// C filled with another constant than zero: the matmul starts from zero
// and that constant is added after it (an epilogue add of a scalar).
// CHECK-LABEL: func.func @fill_one
// CHECK: %[[ONE:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : tensor<16x48xf32>)
// CHECK: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[FILL:.+]] = linalg.fill ins(%[[ZERO]] : f32)
// CHECK: %[[MM:.+]] = linalg.matmul ins({{.*}}) outs(%[[FILL]] :
// CHECK: linalg.add ins(%[[MM]], %[[ONE]] :
func.func @fill_one(%a: tensor<16x32xf16>, %b: tensor<32x48xf16>) -> tensor<16x48xf32> {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<16x48xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<16x48xf32>) -> tensor<16x48xf32>
  %r = linalg.matmul ins(%a, %b : tensor<16x32xf16>, tensor<32x48xf16>) outs(%f : tensor<16x48xf32>) -> tensor<16x48xf32>
  return %r : tensor<16x48xf32>
}

// -----

// A constant splat initial C (StableHLO's lowering): zero becomes the zero
// fill the kernels start from ...
// CHECK-LABEL: func.func @splat_zero_init
// CHECK-NOT: dense
// CHECK: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[E:.+]] = tensor.empty() : tensor<128x96xf32>
// CHECK: %[[FILL:.+]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E]] : tensor<128x96xf32>)
// CHECK: %[[MM:.+]] = linalg.matmul ins(%{{.+}}, %{{.+}} : {{.*}}) outs(%[[FILL]] :
// CHECK-NOT: linalg.add
// CHECK: return %[[MM]]
func.func @splat_zero_init(%a: tensor<128x64xf16>, %b: tensor<64x96xf16>) -> tensor<128x96xf32> {
  %c = arith.constant dense<0.0> : tensor<128x96xf32>
  %r = linalg.matmul ins(%a, %b : tensor<128x64xf16>, tensor<64x96xf16>) outs(%c : tensor<128x96xf32>) -> tensor<128x96xf32>
  return %r : tensor<128x96xf32>
}

// -----

// ... another value a fill of it, added after the matmul.
// CHECK-LABEL: func.func @splat_init
// CHECK: %[[HALF:.+]] = arith.constant 5.000000e-01 : f32
// CHECK: %[[C:.+]] = linalg.fill ins(%[[HALF]] : f32)
// CHECK: %[[FILL:.+]] = linalg.fill ins(%{{.+}} : f32)
// CHECK: %[[MM:.+]] = linalg.matmul ins(%{{.+}}, %{{.+}} : {{.*}}) outs(%[[FILL]] :
// CHECK: %[[SUM:.+]] = linalg.add ins(%[[MM]], %[[C]] :
// CHECK: return %[[SUM]]
func.func @splat_init(%a: tensor<128x64xf16>, %b: tensor<64x96xf16>) -> tensor<128x96xf32> {
  %c = arith.constant dense<0.5> : tensor<128x96xf32>
  %r = linalg.matmul ins(%a, %b : tensor<128x64xf16>, tensor<64x96xf16>) outs(%c : tensor<128x96xf32>) -> tensor<128x96xf32>
  return %r : tensor<128x96xf32>
}
