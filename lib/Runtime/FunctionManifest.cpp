//===- FunctionManifest.cpp - The ops and buffers of a version-2 manifest -===//
#include "gemm-opt/Runtime/FunctionManifest.h"
#include "gemm-opt/Runtime/Bench.h"

#include <map>
#include <stdexcept>

namespace gemm_opt::runtime {

std::vector<std::string> opInputs(const OpDesc &op) {
  if (op.isSoftmax())
    return {op.operand("X")};
  std::vector<std::string> in{op.operand("A"), op.operand("B")};
  if (op.matmul.beta == 1)
    in.push_back(op.operand("C"));
  for (const std::string &role : epilogueOperandRoles(op.matmul.epilogue))
    in.push_back(op.operand(role));
  return in;
}

std::string opOutput(const OpDesc &op) { return op.operand(op.isSoftmax() ? "Y" : "C"); }

std::vector<BufferUse> functionBufferUses(const KernelManifest &m) {
  std::map<std::string, size_t> index;
  for (size_t i = 0; i < m.buffers.size(); ++i)
    index[m.buffers[i].name] = i;
  std::vector<BufferUse> uses(m.buffers.size());
  // Program order decides: an argument is an input only when an op reads it
  // before any op has written it (a function may also overwrite an argument
  // it read, or read back what it wrote).
  for (const OpDesc &op : m.ops) {
    for (const std::string &name : opInputs(op)) {
      auto it = index.find(name);
      if (it != index.end() && !uses[it->second].written && m.buffers[it->second].role == "arg")
        uses[it->second].input = true;
    }
    auto out = index.find(opOutput(op));
    if (out != index.end())
      uses[out->second].written = true;
  }
  for (size_t i = 0; i < uses.size(); ++i) {
    const std::string &role = m.buffers[i].role;
    uses[i].output = uses[i].written && (role == "result" || role == "arg");
  }
  for (const std::string &name : m.results) {
    auto it = index.find(name);
    if (it == index.end())
      continue;
    BufferUse &u = uses[it->second];
    u.returned = true;
    if (m.buffers[it->second].role == "arg" && !u.written)
      u.input = true;
  }
  return uses;
}

std::vector<size_t> functionReturnedBuffers(const KernelManifest &m) {
  std::vector<size_t> out;
  if (!m.results.empty()) {
    for (const std::string &name : m.results)
      for (size_t i = 0; i < m.buffers.size(); ++i)
        if (m.buffers[i].name == name)
          out.push_back(i);
    return out;
  }
  const std::vector<BufferUse> uses = functionBufferUses(m);
  for (size_t i = 0; i < m.buffers.size(); ++i)
    if (m.buffers[i].role == "arg" && uses[i].output)
      out.push_back(i);
  for (size_t i = 0; i < m.buffers.size(); ++i)
    if (m.buffers[i].role == "result")
      out.push_back(i);
  return out;
}

std::pair<size_t, size_t> opKernelRange(const KernelManifest &m, size_t op) {
  size_t first = 0;
  while (first < m.kernels.size() && m.kernels[first].op < op)
    ++first;
  size_t last = first;
  while (last < m.kernels.size() && m.kernels[last].op == op)
    ++last;
  return {first, last};
}

KernelManifest opManifest(const KernelManifest &m, size_t op) {
  const OpDesc &o = m.ops.at(op);
  KernelManifest v1;
  v1.version = kManifestVersion;
  v1.op = o.op;
  v1.stage = m.stage;
  v1.chip = m.chip;
  v1.func = m.func;
  v1.matmul = o.matmul;
  v1.softmax = o.softmax;
  for (const auto &[role, name] : o.operands)
    if (const BufferDesc *b = m.findBuffer(name)) {
      v1.buffers.push_back(*b);
      v1.buffers.back().role = role;
    }
  auto [first, last] = opKernelRange(m, op);
  for (size_t k = first; k < last; ++k) {
    v1.kernels.push_back(m.kernels[k]);
    v1.kernels.back().op = 0;
    for (const KernelParam &p : m.kernels[k].params) {
      const BufferDesc *b = p.abi == ParamAbi::Ptr || p.abi == ParamAbi::TensorMap ? m.findBuffer(p.buffer) : nullptr;
      if (b && b->role == "scratch" && !v1.findBuffer(b->name))
        v1.buffers.push_back(*b);
    }
  }
  return v1;
}

std::string opSummary(const KernelManifest &m, size_t op) {
  return m.ops.at(op).op + " " + manifestShapeString(opManifest(m, op));
}

std::vector<size_t> functionArgumentBuffers(const KernelManifest &m) {
  std::vector<size_t> args;
  for (size_t i = 0; i < m.buffers.size(); ++i) {
    if (m.buffers[i].role != "arg")
      continue;
    const std::string expected = "arg" + std::to_string(args.size());
    if (m.buffers[i].name != expected)
      throw std::invalid_argument("manifest: buffers[" + std::to_string(i) + "] is argument \"" +
                                  m.buffers[i].name + "\", expected \"" + expected +
                                  "\" (arguments are bound by position)");
    args.push_back(i);
  }
  return args;
}

} // namespace gemm_opt::runtime
