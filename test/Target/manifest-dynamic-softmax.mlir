// A softmax with a dynamic row count: one variant, planned at 4096 rows,
// whose grid derives from the rows: a block per row of 5000 f32 and a
// cluster of 8 blocks per row of 131072 f32 (a row per block or cluster:
// the kernel needs no count), 32 rows per block of 1 bf16 element (the
// kernel takes the count, for the last block's rows past it).
// RUN: gemm-opt %S/../Inputs/softmax-dynamic-rows-5000xf32.mlir --gemm-stage-softmax-rows="manifest-file=%t.json ptx-file=%t.ptx" -o /dev/null
// RUN: FileCheck %s --input-file=%t.json
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %S/../Inputs/ptxas-no-spill.check
// RUN: gemm-opt %S/../Inputs/softmax-dynamic-rows-1xbf16.mlir --gemm-stage-softmax-rows="manifest-file=%t.one.json ptx-file=%t.one.ptx" -o /dev/null
// RUN: FileCheck %s --input-file=%t.one.json --check-prefix=ONE
// RUN: gemm-opt %S/../Inputs/softmax-dynamic-rows-131072xf32.mlir --gemm-stage-softmax-rows="manifest-file=%t.long.json ptx-file=%t.long.ptx" -o /dev/null
// RUN: FileCheck %s --input-file=%t.long.json --check-prefix=LONG
// RUN: %ptxas -arch=sm_90a -v %t.long.ptx -o %t.long.cubin 2>&1 | FileCheck %S/../Inputs/ptxas-no-spill.check
// RUN: gemm-run --print-manifest --ptx %t.one.ptx --manifest %t.one.json --sizes 37 | FileCheck %s --check-prefix=AT
// Rows and columns dynamic: a block per row streams it twice over its
// actual length (the kernel takes the column count, and the rows for the
// views of X and Y with the run-time row stride).
// RUN: gemm-opt %S/../Inputs/softmax-dynamic-bf16.mlir --gemm-stage-softmax-rows="manifest-file=%t.cols.json ptx-file=%t.cols.ptx" -o /dev/null
// RUN: FileCheck %s --input-file=%t.cols.json --check-prefix=COLS
// RUN: %ptxas -arch=sm_90a -v %t.cols.ptx -o %t.cols.cubin 2>&1 | FileCheck %S/../Inputs/ptxas-no-spill.check

// CHECK:      "version": 3,
// CHECK:      "symbols": [{"name": "rows", "min": 1, "max": 2147483647}],
// CHECK-NEXT: "problem": {"cols":5000,"rows":{"sym":"rows"},"x":"f32","y":"f32"},
// CHECK-NEXT: "buffers": [
// CHECK-NEXT: {"elem":"f32","name":"X","role":"X","shape":[{"sym":"rows"},5000]},
// CHECK-NEXT: {"elem":"f32","name":"Y","role":"Y","shape":[{"sym":"rows"},5000]}
// CHECK:      {"kernels": [
// CHECK-NEXT: {"block":[256,1,1],"dynamic_shared_memory":0,"grid":[{"sym":"rows"},1,1],"name":"softmax_rowsmax_kernel","params":[{"abi":"ptr","buffer":"X"},{"abi":"ptr","buffer":"Y"}]}

// ONE: "grid":[{"sym":"rows","ceil_div":32},1,1],"name":"softmax_rowsmax_kernel","params":[{"abi":"i64","value":{"sym":"rows"}},

// LONG: "cluster":[8,1,1],{{.*}}"grid":[{"sym":"rows","mul":8},1,1]
// AT: "grid": [2, 1, 1],
// AT: {"abi": "i64", "value": 37},

// COLS: "symbols": [{"name": "rows", "min": 1, "max": [[MAX:[0-9]+]]}, {"name": "cols", "min": 1, "max": [[MAX]]}],
// COLS-NEXT: "problem": {"cols":{"sym":"cols"},"rows":{"sym":"rows"},"x":"bf16","y":"bf16"},
// COLS: {"elem":"bf16","name":"X","role":"X","shape":[{"sym":"rows"},{"sym":"cols"}]},
// COLS: "grid":[{"sym":"rows"},1,1],"name":"softmax_rowsmax_kernel","params":[{"abi":"ptr","buffer":"X"},{"abi":"i64","value":{"sym":"rows"}},{"abi":"i64","value":{"sym":"cols"}},{"abi":"ptr","buffer":"Y"}]}
