// torch's softmax(x.float()).to(x.dtype) on f16 x given already
// bufferized: the f16 input extended into an f32 scratch buffer, an f32
// linalg.softmax on memrefs into another, truncated into the f16 output;
// folded by gemm-fold-softmax-casts (on memrefs) into one softmax reading
// and writing the f16 arguments (8-element f16 loads and stores).
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @softmax(%x: memref<7x1000xf16>, %y: memref<7x1000xf16>) {
  %xf = memref.alloc() : memref<7x1000xf32>
  %yf = memref.alloc() : memref<7x1000xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<7x1000xf16>) outs(%xf : memref<7x1000xf32>) {
  ^bb0(%in: f16, %out: f32):
    %v = arith.extf %in : f16 to f32
    linalg.yield %v : f32
  }
  linalg.softmax dimension(1) ins(%xf : memref<7x1000xf32>) outs(%yf : memref<7x1000xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%yf : memref<7x1000xf32>) outs(%y : memref<7x1000xf16>) {
  ^bb0(%in: f32, %out: f16):
    %v = arith.truncf %in : f32 to f16
    linalg.yield %v : f16
  }
  memref.dealloc %xf : memref<7x1000xf32>
  memref.dealloc %yf : memref<7x1000xf32>
  return
}
