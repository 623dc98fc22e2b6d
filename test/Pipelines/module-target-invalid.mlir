// What a module's target (gemm_opt.target) cannot be, and options that
// disagree with it, each an error at the module (at the function for a
// rung pass). One part per option set (split-file), each verified with
// --verify-diagnostics.

// RUN: split-file %s %t
// RUN: gemm-opt %t/stage-mma.mlir -split-input-file --gemm-compile=stage=mma -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/stage-mma-chip.mlir -split-input-file --gemm-compile="stage=mma chip=sm_90" -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/stage-wgmma.mlir -split-input-file --gemm-stage-wgmma -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/rung-chip.mlir -split-input-file --gemm-naive=chip=sm_90 -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/lower-chip.mlir -split-input-file --gemm-lower-to-ptx=chip=sm_90 -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/rung-wgmma.mlir -split-input-file --gemm-wgmma -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/stage-softmax.mlir --gemm-stage-softmax-rows -verify-diagnostics -o /dev/null
// RUN: gemm-opt %t/stage-softmax.mlir --gemm-stage-softmax-rows=chip=sm_90a -o /dev/null

//--- stage-mma.mlir

// expected-error @below {{gemm_opt.target must be an #nvvm.target<...>, found "sm_80"}}
module attributes {gemm_opt.target = "sm_80"} {
  func.func @matmul(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) {
    linalg.matmul ins(%A, %B : memref<64x64xf16>, memref<64x64xf16>) outs(%C : memref<64x64xf32>)
    return
  }
}

// -----

// expected-error @below {{the target #nvvm.target<chip = "sm_100"> names chip 'sm_100', which gemm-opt does not compile for; expected one of sm_70, sm_75, sm_80, sm_86, sm_87, sm_89, sm_90, sm_90a}}
module attributes {gemm_opt.target = #nvvm.target<chip = "sm_100">} {
  func.func @matmul(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) {
    linalg.matmul ins(%A, %B : memref<64x64xf16>, memref<64x64xf16>) outs(%C : memref<64x64xf32>)
    return
  }
}

// -----

// The stages a target's chip cannot run keep the errors they have for the
// chip option.
// expected-error @below {{stage 'mma' needs sm_80 or later (cp.async, from rung 'multibuffer'); chip 'sm_75' cannot run it: use a newer chip, or a stage up to 'swizzle' (the module's target is #nvvm.target<chip = "sm_75">)}}
module attributes {gemm_opt.target = #nvvm.target<chip = "sm_75">} {
  func.func @matmul(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) {
    linalg.matmul ins(%A, %B : memref<64x64xf16>, memref<64x64xf16>) outs(%C : memref<64x64xf32>)
    return
  }
}

//--- stage-mma-chip.mlir

// expected-error @below {{chip option 'sm_90' disagrees with the module's target #nvvm.target<chip = "sm_80"> (gemm_opt.target): leave the option out, or name chip 'sm_80'}}
module attributes {gemm_opt.target = #nvvm.target<chip = "sm_80">} {
  func.func @matmul(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) {
    linalg.matmul ins(%A, %B : memref<64x64xf16>, memref<64x64xf16>) outs(%C : memref<64x64xf32>)
    return
  }
}

//--- stage-wgmma.mlir

// expected-error @below {{stage 'wgmma' needs sm_90a (wgmma, TMA, mbarrier transactions); chip 'sm_80' cannot run it: use chip=sm_90 or sm_90a, or a stage up to 'mma' (the module's target is #nvvm.target<chip = "sm_80">)}}
module attributes {gemm_opt.target = #nvvm.target<chip = "sm_80">} {
  func.func @matmul(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) {
    linalg.matmul ins(%A, %B : memref<64x64xf16>, memref<64x64xf16>) outs(%C : memref<64x64xf32>)
    return
  }
}

// -----

// A target is compiled for as written: sm_90 is not taken for sm_90a.
// expected-error @below {{stage 'wgmma' needs sm_90a (wgmma, TMA, mbarrier transactions); the module's target #nvvm.target<chip = "sm_90"> names sm_90: name chip = "sm_90a" (with features = "+ptx83") in it, or use a stage up to 'mma'}}
module attributes {gemm_opt.target = #nvvm.target<chip = "sm_90">} {
  func.func @matmul(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) {
    linalg.matmul ins(%A, %B : memref<64x64xf16>, memref<64x64xf16>) outs(%C : memref<64x64xf32>)
    return
  }
}

// -----

// sm_90a without a PTX ISA of 8.3 or later (the NVPTX backend aborted on
// TMA's tensor-map fence under the chip's default ISA).
// expected-error @below {{stage 'wgmma' emits PTX ISA 8.3 instructions (wgmma, TMA); the module's target #nvvm.target<chip = "sm_90a"> has features = "": name features = "+ptx83" (or later) in it, or use a stage up to 'mma'}}
module attributes {gemm_opt.target = #nvvm.target<chip = "sm_90a">} {
  func.func @matmul(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) {
    linalg.matmul ins(%A, %B : memref<64x64xf16>, memref<64x64xf16>) outs(%C : memref<64x64xf32>)
    return
  }
}

// -----

// expected-error @below {{stage 'wgmma' emits PTX ISA 8.3 instructions (wgmma, TMA); the module's target #nvvm.target<chip = "sm_90a", features = "+ptx81"> has features = "+ptx81": name features = "+ptx83" (or later) in it, or use a stage up to 'mma'}}
module attributes {gemm_opt.target = #nvvm.target<chip = "sm_90a", features = "+ptx81">} {
  func.func @matmul(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) {
    linalg.matmul ins(%A, %B : memref<64x64xf16>, memref<64x64xf16>) outs(%C : memref<64x64xf32>)
    return
  }
}

//--- rung-chip.mlir

module attributes {gemm_opt.target = #nvvm.target<chip = "sm_80">} {
  // expected-error @below {{chip option 'sm_90' disagrees with the module's target #nvvm.target<chip = "sm_80"> (gemm_opt.target): leave the option out, or name chip 'sm_80'}}
  func.func @matmul(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) {
    linalg.matmul ins(%A, %B : memref<64x64xf16>, memref<64x64xf16>) outs(%C : memref<64x64xf32>)
    return
  }
}

//--- lower-chip.mlir

// expected-error @below {{chip option 'sm_90' disagrees with the module's target #nvvm.target<chip = "sm_80"> (gemm_opt.target): leave the option out, or name chip 'sm_80'}}
module attributes {gemm_opt.target = #nvvm.target<chip = "sm_80">} {
}

//--- rung-wgmma.mlir

// The IR just before gemm-wgmma (gemm-wgmma-from-plan.mlir), in a module
// whose target is sm_90: without the option's sm_90a upgrade, the rung
// fails at the launch.
module attributes {gemm_opt.target = #nvvm.target<chip = "sm_90">} {
  func.func @matmul(%A: memref<256x512xbf16> {gemm_opt.role = "A"},
                    %B: memref<512x384xbf16> {gemm_opt.role = "B"},
                    %C: memref<256x384xf32> {gemm_opt.role = "C"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-error @below {{the 'wgmma' rung needs sm_90a (wgmma, TMA, setmaxnreg); chip sm_90 cannot run it}}
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %a = memref.load %A[%c0, %c0] : memref<256x512xbf16>
      %b = memref.load %B[%c0, %c0] : memref<512x384xbf16>
      %af = arith.extf %a : bf16 to f32
      %bf = arith.extf %b : bf16 to f32
      %ab = arith.mulf %af, %bf : f32
      memref.store %ab, %C[%c0, %c0] : memref<256x384xf32>
      gpu.terminator
    } {gemm_opt.kernel = "matmul", gemm_opt.mapping = "mma",
       gemm_opt.problem = #gemm_opt.matmul<a = bf16, b = bf16, c = f32, k = 512, m = 256, n = 384>,
       gemm_opt.mma_plan = #gemm_opt.mma_plan<bk = 32, bm = 64, bn = 64, elem_bytes = 2, group_m = 0, max_regs = 0, stages = 4, wm = 32, wn = 32>}
    return
  }
}

//--- stage-softmax.mlir

// A softmax stage compiles the matmuls of a function of several ops with
// the rungs of the newest matmul stage the chip runs, chosen when the
// pipeline is built: for the chip asked (sm_90: mma), not for the module's
// sm_90a (wgmma). Asked for sm_90a (the last RUN line), it compiles.
module attributes {gemm_opt.target = #nvvm.target<chip = "sm_90a", features = "+ptx83">} {
  func.func @mm_softmax(%X: memref<64x64xf16>, %W: memref<64x64xf16>, %P: memref<64x64xf16>) {
    %zero = arith.constant 0.0 : f16
    %T = memref.alloc() : memref<64x64xf16>
    linalg.fill ins(%zero : f16) outs(%T : memref<64x64xf16>)
    // expected-error @below {{the ops of the other ladder in a function of several ops are compiled, on target #nvvm.target<chip = "sm_90a", features = "+ptx83">, by the rungs of stage 'wgmma', but this pipeline was built with those of 'mma' (for the chip it was asked for): give the pipeline chip=sm_90a}}
    linalg.matmul ins(%X, %W : memref<64x64xf16>, memref<64x64xf16>) outs(%T : memref<64x64xf16>)
    linalg.softmax dimension(1) ins(%T : memref<64x64xf16>) outs(%P : memref<64x64xf16>)
    memref.dealloc %T : memref<64x64xf16>
    return
  }
}
