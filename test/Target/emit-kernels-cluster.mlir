// gemm-emit-kernels on a hand-written compiled module whose launches use
// thread-block clusters: a launch with `clusters in (...)` gets a "cluster"
// field (after dynamic_shared_memory), a launch without one gets none, so
// cluster-less manifests are unchanged. The grid stays in blocks (a multiple
// of the cluster in every dimension), as cuLaunchKernelEx takes it.

// RUN: rm -f %t.ptx %t.json
// RUN: gemm-opt %s --gemm-emit-kernels="ptx-file=%t.ptx manifest-file=%t.json stage=clustered chip=sm_90" | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json --match-full-lines

// The module itself is unchanged.
// IR: gpu.launch_func @k::@rows clusters in (%{{.*}}, %{{.*}}, %{{.*}}) blocks in
// IR: gpu.launch_func @k::@plain blocks in

// JSON:      {
// JSON-NEXT:   "format": "gemm-opt-manifest",
// JSON-NEXT:   "version": 1,
// JSON-NEXT:   "op": "softmax",
// JSON-NEXT:   "stage": "clustered",
// JSON-NEXT:   "chip": "sm_90",
// JSON-NEXT:   "func": "host",
// JSON-NEXT:   "problem": {"rows": 4, "cols": 8192, "x": "f32", "y": "f32"},
// JSON-NEXT:   "buffers": [
// JSON-NEXT:     {"name": "X", "role": "X", "elem": "f32", "shape": [4, 8192]},
// JSON-NEXT:     {"name": "Y", "role": "Y", "elem": "f32", "shape": [4, 8192]}
// JSON-NEXT:   ],
// JSON-NEXT:   "arguments": ["X", "Y"],
// JSON-NEXT:   "kernels": [
// JSON-NEXT:     {
// JSON-NEXT:       "name": "rows",
// JSON-NEXT:       "grid": [8, 4, 2],
// JSON-NEXT:       "block": [256, 1, 1],
// JSON-NEXT:       "dynamic_shared_memory": 4096,
// JSON-NEXT:       "cluster": [4, 1, 2],
// JSON-NEXT:       "params": [
// JSON-NEXT:         {"abi": "ptr", "buffer": "X"},
// JSON-NEXT:         {"abi": "ptr", "buffer": "Y"}
// JSON-NEXT:       ]
// JSON-NEXT:     },
// JSON-NEXT:     {
// JSON-NEXT:       "name": "plain",
// JSON-NEXT:       "grid": [4, 1, 1],
// JSON-NEXT:       "block": [256, 1, 1],
// JSON-NEXT:       "dynamic_shared_memory": 0,
// JSON-NEXT:       "params": [
// JSON-NEXT:         {"abi": "ptr", "buffer": "Y"}
// JSON-NEXT:       ]
// JSON-NEXT:     }
// JSON-NEXT:   ]
// JSON-NEXT: }

module attributes {gpu.container_module} {
  func.func @host(%x: memref<4x8192xf32> {gemm_opt.role = "X"}, %y: memref<4x8192xf32> {gemm_opt.role = "Y"}) attributes {gemm_opt.problems = [#gemm_opt.softmax<cols = 8192, rows = 4, x = f32, y = f32>]} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c256 = arith.constant 256 : index
    %smem = arith.constant 4096 : i32
    gpu.launch_func @k::@rows clusters in (%c4, %c1, %c2) blocks in (%c8, %c4, %c2) threads in (%c256, %c1, %c1) dynamic_shared_memory_size %smem args(%x : memref<4x8192xf32>, %y : memref<4x8192xf32>)
    gpu.launch_func @k::@plain blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1) args(%y : memref<4x8192xf32>)
    return
  }
  gpu.binary @k [#gpu.object<#nvvm.target<chip = "sm_90">, assembly = ".visible .entry rows(\0A\09.param .u64 a,\0A\09.param .u64 b\0A)\0A{\0A}\0A.visible .entry plain(\0A\09.param .u64 a\0A)\0A{\0A}\0A">]
}
