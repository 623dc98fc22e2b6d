//===- VectorProducts.cpp - Matrix-vector products as matmuls -------------===//

#include "gemm-opt/Transforms/Linalg/VectorProducts.h"

#include "gemm-opt/Support/Debug.h"
#include "gemm-opt/Transforms/Analysis/GemmProblem.h"
#include "gemm-opt/Transforms/Linalg/SpecializeContractions.h"
#include "gemm-opt/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#define DEBUG_TYPE "gemm-opt-vector-products"

namespace mlir::gemm_opt {
#define GEN_PASS_DEF_GEMMVECTORPRODUCTSASMATMULS
#include "gemm-opt/Transforms/Passes.h.inc"
} // namespace mlir::gemm_opt

using namespace mlir;
using namespace mlir::gemm_opt;

bool mlir::gemm_opt::isMatrixVectorProduct(Operation *op) {
  return isa<linalg::MatvecOp, linalg::VecmatOp, linalg::BatchMatvecOp,
             linalg::BatchVecmatOp>(op);
}

/// How a row [1, K] ([B, 1, K] batched) reshapes from and to a vector [K]
/// ([B, K]).
static SmallVector<ReassociationIndices> rowGroups(bool batched) {
  if (batched)
    return {{0}, {1, 2}};
  return {{0, 1}};
}

/// `vector` ([K], or [B, K] batched) as one row: [1, K] or [B, 1, K], a
/// reshape of the same tensor or buffer.
static Value asRow(RewriterBase &rewriter, Location loc, Value vector) {
  auto type = cast<ShapedType>(vector.getType());
  SmallVector<int64_t> shape(type.getShape());
  shape.insert(shape.end() - 1, 1);
  SmallVector<ReassociationIndices> groups = rowGroups(type.getRank() == 2);
  if (isa<RankedTensorType>(type))
    return tensor::ExpandShapeOp::create(
        rewriter, loc, RankedTensorType::get(shape, type.getElementType()),
        vector, groups);
  return memref::ExpandShapeOp::create(rewriter, loc, shape, vector, groups);
}

/// A matmul's maps over (m, n, k), after the batch b when batched, with B
/// read as (n, k) when `bTransposed`.
static ArrayAttr matmulMaps(MLIRContext *ctx, bool batched, bool bTransposed) {
  unsigned count = batched ? 4 : 3, first = batched ? 1 : 0;
  auto d = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
  auto map = [&](unsigned x, unsigned y) {
    SmallVector<AffineExpr> results;
    if (batched)
      results.push_back(d(0));
    results.append({d(first + x), d(first + y)});
    return AffineMapAttr::get(AffineMap::get(count, 0, results, ctx));
  };
  enum { M, N, K };
  return ArrayAttr::get(
      ctx, {map(M, K), bTransposed ? map(N, K) : map(K, N), map(M, N)});
}

FailureOr<linalg::LinalgOp>
mlir::gemm_opt::vectorProductAsMatmul(RewriterBase &rewriter,
                                      linalg::LinalgOp op) {
  if (!isMatrixVectorProduct(op))
    return failure();
  // matvec: y = A x (the matrix first, read as n x k); vecmat: y = x A.
  bool matrixFirst =
      isa<linalg::MatvecOp, linalg::BatchMatvecOp>(op.getOperation());
  if (!op.hasPureTensorSemantics() && !op.hasPureBufferSemantics())
    return failure();
  for (Value v : op->getOperands())
    if (!cast<ShapedType>(v.getType()).hasStaticShape())
      return failure();
  bool batched =
      isa<linalg::BatchMatvecOp, linalg::BatchVecmatOp>(op.getOperation());
  Value matrix = op.getDpsInputs()[matrixFirst ? 0 : 1];
  Value vector = op.getDpsInputs()[matrixFirst ? 1 : 0];
  Value result = op.getDpsInits()[0];
  Location loc = op.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  // The result's zero fill writes the row view, so that the kernel folds it.
  linalg::FillOp fill;
  if (op.hasPureBufferSemantics())
    fill = findFoldableZeroFill(op);
  else if (auto def = result.getDefiningOp<linalg::FillOp>();
           def && result.hasOneUse() && isZeroFill(def))
    fill = def;
  // On memrefs the fill writes the row of the result: its view comes first.
  rewriter.setInsertionPoint(fill && op.hasPureBufferSemantics()
                                 ? fill.getOperation()
                                 : op.getOperation());
  Value rowC;
  if (fill && op.hasPureTensorSemantics()) {
    Value empty = asRow(rewriter, loc, fill.getDpsInits()[0]);
    rowC = linalg::FillOp::create(rewriter, loc, fill.getDpsInputs()[0], empty)
               .getResult(0);
  } else {
    rowC = asRow(rewriter, loc, result);
    if (fill)
      rewriter.modifyOpInPlace(fill,
                               [&] { fill.getDpsInitsMutable()[0].set(rowC); });
  }
  rewriter.setInsertionPoint(op);
  Value rowA = asRow(rewriter, loc, vector);
  SmallVector<Type> resultTypes;
  if (op.hasPureTensorSemantics())
    resultTypes.push_back(rowC.getType());
  linalg::LinalgOp matmul = createNamedMatmul(
      rewriter, loc, batched, resultTypes, ValueRange{rowA, matrix},
      ValueRange{rowC}, matmulMaps(op.getContext(), batched, matrixFirst));
  GEMM_OPT_DBG() << "computes " << op->getName() << " as a "
                 << matmul->getName() << " of one row\n";
  if (op.hasPureTensorSemantics()) {
    Value vectorResult = tensor::CollapseShapeOp::create(
        rewriter, loc, matmul->getResult(0), rowGroups(batched));
    rewriter.replaceOp(op, vectorResult);
    if (fill && fill->use_empty())
      rewriter.eraseOp(fill);
  } else {
    rewriter.eraseOp(op);
  }
  return matmul;
}

namespace {
struct GemmVectorProductsAsMatmulsPass
    : public mlir::gemm_opt::impl::GemmVectorProductsAsMatmulsBase<
          GemmVectorProductsAsMatmulsPass> {
  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> products;
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (isMatrixVectorProduct(op))
        products.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : products)
      (void)vectorProductAsMatmul(rewriter, op); // the rest: verify-input
  }
};
} // namespace
