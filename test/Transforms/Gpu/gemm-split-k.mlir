// RUN: gemm-opt %s --gemm-split-k=splits=2 -canonicalize | FileCheck %s
// RUN: gemm-opt %s --gemm-split-k=splits=3 -canonicalize | FileCheck %s --check-prefix=THREE

// A hand-written naive matmul, C += A * B (64x80, K = 96), one thread per
// element of C, the accumulator starting from C's element. With 2 splits:
// grid z = 2, block z runs k in [z*96/2, (z+1)*96/2) from 0.0 and stores
// its partial to row z*64 + i of a 128 x 80 f32 scratch buffer; the
// reduction launch sums rows i and 64 + i in that order, adds C and
// stores C (80 columns: whole 16-byte vectors).

// CHECK-LABEL: func.func @naive
// CHECK-SAME:    (%[[A:.*]]: memref<64x96xf32>, %[[B:.*]]: memref<96x80xf32>, %[[C:.*]]: memref<64x80xf32>)
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C96:.*]] = arith.constant 96 : index
// CHECK-DAG:     %[[C64:.*]] = arith.constant 64 : index
// CHECK:         %[[P:.*]] = memref.alloc() : memref<128x80xf32>
// CHECK:         gpu.launch blocks(%{{.*}}, %{{.*}}, %[[Z:.*]]) in (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %[[C2]])
// CHECK:           %[[F:.*]] = arith.muli %[[Z]], %[[C96]] : index
// CHECK:           %[[LB:.*]] = arith.divui %[[F]], %[[C2]] : index
// CHECK:           %[[Z1:.*]] = arith.addi %[[Z]], %{{.*}} : index
// CHECK:           %[[L:.*]] = arith.muli %[[Z1]], %[[C96]] : index
// CHECK:           %[[UB:.*]] = arith.divui %[[L]], %[[C2]] : index
// CHECK:           %[[OFF:.*]] = arith.muli %[[Z]], %[[C64]] : index
// CHECK:           %[[ACC:.*]] = scf.for %{{.*}} = %[[LB]] to %[[UB]] step %{{.*}} iter_args(%{{.*}} = %[[ZERO]]) -> (f32)
// CHECK:           %[[ROW:.*]] = arith.addi %[[I:.*]], %[[OFF]] : index
// CHECK:           memref.store %[[ACC]], %[[P]][%[[ROW]], %{{.*}}] : memref<128x80xf32>
// CHECK-NOT:       memref.store %{{.*}}, %[[C]]
// CHECK:         gpu.launch
// CHECK:           %[[S0:.*]] = vector.load %[[P]][%[[R:.*]], %[[COL:.*]]] {alignment = 16 : i64} : memref<128x80xf32>, vector<4xf32>
// CHECK:           %[[R1:.*]] = arith.addi %[[R]], %[[C64]] : index
// CHECK:           %[[S1:.*]] = vector.load %[[P]][%[[R1]], %[[COL]]]
// CHECK:           %[[SUM:.*]] = arith.addf %[[S0]], %[[S1]] : vector<4xf32>
// CHECK:           %[[OLD:.*]] = vector.load %[[C]][%[[R]], %[[COL]]]
// CHECK:           %[[NEW:.*]] = arith.addf %[[OLD]], %[[SUM]] : vector<4xf32>
// CHECK:           vector.store %[[NEW]], %[[C]][%[[R]], %[[COL]]]
// CHECK:         } {gemm_opt.kernel = "matmul-splitk-reduce"}
// CHECK:         memref.dealloc %[[P]] : memref<128x80xf32>

// THREE-LABEL: func.func @naive
// THREE:       memref.alloc() : memref<192x80xf32>
// THREE:       scf.for
// THREE:       gpu.launch
// THREE-COUNT-3: vector.load %{{.*}} : memref<192x80xf32>, vector<4xf32>
func.func @naive(%a: memref<64x96xf32>, %b: memref<96x80xf32>, %c: memref<64x80xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c3, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c32, %sz = %c1) {
    %r0 = arith.muli %bx, %c32 : index
    %row = arith.addi %r0, %tx : index
    %c0 = arith.muli %by, %c32 : index
    %col = arith.addi %c0, %ty : index
    %m = arith.constant 64 : index
    %n = arith.constant 80 : index
    %in_m = arith.cmpi ult, %row, %m : index
    %in_n = arith.cmpi ult, %col, %n : index
    %in = arith.andi %in_m, %in_n : i1
    scf.if %in {
      %old = memref.load %c[%row, %col] : memref<64x80xf32>
      %lb = arith.constant 0 : index
      %ub = arith.constant 96 : index
      %step = arith.constant 1 : index
      %acc = scf.for %k = %lb to %ub step %step iter_args(%s = %old) -> (f32) {
        %x = memref.load %a[%row, %k] : memref<64x96xf32>
        %y = memref.load %b[%k, %col] : memref<96x80xf32>
        %f = math.fma %x, %y, %s : f32
        scf.yield %f : f32
      }
      memref.store %acc, %c[%row, %col] : memref<64x80xf32>
    }
    gpu.terminator
  }
  return
}

// C = A * B into f16 (the accumulator starts from 0.0; its store narrows
// it), N = 30: partial rows padded to 32 floats; the reduction narrows and
// stores element by element, the last two of a row's chunks guarded.
// K from 2 to 40 step 4: 10 iterations, 5 per split.

// CHECK-LABEL: func.func @f16_out
// CHECK:         memref.alloc() : memref<60x32xf32>
// CHECK:         gpu.launch
// CHECK:           scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[STEP:.*]] iter_args
// CHECK:           memref.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : memref<60x32xf32>
// CHECK-NOT:       arith.truncf
// CHECK:         gpu.launch
// CHECK:           vector.load {{.*}} : memref<60x32xf32>, vector<4xf32>
// CHECK:           vector.load {{.*}} : memref<60x32xf32>, vector<4xf32>
// CHECK-NOT:       memref.load
// CHECK:           arith.truncf
// CHECK:           memref.store {{.*}} : memref<30x30xf16>
// CHECK:           arith.truncf
// CHECK:           memref.store {{.*}} : memref<30x30xf16>
// CHECK:           scf.if
// CHECK:             memref.store {{.*}} : memref<30x30xf16>
// CHECK:           scf.if
// CHECK:             memref.store {{.*}} : memref<30x30xf16>
func.func @f16_out(%a: memref<30x40xf16>, %b: memref<40x30xf16>, %c: memref<30x30xf16>) {
  %c1 = arith.constant 1 : index
  %c30 = arith.constant 30 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c30, %sy = %c30, %sz = %c1) {
    %zero = arith.constant 0.0 : f32
    %lb = arith.constant 2 : index
    %ub = arith.constant 40 : index
    %step = arith.constant 4 : index
    %acc = scf.for %k = %lb to %ub step %step iter_args(%s = %zero) -> (f32) {
      %x = memref.load %a[%ty, %k] : memref<30x40xf16>
      %y = memref.load %b[%k, %tx] : memref<40x30xf16>
      %xf = arith.extf %x : f16 to f32
      %yf = arith.extf %y : f16 to f32
      %f = math.fma %xf, %yf, %s : f32
      scf.yield %f : f32
    }
    %h = arith.truncf %acc : f32 to f16
    memref.store %h, %c[%ty, %tx] : memref<30x30xf16>
    gpu.terminator
  }
  return
}
