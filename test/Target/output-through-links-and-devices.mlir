// Where the PTX and the manifest go when the path exists and is not a plain
// file: through a symbolic link the file it names is replaced (the link
// stays), and a device or a pipe is written as it is. A temporary file
// renamed over /dev/null would have put a regular file in the device's place
// (as root, /dev is writable): now /dev/null is still the device, and no
// temporary file is left in /dev.

// RUN: rm -rf %t.dir && mkdir -p %t.dir && touch %t.dir/real.ptx && ln -s real.ptx %t.dir/link.ptx
// RUN: gemm-opt %s --gemm-stage-naive="ptx-file=%t.dir/link.ptx manifest-file=/dev/null" -o /dev/null
// RUN: test -L %t.dir/link.ptx
// RUN: FileCheck %s --input-file=%t.dir/real.ptx
// RUN: test -c /dev/null
// RUN: not test -e /dev/null.gemm-opt-tmp
// RUN: ls %t.dir | FileCheck %s --check-prefix=FILES --implicit-check-not=tmp

// A pipe: its reader gets the manifest.
// RUN: rm -f %t.fifo && mkfifo %t.fifo
// RUN: timeout 60 cat %t.fifo > %t.from-fifo & gemm-opt %s --gemm-stage-naive="ptx-file=%t.dir/k.ptx manifest-file=%t.fifo" -o /dev/null; wait
// RUN: test -p %t.fifo
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.from-fifo

// CHECK: .entry
// FILES: link.ptx
// FILES: real.ptx
// JSON: "format": "gemm-opt-manifest"

func.func @matmul(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
  linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
  return
}
