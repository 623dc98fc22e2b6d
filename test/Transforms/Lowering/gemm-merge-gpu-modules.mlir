// RUN: gemm-opt %s -split-input-file --gemm-merge-gpu-modules | FileCheck %s

// Two outlined modules become the first one, holding both kernels, and each
// launch is retargeted to it.

// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK:       gpu.module @first_kernel {
// CHECK-NEXT:    gpu.func @first_kernel(%{{.*}}: memref<4xf32>) kernel {
// CHECK:           arith.addf
// CHECK:           gpu.return
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.func @second_kernel(%{{.*}}: memref<4xf32>) kernel {
// CHECK:           arith.mulf
// CHECK:           gpu.return
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NOT:   gpu.module
// CHECK:       func.func @host(%[[BUF:[a-z0-9_]+]]: memref<4xf32>)
// CHECK:         gpu.launch_func @first_kernel::@first_kernel {{.*}} args(%[[BUF]] : memref<4xf32>)
// CHECK-NEXT:    gpu.launch_func @first_kernel::@second_kernel {{.*}} args(%[[BUF]] : memref<4xf32>)
// CHECK-NOT:   @second_kernel::
module attributes {gpu.container_module} {
  gpu.module @first_kernel {
    gpu.func @first_kernel(%a: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %a[%i] : memref<4xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %a[%i] : memref<4xf32>
      gpu.return
    }
  }
  gpu.module @second_kernel {
    gpu.func @second_kernel(%a: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %a[%i] : memref<4xf32>
      %w = arith.mulf %v, %v : f32
      memref.store %w, %a[%i] : memref<4xf32>
      gpu.return
    }
  }
  func.func @host(%a: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @first_kernel::@first_kernel blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%a : memref<4xf32>)
    gpu.launch_func @second_kernel::@second_kernel blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%a : memref<4xf32>)
    return
  }
}

// -----

// Kernels with the same name in different modules: the moved one gets a
// fresh name and its launch follows it; the first keeps its name.

// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK:       gpu.module @m1 {
// CHECK-NEXT:    gpu.func @kernel(
// CHECK:           arith.addf
// CHECK:         gpu.func @[[RENAMED:kernel_[0-9]+]](
// CHECK:           arith.mulf
// CHECK:       }
// CHECK-NOT:   gpu.module
// CHECK:       gpu.launch_func @m1::@kernel blocks
// CHECK-NEXT:  gpu.launch_func @m1::@[[RENAMED]] blocks
// CHECK-NEXT:  gpu.launch_func @m1::@kernel blocks
module attributes {gpu.container_module} {
  gpu.module @m1 {
    gpu.func @kernel(%a: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %a[%i] : memref<4xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %a[%i] : memref<4xf32>
      gpu.return
    }
  }
  gpu.module @m2 {
    gpu.func @kernel(%a: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %a[%i] : memref<4xf32>
      %w = arith.mulf %v, %v : f32
      memref.store %w, %a[%i] : memref<4xf32>
      gpu.return
    }
  }
  func.func @host(%a: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @m1::@kernel blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%a : memref<4xf32>)
    gpu.launch_func @m2::@kernel blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%a : memref<4xf32>)
    gpu.launch_func @m1::@kernel blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%a : memref<4xf32>)
    return
  }
}

// -----

// Three modules (softmax-3pass has three kernels): all end in the first, in
// order, and each launch keeps its grid, block and arguments.

// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK:       gpu.module @k0 {
// CHECK-NEXT:    gpu.func @k0(
// CHECK:         gpu.func @k1(
// CHECK:         gpu.func @k2(
// CHECK-NOT:   gpu.module
// CHECK:       func.func @host(%[[X:[a-z0-9_]+]]: memref<4xf32>, %[[Y:[a-z0-9_]+]]: memref<4xf32>)
// CHECK:       gpu.launch_func @k0::@k0 blocks in (%c2, %c1, %c1) threads in (%c4, %c1, %c1) args(%[[X]] : memref<4xf32>)
// CHECK-NEXT:  gpu.launch_func @k0::@k1 blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%[[Y]] : memref<4xf32>)
// CHECK-NEXT:  gpu.launch_func @k0::@k2 blocks in (%c1, %c1, %c1) threads in (%c2, %c1, %c1) args(%[[X]] : memref<4xf32>, %[[Y]] : memref<4xf32>)
module attributes {gpu.container_module} {
  gpu.module @k0 {
    gpu.func @k0(%a: memref<4xf32>) kernel { gpu.return }
  }
  gpu.module @k1 {
    gpu.func @k1(%a: memref<4xf32>) kernel { gpu.return }
  }
  gpu.module @k2 {
    gpu.func @k2(%a: memref<4xf32>, %b: memref<4xf32>) kernel { gpu.return }
  }
  func.func @host(%x: memref<4xf32>, %y: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @k0::@k0 blocks in (%c2, %c1, %c1) threads in (%c4, %c1, %c1) args(%x : memref<4xf32>)
    gpu.launch_func @k1::@k1 blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%y : memref<4xf32>)
    gpu.launch_func @k2::@k2 blocks in (%c1, %c1, %c1) threads in (%c2, %c1, %c1) args(%x : memref<4xf32>, %y : memref<4xf32>)
    return
  }
}

// -----

// One module: nothing to merge, nothing changes.

// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK:       gpu.module @only {
// CHECK-NEXT:    gpu.func @only(
// CHECK:       gpu.launch_func @only::@only blocks
module attributes {gpu.container_module} {
  gpu.module @only {
    gpu.func @only(%a: memref<4xf32>) kernel { gpu.return }
  }
  func.func @host(%a: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @only::@only blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4xf32>)
    return
  }
}
