//===- ManifestValidation.cpp - Semantic checks of a launch manifest ------===//
//
// validateManifest (docs/manifest.md; validateTensorMap in
// TensorMapValidation.cpp): everything the
// runner relies on before it touches a device, so that a hostile or broken
// manifest is an input error (gemm-run exit 2), never a crash or a CUDA error.
//
//===----------------------------------------------------------------------===//
#include "gemm-opt/Runtime/JsonWriting.h"
#include "gemm-opt/Runtime/Manifest.h"
#include "gemm-opt/Support/LaunchLimits.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <iterator>
#include <limits>
#include <set>

namespace gemm_opt::runtime {

namespace {

/// The bytes of `b` (elements times element size), saturated at 2^64 - 1 so
/// that shapes whose product overflows 64 bits compare as too large.
unsigned __int128 bufferBytes(const BufferDesc &b) {
  const unsigned __int128 cap = ~uint64_t(0);
  unsigned __int128 n = elemTypeSize(b.elem);
  for (int64_t d : b.shape) {
    n *= static_cast<uint64_t>(d < 0 ? 0 : d);
    if (n > cap)
      return cap;
  }
  return n;
}

/// The roles a buffer may have: a version-1 op's roles and scratch; in
/// version 2, what the buffer is to the function (listed in this order).
const std::vector<std::string> &bufferRoles(const KernelManifest &m) {
  static const std::vector<std::string> matmul{"A",  "B",  "C",  "E0", "E1",     "E2",
                                              "E3", "E4", "E5", "E6", "E7", "scratch"},
      softmax{"X", "Y", "scratch"}, ops{"arg", "result", "temp", "scratch"};
  return m.isFunction() ? ops : m.isMatmul() ? matmul : softmax;
}

/// A version-2 buffer's role is in list order (args, results, temps,
/// scratch), and the i-th argument is "arg<i>": a runner binds the
/// function's arguments by position.
bool checkOpsBufferOrder(const KernelManifest &m, size_t i, const std::string &at, size_t &roleRank,
                         size_t &args, std::string &msg) {
  const auto &b = m.buffers[i];
  const auto &roles = bufferRoles(m);
  size_t rank = std::find(roles.begin(), roles.end(), b.role) - roles.begin();
  if (rank < roleRank)
    return msg = at + "role \"" + b.role + "\" after a \"" + roles[roleRank] +
                 "\" buffer (buffers are listed args, results, temps, scratch)",
           false;
  roleRank = rank;
  if (b.role == "arg" && b.name != "arg" + std::to_string(args++))
    return msg = at + "argument buffer must be named \"arg" + std::to_string(args - 1) +
                 "\" (arguments are named by position)",
           false;
  return true;
}

/// A version-1 manifest's "arguments" name distinct buffers that are not
/// scratch (a runner binds the function's arguments to them in order).
bool validateArguments(const KernelManifest &m, std::string &msg) {
  std::set<std::string> seen;
  for (size_t i = 0; i < m.arguments.size(); ++i) {
    const std::string &name = m.arguments[i];
    std::string at = "arguments[" + std::to_string(i) + "] (\"" + name + "\"): ";
    const BufferDesc *b = m.findBuffer(name);
    if (!b)
      return msg = at + "no buffer has this name", false;
    if (b->role == "scratch")
      return msg = at + "a scratch buffer is not a function argument", false;
    if (!seen.insert(name).second)
      return msg = at + "listed twice", false;
  }
  return true;
}

/// A version-2 manifest's "results" name argument and result buffers; a
/// result buffer first at the position its name gives (result<i>, result
/// #i), and every one of them named: a runner hands back exactly these.
bool validateResults(const KernelManifest &m, std::string &msg) {
  if (!m.isFunction() && !m.results.empty())
    return msg = "results: only a version-2 manifest names its results (a version-1 function returns its output)",
           false;
  std::set<std::string> seen;
  for (size_t i = 0; i < m.results.size(); ++i) {
    const std::string &name = m.results[i];
    std::string at = "results[" + std::to_string(i) + "] (\"" + name + "\"): ";
    const BufferDesc *b = m.findBuffer(name);
    if (!b)
      return msg = at + "no buffer has this name", false;
    if (b->role != "arg" && b->role != "result")
      return msg = at + "a " + b->role + " buffer is not a function argument or result", false;
    if (b->role == "result" && seen.insert(name).second && name != "result" + std::to_string(i))
      return msg = at + "result #" + std::to_string(i) + " returns this buffer first, so it must be named \"result" +
                   std::to_string(i) + "\"",
             false;
  }
  for (const BufferDesc &b : m.buffers)
    if (!m.results.empty() && b.role == "result" && !seen.count(b.name))
      return msg = "results: no result is the result buffer \"" + b.name + "\"", false;
  return true;
}

/// Names unique and non-empty, roles valid for the op (version 1) or the
/// function (version 2), positive shapes, and sizes that every size_t
/// computation of the runner can hold.
bool validateBuffers(const KernelManifest &m, std::string &msg) {
  std::set<std::string> names;
  unsigned __int128 total = 0;
  size_t roleRank = 0, args = 0;
  const auto &roles = bufferRoles(m);
  for (size_t i = 0; i < m.buffers.size(); ++i) {
    const auto &b = m.buffers[i];
    std::string at = "buffers[" + std::to_string(i) + "] (\"" + b.name + "\"): ";
    if (b.name.empty())
      return msg = "buffers[" + std::to_string(i) + "]: empty name", false;
    if (!names.insert(b.name).second)
      return msg = at + "duplicate buffer name", false;
    if (std::find(roles.begin(), roles.end(), b.role) == roles.end())
      return msg = at + "role \"" + b.role + "\" is not valid for " +
                   (m.isFunction() ? std::string("a version-2 manifest (expected arg, result, temp or scratch)")
                    : "op " + m.op + (m.isMatmul() ? " (expected A, B, C, E0..E7 or scratch)" : " (expected X, Y or scratch)")),
             false;
    if (m.isFunction() && !checkOpsBufferOrder(m, i, at, roleRank, args, msg))
      return false;
    if (b.shape.empty())
      return msg = at + "empty shape", false;
    for (int64_t d : b.shape)
      if (d <= 0)
        return msg = at + "non-positive dimension in shape", false;
    unsigned __int128 bytes = bufferBytes(b);
    if (bytes > kMaxBufferBytes)
      return msg = at + "shape " + jsonIntList(b.shape) + " of " + elemTypeName(b.elem) + " needs " +
                   (bytes == ~uint64_t(0) ? std::string("2^64 or more") : u128Decimal(bytes)) +
                   " bytes, more than the 2^48 bytes (256 TiB) a buffer may have",
             false;
    total += bytes;
  }
  if (total > kMaxBufferBytes)
    return msg = "the buffers need " + u128Decimal(total) + " bytes in all, more than 2^48 (256 TiB)", false;
  return validateArguments(m, msg) && validateResults(m, msg);
}

/// The buffer that plays `role` in an op, or null after setting `msg`.
using RoleLookup = std::function<const BufferDesc *(const char *role, std::string &msg)>;

/// The buffer of `role` has the problem's element type and shape (`why`
/// follows the expected shape in the message).
/// The buffer of `role`, when it has the problem's element type.
const BufferDesc *findRoleBuffer(const RoleLookup &lookup, const char *role, ElemType elem, std::string &msg) {
  const BufferDesc *found = lookup(role, msg);
  if (found && found->elem != elem) {
    msg = "buffer \"" + found->name + "\" (role " + role + ") has elem " + elemTypeName(found->elem) +
          " but the problem says " + elemTypeName(elem);
    return nullptr;
  }
  return found;
}

/// Whether the dimensions of `shape` before its last `tail` multiply to `count`.
bool leadingProductIs(const std::vector<int64_t> &shape, size_t tail, int64_t count) {
  // Stops past count: a product of two values below 2^63 cannot wrap.
  unsigned __int128 product = 1;
  for (size_t i = 0; i + tail < shape.size() && product <= uint64_t(count); ++i)
    product *= shape[i] <= 0 ? 0 : uint64_t(shape[i]);
  return product == uint64_t(count);
}

/// Whether `shape` holds a batch of rows x cols matrices, row-major: its
/// last dimension is cols (or its last ones multiply to cols) and the ones
/// before multiply to batch * rows
/// ([batch, rows, cols]; a batch of several dimensions, [d0, ..., rows,
/// cols]; rows spread over several, [b, s, cols] as an nn.Linear's 3-D
/// activation collapsed to its rows; a single row, [d0, ..., cols]: the
/// same bytes).
/// `shape` without its extents of 1 (how a broadcast vector's buffer may
/// spell them: [b, 1, 1, N] for [b, N]).
std::vector<int64_t> withoutUnitDims(const std::vector<int64_t> &shape) {
  std::vector<int64_t> kept;
  std::copy_if(shape.begin(), shape.end(), std::back_inserter(kept), [](int64_t d) { return d != 1; });
  return kept;
}

bool isBatchedShape(const std::vector<int64_t> &shape, int64_t batch, int64_t rows, int64_t cols) {
  if (shape.empty() || cols <= 0 || batch <= 0 || rows <= 0 || batch > std::numeric_limits<int64_t>::max() / rows)
    return false;
  // A row may also span the last dimensions ([b, q, h, d] read as rows of
  // h * d: attention's transposed output before the output projection).
  unsigned __int128 tail = 1;
  for (size_t k = shape.size(); k-- > 0;) {
    tail *= shape[k] <= 0 ? 0 : uint64_t(shape[k]);
    if (tail == uint64_t(cols))
      return leadingProductIs(shape, shape.size() - k, batch * rows);
    if (tail > uint64_t(cols) || tail == 0)
      return false;
  }
  return false;
}

bool checkRole(const RoleLookup &lookup, const char *role, ElemType elem, int64_t rows, int64_t cols,
               std::string &msg, const std::string &why = "", int64_t batch = 1) {
  const BufferDesc *found = findRoleBuffer(lookup, role, elem, msg);
  if (!found)
    return false;
  if (!isBatchedShape(found->shape, batch, rows, cols))
    return msg = "buffer \"" + found->name + "\" (role " + role + ") must have shape [" +
                 (batch == 1 ? "" : std::to_string(batch) + ", ") + std::to_string(rows) + ", " + std::to_string(cols) +
                 "]" + why + ", or [d0, ..., " + std::to_string(cols) + "] with d0 * ... = " +
                 (batch == 1 ? "" : std::to_string(batch) + " x ") + std::to_string(rows) + ", got " +
                 jsonIntList(found->shape),
           false;
  return true;
}

/// C of heads (`"c_heads"`, attention's output transposed): [batch / heads,
/// rows, heads, cols], or any shape of the same bytes that keeps a row of
/// heads * cols elements whole: [.., heads, cols] or [.., heads * cols],
/// the dimensions before multiplying to batch / heads * rows.
bool checkHeadsC(const RoleLookup &lookup, const MatmulProblem &p, std::string &msg) {
  const BufferDesc *found = findRoleBuffer(lookup, "C", p.c, msg);
  if (!found)
    return false;
  const int64_t h = p.cHeads, seqRows = p.batch / h * p.m;
  const std::vector<int64_t> &s = found->shape;
  const bool split = s.size() >= 3 && s[s.size() - 2] == h && s.back() == p.n && leadingProductIs(s, 2, seqRows);
  const bool joined = s.size() >= 2 && s.back() == h * p.n && leadingProductIs(s, 1, seqRows);
  if (split || joined)
    return true;
  return msg = "buffer \"" + found->name + "\" (role C, c_heads " + std::to_string(h) + ") must have shape [" +
               std::to_string(p.batch / h) + ", " + std::to_string(p.m) + ", " + std::to_string(h) + ", " +
               std::to_string(p.n) + "], or [d0, ..., " + std::to_string(h) + ", " + std::to_string(p.n) +
               "] or [d0, ..., " + std::to_string(h * p.n) + "] with d0 * ... = " + std::to_string(seqRows) +
               ", got " + jsonIntList(s),
         false;
}

/// A softmax's X or Y: [rows, cols], or [d0, ..., cols] whose leading
/// dimensions multiply to rows (a softmax over the last dimension of an N-D
/// buffer is that of its rows; row-major, so the same bytes).
bool checkRowsRole(const RoleLookup &lookup, const char *role, ElemType elem, int64_t rows, int64_t cols,
                   std::string &msg) {
  const BufferDesc *found = findRoleBuffer(lookup, role, elem, msg);
  if (!found)
    return false;
  const std::vector<int64_t> &shape = found->shape;
  if (shape.size() < 2 || shape.back() != cols || !leadingProductIs(shape, 1, rows))
    return msg = "buffer \"" + found->name + "\" (role " + role + ") must have shape [" + std::to_string(rows) +
                 ", " + std::to_string(cols) + "], or [d0, ..., " + std::to_string(cols) +
                 "] with d0 * ... = " + std::to_string(rows) + " rows, got " + jsonIntList(shape),
           false;
  return true;
}

/// A matmul's epilogue: steps well formed, and the buffer of each operand
/// role a step uses has that step's broadcast shape (any element type).
bool checkEpilogue(const RoleLookup &lookup, const MatmulProblem &p, std::string &msg) {
  for (size_t i = 0; i < p.epilogue.size(); ++i) {
    const EpilogueStep &s = p.epilogue[i];
    const std::string at = "epilogue[" + std::to_string(i) + "]: ";
    std::string why = epilogueStepError(s);
    if (!why.empty())
      return msg = at + why, false;
    if (s.operand.empty())
      continue;
    const BufferDesc *b = lookup(s.operand.c_str(), why);
    if (!b)
      return msg = at + why, false;
    if (s.span > 0 && p.batch % s.span)
      return msg = at + "span " + std::to_string(s.span) + " does not divide the batch (" + std::to_string(p.batch) +
                   ")",
             false;
    std::vector<int64_t> shape = epilogueOperandShape(p, s);
    bool fits = b->shape == shape;
    if (s.broadcast == EpilogueBroadcast::None) // like C
      fits = fits || isBatchedShape(b->shape, p.batch, p.m, p.n);
    if (isSpannedBroadcast(s.broadcast)) // as the function has it: [b, 1, M, N], [1, h, M, N]
      fits = fits || isBatchedShape(b->shape, shape[0], p.m, p.n);
    if (s.broadcast == EpilogueBroadcast::Batch) // as the function has it: [1, 1, M, N]
      fits = fits || isBatchedShape(b->shape, 1, p.m, p.n);
    if (isVectorBroadcast(s.broadcast)) // [1, 1, 1, N], [1, M, 1]; per group [b, 1, 1, N]; in turn [1, h, 1, N]
      fits = fits || withoutUnitDims(b->shape) == withoutUnitDims(shape);
    // A vector's count: shared, one per group of span entries, or span of them read in turn.
    const std::string vectors = s.cycle ? ", for span vectors read in turn)"
                                : s.span ? ", for each group of span entries)"
                                         : ")";
    if (!fits)
      return msg = at + "buffer \"" + b->name + "\" (role " + s.operand + ", broadcast " +
                   epilogueBroadcastName(s.broadcast) + ") must have shape " + jsonIntList(shape) +
                   (s.broadcast == EpilogueBroadcast::Col     ? " (one value per column, N" + vectors
                    : s.broadcast == EpilogueBroadcast::Row   ? " (one value per row, M" + vectors
                    : s.broadcast == EpilogueBroadcast::Batch ? " (one M x N matrix for every batch entry)"
                    : s.broadcast == EpilogueBroadcast::Group ? " (one M x N matrix per span entries)"
                    : s.broadcast == EpilogueBroadcast::Cycle ? " (span M x N matrices, read in turn)"
                                                              : " (C's shape)") +
                   ", got " + jsonIntList(b->shape),
             false;
  }
  return true;
}

/// An op's problem and the buffers of its roles (`lookup`): the problem's
/// element types and shapes.
bool validateProblem(const std::string &op, const MatmulProblem &mm, const SoftmaxProblem &sm,
                     const RoleLookup &lookup, std::string &msg) {
  if (op == "matmul") {
    const auto &p = mm;
    if (p.m <= 0 || p.n <= 0 || p.k <= 0)
      return msg = "problem sizes must be positive", false;
    if (p.beta != 0 && p.beta != 1)
      return msg = "beta must be 0 or 1", false;
    // A transposed operand's buffer holds its stored shape: A [K, M], B [N, K].
    const std::string layout = std::string(" (layout ") + matmulLayoutName(p) + ": ";
    const std::string whyA = layout + (p.transposeA ? "A stored transposed, K x M)" : "A is M x K)");
    const std::string whyB = layout + (p.transposeB ? "B stored transposed, N x K" : "B is K x N") +
                             (p.sharedB ? ", shared by every batch entry)" : ")");
    if (p.batch < 1 || p.batch > kMaxBatch)
      return msg = "batch must be in [1, 2^31 - 1]", false;
    if (p.bGroup < 1 || p.batch % p.bGroup)
      return msg = "b_group " + std::to_string(p.bGroup) +
                   " does not divide the batch (" + std::to_string(p.batch) +
                   ")",
             false;
    if (p.bGroup > 1 && p.sharedB)
      return msg = "b_group needs a batched B (shared_b already shares one B)",
             false;
    // A shared B is 2-D; a grouped B has an entry per group of entries.
    const int64_t bt = p.batch, btB = p.sharedB ? 1 : p.batch / p.bGroup;
    if (p.cHeads < 1 || p.batch % p.cHeads)
      return msg = "c_heads " + std::to_string(p.cHeads) + " does not divide the batch (" + std::to_string(p.batch) +
                   ")",
             false;
    if (p.cHeads > 1 && p.beta != 0)
      return msg = "c_heads needs beta 0 (C of heads is written, never read)", false;
    const bool cFits = p.cHeads > 1 ? checkHeadsC(lookup, p, msg) : checkRole(lookup, "C", p.c, p.m, p.n, msg, "", bt);
    return (p.transposeA ? checkRole(lookup, "A", p.a, p.k, p.m, msg, whyA, bt)
                         : checkRole(lookup, "A", p.a, p.m, p.k, msg, whyA, bt)) &&
           (p.transposeB ? checkRole(lookup, "B", p.b, p.n, p.k, msg, whyB, btB)
                         : checkRole(lookup, "B", p.b, p.k, p.n, msg, whyB, btB)) &&
           cFits && checkEpilogue(lookup, p, msg);
  }
  const auto &p = sm;
  if (p.rows <= 0 || p.cols <= 0)
    return msg = "problem sizes must be positive", false;
  return checkRowsRole(lookup, "X", p.x, p.rows, p.cols, msg) && checkRowsRole(lookup, "Y", p.y, p.rows, p.cols, msg);
}

/// Version 1: the one buffer with each role.
bool validateProblem(const KernelManifest &m, std::string &msg) {
  auto lookup = [&](const char *role, std::string &error) -> const BufferDesc * {
    int count = 0;
    const BufferDesc *found = nullptr;
    for (const auto &b : m.buffers)
      if (b.role == role) {
        ++count;
        found = &b;
      }
    if (count == 1)
      return found;
    error = std::string("expected exactly one buffer with role ") + role + ", found " + std::to_string(count);
    return nullptr;
  };
  if (m.isMatmul()) {
    const std::vector<std::string> used = epilogueOperandRoles(m.matmul.epilogue);
    for (const BufferDesc &b : m.buffers)
      if (epilogueOperandIndex(b.role) >= 0 && std::find(used.begin(), used.end(), b.role) == used.end())
        return msg = "buffer \"" + b.name + "\" has role " + b.role + ", which no epilogue step uses", false;
  }
  return validateProblem(m.op, m.matmul, m.softmax, lookup, msg);
}

/// Version 2: each op's kind, operands (its roles in role order, naming
/// buffers of its problem's shapes and types) and an output that is none
/// of its inputs.
bool validateOps(const KernelManifest &m, std::string &msg) {
  if (m.ops.empty())
    return msg = "no ops", false;
  for (size_t i = 0; i < m.ops.size(); ++i) {
    const OpDesc &op = m.ops[i];
    std::string at = "ops[" + std::to_string(i) + "]: ";
    if (!op.isMatmul() && !op.isSoftmax())
      return msg = at + "unknown op \"" + op.op + "\"", false;
    std::vector<std::string> roles = op.isMatmul() ? std::vector<std::string>{"A", "B", "C"}
                                                   : std::vector<std::string>{"X", "Y"};
    if (op.isMatmul())
      for (const std::string &role : epilogueOperandRoles(op.matmul.epilogue))
        roles.push_back(role);
    std::string expected;
    for (const auto &r : roles)
      expected += (expected.empty() ? "" : ", ") + r;
    bool exact = op.operands.size() == roles.size();
    for (size_t j = 0; exact && j < roles.size(); ++j)
      exact = op.operands[j].first == roles[j];
    if (!exact)
      return msg = at + "operands of a " + op.op + " are exactly " + expected + ", in this order", false;
    auto lookup = [&](const char *role, std::string &error) -> const BufferDesc * {
      const BufferDesc *b = m.findBuffer(op.operand(role));
      if (!b)
        error = std::string("operand ") + role + " names unknown buffer \"" + op.operand(role) + "\"";
      return b;
    };
    std::string why;
    if (!validateProblem(op.op, op.matmul, op.softmax, lookup, why))
      return msg = at + why, false;
    // The output: Y, or C (third; the epilogue's operands follow it).
    const size_t out = op.isMatmul() ? 2 : op.operands.size() - 1;
    const std::string &output = op.operands[out].second;
    for (size_t j = 0; j < op.operands.size(); ++j)
      if (j != out && op.operands[j].second == output)
        return msg = at + "output " + op.operands[out].first + " (\"" + output + "\") is also its input " +
                     op.operands[j].first,
               false;
  }
  return true;
}

/// Version 2: each kernel belongs to an op, ops in order, each op at least
/// one kernel; version 1 kernels have no op.
bool validateKernelOps(const KernelManifest &m, std::string &msg) {
  for (size_t i = 0; i < m.kernels.size(); ++i) {
    const KernelDesc &k = m.kernels[i];
    std::string at = "kernels[" + std::to_string(i) + "] (\"" + k.name + "\"): ";
    if (!m.isFunction()) {
      if (k.op != 0)
        return msg = at + "op " + std::to_string(k.op) + " in a version-1 manifest", false;
      continue;
    }
    if (k.op >= m.ops.size())
      return msg = at + "op " + std::to_string(k.op) + " out of range (" + std::to_string(m.ops.size()) + " ops)",
             false;
    uint32_t expectedMax = i == 0 ? 0 : m.kernels[i - 1].op + 1;
    uint32_t previous = i == 0 ? 0 : m.kernels[i - 1].op;
    if (k.op < previous)
      return msg = at + "op " + std::to_string(k.op) + " after op " + std::to_string(previous) +
                   " (an op's kernels follow each other, ops in order)",
             false;
    if (k.op > expectedMax)
      return msg = "ops[" + std::to_string(expectedMax) + "] has no kernel", false;
  }
  if (m.isFunction() && !m.kernels.empty() && m.kernels.back().op + 1 != m.ops.size())
    return msg = "ops[" + std::to_string(m.kernels.back().op + 1) + "] has no kernel", false;
  return true;
}

/// Grid, block, shared memory and cluster within CUDA's limits.
bool validateLaunch(const KernelDesc &k, size_t index, const std::string &at, std::string &msg) {
  for (int d = 0; d < 3; ++d)
    if (k.grid[d] == 0 || k.block[d] == 0)
      return msg = at + "grid and block dimensions must be positive", false;
  if (k.grid[0] > kMaxGridX || k.grid[1] > kMaxGridYZ || k.grid[2] > kMaxGridYZ)
    return msg = at + "grid exceeds the CUDA limits [2^31-1, 65535, 65535]", false;
  if (k.block[0] > 1024 || k.block[1] > 1024 || k.block[2] > 64 ||
      uint64_t(k.block[0]) * k.block[1] * k.block[2] > 1024)
    return msg = at + "block exceeds the CUDA limits (x,y <= 1024, z <= 64, at most 1024 threads)", false;
  if (k.dynamicSharedMemory > kMaxDynamicSharedMemory)
    return msg = at + "dynamic_shared_memory " + std::to_string(k.dynamicSharedMemory) + " bytes exceeds " +
                 std::to_string(kMaxDynamicSharedMemory) +
                 " (227 KiB, the most shared memory a block can have on any CUDA device)",
           false;
  if (k.programmaticDependent && index == 0)
    return msg = at + "the first kernel cannot be programmatic_dependent (it has no previous kernel)", false;
  // The runtime sizes such a grid by the clusters the device holds at once
  // and caps it along x only.
  if (k.residentGrid && (!k.cluster || k.grid[1] != 1 || k.grid[2] != 1)) {
    std::string found =
        jsonIntList(k.grid) + (k.cluster ? "" : " without a cluster");
    return msg = at + "resident_grid needs a \"cluster\" and a 1-D grid, " +
                 "found grid " + found + " (the runtime launches as many " +
                 "whole clusters along x as the device holds at once)",
           false;
  }
  if (!k.cluster)
    return true;
  const auto &c = *k.cluster;
  std::string cs = jsonIntList(c);
  for (int d = 0; d < 3; ++d)
    if (c[d] == 0)
      return msg = at + "cluster dimensions must be positive, found " + cs, false;
  for (int d = 0; d < 3; ++d)
    if (k.grid[d] % c[d] != 0)
      return msg = at + "grid " + jsonIntList(k.grid) +
                   " is not divisible by cluster " + cs + " in dimension " +
                   "xyz"[d],
             false;
  uint64_t size = uint64_t(c[0]) * c[1] * c[2];
  if (size > kMaxPortableClusterSize)
    return msg = at + "cluster " + cs + " has " + std::to_string(size) + " blocks; at most " +
                 std::to_string(kMaxPortableClusterSize) + " (the portable cluster size limit) are allowed",
           false;
  return true;
}

bool validateParams(const KernelManifest &m, const KernelDesc &k, const std::string &at, std::string &msg) {
  for (size_t j = 0; j < k.params.size(); ++j) {
    const auto &p = k.params[j];
    std::string pat = at + "params[" + std::to_string(j) + "]: ";
    if (p.abi == ParamAbi::Ptr && !m.findBuffer(p.buffer))
      return msg = pat + "ptr names unknown buffer \"" + p.buffer + "\"", false;
    if (p.abi == ParamAbi::TensorMap) {
      const BufferDesc *b = m.findBuffer(p.buffer);
      if (!b)
        return msg = pat + "tensormap names unknown buffer \"" + p.buffer + "\"", false;
      std::string why;
      if (!validateTensorMap(p.tensorMap, *b, why))
        return msg = pat + why, false;
    }
    if (p.abi == ParamAbi::I32 &&
        (p.intValue < std::numeric_limits<int32_t>::min() || p.intValue > std::numeric_limits<int32_t>::max()))
      return msg = pat + "i32 value out of range", false;
    if (p.abi == ParamAbi::F32 && !std::isfinite(p.floatValue))
      return msg = pat + "f32 value must be finite", false;
  }
  return true;
}

bool validate(const KernelManifest &m, std::string &msg) {
  if (m.format != kManifestFormat)
    return msg = "format is \"" + m.format + "\", expected \"" + kManifestFormat + "\"", false;
  if (m.version != kManifestVersion && !m.isFunction())
    return msg = "unsupported version " + std::to_string(m.version), false;
  bool several = m.isFunction();
  if (several ? !m.op.empty() : m.op != "matmul" && m.op != "softmax")
    return msg = "unknown op \"" + m.op + "\"" + (several ? " (a version-2 manifest has its ops in \"ops\")" : ""),
           false;
  if (!several && !m.ops.empty())
    return msg = "ops in a version-1 manifest", false;
  if (m.buffers.empty())
    return msg = "no buffers", false;
  if (m.kernels.empty())
    return msg = "no kernels", false;
  if (!validateBuffers(m, msg) || !(several ? validateOps(m, msg) : validateProblem(m, msg)) ||
      !validateKernelOps(m, msg))
    return false;
  for (size_t i = 0; i < m.kernels.size(); ++i) {
    const auto &k = m.kernels[i];
    if (k.name.empty())
      return msg = "kernels[" + std::to_string(i) + "]: empty name", false;
    std::string at = "kernels[" + std::to_string(i) + "] (\"" + k.name + "\"): ";
    if (!validateLaunch(k, i, at, msg) || !validateParams(m, k, at, msg))
      return false;
  }
  return true;
}

} // namespace

bool validateManifest(const KernelManifest &m, std::string &error) {
  std::string msg;
  if (validate(m, msg))
    return true;
  error = "manifest: " + msg;
  return false;
}

} // namespace gemm_opt::runtime
