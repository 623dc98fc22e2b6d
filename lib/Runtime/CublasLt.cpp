//===- CublasLt.cpp - cuBLASLt's fused bias epilogues via dlopen ----------===//
#include "gemm-opt/Runtime/CublasLt.h"
#include "CublasLtAbi.h"
#include "LibraryLoader.h"

#include <cstdint>

namespace gemm_opt::runtime {

namespace {
using namespace lt;
using cublasStatus_t = int;
using Handle = void *;
/// What cuBLAS recommends on Hopper.
constexpr size_t kWorkspaceBytes = size_t(32) << 20;

int32_t cudaType(ElemType t) {
  return t == ElemType::F16 ? CUDA_R_16F : t == ElemType::BF16 ? CUDA_R_16BF : CUDA_R_32F;
}
void *ptr(cu::CUdeviceptr p) { return reinterpret_cast<void *>(static_cast<uintptr_t>(p)); }
} // namespace

const char *ltEpilogueName(LtEpilogue e) {
  switch (e) {
  case LtEpilogue::None: return "";
  case LtEpilogue::Bias: return "bias";
  case LtEpilogue::ReluBias: return "relu_bias";
  case LtEpilogue::GeluBias: return "gelu_bias";
  }
  return "";
}

LtEpilogue cublasLtEpilogueFor(const MatmulProblem &p, ElemType biasElem, std::string &why) {
  const Epilogue &e = p.epilogue;
  const bool bias = !e.empty() && e[0].op == EpilogueOp::Add && !e[0].operand.empty() &&
                    e[0].broadcast == EpilogueBroadcast::Col && !e[0].span && !e[0].operandScale;
  if (!bias || e.size() > 2 || (e.size() == 2 && e[1].op != EpilogueOp::Relu && e[1].op != EpilogueOp::GeluTanh))
    return why = "cuBLASLt fuses bias, bias+relu and bias+gelu (tanh) only", LtEpilogue::None;
  if (p.a != p.b || p.a != p.c || p.a == ElemType::F32)
    return why = "cuBLASLt's fused epilogue is timed for f16 or bf16 A, B and C of one type", LtEpilogue::None;
  if (biasElem != p.c)
    return why = "cuBLASLt needs the bias in C's type", LtEpilogue::None;
  if (p.m > INT32_MAX || p.n > INT32_MAX || p.k > INT32_MAX)
    return why = "dimension exceeds int32", LtEpilogue::None;
  if (p.bGroup > 1)
    return why = "cuBLASLt's strided batch has no B entry per group of entries "
                 "(b_group)",
           LtEpilogue::None;
  why.clear();
  return e.size() == 1 ? LtEpilogue::Bias : e[1].op == EpilogueOp::Relu ? LtEpilogue::ReluBias : LtEpilogue::GeluBias;
}

struct CublasLt::Api {
  cublasStatus_t (*create)(Handle *) = nullptr;                                        // cublasLtCreate
  cublasStatus_t (*destroy)(Handle) = nullptr;                                         // cublasLtDestroy
  size_t (*getVersion)() = nullptr;                                                    // cublasLtGetVersion
  cublasStatus_t (*descCreate)(Handle *, int, int32_t) = nullptr;                      // cublasLtMatmulDescCreate
  cublasStatus_t (*descDestroy)(Handle) = nullptr;                                     // cublasLtMatmulDescDestroy
  cublasStatus_t (*descSet)(Handle, int, const void *, size_t) = nullptr;              // ...DescSetAttribute
  cublasStatus_t (*layoutCreate)(Handle *, int32_t, uint64_t, uint64_t, int64_t) = nullptr; // ...MatrixLayoutCreate
  cublasStatus_t (*layoutDestroy)(Handle) = nullptr;                                   // ...MatrixLayoutDestroy
  cublasStatus_t (*layoutSet)(Handle, int, const void *, size_t) = nullptr;            // ...MatrixLayoutSetAttribute
  cublasStatus_t (*prefCreate)(Handle *) = nullptr;                                    // ...MatmulPreferenceCreate
  cublasStatus_t (*prefDestroy)(Handle) = nullptr;                                     // ...MatmulPreferenceDestroy
  cublasStatus_t (*prefSet)(Handle, int, const void *, size_t) = nullptr;              // ...PreferenceSetAttribute
  cublasStatus_t (*heuristic)(Handle, Handle, Handle, Handle, Handle, Handle, Handle, int, HeuristicResult *,
                              int *) = nullptr; // cublasLtMatmulAlgoGetHeuristic
  cublasStatus_t (*matmul)(Handle, Handle, const void *, const void *, Handle, const void *, Handle, const void *,
                           const void *, Handle, void *, Handle, const void *, void *, size_t,
                           cu::CUstream) = nullptr; // cublasLtMatmul
};

/// The descriptors of one problem, destroyed with it.
class CublasLt::Matmul {
public:
  Matmul(const Api &api) : api(api) {}
  ~Matmul() {
    for (Handle l : {a, b, c})
      if (l)
        api.layoutDestroy(l);
    if (desc)
      api.descDestroy(desc);
  }
  const Api &api;
  Handle desc = nullptr, a = nullptr, b = nullptr, c = nullptr;
  HeuristicResult algo{};
  DeviceBuffer workspace;
  float beta = 0;
};

std::unique_ptr<CublasLt> CublasLt::load(std::string &reason) {
  std::string path;
  void *lib = openCudaLibrary("GEMM_OPT_CUBLASLT", {"libcublasLt.so.13", "libcublasLt.so.12", "libcublasLt.so"},
                              "libcuBLASLt", path, reason);
  if (!lib)
    return nullptr;
  std::unique_ptr<CublasLt> c(new CublasLt());
  c->libPath = path;
  c->api = std::make_unique<Api>();
  Api &a = *c->api;
  auto slot = [](auto &fn) { return reinterpret_cast<void **>(&fn); };
  if (!resolveSymbols(lib,
                      {{"cublasLtCreate", slot(a.create)},
                       {"cublasLtDestroy", slot(a.destroy)},
                       {"cublasLtGetVersion", slot(a.getVersion)},
                       {"cublasLtMatmulDescCreate", slot(a.descCreate)},
                       {"cublasLtMatmulDescDestroy", slot(a.descDestroy)},
                       {"cublasLtMatmulDescSetAttribute", slot(a.descSet)},
                       {"cublasLtMatrixLayoutCreate", slot(a.layoutCreate)},
                       {"cublasLtMatrixLayoutDestroy", slot(a.layoutDestroy)},
                       {"cublasLtMatrixLayoutSetAttribute", slot(a.layoutSet)},
                       {"cublasLtMatmulPreferenceCreate", slot(a.prefCreate)},
                       {"cublasLtMatmulPreferenceDestroy", slot(a.prefDestroy)},
                       {"cublasLtMatmulPreferenceSetAttribute", slot(a.prefSet)},
                       {"cublasLtMatmulAlgoGetHeuristic", slot(a.heuristic)},
                       {"cublasLtMatmul", slot(a.matmul)}},
                      path, reason))
    return nullptr;
  return c;
}

CublasLt::~CublasLt() {
  if (handle && api)
    api->destroy(handle);
}

void CublasLt::check(int status, const char *call) const {
  if (status != CUBLAS_STATUS_SUCCESS)
    throw CudaError(std::string(call) + ": cuBLAS status " + std::to_string(status));
}

void CublasLt::init() {
  if (handle)
    return;
  check(api->create(&handle), "cublasLtCreate");
  ver = api->getVersion();
}

std::shared_ptr<CublasLt::Matmul> CublasLt::prepare(CudaDriver &drv, const MatmulProblem &p, LtEpilogue e,
                                                    cu::CUdeviceptr bias) {
  if (e == LtEpilogue::None)
    throw CudaError("cuBLASLt: no fused epilogue for this problem");
  init();
  auto mm = std::make_shared<Matmul>(*api);
  mm->beta = static_cast<float>(p.beta);
  // Column-major, as Cublas::gemm: C^T (N x M) = B^T (N x K) * A^T (K x M);
  // cuBLASLt's A is our B. A stored-transposed operand takes OP_T.
  const uint64_t m = p.n, n = p.m, k = p.k;
  const int32_t opA = p.transposeB ? CUBLAS_OP_T : CUBLAS_OP_N, opB = p.transposeA ? CUBLAS_OP_T : CUBLAS_OP_N;
  const int32_t type = cudaType(p.c), biasType = cudaType(p.c);
  const uint32_t epi = e == LtEpilogue::Bias       ? CUBLASLT_EPILOGUE_BIAS
                       : e == LtEpilogue::ReluBias ? CUBLASLT_EPILOGUE_RELU_BIAS
                                                   : CUBLASLT_EPILOGUE_GELU_BIAS;
  void *biasPtr = ptr(bias);
  check(api->descCreate(&mm->desc, CUBLAS_COMPUTE_32F, CUDA_R_32F), "cublasLtMatmulDescCreate");
  check(api->descSet(mm->desc, CUBLASLT_MATMUL_DESC_TRANSA, &opA, sizeof opA), "cublasLtMatmulDescSetAttribute");
  check(api->descSet(mm->desc, CUBLASLT_MATMUL_DESC_TRANSB, &opB, sizeof opB), "cublasLtMatmulDescSetAttribute");
  check(api->descSet(mm->desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof epi), "cublasLtMatmulDescSetAttribute");
  check(api->descSet(mm->desc, CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, &biasType, sizeof biasType),
        "cublasLtMatmulDescSetAttribute");
  check(api->descSet(mm->desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &biasPtr, sizeof biasPtr),
        "cublasLtMatmulDescSetAttribute");
  // Stored shapes (column-major rows x cols = row-major cols x rows).
  auto layout = [&](Handle &l, uint64_t rows, uint64_t cols, int64_t stride) {
    check(api->layoutCreate(&l, type, rows, cols, static_cast<int64_t>(rows)), "cublasLtMatrixLayoutCreate");
    if (p.batch == 1)
      return;
    const int32_t count = static_cast<int32_t>(p.batch);
    check(api->layoutSet(l, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &count, sizeof count),
          "cublasLtMatrixLayoutSetAttribute");
    check(api->layoutSet(l, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &stride, sizeof stride),
          "cublasLtMatrixLayoutSetAttribute");
  };
  const int64_t strideB = p.sharedB ? 0 : static_cast<int64_t>(p.n * p.k);
  layout(mm->a, p.transposeB ? k : m, p.transposeB ? m : k, strideB);
  layout(mm->b, p.transposeA ? n : k, p.transposeA ? k : n, static_cast<int64_t>(p.m * p.k));
  layout(mm->c, m, n, static_cast<int64_t>(p.m * p.n));

  mm->workspace = DeviceBuffer(drv, kWorkspaceBytes);
  Handle pref = nullptr;
  check(api->prefCreate(&pref), "cublasLtMatmulPreferenceCreate");
  const uint64_t wsBytes = kWorkspaceBytes;
  int found = 0;
  int status = api->prefSet(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &wsBytes, sizeof wsBytes);
  if (status == CUBLAS_STATUS_SUCCESS)
    status = api->heuristic(handle, mm->desc, mm->a, mm->b, mm->c, mm->c, pref, 1, &mm->algo, &found);
  api->prefDestroy(pref);
  check(status, "cublasLtMatmulAlgoGetHeuristic");
  if (found < 1 || mm->algo.state != CUBLAS_STATUS_SUCCESS)
    throw CudaError(std::string("cuBLASLt: the heuristic has no algorithm for this problem with epilogue ") +
                    ltEpilogueName(e));
  return mm;
}

void CublasLt::run(Matmul &mm, cu::CUdeviceptr a, cu::CUdeviceptr b, cu::CUdeviceptr c, cu::CUdeviceptr bias,
                   cu::CUstream stream) {
  void *biasPtr = ptr(bias);
  check(api->descSet(mm.desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &biasPtr, sizeof biasPtr),
        "cublasLtMatmulDescSetAttribute");
  const float alpha = 1.0f;
  check(api->matmul(handle, mm.desc, &alpha, ptr(b), mm.a, ptr(a), mm.b, &mm.beta, ptr(c), mm.c, ptr(c), mm.c,
                    &mm.algo.algo, ptr(mm.workspace.get()), mm.workspace.size(), stream),
        "cublasLtMatmul");
}

} // namespace gemm_opt::runtime
