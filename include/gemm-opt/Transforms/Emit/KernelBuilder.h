//===- KernelBuilder.h - Small helpers for writing GPU kernels --*- C++ -*-===//
//
// The generators build kernels op by op; these helpers keep the arithmetic on
// indices and the f16/bf16 <-> f32 conversions short and uniform.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TRANSFORMS_EMIT_KERNELBUILDER_H
#define GEMM_OPT_TRANSFORMS_EMIT_KERNELBUILDER_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::gemm_opt {

/// Index arithmetic and typed loads/stores at one insertion point.
struct KernelBuilder : public ImplicitLocOpBuilder {
  using ImplicitLocOpBuilder::ImplicitLocOpBuilder;

  Value index(int64_t v);
  Value add(Value a, Value b);
  Value mul(Value a, Value b);
  Value mul(Value a, int64_t b) { return mul(a, index(b)); }
  Value ult(Value a, Value b);
  Value ult(Value a, int64_t b) { return ult(a, index(b)); }
  Value andi(Value a, Value b);
  Value f32(double v);
  /// One PTX instruction (or a few) as inline assembly: its result, or
  /// null when `results` is empty. With `sideEffects` it is never moved,
  /// merged or removed (memory ordering, flags).
  Value inlinePtx(TypeRange results, ValueRange args, StringRef ptx,
                  StringRef constraints, bool sideEffects);

  /// Loads an element and widens it to f32.
  Value loadF32(Value memref, ValueRange indices);
  /// Narrows an f32 value to the memref's element type and stores it.
  void storeFromF32(Value value, Value memref, ValueRange indices);
  /// Runs `body` under `scf.if cond` (unconditionally when `cond` is null).
  void ifThen(Value cond, function_ref<void()> body);
};

/// Marks `loop` with an LLVM loop annotation that disables unrolling.
void keepLoopRolled(scf::ForOp loop);

/// The folding index arithmetic the kernel emitters are written in
/// (createOrFold: constant operands fold while the kernel is built, which
/// keeps the IR short and the tests readable). An emitter derives from it
/// and reaches its builder as `b`.
class KernelEmitterBase {
protected:
  explicit KernelEmitterBase(KernelBuilder &b) : b(b) {}

  Value c(int64_t v) { return b.index(v); }
  Value add(Value x, Value y) { return b.createOrFold<arith::AddIOp>(x, y); }
  Value add(Value x, int64_t y) { return add(x, c(y)); }
  Value sub(Value x, Value y) { return b.createOrFold<arith::SubIOp>(x, y); }
  Value mul(Value x, int64_t y) { return b.createOrFold<arith::MulIOp>(x, c(y)); }
  Value div(Value x, int64_t y) { return b.createOrFold<arith::DivUIOp>(x, c(y)); }
  Value rem(Value x, int64_t y) { return b.createOrFold<arith::RemUIOp>(x, c(y)); }
  Value minu(Value x, Value y) { return b.createOrFold<arith::MinUIOp>(x, y); }
  Value minu(Value x, int64_t y) { return minu(x, c(y)); }
  Value minsi(Value x, Value y) { return b.createOrFold<arith::MinSIOp>(x, y); }
  Value maxsi(Value x, Value y) { return b.createOrFold<arith::MaxSIOp>(x, y); }
  Value cmp(arith::CmpIPredicate pred, Value x, Value y) {
    return b.createOrFold<arith::CmpIOp>(pred, x, y);
  }
  Value cmp(arith::CmpIPredicate pred, Value x, int64_t y) {
    return cmp(pred, x, c(y));
  }
  Value eq(Value x, int64_t y) { return cmp(arith::CmpIPredicate::eq, x, y); }
  Value ult(Value x, Value y) { return cmp(arith::CmpIPredicate::ult, x, y); }
  Value ult(Value x, int64_t y) { return cmp(arith::CmpIPredicate::ult, x, y); }
  Value andi(Value x, Value y) { return b.createOrFold<arith::AndIOp>(x, y); }
  Value xori(Value x, Value y) { return b.createOrFold<arith::XOrIOp>(x, y); }
  Value select(Value cond, Value x, Value y) {
    return b.createOrFold<arith::SelectOp>(cond, x, y);
  }
  void ifThen(Value cond, function_ref<void()> body) { b.ifThen(cond, body); }
  /// Asks LLVM not to unroll `loop` (a K loop whose body is already
  /// unrolled: a fully unrolled short K loop becomes one straight block in
  /// which values stay alive across steps, i.e. spills at small K).
  void keepRolled(scf::ForOp loop) { keepLoopRolled(loop); }

  KernelBuilder &b;
};

/// Creates a `gpu.launch` with a static grid and block, and a terminated
/// body; the builder is left at the start of the body.
gpu::LaunchOp createStaticLaunch(KernelBuilder &b, ArrayRef<int64_t> grid,
                                 ArrayRef<int64_t> block);

/// Creates the launch of a block-tiled matmul kernel: gridX = ceil(N / bn)
/// column blocks, gridY = ceil(M / bm) row blocks, 1-D blocks of `threads`,
/// `sharedBytes` of dynamic shared memory; tagged as a matmul kernel with
/// `mapping` and the rung's `planAttr` (stored under `planName`); `gridZ`
/// blocks along z (split-K); clusters of `clusterX` x 1 x 1 blocks. The
/// builder is left at the start of the body.
gpu::LaunchOp createBlockTiledMatmulLaunch(
    KernelBuilder &b, int64_t gridX, int64_t gridY, int64_t threads,
    int64_t sharedBytes, StringRef mapping, StringRef planName,
    Attribute planAttr, int64_t gridZ = 1, int64_t clusterX = 1);
/// The same with grid sizes computed on the host (a dynamic M's rows).
gpu::LaunchOp createBlockTiledMatmulLaunch(
    KernelBuilder &b, Value gridX, Value gridY, int64_t threads,
    int64_t sharedBytes, StringRef mapping, StringRef planName,
    Attribute planAttr, int64_t gridZ = 1, int64_t clusterX = 1);

/// Adds the cluster id and size arguments to the body of `launch`, created
/// with cluster operands (MLIR 22's builder leaves them out).
void addClusterArguments(gpu::LaunchOp launch);

/// Dictionary of attributes for the outlined kernel function, parked on the
/// kernel's `gpu.dynamic_shared_memory` op (outlining drops the launch's own
/// attributes); `gemm-apply-kernel-attributes` moves it onto the `gpu.func`.
/// Keys starting with `nvvm.` are copied onto the function; the unit key
/// `gemm_opt.readonly_inputs` marks never-written memref arguments
/// `llvm.noalias llvm.readonly` and the others `llvm.noalias`.
inline constexpr llvm::StringLiteral kKernelFnAttrs = "gemm_opt.kernel_fn_attrs";
inline constexpr llvm::StringLiteral kReadOnlyInputs = "gemm_opt.readonly_inputs";

/// Parks on `op` (inside a launch body) the attributes of its outlined
/// function: a register cap when `maxRegs` is non-zero, and read-only
/// inputs. Nothing when neither is asked for.
void parkKernelFnAttrs(Operation *op, int64_t maxRegs, bool readOnlyInputs);

/// A view of the 2-D `buffer` (stored rows x cols, or cols x rows when
/// `transposed`) as rows x cols of sizes known at run time: a kernel of a
/// dynamic variant reads its statically typed (planned) buffers through
/// it, with the actual row stride. `buffer` may also be a batched 3-D one:
/// the view of entry `entry` (null: 0) of actual rows x cols each.
Value viewOfActualShape(KernelBuilder &b, Value buffer, Value rows, Value cols,
                        bool transposed, Value entry = {});

/// Creates the kernel's `gpu.dynamic_shared_memory` base (i8, workgroup
/// space) and parks on it the attributes of the outlined function: a
/// register cap when `maxRegs` is non-zero, and read-only inputs.
Value createKernelDynamicSharedMemory(KernelBuilder &b, int64_t maxRegs,
                                      bool readOnlyInputs);

/// Remaps the block indices (bx, by) of a gridX x gridY grid so that
/// consecutive block ids walk `groupM` block rows column by column: blocks
/// resident at the same time share panels of A and B in L2. Returns them
/// unchanged when grouping cannot apply.
std::pair<Value, Value> groupBlockOrder(KernelBuilder &b, Value bx, Value by,
                                        int64_t gridX, int64_t gridY,
                                        int64_t groupM);
/// The same for a number of block rows known at run time only.
std::pair<Value, Value> groupBlockOrder(KernelBuilder &b, Value bx, Value by,
                                        int64_t gridX, Value gridY,
                                        int64_t groupM);

/// Writes two adjacent f32 accumulators `pair` (vector<2xf32>) of an M x N
/// matmul to C[row][col], C[row][col + 1] (col is even): one 2-element
/// access when N is even (every pair is then aligned), two scalar ones
/// otherwise; C's old values are added first when `accumulate`, and the sum
/// is narrowed to C's element type. `guardRow` / `guardCol` add the row < M
/// and col < N conditions that the shape's edge tiles need (row < the
/// actual M for a dynamic M). `epilogue`: the problem whose fused epilogue
/// (if any) applies before the rounding, and whose runtime M (if any)
/// bounds the rows.
void storeAccumulatorPair(KernelBuilder &b, Value c, int64_t m, int64_t n,
                          bool accumulate, Value row, Value col, Value pair,
                          bool guardRow, bool guardCol,
                          const struct GemmProblem *epilogue = nullptr);

/// One m16n8k16 mma.sync (A row-major, B column-major, f32 accumulators)
/// on `elemType` (f16 or bf16) operands as nvvm.mma.sync takes them: `a` 4
/// and `bFrag` 2 32-bit registers (i32 for bf16, vector<2xf16> for f16);
/// the 4 accumulators `acc` are replaced by its results.
void createMmaSyncM16N8K16(KernelBuilder &b, Type elemType, ValueRange a,
                           ValueRange bFrag, MutableArrayRef<Value> acc);

/// An nvgpu.device_async_create_group of `tokens` (cp.async.commit_group).
/// A group of no copies (a tile loaded by plain loads, or past the end of
/// K) is still committed so that the wait counts stay static; it carries
/// the unit attribute `gemm_opt.empty_group`, because upstream's format
/// prints it as a bare op name, which the parser then reads with the next
/// line's result as its operand: the IR after a rung would not parse.
Value createAsyncGroup(OpBuilder &b, Location loc, ValueRange tokens);

/// Every gpu.launch below `root` whose kernel role (`gemm_opt.kernel`) is
/// `kind` ("matmul", "softmax", ...), in walk order.
SmallVector<gpu::LaunchOp> findKernels(Operation *root, StringRef kind);

/// The allocations without a role (scratch buffers: split-K partials, softmax
/// partials) that the bodies of `launches` use.
SetVector<Operation *> collectScratchBuffers(ArrayRef<gpu::LaunchOp> launches);

/// Erases those of `allocs` that nothing but deallocations uses any more
/// (after the kernels that used them were erased), with the deallocations.
void eraseUnusedScratchBuffers(ArrayRef<Operation *> allocs);

inline int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_TRANSFORMS_EMIT_KERNELBUILDER_H
