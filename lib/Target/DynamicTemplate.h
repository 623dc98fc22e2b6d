//===- DynamicTemplate.h - Parts of a version-3 manifest -------*- C++ -*-===//
//
// Private to lib/Target: what the writers of a dynamic function's manifest
// share (DynamicManifest.cpp for a variant of one op, DynamicOpsManifest.cpp
// for a variant of several ops sharing a token or batch count, and the text
// writer DynamicManifestWriter.cpp): each variant's description as JSON
// whose planned sizes became expressions, and the template they make.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_LIB_TARGET_DYNAMICTEMPLATE_H
#define GEMM_OPT_LIB_TARGET_DYNAMICTEMPLATE_H

#include "LaunchDescription.h"

#include "llvm/Support/JSON.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::gemm_opt {

/// One variant's description (version 1, or 2 for several ops) turned into
/// template parts.
struct VariantJson {
  llvm::json::Object problem; // version 1
  llvm::json::Array ops;      // version 2: each op's problem and operands
  llvm::json::Array buffers, kernels;
  llvm::json::Value arguments = nullptr; // the function's order, when recorded
};

/// What the manifest's text is made of.
struct DynamicParts {
  std::string op, stage, chip, source; // op: "" for several ops
  int64_t step = 1; // the first symbol (the rows) a multiple of it, its min
  /// The symbols in declared order and their largest values.
  SmallVector<std::pair<std::string, int64_t>> symbols;
  std::optional<VariantJson> first;
  llvm::json::Array table;
};

/// The size each dimension of a buffer of `role` stands for ("M", "N",
/// "K"; a softmax's X and Y "rows", "cols"); empty for other buffers.
SmallVector<StringRef, 2>
dimensionSizes(const ::gemm_opt::runtime::MatmulProblem &p, StringRef role);

/// `e` as the manifest writes an expression.
llvm::json::Value symbolicJson(const SymbolicInt &e);

/// Of the first `leading` dimensions of `shape`, collapsed into the
/// matmul's `rows`, which one is the dynamic dimension planned at `planned`;
/// failure when there is none (DynamicManifest.cpp says which it takes).
FailureOr<size_t> dynamicLeadingDim(const llvm::json::Array &shape,
                                    size_t leading, int64_t rows,
                                    int64_t planned);

/// Adds a variant's `buffers` to the template's `into` (scratch buffers
/// grow to the larger extents); false when the buffers disagree otherwise.
bool mergeBuffers(llvm::json::Array &into, const llvm::json::Array &buffers,
                  bool intoIsOneRow);

/// The version-3 manifest's text.
std::string writeDynamicManifest(const DynamicParts &d);

/// The largest value all symbols may take at once, a multiple of `d.step`,
/// found by bisection with the runtime's reader.
int64_t largestCommonSize(DynamicParts d);

/// A variant of several ops sharing a dynamic token count (`m`, its
/// version-2 description at its `planned` tokens; `symbols` per kernel) as
/// template parts over the rows M: every op's rows, the rows of every buffer
/// an op reads or writes by row (arguments, results, intermediates), tensor
/// maps over them, grids and parameters computed from M. Sets `factor`, the
/// rows per token (static dimensions collapsed with the tokens, [2, ?, K]:
/// 2), the same for every op.
FailureOr<VariantJson>
symbolizeOpsVariant(func::FuncOp f,
                    const ::gemm_opt::runtime::KernelManifest &m,
                    const std::vector<KernelSymbols> &symbols, int64_t planned,
                    int64_t &factor);

/// A variant of several ops batched over one dynamic count (`m` planned at
/// `planned` entries) as template parts over the symbol batch: each
/// matmul's batch, each softmax's rows (batch times the rows of an entry),
/// every buffer of entries (3-D, the planned count first), tensor maps over
/// them, grids and parameters computed from the batch argument.
FailureOr<VariantJson> symbolizeBatchOpsVariant(
    func::FuncOp f, const ::gemm_opt::runtime::KernelManifest &m,
    const std::vector<KernelSymbols> &symbols, int64_t planned);

/// Replaces `kernel`'s grid sizes and scalar parameters that describeLaunches
/// recorded in `symbols` as computed from a size argument by their
/// expressions (every writer of a variant's kernels does this first).
void symbolizeLaunch(llvm::json::Object &kernel, const KernelSymbols &symbols);

/// A tensor map `param` over a buffer of `buffers` whose entries are the
/// dynamic `batch`: its outer extent (entries stacked) becomes the count's.
LogicalResult symbolizeBatchedMap(func::FuncOp f, llvm::json::Object &param,
                                  const llvm::json::Array &buffers,
                                  const SymbolBinding &batch);

} // namespace mlir::gemm_opt

#endif // GEMM_OPT_LIB_TARGET_DYNAMICTEMPLATE_H
