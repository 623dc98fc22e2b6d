// Every kind of epilogue step on memrefs, f16: OUT (f16) =
// tanh(gelu_erf(min(max((alpha * (A B) + bias) * rowscale + 0.5 * RES
// - 0.25) / 2, -4), 4))) with bias per column [N] (f16), rowscale per row
// [M] (f32), the residual M x N (f16) scaled by 0.5 (beta * C); the
// f32 matmul result is a temporary allocation, zero-filled, read only by
// the generic; M = 1000, N = 999, K = 777. Shared by test/Pipelines; not a
// test itself.
#id = affine_map<(m, n) -> (m, n)>
#col = affine_map<(m, n) -> (n)>
#row = affine_map<(m, n) -> (m)>
func.func @epilogue(%A: memref<1000x777xf16>, %B: memref<777x999xf16>, %bias: memref<999xf16>, %rowscale: memref<1000xf32>, %res: memref<1000x999xf16>, %out: memref<1000x999xf16>) {
  %zero = arith.constant 0.0 : f32
  %tmp = memref.alloc() : memref<1000x999xf32>
  linalg.fill ins(%zero : f32) outs(%tmp : memref<1000x999xf32>)
  linalg.matmul ins(%A, %B : memref<1000x777xf16>, memref<777x999xf16>) outs(%tmp : memref<1000x999xf32>)
  linalg.generic {indexing_maps = [#id, #col, #row, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%tmp, %bias, %rowscale, %res : memref<1000x999xf32>, memref<999xf16>, memref<1000xf32>, memref<1000x999xf16>) outs(%out : memref<1000x999xf16>) {
  ^bb0(%x: f32, %bv: f16, %rs: f32, %rv: f16, %o: f16):
    %alpha = arith.constant 1.25 : f32
    %beta = arith.constant 0.5 : f32
    %quarter = arith.constant 0.25 : f32
    %two = arith.constant 2.0 : f32
    %lo = arith.constant -4.0 : f32
    %hi = arith.constant 4.0 : f32
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %rsqrt2 = arith.constant 0.707106769 : f32
    %v0 = arith.mulf %alpha, %x : f32
    %b32 = arith.extf %bv : f16 to f32
    %v1 = arith.addf %v0, %b32 : f32
    %v2 = arith.mulf %v1, %rs : f32
    %r32 = arith.extf %rv : f16 to f32
    %rb = arith.mulf %r32, %beta : f32
    %v3 = arith.addf %v2, %rb : f32
    %v4 = arith.subf %v3, %quarter : f32
    %v5 = arith.divf %v4, %two : f32
    %v6 = arith.maximumf %v5, %lo : f32
    %v7 = arith.minimumf %hi, %v6 : f32
    %e0 = arith.mulf %v7, %rsqrt2 : f32
    %e1 = math.erf %e0 : f32
    %e2 = arith.addf %e1, %one : f32
    %e3 = arith.mulf %v7, %half : f32
    %g = arith.mulf %e3, %e2 : f32
    %t = math.tanh %g : f32
    %r = arith.truncf %t : f32 to f16
    linalg.yield %r : f16
  }
  memref.dealloc %tmp : memref<1000x999xf32>
  return
}
