//===- EpilogueTests.cpp - Unit tests: fused matmul epilogues -------------===//
//
// The matmul problem's "epilogue" and its operand buffers E0..E7 in
// manifests of version 1 (roles) and 2 (op operands): written only when
// present, read back equal, every malformed form rejected with its
// message; the host arithmetic of the reference; gemm-run's --epilogue
// list.
//
//===----------------------------------------------------------------------===//
#include "gemm-opt/Runtime/Bench.h"
#include "gemm-opt/Runtime/CublasLt.h"
#include "gemm-opt/Runtime/Epilogue.h"
#include "gemm-opt/Runtime/FunctionManifest.h"
#include "gemm-opt/Runtime/Manifest.h"
#include "gemm-opt/Runtime/MemoryBudget.h"
#include "JsonTestHelpers.h"
#include "TestHarness.h"

#include <cmath>
#include <sstream>
#include <string>

using namespace gemm_opt::runtime;

#define EXPECT_REJECT(json, needle) EXPECT(rejects(json, needle))

namespace {

/// A 30 x 20 x 10 bf16 matmul (B stored N x K) with the spec's example
/// epilogue: alpha, a bias E0 [20] (bf16), a scaled residual E1 [30, 20]
/// (f32), GELU.
KernelManifest epilogueManifest() {
  KernelManifest m;
  m.op = m.func = "matmul";
  m.stage = "naive";
  m.chip = "sm_90";
  m.matmul = {30, 20, 10, 0, ElemType::BF16, ElemType::BF16, ElemType::BF16};
  m.matmul.transposeB = true;
  EpilogueStep alpha, bias, residual, gelu;
  alpha.op = EpilogueOp::Mul;
  alpha.scalar = 0.088388;
  bias.op = EpilogueOp::Add;
  bias.operand = "E0";
  bias.broadcast = EpilogueBroadcast::Col;
  residual = bias;
  residual.operand = "E1";
  residual.broadcast = EpilogueBroadcast::None;
  residual.operandScale = 0.5;
  gelu.op = EpilogueOp::GeluTanh;
  m.matmul.epilogue = {alpha, bias, residual, gelu};
  m.buffers = {{"A", "A", ElemType::BF16, {30, 10}},
               {"B", "B", ElemType::BF16, {20, 10}},
               {"C", "C", ElemType::BF16, {30, 20}},
               {"E0", "E0", ElemType::BF16, {20}},
               {"E1", "E1", ElemType::F32, {30, 20}}};
  KernelDesc k;
  k.name = "matmul_kernel";
  k.grid = {{1, 1, 1}};
  k.block = {{32, 32, 1}};
  k.params = {KernelParam::ptr("A"), KernelParam::ptr("B"), KernelParam::ptr("C"), KernelParam::ptr("E0"),
              KernelParam::ptr("E1")};
  m.kernels.push_back(k);
  return m;
}

void testEpilogueRoundTrip() {
  const std::string json = toJson(epilogueManifest());
  EXPECT_MSG(contains(json, "\"layout\": \"nt\", \"epilogue\": [{\"op\": \"mul\", \"scalar\": 0.088388}, "
                            "{\"op\": \"add\", \"operand\": \"E0\", \"broadcast\": \"col\"}, {\"op\": \"add\", "
                            "\"operand\": \"E1\", \"broadcast\": \"none\", \"operand_scale\": 0.5}, "
                            "{\"op\": \"gelu_tanh\"}]}"),
             json);
  KernelManifest back;
  std::string err;
  EXPECT_MSG(parseManifest(json, back, err) && back == epilogueManifest(), err);
  EXPECT(toJson(back) == json);
  // Without an epilogue nothing is written: older manifests stay as they were.
  KernelManifest plain = epilogueManifest();
  plain.matmul.epilogue.clear();
  plain.buffers.resize(3);
  plain.kernels[0].params.resize(3);
  EXPECT(!contains(toJson(plain), "epilogue"));
  EXPECT_MSG(parseManifest(toJson(plain), back, err) && back == plain, err);
  // Memory: the reference goes through f32 (600 elements) and cuBLASLt
  // has a 32 MiB workspace, beside the buffers (4640 bytes).
  EXPECT(stageDeviceBytes(epilogueManifest()) == 4640 + 2400 + (uint64_t(32) << 20));
  EXPECT(stageDeviceBytes(plain) == 2200 + 1200);
  // The epilogue takes part in equality; every op name reads back.
  EXPECT(!(plain.matmul == epilogueManifest().matmul));
  for (const char *name : {"add", "sub", "mul", "div", "max", "min", "relu", "gelu_tanh", "gelu_erf", "silu",
                           "sigmoid", "tanh"}) {
    EpilogueOp op;
    EXPECT_MSG(parseEpilogueOp(name, op) && std::string(epilogueOpName(op)) == name, name);
  }
  // A batched residual is [batch, M, N]; vectors stay shared by the batch.
  KernelManifest batched = epilogueManifest();
  batched.matmul.batch = 3;
  batched.buffers = {{"A", "A", ElemType::BF16, {3, 30, 10}},
                     {"B", "B", ElemType::BF16, {3, 20, 10}},
                     {"C", "C", ElemType::BF16, {3, 30, 20}},
                     {"E0", "E0", ElemType::BF16, {20}},
                     {"E1", "E1", ElemType::F32, {3, 30, 20}}};
  EXPECT_MSG(parseManifest(toJson(batched), back, err) && back == batched, err);
}

void testEpilogueRejects() {
  const std::string json = toJson(epilogueManifest());
  const std::string bias = "{\"op\": \"add\", \"operand\": \"E0\", \"broadcast\": \"col\"}";
  EXPECT_REJECT(replaced(json, "\"gelu_tanh\"", "\"gelu\""), "unknown epilogue step \"gelu\"");
  EXPECT_REJECT(replaced(json, "{\"op\": \"gelu_tanh\"}", "{\"op\": \"relu\", \"approximate\": true}"),
                "problem.epilogue[3]: unknown field \"approximate\"");
  EXPECT_REJECT(replaced(json, "\"broadcast\": \"col\"", "\"broadcast\": \"column\""), "unknown broadcast \"column\"");
  EXPECT_REJECT(replaced(json, "\"scalar\": 0.088388", "\"scalar\": 0.088388, \"broadcast\": \"col\""),
                "\"broadcast\" applies to an operand");
  EXPECT_REJECT(replaced(json, bias, "{\"op\": \"add\", \"operand\": \"E0\"}"), "missing field \"broadcast\"");
  EXPECT_REJECT(replaced(json, "\"scalar\": 0.088388", "\"scalar\": 2, \"operand\": \"E0\", \"broadcast\": \"col\""),
                "exactly one of \"scalar\" and \"operand\"");
  EXPECT_REJECT(replaced(json, "{\"op\": \"mul\", \"scalar\": 0.088388}", "{\"op\": \"mul\"}"),
                "exactly one of \"scalar\" and \"operand\"");
  EXPECT_REJECT(replaced(json, "{\"op\": \"gelu_tanh\"}", "{\"op\": \"tanh\", \"scalar\": 1}"), "is unary");
  EXPECT_REJECT(replaced(json, "\"scalar\": 0.088388", "\"scalar\": \"0.08\""), "expected number, found string");
  EXPECT_REJECT(replaced(json, "\"scalar\": 0.088388", "\"scalar\": 1, \"operand_scale\": 2"),
                "operand_scale applies to an operand");
  EXPECT_REJECT(replaced(json, "\"operand\": \"E0\"", "\"operand\": \"E8\""), "not one of E0..E7");
  EXPECT_REJECT(replaced(json, "\"operand\": \"E0\"", "\"operand\": \"A\""), "not one of E0..E7");
  EXPECT_REJECT(replaced(json, "\"epilogue\": [", "\"epilogue\": 3, \"steps\": ["), "problem.epilogue: expected array");
  // The operand buffers: present, of the broadcast's shape, each used.
  EXPECT_REJECT(replaced(json, "\"role\": \"E1\"", "\"role\": \"scratch\""),
                "epilogue[2]: expected exactly one buffer with role E1, found 0");
  EXPECT_REJECT(replaced(json, "\"operand\": \"E0\"", "\"operand\": \"E2\""),
                "buffer \"E0\" has role E0, which no epilogue step uses");
  EXPECT_REJECT(replaced(json, "\"broadcast\": \"col\"", "\"broadcast\": \"row\""),
                "buffer \"E0\" (role E0, broadcast row) must have shape [30] (one value per row, M), got [20]");
  EXPECT_REJECT(replaced(json, "\"role\": \"E1\", \"elem\": \"f32\", \"shape\": [30, 20]",
                         "\"role\": \"E1\", \"elem\": \"f32\", \"shape\": [20]"),
                "must have shape [30, 20] (C's shape), got [20]");
  EXPECT_REJECT(replaced(json, "{\"name\": \"E1\", \"role\": \"E1\", \"elem\": \"f32\", \"shape\": [30, 20]}",
                         "{\"name\": \"E1\", \"role\": \"E1\", \"elem\": \"f32\", \"shape\": [30, 20]}, "
                         "{\"name\": \"E7\", \"role\": \"E7\", \"elem\": \"f32\", \"shape\": [30, 20]}"),
                "buffer \"E7\" has role E7, which no epilogue step uses");
  EXPECT_REJECT(replaced(json, "\"role\": \"E1\"", "\"role\": \"E9\""), "expected A, B, C, E0..E7 or scratch");
  EXPECT_REJECT(replaced(json, "\"elem\": \"f32\", \"shape\": [30, 20]", "\"elem\": \"f64\", \"shape\": [30, 20]"),
                "unknown element type \"f64\"");
  // An epilogue belongs to a matmul.
  KernelManifest sm;
  sm.op = sm.func = "softmax";
  sm.stage = "online";
  sm.chip = "sm_90";
  sm.softmax = {8, 100, ElemType::F32, ElemType::F32};
  sm.buffers = {{"X", "X", ElemType::F32, {8, 100}}, {"Y", "Y", ElemType::F32, {8, 100}}};
  KernelDesc k;
  k.name = "softmax_kernel";
  k.params = {KernelParam::ptr("X"), KernelParam::ptr("Y")};
  sm.kernels.push_back(k);
  EXPECT_REJECT(replaced(toJson(sm), "\"y\": \"f32\"", "\"y\": \"f32\", \"epilogue\": [{\"op\": \"relu\"}]"),
                "problem.epilogue: an epilogue applies to a matmul, not to a softmax");
  // Built in memory (the compiler's path): validateManifest has the same rules.
  KernelManifest m = epilogueManifest();
  m.matmul.epilogue[0].scalar = std::nan("");
  std::string err;
  EXPECT_MSG(!validateManifest(m, err) && contains(err, "epilogue[0]: step \"mul\": scalar must be finite"), err);
}

/// Version 2: a matmul with bias + relu into a result, then a softmax of it.
std::string functionJson() {
  return R"({
  "format": "gemm-opt-manifest", "version": 2, "stage": "naive", "chip": "sm_90", "func": "f",
  "ops": [
    {"op": "matmul", "problem": {"m": 4, "n": 6, "k": 8, "beta": 0, "a": "f16", "b": "f16", "c": "f32",
      "epilogue": [{"op": "add", "operand": "E0", "broadcast": "col"}, {"op": "relu"}]},
     "operands": {"A": "arg0", "B": "arg1", "C": "temp0", "E0": "arg2"}},
    {"op": "softmax", "problem": {"rows": 4, "cols": 6, "x": "f32", "y": "f32"}, "operands": {"X": "temp0", "Y": "result0"}}
  ],
  "buffers": [
    {"name": "arg0", "role": "arg", "elem": "f16", "shape": [4, 8]},
    {"name": "arg1", "role": "arg", "elem": "f16", "shape": [8, 6]},
    {"name": "arg2", "role": "arg", "elem": "f16", "shape": [6]},
    {"name": "result0", "role": "result", "elem": "f32", "shape": [4, 6]},
    {"name": "temp0", "role": "temp", "elem": "f32", "shape": [4, 6]}
  ],
  "kernels": [
    {"name": "k0", "op": 0, "grid": [1, 1, 1], "block": [32, 1, 1], "dynamic_shared_memory": 0,
     "params": [{"abi": "ptr", "buffer": "arg0"}, {"abi": "ptr", "buffer": "arg1"}, {"abi": "ptr", "buffer": "temp0"},
                {"abi": "ptr", "buffer": "arg2"}]},
    {"name": "k1", "op": 1, "grid": [1, 1, 1], "block": [32, 1, 1], "dynamic_shared_memory": 0,
     "params": [{"abi": "ptr", "buffer": "temp0"}, {"abi": "ptr", "buffer": "result0"}]}
  ]
})";
}

void testEpilogueFunction() {
  const std::string json = functionJson();
  KernelManifest m, back;
  std::string err;
  EXPECT_MSG(parseManifest(json, m, err), err);
  if (!err.empty())
    return;
  EXPECT(m.ops[0].operands.size() == 4 && m.ops[0].operand("E0") == "arg2");
  EXPECT_MSG(contains(toJson(m), "\"operands\": {\"A\": \"arg0\", \"B\": \"arg1\", \"C\": \"temp0\", \"E0\": \"arg2\"}"),
             toJson(m));
  EXPECT_MSG(parseManifest(toJson(m), back, err) && back == m, err);
  // The operand is an input of the op and of the function.
  EXPECT(opInputs(m.ops[0]) == (std::vector<std::string>{"arg0", "arg1", "arg2"}));
  EXPECT(functionBufferUses(m)[2].input);
  // The op alone: its operand under role E0, a valid version-1 manifest.
  KernelManifest one = opManifest(m, 0);
  EXPECT(one.findRole("E0") && one.findRole("E0")->name == "arg2");
  EXPECT_MSG(validateManifest(one, err), err);
  // Rejected: the operand missing, an operand no step uses, a wrong shape,
  // an epilogue on the softmax, the output as an operand.
  EXPECT_REJECT(replaced(json, ", \"E0\": \"arg2\"", ""), "ops[0].operands: missing field \"E0\"");
  EXPECT_REJECT(replaced(json, "\"E0\": \"arg2\"", "\"E0\": \"arg2\", \"E1\": \"arg2\""), "unknown field \"E1\"");
  EXPECT_REJECT(replaced(json, "\"elem\": \"f16\", \"shape\": [6]", "\"elem\": \"f16\", \"shape\": [4]"),
                "ops[0]: epilogue[0]: buffer \"arg2\" (role E0, broadcast col) must have shape [6]");
  EXPECT_REJECT(replaced(json, "\"E0\": \"arg2\"", "\"E0\": \"arg9\""), "operand E0 names unknown buffer \"arg9\"");
  EXPECT_REJECT(replaced(json, "\"y\": \"f32\"}", "\"y\": \"f32\", \"epilogue\": []}"),
                "an epilogue applies to a matmul, not to a softmax");
  EXPECT_REJECT(replaced(replaced(json, "\"E0\": \"arg2\"", "\"E0\": \"temp0\""), "\"broadcast\": \"col\"",
                         "\"broadcast\": \"none\""),
                "output C (\"temp0\") is also its input E0");
}

void testEpilogueArithmetic() {
  // GELU (tanh), GELU (erf), SiLU, sigmoid at 1 (torch's values).
  EXPECT(std::fabs(applyEpilogueStep(EpilogueOp::GeluTanh, 1.0, 0) - 0.8411919906) < 1e-9);
  EXPECT(std::fabs(applyEpilogueStep(EpilogueOp::GeluErf, 1.0, 0) - 0.8413447461) < 1e-9);
  EXPECT(std::fabs(applyEpilogueStep(EpilogueOp::Silu, 1.0, 0) - 0.7310585786) < 1e-9);
  EXPECT(std::fabs(applyEpilogueStep(EpilogueOp::Sigmoid, 0.0, 0) - 0.5) < 1e-15);
  EXPECT(applyEpilogueStep(EpilogueOp::Relu, -2.0, 0) == 0.0 && applyEpilogueStep(EpilogueOp::Relu, 2.0, 0) == 2.0);
  EXPECT(applyEpilogueStep(EpilogueOp::Sub, 5.0, 2.0) == 3.0 && applyEpilogueStep(EpilogueOp::Div, 5.0, 2.0) == 2.5);
  EXPECT(applyEpilogueStep(EpilogueOp::Min, 5.0, 2.0) == 2.0 && applyEpilogueStep(EpilogueOp::Max, 5.0, 2.0) == 5.0);
  // Batch 2 of 2 x 3: a bias per column, a scale per row, a residual
  // times 0.5, each indexed as its broadcast says.
  MatmulProblem p;
  p.m = 2, p.n = 3, p.batch = 2;
  Epilogue e;
  std::string err;
  EXPECT_MSG(parseEpilogueList("bias,row-scale,beta=0.5", e, err), err);
  p.epilogue = e;
  std::vector<double> c(12, 1.0);
  EpilogueOperandValues ops = {{10, 20, 30}, {2, 3}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4}};
  applyEpilogue(p, c, ops);
  EXPECT(c[0] == 22 && c[2] == 62 && c[3] == 33 && c[6] == 22 && c[11] == 93 + 2);
}

/// An attention mask (broadcast "batch"): one M x N matrix added to every
/// batch entry, stored [M, N] or as the function has it, [1, 1, M, N].
void testEpilogueMask() {
  MatmulProblem p;
  p.m = 2, p.n = 3, p.batch = 2;
  std::string err;
  EXPECT_MSG(parseEpilogueList("alpha=2,mask", p.epilogue, err), err);
  EXPECT(p.epilogue.size() == 2 && p.epilogue[1].broadcast == EpilogueBroadcast::Batch &&
         p.epilogue[1].operand == "E0");
  EXPECT(epilogueListString(p.epilogue) == "alpha=2,mask");
  EXPECT(epilogueOperandShape(p, p.epilogue[1]) == (std::vector<int64_t>{2, 3}));
  std::vector<double> c(12, 1.0);
  EpilogueOperandValues ops = {{1, 2, 3, 4, 5, 6}};
  applyEpilogue(p, c, ops);
  // Entry 1 reads the same six values as entry 0.
  EXPECT(c[0] == 3 && c[5] == 8 && c[6] == 3 && c[11] == 8);
  // In a manifest: "batch" reads back; the buffer is [M, N] (leading 1s
  // allowed), not one per entry.
  KernelManifest m = epilogueManifest();
  m.matmul.epilogue[2].broadcast = EpilogueBroadcast::Batch;
  m.matmul.epilogue[2].operandScale.reset();
  const std::string json = toJson(m);
  EXPECT_MSG(contains(json, "{\"op\": \"add\", \"operand\": \"E1\", \"broadcast\": \"batch\"}"), json);
  KernelManifest back;
  EXPECT_MSG(parseManifest(json, back, err) && back == m, err);
  const std::string e1 = "\"role\": \"E1\", \"elem\": \"f32\", \"shape\": [30, 20]";
  EXPECT_MSG(parseManifest(replaced(json, e1, "\"role\": \"E1\", \"elem\": \"f32\", \"shape\": [1, 1, 30, 20]"),
                           back, err),
             err);
  EXPECT_REJECT(replaced(json, e1, "\"role\": \"E1\", \"elem\": \"f32\", \"shape\": [20, 30]"),
                "(role E1, broadcast batch) must have shape [30, 20] (one M x N matrix for every batch entry)");
  // A bias as torch-mlir's unit-broadcast operand has it ([1, 1, 1, N]);
  // a row vector [1, M, 1]; not two extents.
  const std::string plain = toJson(epilogueManifest());
  const std::string e0 = "\"role\": \"E0\", \"elem\": \"bf16\", \"shape\": [20]";
  EXPECT_MSG(parseManifest(replaced(plain, e0, "\"role\": \"E0\", \"elem\": \"bf16\", \"shape\": [1, 1, 1, 20]"),
                           back, err),
             err);
  EXPECT_REJECT(replaced(plain, e0, "\"role\": \"E0\", \"elem\": \"bf16\", \"shape\": [2, 10]"),
                "(role E0, broadcast col) must have shape [20]");
  const std::string row = replaced(plain, "\"broadcast\": \"col\"", "\"broadcast\": \"row\"");
  EXPECT_MSG(parseManifest(replaced(row, e0, "\"role\": \"E0\", \"elem\": \"bf16\", \"shape\": [1, 30, 1]"), back, err),
             err);
}

/// A mask per sequence shared by its heads (broadcast "group": batch / span
/// matrices, entry z reading z / span) and a bias per head shared by the
/// sequences ("cycle": span matrices, entry z reading z % span).
void testEpilogueSpannedMasks() {
  MatmulProblem p;
  p.m = 1, p.n = 2, p.batch = 6;
  std::string err;
  EXPECT_MSG(parseEpilogueList("mask-group=3,mask-cycle=2", p.epilogue, err), err);
  EXPECT(p.epilogue.size() == 2 && p.epilogue[0].broadcast == EpilogueBroadcast::Group && p.epilogue[0].span == 3 &&
         p.epilogue[1].broadcast == EpilogueBroadcast::Cycle && p.epilogue[1].span == 2);
  EXPECT(epilogueListString(p.epilogue) == "mask-group=3,mask-cycle=2");
  EXPECT(epilogueOperandShape(p, p.epilogue[0]) == (std::vector<int64_t>{2, 1, 2}));
  EXPECT(epilogueOperandShape(p, p.epilogue[1]) == (std::vector<int64_t>{2, 1, 2}));
  std::vector<double> c(12, 0.0);
  // Group matrices {1, 2} and {10, 20}; cycle matrices {100, 200}, {300, 400}.
  EpilogueOperandValues ops = {{1, 2, 10, 20}, {100, 200, 300, 400}};
  applyEpilogue(p, c, ops);
  // Entries 0..2 read group 0, 3..5 group 1; even entries cycle 0, odd 1.
  EXPECT(c[0] == 101 && c[1] == 202 && c[2] == 301 && c[5] == 202 && c[6] == 310 && c[9] == 220 && c[11] == 420);
  for (const char *bad : {"mask-group=1", "mask-cycle=x", "mask-group=", "mask-cycle=70000"})
    EXPECT_MSG(!parseEpilogueList(bad, p.epilogue, err) && contains(err, "span must be an integer in 2..65535"), err);
  // In a manifest: the span reads back; the buffer is [batch / span, M, N]
  // or as the function has it ([2, 1, M, N]); the span divides the batch.
  KernelManifest m = epilogueManifest();
  m.matmul.batch = 6;
  m.matmul.epilogue[2].broadcast = EpilogueBroadcast::Group;
  m.matmul.epilogue[2].span = 3;
  m.matmul.epilogue[2].operandScale.reset();
  for (BufferDesc &b : m.buffers)
    if (b.role != "E0")
      b.shape.insert(b.shape.begin(), b.role == "E1" ? 2 : 6);
  const std::string json = toJson(m);
  EXPECT_MSG(contains(json, "{\"op\": \"add\", \"operand\": \"E1\", \"broadcast\": \"group\", \"span\": 3}"), json);
  KernelManifest back;
  EXPECT_MSG(parseManifest(json, back, err) && back == m, err);
  const std::string e1 = "\"role\": \"E1\", \"elem\": \"f32\", \"shape\": [2, 30, 20]";
  EXPECT_MSG(parseManifest(replaced(json, e1, "\"role\": \"E1\", \"elem\": \"f32\", \"shape\": [2, 1, 30, 20]"),
                           back, err),
             err);
  EXPECT_REJECT(replaced(json, e1, "\"role\": \"E1\", \"elem\": \"f32\", \"shape\": [3, 30, 20]"),
                "(role E1, broadcast group) must have shape [2, 30, 20] (one M x N matrix per span entries)");
  EXPECT_REJECT(replaced(json, "\"span\": 3", "\"span\": 4"), "span 4 does not divide the batch (6)");
  EXPECT_REJECT(replaced(json, "\"span\": 3", "\"span\": 1"), "span");
  EXPECT_REJECT(replaced(json, ", \"span\": 3", ""), "span (0) goes with broadcast group or cycle");
  EXPECT_REJECT(replaced(json, "\"broadcast\": \"group\", \"span\": 3", "\"broadcast\": \"none\", \"span\": 3"),
                "span (3) goes with broadcast group or cycle");
  // A column vector with a span is one per group: [batch / span, N].
  EXPECT_REJECT(replaced(json, "\"broadcast\": \"col\"", "\"broadcast\": \"col\", \"span\": 2"),
                "(role E0, broadcast col) must have shape [3, 20] (one value per column, N, for each group of span "
                "entries)");
}

void testEpilogueVectorsPerGroup() {
  MatmulProblem p;
  p.m = 2, p.n = 3, p.batch = 4;
  std::string err;
  EXPECT_MSG(parseEpilogueList("bias-group=2,row-scale-group=1", p.epilogue, err), err);
  EXPECT(p.epilogue.size() == 2 && p.epilogue[0].broadcast == EpilogueBroadcast::Col && p.epilogue[0].span == 2 &&
         p.epilogue[0].op == EpilogueOp::Add && p.epilogue[1].broadcast == EpilogueBroadcast::Row &&
         p.epilogue[1].span == 1 && p.epilogue[1].op == EpilogueOp::Mul);
  EXPECT(epilogueListString(p.epilogue) == "bias-group=2,row-scale-group=1");
  EXPECT(epilogueOperandShape(p, p.epilogue[0]) == (std::vector<int64_t>{2, 3}));
  EXPECT(epilogueOperandShape(p, p.epilogue[1]) == (std::vector<int64_t>{4, 2}));
  // Keys {1, 2, 3} for sequence 0 (entries 0, 1), {10, 20, 30} for sequence
  // 1; row scales 1 and 2 for entry 0, 3 and 4 for entry 1, ...
  EpilogueOperandValues ops = {{1, 2, 3, 10, 20, 30}, {1, 2, 3, 4, 5, 6, 7, 8}};
  std::vector<double> c(24, 1.0);
  applyEpilogue(p, c, ops);
  // c[z][i][j] = (1 + key[z / 2][j]) * scale[z][i].
  EXPECT(c[0] == 2 && c[2] == 4 && c[3] == 4 && c[6] == 6 && c[11] == 16 && c[12] == 55 && c[23] == 31 * 8);
  for (const char *bad : {"bias-group=0", "row-scale-group=x", "bias-group="})
    EXPECT_MSG(!parseEpilogueList(bad, p.epilogue, err) && contains(err, "span must be an integer in 1..65535"), err);
  // cuBLASLt's bias epilogue is one vector for every entry.
  EXPECT_MSG(parseEpilogueList("bias-group=2,relu", p.epilogue, err), err);
  p.a = p.b = p.c = ElemType::F16;
  EXPECT(cublasLtEpilogueFor(p, ElemType::F16, err) == LtEpilogue::None);
}

/// Vectors read in turn (col or row with a span and cycle: span vectors,
/// entry z reading z % span): a column bias per head shared by the
/// sequences.
void testEpilogueVectorsInTurn() {
  MatmulProblem p;
  p.m = 2, p.n = 3, p.batch = 6;
  std::string err;
  EXPECT_MSG(parseEpilogueList("bias-cycle=2,row-scale-cycle=3", p.epilogue, err), err);
  EXPECT(p.epilogue.size() == 2 && p.epilogue[0].broadcast == EpilogueBroadcast::Col && p.epilogue[0].span == 2 &&
         p.epilogue[0].cycle && p.epilogue[1].broadcast == EpilogueBroadcast::Row && p.epilogue[1].span == 3 &&
         p.epilogue[1].cycle && p.epilogue[1].op == EpilogueOp::Mul);
  EXPECT(epilogueListString(p.epilogue) == "bias-cycle=2,row-scale-cycle=3");
  EXPECT(epilogueOperandShape(p, p.epilogue[0]) == (std::vector<int64_t>{2, 3}));
  EXPECT(epilogueOperandShape(p, p.epilogue[1]) == (std::vector<int64_t>{3, 2}));
  // Keys {1, 2, 3} for even entries, {10, 20, 30} for odd ones; row scales
  // {1, 2}, {3, 4}, {5, 6} for entries z % 3 = 0, 1, 2.
  EpilogueOperandValues ops = {{1, 2, 3, 10, 20, 30}, {1, 2, 3, 4, 5, 6}};
  std::vector<double> c(36, 1.0);
  applyEpilogue(p, c, ops);
  // c[z][i][j] = (1 + key[z % 2][j]) * scale[z % 3][i].
  EXPECT(c[0] == 2 && c[2] == 4 && c[3] == 4 && c[6] == 33 && c[18] == 11 && c[24] == 6 && c[35] == 186);
  for (const char *bad : {"bias-cycle=1", "row-scale-cycle=x", "bias-cycle="})
    EXPECT_MSG(!parseEpilogueList(bad, p.epilogue, err) && contains(err, "span must be an integer in 2..65535"), err);
  // A cycle without a span of at least 2, or on a matrix, is no read.
  EpilogueStep step;
  step.op = EpilogueOp::Mul, step.operand = "E0", step.broadcast = EpilogueBroadcast::Row;
  step.span = 2, step.cycle = true;
  EXPECT_MSG(epilogueStepError(step).empty(), epilogueStepError(step));
  step.span = 1;
  EXPECT(contains(epilogueStepError(step), "cycle goes with broadcast col or row and a span of at least 2"));
  step.span = 2, step.broadcast = EpilogueBroadcast::Group;
  EXPECT(contains(epilogueStepError(step), "cycle goes with broadcast col or row"));
  // In a manifest: "cycle": true reads back; the buffer is [span, N], or as
  // the function has it ([1, 3, 1, N]).
  KernelManifest m = epilogueManifest();
  m.matmul.batch = 6;
  m.matmul.epilogue[1].span = 3;
  m.matmul.epilogue[1].cycle = true;
  for (BufferDesc &b : m.buffers)
    if (b.role == "E0")
      b.shape = {3, 20};
    else
      b.shape.insert(b.shape.begin(), 6);
  const std::string json = toJson(m);
  EXPECT_MSG(contains(json, "{\"op\": \"add\", \"operand\": \"E0\", \"broadcast\": \"col\", \"span\": 3, "
                            "\"cycle\": true}"),
             json);
  KernelManifest back;
  EXPECT_MSG(parseManifest(json, back, err) && back == m, err);
  const std::string e0 = "\"role\": \"E0\", \"elem\": \"bf16\", \"shape\": [3, 20]";
  EXPECT_MSG(parseManifest(replaced(json, e0, "\"role\": \"E0\", \"elem\": \"bf16\", \"shape\": [1, 3, 1, 20]"),
                           back, err),
             err);
  // A group of 3 entries would be [2, 20].
  EXPECT_REJECT(replaced(json, e0, "\"role\": \"E0\", \"elem\": \"bf16\", \"shape\": [2, 20]"),
                "(role E0, broadcast col) must have shape [3, 20] (one value per column, N, for span vectors read in "
                "turn)");
  EXPECT_REJECT(replaced(json, "\"span\": 3, \"cycle\": true", "\"span\": 1, \"cycle\": true"),
                "cycle goes with broadcast col or row and a span of at least 2");
  EXPECT_REJECT(replaced(json, "\"cycle\": true", "\"cycle\": 1"), "cycle");
  EXPECT_REJECT(replaced(json, "\"scalar\": 0.088388}", "\"scalar\": 0.088388, \"cycle\": true}"),
                "\"cycle\" applies to an operand; this step has none");
}

void testEpilogueList() {
  Epilogue e;
  std::string err;
  EXPECT_MSG(parseEpilogueList("alpha=0.5,bias,residual,beta=0.25,row-scale,relu,gelu,gelu-erf,silu,sigmoid,tanh", e,
                               err),
             err);
  EXPECT(e.size() == 11);
  if (e.size() == 11) {
    EXPECT(e[0].op == EpilogueOp::Mul && e[0].scalar == 0.5 && e[0].operand.empty());
    EXPECT(e[1].op == EpilogueOp::Add && e[1].operand == "E0" && e[1].broadcast == EpilogueBroadcast::Col);
    EXPECT(e[2].operand == "E1" && e[2].broadcast == EpilogueBroadcast::None && !e[2].operandScale);
    EXPECT(e[3].operand == "E2" && e[3].operandScale == 0.25);
    EXPECT(e[4].op == EpilogueOp::Mul && e[4].operand == "E3" && e[4].broadcast == EpilogueBroadcast::Row);
    EXPECT(e[6].op == EpilogueOp::GeluTanh && e[7].op == EpilogueOp::GeluErf && e[10].op == EpilogueOp::Tanh);
  }
  EXPECT(epilogueOperandRoles(e) == (std::vector<std::string>{"E0", "E1", "E2", "E3"}));
  EXPECT(parseEpilogueList("", e, err) && e.empty());
  EXPECT(!parseEpilogueList("bias,swish", e, err) && contains(err, "unknown epilogue item 'swish'"));
  EXPECT(!parseEpilogueList("bias,,relu", e, err) && contains(err, "empty item"));
  EXPECT(!parseEpilogueList("relu,", e, err) && contains(err, "empty item"));
  EXPECT(!parseEpilogueList("alpha=x", e, err) && contains(err, "'x' is not a finite number"));
  EXPECT(!parseEpilogueList("beta=inf", e, err) && contains(err, "not a finite number"));
  EXPECT(!parseEpilogueList("alpha=", e, err) && contains(err, "not a finite number"));
  EXPECT(!parseEpilogueList("bias,bias,bias,bias,bias,bias,bias,bias,bias", e, err) && contains(err, "at most 8"));
}

void testEpilogueListString() {
  Epilogue e;
  std::string err;
  const std::string list = "alpha=0.5,bias,residual,beta=0.25,row-scale,relu,gelu,gelu-erf,silu,sigmoid,tanh";
  EXPECT(parseEpilogueList(list, e, err) && epilogueListString(e) == list);
  EXPECT(epilogueListString({}).empty());
  // Steps gemm-run cannot spell still read clearly.
  EpilogueStep sub, div;
  sub.op = EpilogueOp::Sub, sub.scalar = 2;
  div.op = EpilogueOp::Div, div.operand = "E0", div.broadcast = EpilogueBroadcast::Row, div.operandScale = 3;
  EXPECT_MSG(epilogueListString({sub, div}) == "sub=2,div:row*3", epilogueListString({sub, div}));
}

void testCublasLtChoice() {
  MatmulProblem p{64, 32, 16, 0, ElemType::BF16, ElemType::BF16, ElemType::BF16};
  std::string why;
  auto lt = [&](const std::string &list, ElemType bias = ElemType::BF16) {
    std::string err;
    EXPECT_MSG(parseEpilogueList(list, p.epilogue, err), err);
    return cublasLtEpilogueFor(p, bias, why);
  };
  EXPECT(lt("bias") == LtEpilogue::Bias && why.empty());
  EXPECT(lt("bias,relu") == LtEpilogue::ReluBias);
  EXPECT(lt("bias,gelu") == LtEpilogue::GeluBias && std::string(ltEpilogueName(LtEpilogue::GeluBias)) == "gelu_bias");
  EXPECT(lt("bias,gelu-erf") == LtEpilogue::None && contains(why, "bias, bias+relu and bias+gelu (tanh) only"));
  EXPECT(lt("relu,bias") == LtEpilogue::None);
  EXPECT(lt("bias,relu,tanh") == LtEpilogue::None);
  EXPECT(lt("beta=1") == LtEpilogue::None);
  EXPECT(lt("bias", ElemType::F32) == LtEpilogue::None && contains(why, "bias in C's type"));
  p.c = ElemType::F32;
  EXPECT(lt("bias", ElemType::F32) == LtEpilogue::None && contains(why, "f16 or bf16 A, B and C of one type"));
}

void testEpilogueResults() {
  StageResult with, without, sm;
  with.op = without.op = "matmul";
  sm.op = "softmax";
  with.stage = "wgmma";
  with.epilogue = "bias,gelu";
  with.cublasLtEpilogue = "gelu_bias";
  with.ms = with.cublasMs = with.cublasLtMs = 1;
  with.msInterleaved = with.cublasMsInterleaved = 1;
  with.msInterleavedLt = 2, with.cublasLtMsInterleaved = 1, with.pctCublasLtInterleaved = 50;
  with.cublasLtError = 1e-3;
  std::vector<llvm::json::Object> stages = parsedStages({with, without, sm});
  if (stages.size() != 3)
    return;
  EXPECT(stages[0].getString("epilogue") == llvm::StringRef("bias,gelu"));
  EXPECT(stages[0].getString("cublaslt_epilogue") == llvm::StringRef("gelu_bias"));
  EXPECT(stages[0].getNumber("pct_cublaslt_interleaved") == 50.0 && stages[0].getNumber("cublaslt_error") == 1e-3);
  EXPECT(stages[1].getString("epilogue") == llvm::StringRef("") && !stages[1].get("cublaslt_ms"));
  EXPECT(stages[2].getString("epilogue") == llvm::StringRef(""));
  std::ostringstream table;
  printResultsTable(table, {with, without});
  EXPECT_MSG(contains(table.str(), "| il %Lt |") && contains(table.str(), "|   50.0 |") &&
                 contains(table.str(), "epilogue bias,gelu (fused; reference: cuBLAS into f32") &&
                 contains(table.str(), "stages wgmma; cuBLASLt gelu_bias"),
             table.str());
  std::ostringstream plain;
  printResultsTable(plain, {without});
  EXPECT_MSG(!contains(plain.str(), "Lt") && !contains(plain.str(), "epilogue"), plain.str());
}

} // namespace

void testEpilogues() {
  testEpilogueRoundTrip();
  testEpilogueRejects();
  testEpilogueFunction();
  testEpilogueArithmetic();
  testEpilogueMask();
  testEpilogueSpannedMasks();
  testEpilogueVectorsPerGroup();
  testEpilogueVectorsInTurn();
  testEpilogueList();
  testEpilogueListString();
  testCublasLtChoice();
  testEpilogueResults();
}
