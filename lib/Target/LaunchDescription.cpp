//===- LaunchDescription.cpp - Kernel launches as manifest entries --------===//
//
// Reads each gpu.launch_func back into a manifest kernel: parameter order,
// grid, block, cluster, dynamic shared memory, tensor maps. Nothing is
// assumed; what cannot be described is an error at its op.
//
//===----------------------------------------------------------------------===//

#include "LaunchDescription.h"
#include "gemm-opt/Target/KernelBundle.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::gemm_opt;
namespace rt = ::gemm_opt::runtime;

FailureOr<rt::ElemType> mlir::gemm_opt::toElemType(Operation *at, Type type) {
  rt::ElemType elem;
  if (rt::parseElemType(elementTypeName(type), elem))
    return elem;
  return at->emitError("buffer element type ")
         << type << " cannot be described in a launch manifest";
}

FailureOr<rt::BufferDesc> mlir::gemm_opt::describeBufferValue(Operation *at,
                                                              Value root,
                                                              StringRef name,
                                                              StringRef role) {
  auto type = cast<MemRefType>(root.getType());
  FailureOr<rt::ElemType> elem = toElemType(at, type.getElementType());
  if (failed(elem))
    return failure();
  rt::BufferDesc buffer;
  buffer.name = name.str();
  buffer.role = role.str();
  buffer.elem = *elem;
  buffer.shape.assign(type.getShape().begin(), type.getShape().end());
  return buffer;
}

LogicalResult mlir::gemm_opt::describeEpilogue(Operation *at,
                                               EpilogueAttr epilogue,
                                               rt::Epilogue &out) {
  out.clear();
  if (!epilogue)
    return success();
  for (EpilogueStepAttr step : epilogue.getSteps()) {
    rt::EpilogueStep s;
    if (!rt::parseEpilogueOp(step.getOp().str(), s.op))
      return at->emitError("cannot describe the epilogue step ") << step;
    if (step.getScalar())
      s.scalar = step.getScalar()->convertToDouble();
    if (step.getOperand() >= 0) {
      s.operand = ::gemm_opt::epilogue::operandRole(step.getOperand());
      if (!rt::parseEpilogueBroadcast(step.getBroadcast().str(), s.broadcast))
        return at->emitError("cannot describe the epilogue step ") << step;
      s.span = step.getSpan();
      s.cycle = step.getCycle();
      if (double scale = step.getOperandScale().convertToDouble();
          scale != 1.0)
        s.operandScale = scale;
    }
    out.push_back(s);
  }
  return success();
}

LogicalResult mlir::gemm_opt::describeProblem(Operation *at, Attribute problem,
                                              std::string &op,
                                              rt::MatmulProblem &matmul,
                                              rt::SoftmaxProblem &softmax) {
  auto elem = [](Type type, rt::ElemType &out) {
    return rt::parseElemType(elementTypeName(type), out);
  };
  if (auto mm = dyn_cast<MatmulProblemAttr>(problem)) {
    op = "matmul";
    matmul.m = mm.getM();
    matmul.n = mm.getN();
    matmul.k = mm.getK();
    matmul.beta = mm.getAccumulate() ? 1 : 0;
    matmul.transposeA = mm.getTransposeA();
    matmul.transposeB = mm.getTransposeB();
    matmul.batch = mm.getBatch();
    matmul.sharedB = mm.getSharedB();
    matmul.cHeads = mm.getCHeads();
    matmul.bGroup = mm.getBGroup();
    if (failed(describeEpilogue(at, mm.getEpilogue(), matmul.epilogue)))
      return failure();
    if (elem(mm.getA(), matmul.a) && elem(mm.getB(), matmul.b) &&
        elem(mm.getC(), matmul.c))
      return success();
  } else if (auto sm = dyn_cast<SoftmaxProblemAttr>(problem)) {
    op = "softmax";
    softmax.rows = sm.getRows();
    softmax.cols = sm.getCols();
    if (elem(sm.getX(), softmax.x) && elem(sm.getY(), softmax.y))
      return success();
  }
  return at->emitError("cannot describe the problem ")
         << problem << " in a launch manifest";
}

LogicalResult mlir::gemm_opt::checkNothingLeftOnHost(func::FuncOp func) {
  WalkResult leftover = func.walk([&](Operation *op) {
    // A copy is bufferization's, not the input's: it keeps a tensor that
    // one op writes in place for another op that reads it after.
    if (isa<memref::CopyOp>(op)) {
      op->emitError("needs a copy of a buffer on the host, which no kernel "
                    "performs: bufferization copies a tensor that one op "
                    "writes in place and another reads afterwards (e.g. one "
                    "tensor argument as the init of two matmuls); give each "
                    "op an init of its own");
      return WalkResult::interrupt();
    }
    if (isa<linalg::LinalgOp>(op)) {
      op->emitError("is left on the host after kernel generation; no kernel "
                    "performs it");
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(leftover.wasInterrupted());
}

/// The `nvgpu.tma.create.descriptor` a launch operand passes, when the
/// operand is a tensor map: the descriptor cast to an i64 address or an
/// `!llvm.ptr` on the host (the wgmma rung passes an i64), or null.
static nvgpu::TmaCreateDescriptorOp getTensorMapOf(Value operand) {
  auto cast = operand.getDefiningOp<UnrealizedConversionCastOp>();
  if (!cast || cast.getInputs().size() != 1 || cast.getOutputs().size() != 1)
    return {};
  return cast.getInputs()[0].getDefiningOp<nvgpu::TmaCreateDescriptorOp>();
}

/// Describes the tensor map `create` builds (docs/manifest.md, "tensormap"
/// parameters), extents and box innermost first. The map covers either a
/// whole function argument or allocation (row-major: the extents are its
/// shape) or a `memref.subview` of one at offset zero with unit steps, whose
/// sizes are the logical extents and whose strides the buffer's leading
/// dimensions (a padded staging copy: dims [K, M], strides [Kp * bytes]).
static FailureOr<rt::KernelParam>
describeTensorMap(nvgpu::TmaCreateDescriptorOp create, BufferNamer namer) {
  Value source = create.getTensor();
  if (auto cast = source.getDefiningOp<memref::CastOp>())
    source = cast.getSource();
  Value base = source;
  if (auto view = source.getDefiningOp<memref::SubViewOp>())
    base = view.getSource();
  // A batched operand's map covers its entries stacked: the buffer with
  // its leading dimensions collapsed, or any reshape of it (row-major, so
  // the same bytes).
  int64_t baseRank = cast<MemRefType>(base.getType()).getRank();
  Value root = getViewedRootBuffer(base);
  if (!root)
    return create.emitError("a tensor map passed to a kernel must describe a "
                            "function argument or allocation, or a subview "
                            "of one at offset 0");
  auto rootType = cast<MemRefType>(root.getType());
  auto type = cast<MemRefType>(source.getType());
  SmallVector<int64_t> elemStrides;
  int64_t offset = 0;
  if (failed(type.getStridesAndOffset(elemStrides, offset)) || offset != 0 ||
      !type.hasStaticShape() || type.getRank() != baseRank ||
      llvm::any_of(elemStrides, ShapedType::isDynamic) || elemStrides.empty() ||
      elemStrides.back() != 1)
    return create.emitError("tensor map source ")
           << type << " must be a static view at offset 0 with contiguous "
           << "rows of " << rootType;
  nvgpu::TensorMapDescriptorType map = create.getTensorMap().getType();
  MemRefType box = map.getTensor();
  int64_t rank = type.getRank();
  if (rank < 1 || rank > 5 || box.getRank() != rank ||
      box.getElementType() != type.getElementType())
    return create.emitError("tensor map box ")
           << box << " does not fit the buffer " << type;
  if (map.getOob() != nvgpu::TensorMapOOBKind::OOB_ZERO ||
      map.getInterleave() != nvgpu::TensorMapInterleaveKind::INTERLEAVE_NONE)
    return create.emitError("a manifest tensor map has zero out-of-bounds "
                            "fill and no interleave");
  FailureOr<std::string> name = namer(root);
  if (failed(name))
    return failure();
  FailureOr<rt::ElemType> elem = toElemType(create, type.getElementType());
  if (failed(elem))
    return failure();
  rt::TensorMapDesc desc;
  desc.elem = *elem;
  uint64_t bytes = rt::elemTypeSize(*elem);
  for (int64_t d = rank - 1; d >= 0; --d) {
    if (d != rank - 1)
      desc.strides.push_back(static_cast<uint64_t>(elemStrides[d]) * bytes);
    desc.dims.push_back(static_cast<uint64_t>(type.getDimSize(d)));
    desc.box.push_back(static_cast<uint32_t>(box.getDimSize(d)));
  }
  switch (map.getSwizzle()) {
  case nvgpu::TensorMapSwizzleKind::SWIZZLE_NONE:
    desc.swizzle = 0;
    break;
  case nvgpu::TensorMapSwizzleKind::SWIZZLE_32B:
    desc.swizzle = 32;
    break;
  case nvgpu::TensorMapSwizzleKind::SWIZZLE_64B:
    desc.swizzle = 64;
    break;
  case nvgpu::TensorMapSwizzleKind::SWIZZLE_128B:
    desc.swizzle = 128;
    break;
  }
  switch (map.getL2promo()) {
  case nvgpu::TensorMapL2PromoKind::L2PROMO_NONE:
    desc.l2Promotion = 0;
    break;
  case nvgpu::TensorMapL2PromoKind::L2PROMO_64B:
    desc.l2Promotion = 64;
    break;
  case nvgpu::TensorMapL2PromoKind::L2PROMO_128B:
    desc.l2Promotion = 128;
    break;
  case nvgpu::TensorMapL2PromoKind::L2PROMO_256B:
    desc.l2Promotion = 256;
    break;
  }
  // The box operands must say what the descriptor type says.
  for (auto [i, v] : llvm::enumerate(create.getBoxDimensions())) {
    APInt c;
    if (!matchPattern(v, m_ConstantInt(&c)) ||
        c.getSExtValue() != box.getDimSize(i))
      return create.emitError("tensor map box operand #")
             << i << " must be the constant " << box.getDimSize(i);
  }
  return rt::KernelParam::tensormap(*name, std::move(desc));
}

/// `value` as an expression of a symbol's argument: the argument itself,
/// then optionally arith.ceildivui by a constant, a multiplication by a
/// constant and arith.minui with a constant, in that order (what the
/// kernel builders compute on the host for a dynamic size); with the value
/// it has at the symbol's planned size.
static std::optional<std::pair<SymbolicInt, int64_t>>
matchSymbolic(Value value, ArrayRef<SymbolBinding> symbols) {
  SymbolicInt e;
  auto constantOperand = [](Operation *op, int64_t &out) {
    APInt v;
    if (!matchPattern(op->getOperand(1), m_ConstantInt(&v)) ||
        v.getSExtValue() < 1)
      return false;
    out = v.getSExtValue();
    return true;
  };
  if (auto min = value.getDefiningOp<arith::MinUIOp>()) {
    if (!constantOperand(min, e.min.emplace()))
      return std::nullopt;
    value = min.getLhs();
  }
  if (auto mul = value.getDefiningOp<arith::MulIOp>()) {
    if (!constantOperand(mul, e.mul))
      return std::nullopt;
    value = mul.getLhs();
  }
  if (auto div = value.getDefiningOp<arith::CeilDivUIOp>()) {
    if (!constantOperand(div, e.ceilDiv))
      return std::nullopt;
    value = div.getLhs();
  }
  for (const SymbolBinding &symbol : symbols)
    if (value == symbol.argument) {
      e.sym = symbol.name;
      return std::pair{e, e.evaluate(symbol.planned).value_or(0)};
    }
  return std::nullopt;
}

static FailureOr<std::array<uint32_t, 3>>
constantDims(gpu::LaunchFuncOp op, gpu::KernelDim3 dims, StringRef what,
             ArrayRef<SymbolBinding> symbols = {},
             std::array<std::optional<SymbolicInt>, 3> *symbolic = nullptr) {
  std::array<uint32_t, 3> out;
  Value values[3] = {dims.x, dims.y, dims.z};
  for (int i = 0; i < 3; ++i) {
    APInt v;
    int64_t value = 0;
    if (matchPattern(values[i], m_ConstantInt(&v))) {
      value = v.getSExtValue();
    } else if (auto e = matchSymbolic(values[i], symbols); e && symbolic) {
      (*symbolic)[i] = e->first;
      value = e->second;
    }
    if (value < 1 || value > UINT32_MAX)
      return op.emitError("launch ")
             << what << " must be positive constants"
             << (symbols.empty() ? "" : " or expressions of the dynamic sizes");
    out[i] = static_cast<uint32_t>(value);
  }
  return out;
}

static FailureOr<rt::KernelDesc> describeLaunch(gpu::LaunchFuncOp launch,
                                                BufferNamer namer,
                                                ArrayRef<SymbolBinding> symbols,
                                                KernelSymbols &symbolic) {
  rt::KernelDesc kernel;
  kernel.name = launch.getKernelName().str();
  FailureOr<std::array<uint32_t, 3>> grid =
      constantDims(launch, launch.getGridSizeOperandValues(), "grid sizes",
                   symbols, &symbolic.grid);
  FailureOr<std::array<uint32_t, 3>> block =
      constantDims(launch, launch.getBlockSizeOperandValues(), "block sizes");
  if (failed(grid) || failed(block))
    return failure();
  kernel.grid = *grid;
  kernel.block = *block;
  kernel.programmaticDependent = launch->hasAttr(kProgrammaticDependentAttr);
  kernel.residentGrid = launch->hasAttr(kResidentGridAttr);
  if (launch.hasClusterSize()) {
    FailureOr<std::array<uint32_t, 3>> cluster = constantDims(
        launch, launch.getClusterSizeOperandValues(), "cluster sizes");
    if (failed(cluster))
      return failure();
    for (int d = 0; d < 3; ++d)
      if (kernel.grid[d] % (*cluster)[d] != 0)
        return launch.emitError("launch grid (")
               << kernel.grid[0] << ", " << kernel.grid[1] << ", "
               << kernel.grid[2] << ") is not divisible by the cluster size ("
               << (*cluster)[0] << ", " << (*cluster)[1] << ", "
               << (*cluster)[2] << ") in dimension "
               << "xyz"[d];
    kernel.cluster = *cluster;
  }
  if (Value smem = launch.getDynamicSharedMemorySize()) {
    APInt v;
    if (!matchPattern(smem, m_ConstantInt(&v)))
      return launch.emitError("dynamic shared memory size must be a constant");
    kernel.dynamicSharedMemory = static_cast<uint32_t>(v.getZExtValue());
  }
  for (Value operand : launch.getKernelOperands()) {
    if (isa<MemRefType>(operand.getType())) {
      // A rows x cols view (an N-D softmax's) passes its buffer's address.
      Value root = getViewedRootBuffer(operand);
      if (!root)
        return launch.emitError("kernel operand ")
               << operand << " is not a function argument or allocation";
      FailureOr<std::string> name = namer(root);
      if (failed(name))
        return failure();
      kernel.params.push_back(rt::KernelParam::ptr(*name));
      continue;
    }
    if (nvgpu::TmaCreateDescriptorOp create = getTensorMapOf(operand)) {
      FailureOr<rt::KernelParam> param = describeTensorMap(create, namer);
      if (failed(param))
        return failure();
      kernel.params.push_back(std::move(*param));
      continue;
    }
    if (auto e = matchSymbolic(operand, symbols)) {
      if (!operand.getType().isIndex())
        return launch.emitError("scalar kernel operand ")
               << operand << " of a dynamic size must be an index";
      symbolic.params[kernel.params.size()] = e->first;
      kernel.params.push_back(rt::KernelParam::i64(e->second));
      continue;
    }
    Attribute value;
    if (!matchPattern(operand, m_Constant(&value)))
      return launch.emitError("scalar kernel operand ")
             << operand << " must be a constant"
             << (symbols.empty() ? "" : " or a dynamic size");
    if (auto f = dyn_cast<FloatAttr>(value); f && f.getType().isF32()) {
      kernel.params.push_back(rt::KernelParam::f32(f.getValueAsDouble()));
    } else if (auto i = dyn_cast<IntegerAttr>(value)) {
      bool wide = i.getType().isIndex() || i.getType().isInteger(64);
      if (!wide && !i.getType().isInteger(32))
        return launch.emitError("unsupported scalar kernel operand type ")
               << i.getType();
      kernel.params.push_back(wide ? rt::KernelParam::i64(i.getInt())
                                   : rt::KernelParam::i32(i.getInt()));
    } else {
      return launch.emitError("unsupported scalar kernel operand ") << value;
    }
  }
  return kernel;
}

LogicalResult
mlir::gemm_opt::describeLaunches(func::FuncOp func, StringRef ptx,
                                 BufferNamer namer,
                                 std::vector<rt::KernelDesc> &kernels,
                                 ArrayRef<SymbolBinding> symbols,
                                 std::vector<KernelSymbols> *symbolic) {
  WalkResult walk = func.walk([&](gpu::LaunchFuncOp launch) {
    KernelSymbols kernelSymbols;
    FailureOr<rt::KernelDesc> kernel =
        describeLaunch(launch, namer, symbols, kernelSymbols);
    if (symbolic)
      symbolic->push_back(kernelSymbols);
    if (failed(kernel))
      return WalkResult::interrupt();
    StringRef kernelName = launch.getKernelName().getValue();
    int ptxParams = countPtxEntryParams(ptx, kernelName);
    if (ptxParams < 0) {
      launch.emitError("kernel '") << kernelName << "' is not in the PTX";
      return WalkResult::interrupt();
    }
    if (ptxParams != static_cast<int>(kernel->params.size())) {
      launch.emitError("PTX entry '")
          << kernelName << "' has " << ptxParams
          << " parameters but the launch passes " << kernel->params.size();
      return WalkResult::interrupt();
    }
    kernels.push_back(std::move(*kernel));
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}
