// REQUIRES: ptxas
// Operands stored transposed (linalg.matmul / linalg.generic /
// linalg.contract with transposing indexing maps) through the ladder: the
// problem records the layout; naive reads the operands as stored; the
// tiled SIMT and mma kernels read transposed copies (a copy kernel each,
// rows padded to 16 bytes); wgmma reads a B stored N x K K-major as it is
// (no copy when its rows are 16-byte aligned, padded staging otherwise)
// and A stored K x M through its transposed copy. Every module assembles
// for sm_90a with no spills.

// DEFINE: %{in} =
// DEFINE: %{stage} =
// DEFINE: %{prefix} =
// DEFINE: %{check} = rm -f %t.ptx \
// DEFINE:   && gemm-opt %inputs/%{in}.mlir --gemm-stage-%{stage}="allow-tf32=true ptx-file=%t.ptx" \
// DEFINE:      | FileCheck %s --check-prefix=%{prefix} \
// DEFINE:   && %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=arning \
// DEFINE:      '--implicit-check-not={{ [1-9][0-9]* bytes spill}}'

// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// nn.Linear's layout (B stored N x K), bf16, ragged.
// REDEFINE: %{in} = matmul-bf16-nt-1000x999x777
// REDEFINE: %{stage} = naive
// REDEFINE: %{prefix} = NT-NAIVE
// RUN: %{check}
// NT-NAIVE: gemm_opt.problems = [#gemm_opt.matmul<a = bf16, b = bf16, c = f32, k = 777, m = 1000, n = 999, transpose_b = true>]
// NT-NAIVE-NOT: memref.alloc
// NT-NAIVE: gpu.launch_func @matmul_kernel::@matmul_kernel blocks in
// NT-NAIVE-NOT: gpu.launch_func
// REDEFINE: %{stage} = warptile
// REDEFINE: %{prefix} = NT-COPY
// RUN: %{check}
// REDEFINE: %{stage} = mma
// RUN: %{check}
// NT-COPY: transpose_b = true
// NT-COPY: gpu.launch_func @matmul_kernel::@matmul_kernel blocks in {{.*}} args(%arg1 : memref<999x777xbf16>, %[[BT:.+]] : memref<777x1000xbf16>)
// NT-COPY: gpu.launch_func {{.*}} args(%arg0 : memref<1000x777xbf16>, %[[BT]] : memref<777x1000xbf16>
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = NT-WGMMA
// RUN: %{check}
// NT-WGMMA: transpose_b = true
// NT-WGMMA-NOT: memref<777x1000xbf16>
// NT-WGMMA: gpu.launch_func @matmul_kernel::@matmul_kernel blocks in {{.*}} args(%arg0 : memref<1000x777xbf16>, %{{.*}} : memref<1000x784xbf16>, %arg1 : memref<999x777xbf16>, %{{.*}} : memref<999x784xbf16>)
// NT-WGMMA-NOT: memref<777x1000xbf16>

// Both stored transposed, f16 into f16, on tensors (beta = 1).
// REDEFINE: %{in} = matmul-f16-tt-1000x999x777
// REDEFINE: %{stage} = naive
// REDEFINE: %{prefix} = TT-NAIVE
// RUN: %{check}
// TT-NAIVE: #gemm_opt.matmul<a = f16, accumulate = true, b = f16, c = f16, k = 777, m = 1000, n = 999, transpose_a = true, transpose_b = true>
// TT-NAIVE: gpu.launch_func @matmul_kernel::@matmul_kernel blocks in {{.*}} args(%arg2 : memref<1000x999xf16>, %arg0 : memref<777x1000xf16>, %arg1 : memref<999x777xf16>)
// REDEFINE: %{stage} = mma
// REDEFINE: %{prefix} = TT-MMA
// RUN: %{check}
// TT-MMA: gpu.launch_func @matmul_kernel::@matmul_kernel blocks in {{.*}} args(%arg0 : memref<777x1000xf16>, %[[AT:.+]] : memref<1000x784xf16>)
// TT-MMA: gpu.launch_func @matmul_kernel::@matmul_kernel_0 blocks in {{.*}} args(%arg1 : memref<999x777xf16>, %[[BT:.+]] : memref<777x1000xf16>)
// TT-MMA: gpu.launch_func @matmul_kernel::@matmul_kernel_1 blocks in {{.*}} args(%[[AT]] : memref<1000x784xf16>, %[[BT]] : memref<777x1000xf16>, %arg2 : memref<1000x999xf16>)
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = TT-WGMMA
// RUN: %{check}
// TT-WGMMA: gpu.launch_func @matmul_kernel::@matmul_kernel blocks in {{.*}} args(%arg0 : memref<777x1000xf16>, %{{.*}} : memref<1000x784xf16>)
// TT-WGMMA: gpu.launch_func @matmul_kernel::@matmul_kernel_0 blocks in {{.*}} args(%arg1 : memref<999x777xf16>, %{{.*}} : memref<999x784xf16>)
// TT-WGMMA: gpu.launch_func @matmul_kernel::@matmul_kernel_1 blocks in {{.*}} args(%{{.*}} : i64, %{{.*}} : i64, %arg2 : memref<1000x999xf16>)

// A stored K x M, f32 as a linalg.generic; TF32 on the tensor-core stages
// (wgmma: A's transposed copy, then B's, which TF32 reads K-major).
// REDEFINE: %{in} = matmul-tn-130x67x259
// REDEFINE: %{stage} = smem
// REDEFINE: %{prefix} = TN-SMEM
// RUN: %{check}
// TN-SMEM: #gemm_opt.matmul<a = f32, b = f32, c = f32, k = 259, m = 130, n = 67, transpose_a = true>
// TN-SMEM: gpu.launch_func @matmul_kernel::@matmul_kernel blocks in {{.*}} args(%arg0 : memref<259x130xf32>, %[[AT:.+]] : memref<130x260xf32>)
// TN-SMEM: gpu.launch_func @matmul_kernel::@matmul_kernel_0 blocks in {{.*}} args(%[[AT]] : memref<130x260xf32>, %arg1 : memref<259x67xf32>
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = TN-WGMMA
// RUN: %{check}
// TN-WGMMA: gpu.launch_func @matmul_kernel::@matmul_kernel blocks in {{.*}} args(%arg0 : memref<259x130xf32>, %{{.*}} : memref<130x260xf32>)
// TN-WGMMA: gpu.launch_func @matmul_kernel::@matmul_kernel_0 blocks in {{.*}} args(%arg1 : memref<259x67xf32>, %{{.*}} : memref<67x260xf32>)
// TN-WGMMA: gpu.launch_func @matmul_kernel::@matmul_kernel_1 blocks in {{.*}} args(%{{.*}} : i64, %{{.*}} : i64, %arg2 : memref<130x67xf32>)

// B stored N x K with 16-byte rows, as a linalg.contract: the wgmma kernel
// alone, B's tensor map over B itself.
// REDEFINE: %{in} = matmul-bf16-nt-4096x4096x4096
// REDEFINE: %{stage} = wgmma
// REDEFINE: %{prefix} = NT-NATIVE
// RUN: %{check}
// NT-NATIVE: #gemm_opt.matmul<a = bf16, b = bf16, c = bf16, k = 4096, m = 4096, n = 4096, transpose_b = true>
// NT-NATIVE-NOT: memref.alloc
// NT-NATIVE: gpu.launch_func @matmul_kernel::@matmul_kernel blocks in
// NT-NATIVE-NOT: gpu.launch_func
// REDEFINE: %{stage} = warptile
// REDEFINE: %{prefix} = NT-COPY-4096
// RUN: %{check}
// NT-COPY-4096: gpu.launch_func @matmul_kernel::@matmul_kernel blocks in {{.*}} args(%arg1 : memref<4096x4096xbf16>, %{{.*}} : memref<4096x4096xbf16>)
