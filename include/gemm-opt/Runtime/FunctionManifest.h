//===- FunctionManifest.h - The ops and buffers of a version-2 manifest -*- C++ -*-===//
//
// A version-2 manifest (docs/manifest.md, "Several ops in one function")
// describes a function of several ops. Its runners (gemm-run's function
// check, the C API, Python) all need the same facts about it: which
// buffers a caller fills (inputs), which ones the function writes for the
// caller (outputs), which kernels belong to an op, and each op seen on its
// own as a version-1 manifest (for thresholds, shape strings, memory).
// Pure host code over a validated manifest.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_OPT_RUNTIME_FUNCTIONMANIFEST_H
#define GEMM_OPT_RUNTIME_FUNCTIONMANIFEST_H

#include "gemm-opt/Runtime/Manifest.h"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace gemm_opt::runtime {


/// How the function uses one of its buffers.
struct BufferUse {
  /// An argument some op reads before any op writes it (a matmul's C with
  /// beta = 1 counts as read): the caller's data, filled before a run.
  bool input = false;
  /// Some op writes it (its C or Y).
  bool written = false;
  /// What the caller gets back written: a result, or an argument an op
  /// writes.
  bool output = false;
  /// A result of the function ("results") is this buffer; an argument
  /// returned that no op writes is also an input (the caller's data, which
  /// it gets back as it is).
  bool returned = false;
};

/// One entry per manifest buffer, in manifest order. Temps and scratch are
/// neither input nor output.
std::vector<BufferUse> functionBufferUses(const KernelManifest &m);

/// The buffer names op `op` reads (A, B, C when beta = 1 and the epilogue's
/// operands; X), in role order.
std::vector<std::string> opInputs(const OpDesc &op);
/// The buffer name op `op` writes (C, Y).
std::string opOutput(const OpDesc &op);

/// [first, last) of op `op`'s kernels in m.kernels (empty when it has none).
std::pair<size_t, size_t> opKernelRange(const KernelManifest &m, size_t op);

/// Op `op` of a version-2 manifest as a version-1 manifest: its op and
/// problem, its operand buffers under their version-1 roles (A, B, C / X,
/// Y), the scratch buffers its kernels name and its kernels. Passes
/// validateManifest when `m` does.
KernelManifest opManifest(const KernelManifest &m, size_t op);

/// "matmul 130x259x67" / "softmax 130x259": an op's kind and shape, as
/// messages and reports name it.
std::string opSummary(const KernelManifest &m, size_t op);

/// What a call of the function gives back, in order, as indices into
/// m.buffers: with "results", the buffer of each result in return order (a
/// buffer may come twice; an argument returned as it is, arg<j>); without,
/// the arguments an op writes, then the result buffers, in manifest order.
/// A runner returns these very buffers (no copy): a result returned twice
/// is one buffer, an argument returned is the caller's own.
std::vector<size_t> functionReturnedBuffers(const KernelManifest &m);

/// The caller-facing argument positions: the index in m.buffers of arg<i>
/// for i = 0, 1, ... (args are listed first, in position order). Throws
/// std::invalid_argument when the args are not named arg0, arg1, ... in order.
std::vector<size_t> functionArgumentBuffers(const KernelManifest &m);

} // namespace gemm_opt::runtime

#endif // GEMM_OPT_RUNTIME_FUNCTIONMANIFEST_H
