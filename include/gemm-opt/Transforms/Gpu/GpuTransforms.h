//===- GpuTransforms.h - Ladder techniques on any gpu.launch ----*- C++ -*-===//
//
// Techniques of the ladder as transformations of IR that gemm-opt did not
// necessarily build: each works on one `gpu.launch` (or one of its
// buffers), fails with an error at the op when the IR does not have the
// form it needs, and has a thin pass (Gpu/Passes.td).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_GPU_GPUTRANSFORMS_H
#define GEMM_OPT_TRANSFORMS_GPU_GPUTRANSFORMS_H

#include "gemm-opt/Support/LaunchLimits.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

namespace mlir::gemm_opt {

/// Unit attribute on a launch whose block ids groupLaunchBlockOrder has
/// remapped (applying it twice would scramble the order).
inline constexpr llvm::StringLiteral kBlockOrderAttr = "gemm_opt.block_order";

/// Remaps the x and y block ids of `launch` (constant grid, no cluster) so
/// that consecutive linear block ids walk `groupM` block rows column by
/// column. Returns success without change when the grid has one block row
/// or column, or the launch is already grouped; fails with an error at the
/// launch when the grid is not constant or the launch has a cluster.
LogicalResult groupLaunchBlockOrder(RewriterBase &rewriter,
                                    gpu::LaunchOp launch, int64_t groupM);

/// Gives the 2-D workgroup attribution `buffer` of `launch` `pad` more
/// elements per row; its uses see a subview of the logical extent. Fails
/// with an error when a use needs the identity layout.
LogicalResult padWorkgroupBuffer(RewriterBase &rewriter, gpu::LaunchOp launch,
                                 BlockArgument buffer, int64_t pad);

/// XOR-swizzles the 16-byte column groups of the 2-D workgroup attribution
/// `buffer` of `launch` in all its reads and writes (upstream's
/// nvgpu::optimizeSharedMemoryReadsAndWrites). Fails with an error when
/// upstream cannot rewrite one of its uses.
LogicalResult swizzleWorkgroupBuffer(gpu::LaunchOp launch,
                                     BlockArgument buffer);

/// Copies each of `operands` (static 2-D memrefs of 2- or 4-byte elements
/// defined above `launch`, which its body only reads) into a scratch buffer
/// with rows padded to whole 16-byte chunks, by one copy kernel launched
/// right before `launch`, and makes the body read the copies through views
/// of the logical extent; the scratch buffers are deallocated after
/// `launch`. Fails with an error when an operand is not such a memref or
/// the body does more than read it.
LogicalResult stageLaunchOperands(RewriterBase &rewriter, gpu::LaunchOp launch,
                                  ArrayRef<Value> operands);

/// Whether `launch`'s body only reads `operand` (a value defined above it)
/// through ops that accept a strided view of it.
bool launchOnlyReads(gpu::LaunchOp launch, Value operand);

/// Turns `loop` (in `launch`), whose body copies tiles from global memory
/// into workgroup buffers (attributions of `launch` or memref.allocs at the
/// top of its body, used only in `loop`) and then reads them after a
/// gpu.barrier, into a `stages`-slot cp.async ring: the buffers get a
/// leading dimension of `stages`, the copies become one
/// nvgpu.device_async_copy group per iteration, issued `stages - 1`
/// iterations ahead (a prologue, zero-fills past the end) and waited for
/// before the barrier. Fails with an error at the op that does not have
/// this form.
LogicalResult multiBufferRing(RewriterBase &rewriter, gpu::LaunchOp launch,
                              scf::ForOp loop, int64_t stages);

/// Splits the K loop of the matmul `launch` (an scf.for whose f32
/// accumulators start from 0.0 or from C's element and are stored to C
/// right after it; grid z of 1) over `splits` blocks along grid z, each
/// storing f32 partials to a scratch buffer allocated before the launch,
/// and adds the deterministic reduction launch (Emit/SplitKReduction.h)
/// after it, which writes C (adding C's old value when the loop started
/// from it). Fails with an error at the op that does not have this form.
LogicalResult splitLaunchK(RewriterBase &rewriter, gpu::LaunchOp launch,
                           int64_t splits);

/// Moves the blocks of `launch` into grid x when its constant grid has more
/// than `maxGridYZ` (CUDA: 65535) blocks in y or z: x * y * z blocks in x,
/// numbered as the hardware numbers the 3-D grid, and the body's block ids
/// (and grid sizes) recomputed from the linear id. Returns success without
/// change when y and z fit; fails with an error at the launch when a size
/// is not constant, the launch has a cluster, or the blocks exceed grid
/// x's 2^31 - 1.
LogicalResult linearizeLaunchGrid(RewriterBase &rewriter, gpu::LaunchOp launch,
                                  int64_t maxGridYZ = ::gemm_opt::kMaxGridYZ);
#define GEN_PASS_DECL
#include "gemm-opt/Transforms/Gpu/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "gemm-opt/Transforms/Gpu/Passes.h.inc"

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_GPU_GPUTRANSFORMS_H
