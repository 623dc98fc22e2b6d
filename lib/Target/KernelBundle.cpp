//===- KernelBundle.cpp - PTX + launch manifest of a compiled module ------===//

#include "gemm-opt/Target/KernelBundle.h"
#include "DynamicManifest.h"
#include "LaunchDescription.h"
#include "OpsManifest.h"
#include "gemm-opt/Runtime/JsonWriting.h"
#include "gemm-opt/Runtime/ModuleManifest.h"
#include "gemm-opt/Runtime/PtxEntries.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Analysis/ModuleTarget.h"
#include "gemm-opt/Transforms/Dispatch/DynamicVariants.h"
#include "gemm-opt/Transforms/Dispatch/OutlineKernelOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace mlir::gemm_opt;
namespace rt = ::gemm_opt::runtime;

int mlir::gemm_opt::countPtxEntryParams(StringRef ptx, StringRef name) {
  // The runtime's reader, so that gemm-opt and gemm-run's AOT check agree.
  std::vector<rt::PtxEntry> entries;
  std::string error;
  if (!rt::parsePtxEntries(ptx.str(), entries, error))
    return -1;
  for (const rt::PtxEntry &e : entries)
    if (e.name == name)
      return static_cast<int>(e.params.size());
  return -1;
}

/// Reads the problem the function's kernels solve (gemm_opt.problems, kept
/// through outlining by gemm-keep-kernel-problems). A manifest describes
/// one problem: this is where a function with several is rejected.
static LogicalResult readProblem(func::FuncOp func, rt::KernelManifest &m) {
  auto problems = func->getAttrOfType<ArrayAttr>(kFunctionProblemsAttr);
  if (!problems || problems.size() != 1)
    return func.emitError("a launch manifest describes one problem per "
                          "function; found ")
           << (problems ? problems.size() : 0) << " in " << kFunctionProblemsAttr;
  return describeProblem(func, problems[0], m.op, m.matmul, m.softmax);
}

/// Names a buffer and adds it to the manifest on first sight.
static FailureOr<std::string> describeBuffer(func::FuncOp func, Value root,
                                             rt::KernelManifest &m,
                                             DenseMap<Value, std::string> &names) {
  auto it = names.find(root);
  if (it != names.end())
    return it->second;
  StringAttr role;
  Operation *at = func;
  if (auto arg = dyn_cast<BlockArgument>(root)) {
    role = func.getArgAttrOfType<StringAttr>(arg.getArgNumber(), kRoleAttr);
  } else {
    at = root.getDefiningOp();
    role = at->getAttrOfType<StringAttr>(kRoleAttr);
  }
  std::string name =
      role ? role.str()
           : "scratch" + std::to_string(llvm::count_if(
                             m.buffers, [](const rt::BufferDesc &b) {
                               return b.role == "scratch";
                             }));
  FailureOr<rt::BufferDesc> buffer =
      describeBufferValue(at, root, name, role ? role.getValue() : "scratch");
  if (failed(buffer))
    return failure();
  m.buffers.push_back(*buffer);
  names[root] = name;
  return name;
}

/// Role buffers first in role order, then scratch, for a stable manifest.
static void sortBuffers(rt::KernelManifest &m) {
  auto rank = [](const rt::BufferDesc &b) {
    static const char *order[] = {"A", "B", "C", "X", "Y"};
    for (int i = 0; i < 5; ++i)
      if (b.role == order[i])
        return i;
    // A matmul's epilogue operands after C, E0 first.
    if (int e = rt::epilogueOperandIndex(b.role); e >= 0)
      return 5 + e;
    return 5 + rt::kMaxEpilogueOperands;
  };
  std::stable_sort(m.buffers.begin(), m.buffers.end(),
                   [&](const auto &x, const auto &y) { return rank(x) < rank(y); });
}

FailureOr<rt::KernelManifest> mlir::gemm_opt::describeOneOpFunction(
    func::FuncOp func, StringRef ptx, ArrayRef<SymbolBinding> symbols,
    std::vector<KernelSymbols> *symbolic) {
  rt::KernelManifest m;
  m.func = func.getSymName().str();
  if (failed(readProblem(func, m)))
    return failure();
  // Everything on the host must have become a kernel launch: a runner only
  // runs the kernels.
  if (failed(checkNothingLeftOnHost(func)))
    return failure();
  DenseMap<Value, std::string> names;
  auto namer = [&](Value root) { return describeBuffer(func, root, m, names); };
  if (failed(describeLaunches(func, ptx, namer, m.kernels, symbols, symbolic)))
    return failure();
  sortBuffers(m);
  // The function's arguments in its order, which a runner binding them by
  // position needs (it may differ from the buffers' role order).
  for (BlockArgument arg : func.getArguments())
    if (auto it = names.find(arg); it != names.end())
      m.arguments.push_back(it->second);
  return m;
}

/// The functions a runner calls, in module order, each with the functions
/// that make it up: the one whose kernels are compiled, or that calls the
/// functions made for its ops (gemm-outline-kernel-ops), or the variants of
/// one function with dynamic dimensions.
static SmallVector<SmallVector<func::FuncOp>> entryFunctions(ModuleOp module) {
  SmallVector<SmallVector<func::FuncOp>> entries;
  llvm::StringMap<unsigned> index;
  module.walk([&](func::FuncOp f) {
    if (f->hasAttr(kOutlinedOpAttr) ||
        (!f->hasAttr(kFunctionProblemsAttr) && !callsOutlinedOps(f)))
      return;
    std::optional<DynamicVariant> v = getDynamicVariant(f);
    std::string source = v ? v->of : f.getSymName().str();
    auto [it, inserted] = index.try_emplace(source, entries.size());
    if (inserted)
      entries.emplace_back();
    entries[it->second].push_back(f);
  });
  return entries;
}

/// The manifest of one entry: a function, or the variants of one with
/// dynamic dimensions (`funcs`), as it would be written alone.
static FailureOr<FunctionManifest> describeEntry(ArrayRef<func::FuncOp> funcs,
                                                 StringRef ptx, StringRef stage,
                                                 StringRef chip) {
  FunctionManifest out;
  func::FuncOp func = funcs.front();
  if (getDynamicVariant(func)) {
    FailureOr<std::string> manifest =
        describeDynamicFunction(funcs, ptx, stage, chip);
    if (failed(manifest))
      return failure();
    out.dynamicManifest = std::move(*manifest);
    return out;
  }
  rt::KernelManifest &m = out.manifest;
  if (callsOutlinedOps(func)) {
    m.stage = stage.str();
    m.chip = chip.str();
    m.func = func.getSymName().str();
    if (failed(describeOpsFunction(func, ptx, m)))
      return failure();
  } else {
    FailureOr<rt::KernelManifest> described = describeOneOpFunction(func, ptx);
    if (failed(described))
      return failure();
    m = std::move(*described);
    m.stage = stage.str();
    m.chip = chip.str();
  }
  std::string error;
  if (!rt::validateManifest(m, error))
    return func.emitError("cannot describe the compiled kernels: ") << error;
  return out;
}

FailureOr<KernelBundle> mlir::gemm_opt::extractKernelBundle(ModuleOp module,
                                                            StringRef stage,
                                                            StringRef chip) {
  // The chip compiled for: the module's target's (the lowering attached it).
  FailureOr<std::string> compiledFor = resolveTargetChip(module, chip);
  if (failed(compiledFor))
    return failure();
  SmallVector<SmallVector<func::FuncOp>> entries = entryFunctions(module);
  if (entries.empty())
    return module.emitError("expected a function with compiled kernels");

  SmallVector<gpu::BinaryOp> binaries(module.getOps<gpu::BinaryOp>());
  if (binaries.size() != 1)
    return module.emitError("expected exactly one gpu.binary, found ")
           << binaries.size();
  KernelBundle bundle;
  bundle.stage = stage.str();
  bundle.chip = *compiledFor;
  for (Attribute attr : binaries.front().getObjects()) {
    auto object = dyn_cast<gpu::ObjectAttr>(attr);
    if (object && object.getFormat() == gpu::CompilationTarget::Assembly) {
      bundle.ptx = object.getObject().str();
      break;
    }
  }
  if (bundle.ptx.empty())
    return binaries.front().emitError(
        "has no PTX object; compile with gpu-module-to-binary{format=isa}");
  for (ArrayRef<func::FuncOp> funcs : entries) {
    FailureOr<FunctionManifest> described =
        describeEntry(funcs, bundle.ptx, stage, *compiledFor);
    if (failed(described))
      return failure();
    bundle.functions.push_back(std::move(*described));
  }
  return bundle;
}

std::string FunctionManifest::json() const {
  return isDynamic() ? dynamicManifest : rt::toJson(manifest);
}

std::string KernelBundle::manifestJson() const {
  if (functions.size() == 1)
    return functions.front().json();
  // Version 4: each function's manifest as it would stand alone, indented
  // into "functions".
  std::string out = "{\n  \"format\": \"gemm-opt-manifest\",\n  \"version\": " +
                    std::to_string(rt::kManifestVersionModule) +
                    ",\n  \"stage\": " + rt::jsonQuote(stage) +
                    ",\n  \"chip\": " + rt::jsonQuote(chip) +
                    ",\n  \"functions\": [\n";
  for (auto [i, f] : llvm::enumerate(functions)) {
    std::string json = f.json();
    StringRef text = StringRef(json).rtrim();
    SmallVector<StringRef> lines;
    text.split(lines, '\n');
    for (auto [j, line] : llvm::enumerate(lines))
      out += "    " + line.str() + (j + 1 < lines.size() ? "\n" : "");
    out += i + 1 < functions.size() ? ",\n" : "\n";
  }
  return out + "  ]\n}\n";
}
