//===- OpsManifest.cpp - The manifest of a function of several ops --------===//
//
// After gemm-outline-kernel-ops, a function of several ops calls one
// private function per op, in program order; each callee is a compiled
// one-op function whose arguments carry their roles (gemm_opt.role) and
// whose problem gemm-keep-kernel-problems kept. The manifest describes the
// caller: its buffers by what they are to a runner (arguments it binds by
// position, returned and temporary allocations it makes, kernels'
// scratch), each op by its problem and which of those buffers play its
// roles, and each callee's kernels, with their parameters named by the
// caller's buffers.
//
//===----------------------------------------------------------------------===//

#include "OpsManifest.h"
#include "LaunchDescription.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Dispatch/DynamicVariants.h"
#include "gemm-opt/Transforms/Dispatch/OutlineKernelOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::gemm_opt;
namespace rt = ::gemm_opt::runtime;

func::FuncOp mlir::gemm_opt::getOutlinedOpCallee(func::CallOp call) {
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      call, call.getCalleeAttr());
  return callee && callee->hasAttr(kOutlinedOpAttr) ? callee : func::FuncOp();
}

bool mlir::gemm_opt::callsOutlinedOps(func::FuncOp func) {
  return func
      .walk([](func::CallOp call) {
        return getOutlinedOpCallee(call) ? WalkResult::interrupt()
                                         : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Whether `arg` is a dynamic variant's size argument.
static bool isSymbolArgument(func::FuncOp func, BlockArgument arg) {
  return isa<IndexType>(arg.getType()) &&
         func.getArgAttr(arg.getArgNumber(), kSymbolAttr);
}

namespace {
/// Names the caller's buffers and adds them to the manifest: arguments,
/// results and temporaries up front, scratch as the kernels meet them.
class OpsFunctionDescriber {
public:
  OpsFunctionDescriber(func::FuncOp caller, rt::KernelManifest &m,
                       std::vector<KernelSymbols> *symbolic)
      : caller(caller), m(m), symbolic(symbolic) {}

  LogicalResult describeCallerBuffers();
  LogicalResult describeOp(func::CallOp call, func::FuncOp callee,
                           StringRef ptx);

private:
  LogicalResult addBuffer(Operation *at, Value root, StringRef role,
                          size_t index);
  FailureOr<std::string> callerBufferName(Operation *at, Value value);

  func::FuncOp caller;
  rt::KernelManifest &m;
  std::vector<KernelSymbols> *symbolic;
  DenseMap<Value, std::string> names;
};
} // namespace

LogicalResult OpsFunctionDescriber::addBuffer(Operation *at, Value root,
                                              StringRef role, size_t index) {
  std::string name = (role + Twine(index)).str();
  FailureOr<rt::BufferDesc> buffer = describeBufferValue(at, root, name, role);
  if (failed(buffer))
    return failure();
  m.buffers.push_back(*buffer);
  names[root] = name;
  return success();
}

LogicalResult OpsFunctionDescriber::describeCallerBuffers() {
  // Every argument, by position: a runner binds its buffers by that order.
  for (BlockArgument arg : caller.getArguments()) {
    // A dynamic variant's size argument is no buffer (DynamicVariants.h).
    if (isSymbolArgument(caller, arg))
      continue;
    if (!isa<MemRefType>(arg.getType()))
      return caller.emitError("argument #")
             << arg.getArgNumber() << " of type " << arg.getType()
             << " cannot be described in a launch manifest";
    if (failed(addBuffer(caller, arg, "arg", arg.getArgNumber())))
      return failure();
  }
  SmallVector<Value> results;
  caller.walk([&](func::ReturnOp ret) {
    results.append(ret->operand_begin(), ret->operand_end());
  });
  bool aliased = false;
  for (auto [i, result] : llvm::enumerate(results)) {
    Value root = getRootBuffer(result);
    if (root != result)
      return caller.emitError("result #")
             << i << " is not a function argument or allocation; a runner "
             << "cannot bind it";
    // An argument returned as it is, or a buffer returned twice, is no
    // buffer of its own: "results" says which buffer it is.
    aliased |= isa<BlockArgument>(root) || names.count(root);
    if (!names.count(root) &&
        failed(addBuffer(root.getDefiningOp(), root, "result", i)))
      return failure();
    m.results.push_back(names[root]);
  }
  if (!aliased)
    m.results.clear();
  size_t temps = 0;
  WalkResult walk = caller.walk([&](Operation *op) {
    if (!isa<memref::AllocOp, memref::AllocaOp>(op) ||
        names.count(op->getResult(0)))
      return WalkResult::advance();
    if (failed(addBuffer(op, op->getResult(0), "temp", temps++)))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

FailureOr<std::string> OpsFunctionDescriber::callerBufferName(Operation *at,
                                                              Value value) {
  // A whole buffer, or its rows x cols view (an N-D softmax's operand).
  Value root = getViewedRootBuffer(value);
  auto it = names.find(root);
  if (!root || it == names.end())
    return at->emitError("operand ")
           << value << " is not a whole argument or allocation of @"
           << caller.getSymName() << "; a runner cannot bind it";
  return it->second;
}

LogicalResult OpsFunctionDescriber::describeOp(func::CallOp call,
                                               func::FuncOp callee,
                                               StringRef ptx) {
  auto problems = callee->getAttrOfType<ArrayAttr>(kFunctionProblemsAttr);
  if (!problems || problems.size() != 1)
    return callee.emitError("an outlined op has one problem; found ")
           << (problems ? problems.size() : 0) << " in "
           << kFunctionProblemsAttr;
  rt::OpDesc op;
  if (failed(
          describeProblem(callee, problems[0], op.op, op.matmul, op.softmax)) ||
      failed(checkNothingLeftOnHost(callee)))
    return failure();
  // The callee's arguments are the call's operands; their roles, the op's.
  DenseMap<Value, std::string> calleeNames;
  SmallVector<std::pair<StringRef, std::string>> roles;
  for (BlockArgument arg : callee.getArguments()) {
    if (isSymbolArgument(callee, arg))
      continue;
    FailureOr<std::string> name =
        callerBufferName(call, call.getOperand(arg.getArgNumber()));
    if (failed(name))
      return failure();
    calleeNames[arg] = *name;
    if (auto role =
            callee.getArgAttrOfType<StringAttr>(arg.getArgNumber(), kRoleAttr))
      roles.push_back({role.getValue(), *name});
  }
  static constexpr StringLiteral matmulRoles[] = {"A", "B", "C"},
                                 softmaxRoles[] = {"X", "Y"};
  for (StringRef role :
       op.isMatmul() ? ArrayRef(matmulRoles) : ArrayRef(softmaxRoles)) {
    const auto *found =
        llvm::find_if(roles, [&](const auto &r) { return r.first == role; });
    if (found == roles.end())
      return callee.emitError("no argument has the role ")
             << role << " of its " << op.op << " (gemm_opt.role)";
    op.operands.push_back({role.str(), found->second});
  }
  // A fused epilogue's operands after C, E0 first.
  for (const std::string &role : rt::epilogueOperandRoles(op.matmul.epilogue)) {
    const auto *found =
        llvm::find_if(roles, [&](const auto &r) { return r.first == role; });
    if (found == roles.end())
      return callee.emitError("no argument has the role ")
             << role << " of its matmul's epilogue (gemm_opt.role)";
    op.operands.push_back({role, found->second});
  }
  // Anything else a kernel passes is the callee's own allocation: scratch.
  auto namer = [&](Value root) -> FailureOr<std::string> {
    auto it = calleeNames.find(root);
    if (it != calleeNames.end())
      return it->second;
    std::string name =
        "scratch" +
        std::to_string(llvm::count_if(m.buffers, [](const rt::BufferDesc &b) {
          return b.role == "scratch";
        }));
    FailureOr<rt::BufferDesc> buffer =
        describeBufferValue(root.getDefiningOp(), root, name, "scratch");
    if (failed(buffer))
      return failure();
    m.buffers.push_back(*buffer);
    calleeNames[root] = name;
    return name;
  };
  size_t first = m.kernels.size();
  // In a variant of a dynamic token count, grids and parameters computed
  // from the callee's M argument, planned at the op's rows; of a batch
  // count, from its batch argument, planned at the variant's count.
  SmallVector<SymbolBinding> bindings;
  std::optional<DynamicVariant> variant = getDynamicVariant(callee);
  if (Value tokens = getSymbolArgument(callee, "M"); tokens && symbolic)
    bindings.push_back(
        {"M", tokens, op.isMatmul() ? op.matmul.m : op.softmax.rows});
  else if (Value batch = getSymbolArgument(callee, kBatchSymbol);
           batch && symbolic && variant && variant->planned)
    bindings.push_back({kBatchSymbol.str(), batch, *variant->planned});
  if (failed(
          describeLaunches(callee, ptx, namer, m.kernels, bindings, symbolic)))
    return failure();
  if (m.kernels.size() == first)
    return callee.emitError("launches no kernel for its op");
  for (size_t k = first; k < m.kernels.size(); ++k)
    m.kernels[k].op = static_cast<uint32_t>(m.ops.size());
  m.ops.push_back(std::move(op));
  return success();
}

LogicalResult
mlir::gemm_opt::describeOpsFunction(func::FuncOp caller, StringRef ptx,
                                    rt::KernelManifest &m,
                                    std::vector<KernelSymbols> *symbolic) {
  m.version = rt::kManifestVersionOps;
  m.op.clear();
  // The caller only calls its ops and allocates their buffers.
  WalkResult hostWork = caller.walk([&](Operation *op) {
    if (!isa<gpu::LaunchFuncOp>(op))
      return WalkResult::advance();
    op->emitError("is launched outside the functions of its function's ops");
    return WalkResult::interrupt();
  });
  if (hostWork.wasInterrupted() || failed(checkNothingLeftOnHost(caller)))
    return failure();
  OpsFunctionDescriber describer(caller, m, symbolic);
  if (failed(describer.describeCallerBuffers()))
    return failure();
  WalkResult walk = caller.walk([&](func::CallOp call) {
    func::FuncOp callee = getOutlinedOpCallee(call);
    if (callee && failed(describer.describeOp(call, callee, ptx)))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}
