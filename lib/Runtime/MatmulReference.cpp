//===- MatmulReference.cpp - A matmul's expected result, epilogue included ===//
#include "MatmulReference.h"
#include "StageSetup.h"

#include <algorithm>

namespace gemm_opt::runtime {

namespace {
size_t outputCount(const MatmulProblem &p) {
  return static_cast<size_t>(p.batch) * static_cast<size_t>(p.m) * static_cast<size_t>(p.n);
}
} // namespace

MatmulReference matmulReference(CudaDriver &drv, Cublas &cublas, const MatmulProblem &p, cu::CUdeviceptr a,
                                cu::CUdeviceptr b, const std::vector<float> &c0,
                                const EpilogueOperandValues &operands) {
  MatmulProblem plain = p;
  plain.epilogue.clear();
  // f32: the accumulator the steps start from, or what cuBLAS writes
  // when it has no such output type for these inputs (rounded here).
  const bool viaF32 = !p.epilogue.empty() || (p.c != ElemType::F32 && p.c != p.a);
  if (viaF32)
    plain.c = ElemType::F32;
  const size_t count = outputCount(p);
  DeviceBuffer refC(drv, count * elemTypeSize(plain.c));
  if (p.beta == 1)
    upload(drv, refC, plain.c, c0); // c0 holds values of C's type: exact in f32
  else
    drv.memsetD8(refC.get(), 0xFF, refC.size()); // cuBLAS ignores C when beta == 0
  drv.synchronize();
  cublas.gemm(plain, a, b, refC.get(), CublasMode::Accurate, nullptr);
  drv.synchronize();
  MatmulReference r;
  r.product = download(drv, refC.get(), plain.c, count);
  r.c = r.product;
  if (!viaF32)
    return r;
  applyEpilogue(p, r.c, operands);
  for (double &v : r.c)
    v = roundTo(p.c, static_cast<float>(v));
  return r;
}

std::vector<double> inReferenceLayout(const MatmulProblem &p, std::vector<double> stored) {
  if (p.cHeads <= 1)
    return stored;
  const size_t h = static_cast<size_t>(p.cHeads), M = static_cast<size_t>(p.m), N = static_cast<size_t>(p.n);
  std::vector<double> out(stored.size());
  // Entry z, row i: row i of sequence z / h, at head z % h's N columns.
  for (size_t z = 0; z < static_cast<size_t>(p.batch); ++z)
    for (size_t i = 0; i < M; ++i) {
      const size_t from = ((z / h) * M + i) * h * N + (z % h) * N;
      std::copy_n(stored.begin() + static_cast<std::ptrdiff_t>(from), N,
                  out.begin() + static_cast<std::ptrdiff_t>((z * M + i) * N));
    }
  return out;
}

EpilogueOperandValues fillEpilogueOperands(CudaDriver &drv, const KernelManifest &m,
                                           const std::vector<DeviceBuffer> &set, uint64_t seed) {
  EpilogueOperandValues values(kMaxEpilogueOperands);
  uint64_t st = seed ^ 0xE9110E9110E9110Eull;
  for (const std::string &role : epilogueOperandRoles(m.matmul.epilogue)) {
    const size_t i = roleIndex(m, role.c_str());
    const BufferDesc &b = m.buffers[i];
    std::vector<float> &v = values[epilogueOperandIndex(role)];
    v = randomValues(b.elem, b.numElements(), -1.0f, 1.0f, splitmix64(st));
    upload(drv, set[i], b.elem, v);
  }
  return values;
}

EpilogueOperandValues downloadEpilogueOperands(CudaDriver &drv, const KernelManifest &m, const OpDesc &op,
                                               const std::vector<DeviceBuffer> &set) {
  EpilogueOperandValues values(kMaxEpilogueOperands);
  for (const std::string &role : epilogueOperandRoles(op.matmul.epilogue)) {
    const size_t i = bufferIndex(m, op.operand(role));
    const BufferDesc &b = m.buffers[i];
    std::vector<double> d = download(drv, set[i].get(), b.elem, b.numElements());
    values[epilogueOperandIndex(role)].assign(d.begin(), d.end());
  }
  return values;
}

TimedGemm timedGemm(CudaDriver &drv, const MatmulProblem &p) {
  TimedGemm t;
  t.problem = p;
  t.problem.epilogue.clear();
  // Cublas::gemm writes f32, or the inputs' own type.
  if (p.c != ElemType::F32 && p.c != p.a) {
    t.problem.c = ElemType::F32;
    t.spare = DeviceBuffer(drv, outputCount(p) * elemTypeSize(ElemType::F32));
    drv.memsetD8(t.spare.get(), 0, t.spare.size()); // read when beta = 1
  }
  return t;
}

} // namespace gemm_opt::runtime
