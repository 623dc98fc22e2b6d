// The pass plugin is a dialect plugin too: upstream mlir-opt parses, verifies
// and prints the gemm_opt attributes.
// UNSUPPORTED: host-sanitizer
// RUN: mlir-opt %s --load-dialect-plugin=%gemm_opt_lib_dir/GemmOptPlugin%shlibext \
// RUN:   | FileCheck %s

// CHECK: func.func private @problem() attributes {gemm_opt.problem = #gemm_opt.matmul<a = f32, b = f32, c = f32, k = 32, m = 64, n = 48>}
func.func private @problem() attributes {gemm_opt.problem = #gemm_opt.matmul<m = 64, n = 48, k = 32, a = f32, b = f32, c = f32>}
