// RUN: gemm-opt %s --gemm-fold-softmax-casts --split-input-file | FileCheck %s
// RUN: gemm-opt %s --gemm-fold-softmax-casts --split-input-file -debug-only=gemm-opt-softmax-casts -o /dev/null 2>&1 | FileCheck %s --check-prefix=DBG

// gemm-fold-softmax-casts on IR given already bufferized: torch's
// softmax(x.float()).to(x.dtype) with the f32 copies of X and of Y in
// scratch buffers. Each cast folds only when its f32 buffer is a
// memref.alloc that nothing but the cast, the softmax and deallocations
// touch; else the cast stays, as without the pass (gemm-verify-input
// rejects it).

// Both casts fold: one linalg.softmax from the f16 X to the f16 Y; the
// scratch buffers, their deallocations and the casts are gone.
// CHECK-LABEL: func.func @both_f16
// CHECK-SAME: (%[[X:.+]]: memref<64x1000xf16>, %[[Y:.+]]: memref<64x1000xf16>)
// CHECK-NEXT: linalg.softmax dimension(1) ins(%[[X]] : memref<64x1000xf16>) outs(%[[Y]] : memref<64x1000xf16>)
// CHECK-NEXT: return
// DBG: folds on memrefs the extension of its input and the truncation of its result: linalg.softmax reads f16 and writes f16
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @both_f16(%x: memref<64x1000xf16>, %y: memref<64x1000xf16>) {
  %t = memref.alloc() : memref<64x1000xf32>
  %u = memref.alloc() : memref<64x1000xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<64x1000xf16>) outs(%t : memref<64x1000xf32>) {
  ^bb0(%a: f16, %b: f32):
    %e = arith.extf %a : f16 to f32
    linalg.yield %e : f32
  }
  linalg.softmax dimension(1) ins(%t : memref<64x1000xf32>) outs(%u : memref<64x1000xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%u : memref<64x1000xf32>) outs(%y : memref<64x1000xf16>) {
  ^bb0(%a: f32, %b: f16):
    %e = arith.truncf %a : f32 to f16
    linalg.yield %e : f16
  }
  memref.dealloc %t : memref<64x1000xf32>
  memref.dealloc %u : memref<64x1000xf32>
  return
}

// -----

// bf16 in and out, the scratch buffers made between the ops and without
// deallocations: both fold.
// CHECK-LABEL: func.func @both_bf16
// CHECK-SAME: (%[[X:.+]]: memref<7x1000xbf16>, %[[Y:.+]]: memref<7x1000xbf16>)
// CHECK-NEXT: linalg.softmax dimension(1) ins(%[[X]] : memref<7x1000xbf16>) outs(%[[Y]] : memref<7x1000xbf16>)
// CHECK-NEXT: return
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @both_bf16(%x: memref<7x1000xbf16>, %y: memref<7x1000xbf16>) {
  %t = memref.alloc() : memref<7x1000xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<7x1000xbf16>) outs(%t : memref<7x1000xf32>) {
  ^bb0(%a: bf16, %b: f32):
    %e = arith.extf %a : bf16 to f32
    linalg.yield %e : f32
  }
  %u = memref.alloc() : memref<7x1000xf32>
  linalg.softmax dimension(1) ins(%t : memref<7x1000xf32>) outs(%u : memref<7x1000xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%u : memref<7x1000xf32>) outs(%y : memref<7x1000xbf16>) {
  ^bb0(%a: f32, %b: bf16):
    %e = arith.truncf %a : f32 to bf16
    linalg.yield %e : bf16
  }
  return
}

// -----

// f16 in, bf16 out, 3-D: one gemm_opt.softmax of two types.
// CHECK-LABEL: func.func @both_two_types_3d
// CHECK-SAME: (%[[X:.+]]: memref<3x130x67xf16>, %[[Y:.+]]: memref<3x130x67xbf16>)
// CHECK-NOT: memref.alloc
// CHECK: gemm_opt.softmax dimension(2) ins(%[[X]] : memref<3x130x67xf16>) outs(%[[Y]] : memref<3x130x67xbf16>)
// CHECK-NOT: linalg
// CHECK-NOT: memref.dealloc
// CHECK: return
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @both_two_types_3d(%x: memref<3x130x67xf16>, %y: memref<3x130x67xbf16>) {
  %t = memref.alloc() : memref<3x130x67xf32>
  %u = memref.alloc() : memref<3x130x67xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : memref<3x130x67xf16>) outs(%t : memref<3x130x67xf32>) {
  ^bb0(%a: f16, %b: f32):
    %e = arith.extf %a : f16 to f32
    linalg.yield %e : f32
  }
  linalg.softmax dimension(2) ins(%t : memref<3x130x67xf32>) outs(%u : memref<3x130x67xf32>)
  memref.dealloc %t : memref<3x130x67xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%u : memref<3x130x67xf32>) outs(%y : memref<3x130x67xbf16>) {
  ^bb0(%a: f32, %b: bf16):
    %e = arith.truncf %a : f32 to bf16
    linalg.yield %e : bf16
  }
  memref.dealloc %u : memref<3x130x67xf32>
  return
}

// -----

// Dynamic rows (the scratch sized by memref.dim): both fold.
// CHECK-LABEL: func.func @dynamic_rows
// CHECK-SAME: (%[[X:.+]]: memref<?x1000xf16>, %[[Y:.+]]: memref<?x1000xf16>)
// CHECK-NOT: memref.alloc
// CHECK: linalg.softmax dimension(1) ins(%[[X]] : memref<?x1000xf16>) outs(%[[Y]] : memref<?x1000xf16>)
// CHECK-NOT: linalg.generic
// CHECK-NOT: memref.dealloc
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @dynamic_rows(%x: memref<?x1000xf16>, %y: memref<?x1000xf16>) {
  %c0 = arith.constant 0 : index
  %r = memref.dim %x, %c0 : memref<?x1000xf16>
  %t = memref.alloc(%r) : memref<?x1000xf32>
  %u = memref.alloc(%r) : memref<?x1000xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<?x1000xf16>) outs(%t : memref<?x1000xf32>) {
  ^bb0(%a: f16, %b: f32):
    %e = arith.extf %a : f16 to f32
    linalg.yield %e : f32
  }
  linalg.softmax dimension(1) ins(%t : memref<?x1000xf32>) outs(%u : memref<?x1000xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%u : memref<?x1000xf32>) outs(%y : memref<?x1000xf16>) {
  ^bb0(%a: f32, %b: f16):
    %e = arith.truncf %a : f32 to f16
    linalg.yield %e : f16
  }
  memref.dealloc %t : memref<?x1000xf32>
  memref.dealloc %u : memref<?x1000xf32>
  return
}

// -----

// softmax(x, dim=-1, dtype=torch.float32): only an extension, Y an f32
// argument: a gemm_opt.softmax reads bf16 and writes f32 into it.
// CHECK-LABEL: func.func @input_only
// CHECK-SAME: (%[[X:.+]]: memref<130x259xbf16>, %[[Y:.+]]: memref<130x259xf32>)
// CHECK-NEXT: gemm_opt.softmax dimension(1) ins(%[[X]] : memref<130x259xbf16>) outs(%[[Y]] : memref<130x259xf32>)
// CHECK-NEXT: return
// DBG-LABEL: folds on memrefs the extension of its input: gemm_opt.softmax reads bf16 and writes f32
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @input_only(%x: memref<130x259xbf16>, %y: memref<130x259xf32>) {
  %t = memref.alloc() : memref<130x259xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<130x259xbf16>) outs(%t : memref<130x259xf32>) {
  ^bb0(%a: bf16, %b: f32):
    %e = arith.extf %a : bf16 to f32
    linalg.yield %e : f32
  }
  linalg.softmax dimension(1) ins(%t : memref<130x259xf32>) outs(%y : memref<130x259xf32>)
  memref.dealloc %t : memref<130x259xf32>
  return
}

// -----

// An f32 softmax whose result is truncated to f16: the softmax writes the
// truncation's output.
// CHECK-LABEL: func.func @result_only
// CHECK-SAME: (%[[X:.+]]: memref<16x64xf32>, %[[Y:.+]]: memref<16x64xf16>)
// CHECK-NEXT: gemm_opt.softmax dimension(1) ins(%[[X]] : memref<16x64xf32>) outs(%[[Y]] : memref<16x64xf16>)
// CHECK-NEXT: return
// DBG-LABEL: folds on memrefs the truncation of its result: gemm_opt.softmax reads f32 and writes f16
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @result_only(%x: memref<16x64xf32>, %y: memref<16x64xf16>) {
  %u = memref.alloc() : memref<16x64xf32>
  linalg.softmax dimension(1) ins(%x : memref<16x64xf32>) outs(%u : memref<16x64xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%u : memref<16x64xf32>) outs(%y : memref<16x64xf16>) {
  ^bb0(%a: f32, %b: f16):
    %e = arith.truncf %a : f32 to f16
    linalg.yield %e : f16
  }
  memref.dealloc %u : memref<16x64xf32>
  return
}

// -----

// The f32 copy of X is a function argument: the caller sees it, the
// extension stays and nothing folds.
// CHECK-LABEL: func.func @scratch_is_argument
// CHECK-SAME: (%[[X:.+]]: memref<16x64xf16>, %[[T:.+]]: memref<16x64xf32>, %[[Y:.+]]: memref<16x64xf32>)
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[X]] : memref<16x64xf16>) outs(%[[T]] : memref<16x64xf32>)
// CHECK: arith.extf
// CHECK: linalg.softmax dimension(1) ins(%[[T]] : memref<16x64xf32>) outs(%[[Y]] : memref<16x64xf32>)
// CHECK-NOT: gemm_opt.softmax
// DBG-LABEL: keeps a cast: its f32 buffer is no memref.alloc (an argument the caller sees, or a view)
// DBG-NEXT: no cast to fold around linalg.softmax on memrefs
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @scratch_is_argument(%x: memref<16x64xf16>, %t: memref<16x64xf32>, %y: memref<16x64xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<16x64xf16>) outs(%t : memref<16x64xf32>) {
  ^bb0(%a: f16, %b: f32):
    %e = arith.extf %a : f16 to f32
    linalg.yield %e : f32
  }
  linalg.softmax dimension(1) ins(%t : memref<16x64xf32>) outs(%y : memref<16x64xf32>)
  return
}

// -----

// The same with the result truncated through a scratch: only the
// truncation folds, the softmax reads the f32 argument the extension
// still writes.
// CHECK-LABEL: func.func @scratch_is_argument_trunc_folds
// CHECK-SAME: (%[[X:.+]]: memref<16x64xf16>, %[[T:.+]]: memref<16x64xf32>, %[[Y:.+]]: memref<16x64xf16>)
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[X]] : memref<16x64xf16>) outs(%[[T]] : memref<16x64xf32>)
// CHECK: arith.extf
// CHECK: gemm_opt.softmax dimension(1) ins(%[[T]] : memref<16x64xf32>) outs(%[[Y]] : memref<16x64xf16>)
// CHECK-NOT: arith.truncf
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.dealloc
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @scratch_is_argument_trunc_folds(%x: memref<16x64xf16>, %t: memref<16x64xf32>, %y: memref<16x64xf16>) {
  %u = memref.alloc() : memref<16x64xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<16x64xf16>) outs(%t : memref<16x64xf32>) {
  ^bb0(%a: f16, %b: f32):
    %e = arith.extf %a : f16 to f32
    linalg.yield %e : f32
  }
  linalg.softmax dimension(1) ins(%t : memref<16x64xf32>) outs(%u : memref<16x64xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%u : memref<16x64xf32>) outs(%y : memref<16x64xf16>) {
  ^bb0(%a: f32, %b: f16):
    %e = arith.truncf %a : f32 to f16
    linalg.yield %e : f16
  }
  memref.dealloc %u : memref<16x64xf32>
  return
}

// -----

// The f32 copy of X is also read by another op (copied out): nothing
// folds.
// CHECK-LABEL: func.func @scratch_read_by_another
// CHECK: %[[T:.+]] = memref.alloc() : memref<16x64xf32>
// CHECK: linalg.generic
// CHECK: arith.extf
// CHECK: linalg.softmax dimension(1) ins(%[[T]] : memref<16x64xf32>)
// CHECK: memref.copy %[[T]]
// CHECK-NOT: gemm_opt.softmax
// DBG-LABEL: keeps a cast: its f32 buffer is also used by memref.copy
// DBG-NEXT: no cast to fold around linalg.softmax on memrefs
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @scratch_read_by_another(%x: memref<16x64xf16>, %y: memref<16x64xf32>, %z: memref<16x64xf32>) {
  %t = memref.alloc() : memref<16x64xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<16x64xf16>) outs(%t : memref<16x64xf32>) {
  ^bb0(%a: f16, %b: f32):
    %e = arith.extf %a : f16 to f32
    linalg.yield %e : f32
  }
  linalg.softmax dimension(1) ins(%t : memref<16x64xf32>) outs(%y : memref<16x64xf32>)
  memref.copy %t, %z : memref<16x64xf32> to memref<16x64xf32>
  memref.dealloc %t : memref<16x64xf32>
  return
}

// -----

// A view of the f32 copy of X: it may be read through the view, nothing
// folds.
// CHECK-LABEL: func.func @scratch_viewed
// CHECK: linalg.generic
// CHECK: arith.extf
// CHECK: linalg.softmax dimension(1) ins(%{{.+}} : memref<16x64xf32>)
// CHECK: memref.subview
// DBG-LABEL: keeps a cast: its f32 buffer is also used by memref.subview
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @scratch_viewed(%x: memref<16x64xf16>, %y: memref<16x64xf32>) -> memref<8x64xf32, strided<[64, 1]>> {
  %t = memref.alloc() : memref<16x64xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<16x64xf16>) outs(%t : memref<16x64xf32>) {
  ^bb0(%a: f16, %b: f32):
    %e = arith.extf %a : f16 to f32
    linalg.yield %e : f32
  }
  linalg.softmax dimension(1) ins(%t : memref<16x64xf32>) outs(%y : memref<16x64xf32>)
  %v = memref.subview %t[0, 0] [8, 64] [1, 1] : memref<16x64xf32> to memref<8x64xf32, strided<[64, 1]>>
  return %v : memref<8x64xf32, strided<[64, 1]>>
}

// -----

// The softmax's f32 output is also returned: the truncation stays, the
// extension still folds (the softmax reads f16 and writes the f32 buffer).
// CHECK-LABEL: func.func @output_returned
// CHECK-SAME: (%[[X:.+]]: memref<16x64xf16>, %[[Y:.+]]: memref<16x64xf16>)
// CHECK: %[[U:.+]] = memref.alloc() : memref<16x64xf32>
// CHECK: gemm_opt.softmax dimension(1) ins(%[[X]] : memref<16x64xf16>) outs(%[[U]] : memref<16x64xf32>)
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[U]] : memref<16x64xf32>) outs(%[[Y]] : memref<16x64xf16>)
// CHECK: arith.truncf
// CHECK: return %[[U]]
// DBG-LABEL: keeps a cast: its f32 buffer is also used by func.return
// DBG-NEXT: folds on memrefs the extension of its input: gemm_opt.softmax reads f16 and writes f32
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @output_returned(%x: memref<16x64xf16>, %y: memref<16x64xf16>) -> memref<16x64xf32> {
  %t = memref.alloc() : memref<16x64xf32>
  %u = memref.alloc() : memref<16x64xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<16x64xf16>) outs(%t : memref<16x64xf32>) {
  ^bb0(%a: f16, %b: f32):
    %e = arith.extf %a : f16 to f32
    linalg.yield %e : f32
  }
  linalg.softmax dimension(1) ins(%t : memref<16x64xf32>) outs(%u : memref<16x64xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%u : memref<16x64xf32>) outs(%y : memref<16x64xf16>) {
  ^bb0(%a: f32, %b: f16):
    %e = arith.truncf %a : f32 to f16
    linalg.yield %e : f16
  }
  memref.dealloc %t : memref<16x64xf32>
  return %u : memref<16x64xf32>
}

// -----

// An f32 softmax whose f32 output is also copied out: nothing folds.
// CHECK-LABEL: func.func @output_copied
// CHECK: %[[U:.+]] = memref.alloc() : memref<16x64xf32>
// CHECK: linalg.softmax dimension(1) ins(%{{.+}} : memref<16x64xf32>) outs(%[[U]] : memref<16x64xf32>)
// CHECK: linalg.generic
// CHECK: arith.truncf
// CHECK: memref.copy %[[U]]
// CHECK-NOT: gemm_opt.softmax
// DBG-LABEL: keeps a cast: its f32 buffer is also used by memref.copy
// DBG-NEXT: no cast to fold around linalg.softmax on memrefs
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @output_copied(%x: memref<16x64xf32>, %y: memref<16x64xf16>, %z: memref<16x64xf32>) {
  %u = memref.alloc() : memref<16x64xf32>
  linalg.softmax dimension(1) ins(%x : memref<16x64xf32>) outs(%u : memref<16x64xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%u : memref<16x64xf32>) outs(%y : memref<16x64xf16>) {
  ^bb0(%a: f32, %b: f16):
    %e = arith.truncf %a : f32 to f16
    linalg.yield %e : f16
  }
  memref.copy %u, %z : memref<16x64xf32> to memref<16x64xf32>
  memref.dealloc %u : memref<16x64xf32>
  return
}

// -----

// X written between the extension and the softmax: the softmax must read
// the values the extension read, nothing folds.
// CHECK-LABEL: func.func @input_written_between
// CHECK: arith.extf
// CHECK: memref.store
// CHECK: linalg.softmax dimension(1) ins(%{{.+}} : memref<16x64xf32>)
// CHECK-NOT: gemm_opt.softmax
// DBG-LABEL: keeps a cast: memref.store between it and the softmax may write memory
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @input_written_between(%x: memref<16x64xf16>, %y: memref<16x64xf32>, %v: f16) {
  %c0 = arith.constant 0 : index
  %t = memref.alloc() : memref<16x64xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<16x64xf16>) outs(%t : memref<16x64xf32>) {
  ^bb0(%a: f16, %b: f32):
    %e = arith.extf %a : f16 to f32
    linalg.yield %e : f32
  }
  memref.store %v, %x[%c0, %c0] : memref<16x64xf16>
  linalg.softmax dimension(1) ins(%t : memref<16x64xf32>) outs(%y : memref<16x64xf32>)
  memref.dealloc %t : memref<16x64xf32>
  return
}

// -----

// The truncation writes back into X (in place overall): folding both would
// make an in-place softmax, so only the truncation folds and the softmax
// reads the f32 copy.
// CHECK-LABEL: func.func @in_place
// CHECK-SAME: (%[[X:.+]]: memref<16x64xf16>)
// CHECK: %[[T:.+]] = memref.alloc() : memref<16x64xf32>
// CHECK: arith.extf
// CHECK: gemm_opt.softmax dimension(1) ins(%[[T]] : memref<16x64xf32>) outs(%[[X]] : memref<16x64xf16>)
// CHECK-NOT: arith.truncf
// DBG-LABEL: keeps the extension: the softmax would read and write one buffer
// DBG-NEXT: folds on memrefs the truncation of its result: gemm_opt.softmax reads f32 and writes f16
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @in_place(%x: memref<16x64xf16>) {
  %t = memref.alloc() : memref<16x64xf32>
  %u = memref.alloc() : memref<16x64xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<16x64xf16>) outs(%t : memref<16x64xf32>) {
  ^bb0(%a: f16, %b: f32):
    %e = arith.extf %a : f16 to f32
    linalg.yield %e : f32
  }
  linalg.softmax dimension(1) ins(%t : memref<16x64xf32>) outs(%u : memref<16x64xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%u : memref<16x64xf32>) outs(%x : memref<16x64xf16>) {
  ^bb0(%a: f32, %b: f16):
    %e = arith.truncf %a : f32 to f16
    linalg.yield %e : f16
  }
  memref.dealloc %t : memref<16x64xf32>
  memref.dealloc %u : memref<16x64xf32>
  return
}

// -----

// The same with the f32 copy freed before the truncation: the softmax
// cannot read it there either, nothing folds.
// CHECK-LABEL: func.func @in_place_copy_freed
// CHECK: arith.extf
// CHECK: linalg.softmax dimension(1) ins(%{{.+}} : memref<16x64xf32>)
// CHECK: memref.dealloc
// CHECK: arith.truncf
// CHECK-NOT: gemm_opt.softmax
// DBG-LABEL: keeps the extension: the softmax would read and write one buffer
// DBG-NEXT: keeps a cast: memref.dealloc between it and the softmax may write memory
// DBG-NEXT: no cast to fold around linalg.softmax on memrefs
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @in_place_copy_freed(%x: memref<16x64xf16>) {
  %t = memref.alloc() : memref<16x64xf32>
  %u = memref.alloc() : memref<16x64xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<16x64xf16>) outs(%t : memref<16x64xf32>) {
  ^bb0(%a: f16, %b: f32):
    %e = arith.extf %a : f16 to f32
    linalg.yield %e : f32
  }
  linalg.softmax dimension(1) ins(%t : memref<16x64xf32>) outs(%u : memref<16x64xf32>)
  memref.dealloc %t : memref<16x64xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%u : memref<16x64xf32>) outs(%x : memref<16x64xf16>) {
  ^bb0(%a: f32, %b: f16):
    %e = arith.truncf %a : f32 to f16
    linalg.yield %e : f16
  }
  memref.dealloc %u : memref<16x64xf32>
  return
}
