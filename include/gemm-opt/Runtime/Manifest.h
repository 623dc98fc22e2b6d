//===- Manifest.h - The gemm-opt launch manifest ----------------*- C++ -*-===//
//
// In-memory form of the JSON launch manifest (format "gemm-opt-manifest",
// version 1) described in docs/manifest.md, with an exact writer and a strict
// reader. Round trip: parseManifest(toJson(m)) == m, and toJson(parse(text))
// == text whenever `text` was itself produced by toJson.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_OPT_RUNTIME_MANIFEST_H
#define GEMM_OPT_RUNTIME_MANIFEST_H

#include "gemm-opt/Runtime/Epilogue.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gemm_opt::runtime {

inline constexpr const char *kManifestFormat = "gemm-opt-manifest";
inline constexpr int kManifestVersion = 1;
/// Version 2: a function of several ops (docs/manifest.md, "Several ops in
/// one function"). A function with one op is still written as version 1.
inline constexpr int kManifestVersionOps = 2;
/// The portable thread-block-cluster size limit (blocks per cluster). Larger
/// clusters need CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED and a
/// chip that supports them; the manifest does not allow them yet.
inline constexpr uint32_t kMaxPortableClusterSize = 8;
/// The most dynamic shared memory a manifest may ask for: 227 KiB, the largest
/// per-block opt-in of any CUDA device so far (sm_90, sm_100); the runner
/// still checks the device's own limit.
inline constexpr uint32_t kMaxDynamicSharedMemory = 227 * 1024;
/// The most bytes one buffer (and all buffers together) may have: 2^48 (256
/// TiB) is far beyond any device and keeps every size and offset the runner
/// computes from a shape within 64 bits.
inline constexpr uint64_t kMaxBufferBytes = uint64_t(1) << 48;

enum class ElemType { F32, F16, BF16 };
/// "f32" | "f16" | "bf16".
const char *elemTypeName(ElemType t);
bool parseElemType(const std::string &s, ElemType &out);
/// 4 for f32, 2 for f16/bf16.
size_t elemTypeSize(ElemType t);

/// matmul: C(MxN) = beta*C + A(MxK) * B(KxN), all row-major.
struct MatmulProblem {
  int64_t m = 0, n = 0, k = 0;
  int beta = 0; // 0: C is overwritten; 1: C is accumulated into
  ElemType a = ElemType::F32, b = ElemType::F32, c = ElemType::F32;
  /// Operand layouts (the manifest's "layout", two letters, A then B): an
  /// operand stored transposed is row-major K x M (A) or N x K (B); C is
  /// always M x N row-major. nn.Linear's x * W^T is "nt".
  bool transposeA = false, transposeB = false;
  /// Batched (the manifest's "batch", absent = 1): that many independent
  /// matmuls, A, B and C 3-D with the batch first (a batch_matmul of batch
  /// 1 may also have 3-D buffers [1, ...]).
  int64_t batch = 1;
  /// Batched with one 2-D B for every entry (the manifest's "shared_b"): the
  /// B buffer has the layout's 2-D shape, A and C the batch first.
  bool sharedB = false;
  /// C of heads (the manifest's "c_heads", absent = 1; attention's output
  /// transposed (1, 2)): C is stored [batch / cHeads, M, cHeads, N], entry
  /// z at (z / cHeads, 0, z % cHeads, 0), its rows cHeads * N elements
  /// apart. Only with beta = 0.
  int64_t cHeads = 1;
  /// Grouped B (the manifest's "b_group", absent = 1; grouped-query
  /// attention's K or V): B holds batch / bGroup entries, entry z reading
  /// B's entry z / bGroup. Never with sharedB.
  int64_t bGroup = 1;
  /// The entries B's buffer holds: 1 shared, batch / bGroup grouped.
  int64_t bEntries() const {
    return sharedB ? 1 : batch / (bGroup > 0 ? bGroup : 1);
  }
  /// The steps applied to the f32 accumulator before the one rounding to
  /// C's type (the manifest's "epilogue", absent = none; Epilogue.h). Their
  /// operand buffers have roles E0..E7.
  Epilogue epilogue{};
  bool operator==(const MatmulProblem &o) const {
    return m == o.m && n == o.n && k == o.k && beta == o.beta && a == o.a &&
           b == o.b && c == o.c && transposeA == o.transposeA &&
           transposeB == o.transposeB && batch == o.batch &&
           sharedB == o.sharedB && cHeads == o.cHeads && bGroup == o.bGroup &&
           epilogue == o.epilogue;
  }
};
/// "nn" | "nt" | "tn" | "tt": A's letter, then B's ('t': stored transposed).
const char *matmulLayoutName(bool transposeA, bool transposeB);
inline const char *matmulLayoutName(const MatmulProblem &p) { return matmulLayoutName(p.transposeA, p.transposeB); }
/// Reads "nn" | "nt" | "tn" | "tt"; false (outputs unchanged) for anything else.
bool parseMatmulLayout(const std::string &s, bool &transposeA, bool &transposeB);

/// softmax over the last dimension: Y(RxC) = softmax(X(RxC)) row by row.
struct SoftmaxProblem {
  int64_t rows = 0, cols = 0;
  ElemType x = ElemType::F32, y = ElemType::F32;
  bool operator==(const SoftmaxProblem &o) const {
    return rows == o.rows && cols == o.cols && x == o.x && y == o.y;
  }
};

struct BufferDesc {
  std::string name;
  /// Version 1: "A" | "B" | "C" | "E0".."E7" (a matmul epilogue's
  /// operands) | "X" | "Y" | "scratch". Version 2: "arg"
  /// (a function argument, "arg<i>"), "result" (a returned allocation,
  /// "result<i>"), "temp" (an allocation of the function that one op writes
  /// and later ops read, "temp<i>") or "scratch" (a kernel's temporary).
  std::string role;
  ElemType elem = ElemType::F32;
  std::vector<int64_t> shape;
  size_t numElements() const;
  size_t sizeBytes() const { return numElements() * elemTypeSize(elem); }
  bool operator==(const BufferDesc &o) const {
    return name == o.name && role == o.role && elem == o.elem && shape == o.shape;
  }
};

enum class ParamAbi { Ptr, I32, I64, F32, TensorMap };
/// "ptr" | "i32" | "i64" | "f32" | "tensormap".
const char *paramAbiName(ParamAbi abi);

/// TMA limits (cuTensorMapEncodeTiled): rank, box extent, strides.
inline constexpr size_t kMaxTensorMapRank = 5;
inline constexpr uint32_t kMaxTensorMapBox = 256;
inline constexpr uint64_t kMaxTensorMapDim = uint64_t(1) << 32;     // globalDim <= 2^32
inline constexpr uint64_t kTensorMapStrideLimit = uint64_t(1) << 40; // globalStrides < 2^40

/// A tiled TMA descriptor over one buffer (docs/manifest.md, "Tensor maps").
/// Element strides are all 1, interleave NONE and out-of-bounds fill NONE
/// (zeros); they are fixed and not serialized. The global address is the
/// named buffer's device base pointer.
struct TensorMapDesc {
  ElemType elem = ElemType::F16;
  std::vector<uint64_t> dims;    // global extents in elements, innermost first
  std::vector<uint64_t> strides; // global strides in bytes of dims[1..]
  std::vector<uint32_t> box;     // box extents in elements, innermost first
  uint32_t swizzle = 0;          // bytes: 0 | 32 | 64 | 128
  uint32_t l2Promotion = 0;      // bytes: 0 | 64 | 128 | 256
  bool operator==(const TensorMapDesc &o) const {
    return elem == o.elem && dims == o.dims && strides == o.strides && box == o.box && swizzle == o.swizzle &&
           l2Promotion == o.l2Promotion;
  }
  /// The tensor map of a dense row-major rows x cols matrix: dims [cols, rows],
  /// strides [cols * elemBytes].
  static TensorMapDesc rowMajor2D(ElemType elem, uint64_t rows, uint64_t cols, uint32_t boxCols,
                                  uint32_t boxRows, uint32_t swizzle = 0, uint32_t l2Promotion = 0);
};

/// Checks `d` against buffer `b` (the rules listed in docs/manifest.md). On
/// failure returns false and sets `error` (without a "manifest:" prefix).
bool validateTensorMap(const TensorMapDesc &d, const BufferDesc &b, std::string &error);

struct KernelParam {
  ParamAbi abi = ParamAbi::Ptr;
  std::string buffer; // ptr / tensormap: the buffer's name
  int64_t intValue = 0; // i32 / i64
  float floatValue = 0; // f32
  TensorMapDesc tensorMap; // tensormap
  bool operator==(const KernelParam &o) const;
  static KernelParam ptr(std::string buf);
  static KernelParam i32(int32_t v);
  static KernelParam i64(int64_t v);
  static KernelParam f32(float v);
  /// A .u64 device pointer to a 64-byte-aligned CUtensorMap over `buf`.
  static KernelParam tensormap(std::string buf, TensorMapDesc d);
};

struct KernelDesc {
  std::string name; // .entry name in the PTX
  std::array<uint32_t, 3> grid{{1, 1, 1}};
  std::array<uint32_t, 3> block{{1, 1, 1}};
  uint32_t dynamicSharedMemory = 0; // bytes
  std::vector<KernelParam> params;  // in PTX parameter order
  /// Thread-block-cluster shape in blocks (sm_90+), or none: an ordinary
  /// launch. Serialized as "cluster" only when present.
  std::optional<std::array<uint32_t, 3>> cluster;
  /// The kernel waits (griddepcontrol.wait) for the previous kernel of the
  /// manifest before it reads that kernel's results, so it may be launched
  /// as a programmatic dependent launch and start while the previous one
  /// drains. Serialized as "programmatic_dependent": true only when set;
  /// never on the first kernel.
  bool programmaticDependent = false;
  /// The kernel walks its work over the clusters it is launched with
  /// (%nclusterid.x): the runtime may launch fewer than `grid`, as many
  /// whole clusters as the device holds at once. Serialized as
  /// "resident_grid": true only when set; only with a 1-D grid and a
  /// cluster.
  bool residentGrid = false;
  /// Version 2: the index in KernelManifest::ops of the op this kernel
  /// belongs to (serialized as "op"); 0 and not serialized in version 1.
  uint32_t op = 0;
  bool operator==(const KernelDesc &o) const {
    return name == o.name && op == o.op && grid == o.grid && block == o.block &&
           dynamicSharedMemory == o.dynamicSharedMemory && params == o.params &&
           cluster == o.cluster &&
           programmaticDependent == o.programmaticDependent &&
           residentGrid == o.residentGrid;
  }
};

/// One op of a version-2 manifest: its problem and which buffers are its
/// operands.
struct OpDesc {
  std::string op;         // "matmul" | "softmax"
  MatmulProblem matmul;   // valid when op == "matmul"
  SoftmaxProblem softmax; // valid when op == "softmax"
  /// (role, buffer name) in role order: matmul A, B, C, then its
  /// epilogue's operands E0, E1, ... by index; softmax X, Y.
  std::vector<std::pair<std::string, std::string>> operands;
  bool isMatmul() const { return op == "matmul"; }
  bool isSoftmax() const { return op == "softmax"; }
  /// The buffer name of `role`, or "" when the op has none.
  std::string operand(const std::string &role) const;
  /// Equality of the fields that are serialized (the inactive problem is ignored).
  bool operator==(const OpDesc &o) const;
};

struct KernelManifest {
  std::string format = kManifestFormat;
  int version = kManifestVersion;
  std::string op;    // "matmul" | "softmax" (version 1; "" in version 2)
  std::string stage; // e.g. "coalesced"
  std::string chip;  // e.g. "sm_90"
  std::string func;  // the source func.func's name
  MatmulProblem matmul;   // valid when op == "matmul"
  SoftmaxProblem softmax; // valid when op == "softmax"
  std::vector<BufferDesc> buffers;
  /// Version 1: the names of the buffers that are the function's arguments,
  /// in the function's order (which may differ from the role order of
  /// `buffers`: a function declared (w, x) computing x * w, or the matmul
  /// of B and A that computes a transposed result); empty when not recorded.
  std::vector<std::string> arguments;
  /// Version 2 (the manifest's "results", written only when a result is not
  /// a buffer of its own): the buffer each of the function's results is, in
  /// return order: "result<i>" (its first return position i), an earlier
  /// result's buffer again, or an argument "arg<j>" returned as it is. When
  /// empty, the results are the "result" buffers in order, each once.
  std::vector<std::string> results;
  std::vector<KernelDesc> kernels; // launched in this order on one stream
  /// Version 2 only: the function's ops in program order (their kernels
  /// follow each other in `kernels`, in the same order).
  std::vector<OpDesc> ops;

  /// A function of several ops (version 2), as opposed to one op (version 1).
  bool isFunction() const { return version == kManifestVersionOps; }
  bool isMatmul() const { return op == "matmul"; }
  bool isSoftmax() const { return op == "softmax"; }
  const BufferDesc *findBuffer(const std::string &name) const;
  /// The first buffer with the given role, or nullptr.
  const BufferDesc *findRole(const std::string &role) const;
  /// Equality of the fields that are serialized (the inactive problem is ignored).
  bool operator==(const KernelManifest &o) const;
  bool operator!=(const KernelManifest &o) const { return !(*this == o); }
};

/// Pretty, stable JSON (2-space indent, fixed key order, trailing newline).
std::string toJson(const KernelManifest &m);

/// Strict reader of versions 1 and 2: rejects malformed JSON, unknown keys
/// (a version's fields in the other version too), missing fields, wrong
/// types, an unknown "abi", format/version mismatch and semantically invalid
/// manifests (see validateManifest). On failure returns false and sets `error`.
bool parseManifest(const std::string &json, KernelManifest &out, std::string &error);

/// Semantic checks: op and problem consistent; buffer names unique; roles valid
/// for the op (matmul: exactly one A, B, C; softmax: exactly one X, Y; any
/// number of "scratch"); role buffers have the problem's element type and the
/// row-major 2-D shape [M,K], [K,N], [M,N] / [R,C] (A [K,M] and B [N,K] when
/// the layout stores them transposed); a matmul's epilogue steps well
/// formed, each operand role E<i> a step uses exactly one buffer of the
/// step's broadcast shape ([N], [M] or C's) and of any element type, no
/// E<i> buffer that no step uses; each buffer and all of
/// them together at most kMaxBufferBytes; at least one kernel; grid and block
/// dimensions positive and within CUDA's limits (block threads <= 1024);
/// dynamic shared memory <= kMaxDynamicSharedMemory; a cluster, when
/// present, has positive dimensions that divide the grid's and at most
/// kMaxPortableClusterSize blocks; every ptr param names an existing buffer;
/// scalar values in range; every tensormap param passes validateTensorMap
/// against the buffer it names. Version 2 instead of a problem and role
/// buffers: buffer roles arg, result, temp, scratch, listed in that order,
/// the i-th argument named "arg<i>"; each op a matmul or softmax whose
/// operands are exactly its roles in role order, naming buffers of the
/// problem's shapes and element types, its output none of its inputs; each
/// kernel's op in range, never decreasing, every op at least one kernel;
/// "results", when present, names arg or result buffers only, each result
/// buffer "result<i>" first at position i.
bool validateManifest(const KernelManifest &m, std::string &error);

} // namespace gemm_opt::runtime

#endif // GEMM_OPT_RUNTIME_MANIFEST_H
