//===- Epilogue.cpp - A matmul's fused elementwise epilogue ---------------===//
#include "gemm-opt/Runtime/Epilogue.h"
#include "gemm-opt/Runtime/JsonWriting.h"
#include "gemm-opt/Runtime/Manifest.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <set>

namespace gemm_opt::runtime {

// EpilogueOp lists the binary steps, then the unary ones, in the
// vocabulary's order.
static_assert(std::size(epilogue::kBinaryOps) == static_cast<size_t>(EpilogueOp::Relu) &&
              std::size(epilogue::kBinaryOps) + std::size(epilogue::kUnaryOps) ==
                  static_cast<size_t>(EpilogueOp::Tanh) + 1);

const char *epilogueOpName(EpilogueOp op) {
  size_t i = static_cast<size_t>(op), binary = std::size(epilogue::kBinaryOps);
  return i < binary ? epilogue::kBinaryOps[i] : epilogue::kUnaryOps[i - binary];
}

bool parseEpilogueOp(const std::string &s, EpilogueOp &out) {
  for (int i = 0; i <= static_cast<int>(EpilogueOp::Tanh); ++i)
    if (s == epilogueOpName(static_cast<EpilogueOp>(i))) {
      out = static_cast<EpilogueOp>(i);
      return true;
    }
  return false;
}

bool isBinaryEpilogueOp(EpilogueOp op) {
  switch (op) {
  case EpilogueOp::Add:
  case EpilogueOp::Sub:
  case EpilogueOp::Mul:
  case EpilogueOp::Div:
  case EpilogueOp::Max:
  case EpilogueOp::Min: return true;
  default: return false;
  }
}

const char *epilogueBroadcastName(EpilogueBroadcast b) {
  switch (b) {
  case EpilogueBroadcast::Col: return "col";
  case EpilogueBroadcast::Row: return "row";
  case EpilogueBroadcast::None: return "none";
  case EpilogueBroadcast::Batch: return "batch";
  case EpilogueBroadcast::Group: return "group";
  case EpilogueBroadcast::Cycle: return "cycle";
  }
  return "?";
}

bool parseEpilogueBroadcast(const std::string &s, EpilogueBroadcast &out) {
  if (s == "col") out = EpilogueBroadcast::Col;
  else if (s == "row") out = EpilogueBroadcast::Row;
  else if (s == "none") out = EpilogueBroadcast::None;
  else if (s == "batch") out = EpilogueBroadcast::Batch;
  else if (s == "group") out = EpilogueBroadcast::Group;
  else if (s == "cycle") out = EpilogueBroadcast::Cycle;
  else return false;
  return true;
}

int epilogueOperandIndex(const std::string &role) { return epilogue::operandIndex(role); }

std::vector<std::string> epilogueOperandRoles(const Epilogue &e) {
  std::set<int> used;
  for (const EpilogueStep &s : e)
    if (epilogueOperandIndex(s.operand) >= 0)
      used.insert(epilogueOperandIndex(s.operand));
  std::vector<std::string> roles;
  for (int i : used)
    roles.push_back(epilogue::operandRole(i));
  return roles;
}

std::vector<int64_t> epilogueOperandShape(const MatmulProblem &p, const EpilogueStep &s) {
  const int64_t vectors = s.cycle ? s.span : s.span > 0 ? p.batch / s.span : 0;
  switch (s.broadcast) {
  case EpilogueBroadcast::Col: return s.span > 0 ? std::vector<int64_t>{vectors, p.n} : std::vector{p.n};
  case EpilogueBroadcast::Row: return s.span > 0 ? std::vector<int64_t>{vectors, p.m} : std::vector{p.m};
  case EpilogueBroadcast::Batch: return {p.m, p.n};
  case EpilogueBroadcast::Group: return {s.span > 0 ? p.batch / s.span : 0, p.m, p.n};
  case EpilogueBroadcast::Cycle: return {s.span, p.m, p.n};
  case EpilogueBroadcast::None: break;
  }
  return p.batch == 1 ? std::vector<int64_t>{p.m, p.n} : std::vector<int64_t>{p.batch, p.m, p.n};
}

std::string epilogueStepError(const EpilogueStep &s) {
  const std::string op = epilogueOpName(s.op);
  if (!isBinaryEpilogueOp(s.op)) {
    if (s.scalar || !s.operand.empty() || s.operandScale)
      return "step \"" + op + "\" is unary: it takes no scalar, operand or operand_scale";
    return "";
  }
  if (s.scalar.has_value() == !s.operand.empty())
    return "step \"" + op + "\" needs exactly one of \"scalar\" and \"operand\"";
  if (s.scalar && !std::isfinite(*s.scalar))
    return "step \"" + op + "\": scalar must be finite";
  if (s.scalar && s.operandScale)
    return "step \"" + op + "\": operand_scale applies to an operand, not to a scalar";
  if (!s.operand.empty() && epilogueOperandIndex(s.operand) < 0)
    return "step \"" + op + "\": operand \"" + s.operand + "\" is not one of E0..E" +
           std::to_string(kMaxEpilogueOperands - 1);
  if (s.operandScale && !std::isfinite(*s.operandScale))
    return "step \"" + op + "\": operand_scale must be finite";
  const bool spanned = !s.operand.empty() && isSpannedBroadcast(s.broadcast),
             vector = !s.operand.empty() && isVectorBroadcast(s.broadcast);
  if (spanned ? s.span < 2 : vector ? s.span < 0 : s.span != 0)
    return "step \"" + op + "\": span (" + std::to_string(s.span) +
           ") goes with broadcast group or cycle (at least 2), or col or row (at least 1: a vector per that many "
           "batch entries)";
  if (s.cycle && (!vector || s.span < 2))
    return "step \"" + op + "\": cycle goes with broadcast col or row and a span of at least 2 (that many vectors "
           "read in turn)";
  return "";
}

double applyEpilogueStep(EpilogueOp op, double x, double y) {
  switch (op) {
  case EpilogueOp::Add: return x + y;
  case EpilogueOp::Sub: return x - y;
  case EpilogueOp::Mul: return x * y;
  case EpilogueOp::Div: return x / y;
  case EpilogueOp::Max: return std::max(x, y);
  case EpilogueOp::Min: return std::min(x, y);
  case EpilogueOp::Relu: return epilogue::relu(x);
  case EpilogueOp::GeluTanh: return epilogue::geluTanh(x);
  case EpilogueOp::GeluErf: return epilogue::geluErf(x);
  case EpilogueOp::Silu: return epilogue::silu(x);
  case EpilogueOp::Sigmoid: return epilogue::sigmoid(x);
  case EpilogueOp::Tanh: return std::tanh(x);
  }
  return x;
}

void applyEpilogue(const MatmulProblem &p, std::vector<double> &c, const EpilogueOperandValues &operands) {
  const size_t M = static_cast<size_t>(p.m), N = static_cast<size_t>(p.n);
  for (const EpilogueStep &s : p.epilogue) {
    const std::vector<float> *e = s.operand.empty() ? nullptr : &operands.at(epilogueOperandIndex(s.operand));
    const double scale = s.operandScale.value_or(1.0);
    for (size_t idx = 0; idx < c.size(); ++idx) {
      double y = 0;
      if (s.scalar) {
        y = *s.scalar;
      } else if (e) {
        // Row-major batch x M x N: column idx % N, row (idx / N) % M,
        // entry idx / (M * N).
        const size_t entry = idx / (M * N), span = static_cast<size_t>(s.span);
        // A vector per group of entries, or per entry modulo span.
        const size_t group = !span ? 0 : s.cycle ? entry % span : entry / span;
        size_t at = s.broadcast == EpilogueBroadcast::Col     ? group * N + idx % N
                    : s.broadcast == EpilogueBroadcast::Row   ? group * M + (idx / N) % M
                    : s.broadcast == EpilogueBroadcast::Batch ? idx % (M * N)
                    : s.broadcast == EpilogueBroadcast::Group ? entry / span * M * N + idx % (M * N)
                    : s.broadcast == EpilogueBroadcast::Cycle ? entry % span * M * N + idx % (M * N)
                                                              : idx;
        y = scale * static_cast<double>((*e)[at]);
      }
      c[idx] = applyEpilogueStep(s.op, c[idx], y);
    }
  }
}

namespace {
/// A gemm-run item naming a span: an add of a group or a cycle of matrices,
/// or of vectors per group of entries.
struct SpannedItem {
  const char *prefix;
  EpilogueOp op;
  EpilogueBroadcast broadcast;
  int64_t least;
  bool cycle = false; // vectors read in turn
};
constexpr SpannedItem kSpannedItems[] = {
    {"mask-group=", EpilogueOp::Add, EpilogueBroadcast::Group, 2},
    {"mask-cycle=", EpilogueOp::Add, EpilogueBroadcast::Cycle, 2},
    {"bias-group=", EpilogueOp::Add, EpilogueBroadcast::Col, 1},
    {"bias-cycle=", EpilogueOp::Add, EpilogueBroadcast::Col, 2, true},
    {"row-scale-group=", EpilogueOp::Mul, EpilogueBroadcast::Row, 1},
    {"row-scale-cycle=", EpilogueOp::Mul, EpilogueBroadcast::Row, 2, true}};

const SpannedItem *spannedItemOf(const EpilogueStep &s) {
  for (const SpannedItem &item : kSpannedItems)
    if (item.op == s.op && item.broadcast == s.broadcast && item.cycle == s.cycle)
      return &item;
  return nullptr;
}

const SpannedItem *findSpannedItem(const std::string &item) {
  for (const SpannedItem &s : kSpannedItems)
    if (item.rfind(s.prefix, 0) == 0)
      return &s;
  return nullptr;
}

/// One gemm-run item as a step; `next` numbers the operands.
bool parseItem(const std::string &item, int &next, EpilogueStep &s, std::string &error) {
  auto operand = [&](EpilogueOp op, EpilogueBroadcast b) {
    s.op = op;
    s.operand = epilogue::operandRole(next++);
    s.broadcast = b;
  };
  auto number = [&](const std::string &text, double &v) {
    char *end = nullptr;
    v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end || !std::isfinite(v))
      return error = "epilogue item '" + item + "': '" + text + "' is not a finite number", false;
    return true;
  };
  static const std::pair<const char *, EpilogueOp> unary[] = {
      {"relu", EpilogueOp::Relu}, {"gelu", EpilogueOp::GeluTanh},    {"gelu-erf", EpilogueOp::GeluErf},
      {"silu", EpilogueOp::Silu}, {"sigmoid", EpilogueOp::Sigmoid}, {"tanh", EpilogueOp::Tanh}};
  for (const auto &[name, op] : unary)
    if (item == name) {
      s.op = op;
      return true;
    }
  double v;
  if (item == "bias")
    operand(EpilogueOp::Add, EpilogueBroadcast::Col);
  else if (item == "row-scale")
    operand(EpilogueOp::Mul, EpilogueBroadcast::Row);
  else if (item == "residual")
    operand(EpilogueOp::Add, EpilogueBroadcast::None);
  else if (item == "mask")
    operand(EpilogueOp::Add, EpilogueBroadcast::Batch);
  else if (const SpannedItem *spanned = findSpannedItem(item)) {
    const std::string text = item.substr(std::strlen(spanned->prefix));
    char *end = nullptr;
    const long long span = std::strtoll(text.c_str(), &end, 10);
    if (text.empty() || *end || span < spanned->least || span > 65535)
      return error = "epilogue item '" + item + "': the span must be an integer in " +
                     std::to_string(spanned->least) + "..65535",
             false;
    operand(spanned->op, spanned->broadcast);
    s.span = span;
    s.cycle = spanned->cycle;
  }
  else if (item.rfind("alpha=", 0) == 0 && number(item.substr(6), v))
    s.op = EpilogueOp::Mul, s.scalar = v;
  else if (item.rfind("beta=", 0) == 0 && number(item.substr(5), v))
    operand(EpilogueOp::Add, EpilogueBroadcast::None), s.operandScale = v;
  else if (error.empty())
    error = "unknown epilogue item '" + item +
            "' (expected bias, row-scale, residual, mask, mask-group=S, mask-cycle=S, bias-group=S, bias-cycle=S, "
            "row-scale-group=S, row-scale-cycle=S, alpha=F, beta=F, relu, gelu, gelu-erf, silu, sigmoid or tanh)";
  if (next > kMaxEpilogueOperands)
    return error = "an epilogue has at most " + std::to_string(kMaxEpilogueOperands) + " operand buffers", false;
  return error.empty();
}
} // namespace

bool parseEpilogueList(const std::string &list, Epilogue &out, std::string &error) {
  out.clear();
  error.clear();
  int next = 0;
  size_t start = 0;
  while (start <= list.size() && !list.empty()) {
    size_t comma = list.find(',', start);
    std::string item = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (item.empty())
      return error = "empty item in epilogue list '" + list + "'", false;
    EpilogueStep s;
    if (!parseItem(item, next, s, error))
      return false;
    out.push_back(s);
    if (comma == std::string::npos)
      break;
    start = comma + 1;
  }
  return true;
}

std::string epilogueListString(const Epilogue &e) {
  auto number = [](double v) { return jsonNumber(v); }; // the shortest that reads back
  std::string list;
  for (const EpilogueStep &s : e) {
    std::string item;
    const bool add = s.op == EpilogueOp::Add, mul = s.op == EpilogueOp::Mul;
    if (s.op == EpilogueOp::GeluTanh)
      item = "gelu";
    else if (s.op == EpilogueOp::GeluErf)
      item = "gelu-erf";
    else if (!isBinaryEpilogueOp(s.op))
      item = epilogueOpName(s.op);
    else if (s.scalar)
      item = (mul ? std::string("alpha") : epilogueOpName(s.op)) + "=" + number(*s.scalar);
    else if (add && s.broadcast == EpilogueBroadcast::None && s.operandScale)
      item = "beta=" + number(*s.operandScale);
    else if (add && !s.operandScale && !s.span &&
             (s.broadcast == EpilogueBroadcast::Col || s.broadcast == EpilogueBroadcast::None))
      item = s.broadcast == EpilogueBroadcast::Col ? "bias" : "residual";
    else if (mul && !s.operandScale && !s.span && s.broadcast == EpilogueBroadcast::Row)
      item = "row-scale";
    else if (add && !s.operandScale && s.broadcast == EpilogueBroadcast::Batch)
      item = "mask";
    else if (const SpannedItem *spanned = s.operandScale || !s.span ? nullptr : spannedItemOf(s))
      item = spanned->prefix + std::to_string(s.span);
    else
      item = std::string(epilogueOpName(s.op)) + ":" + epilogueBroadcastName(s.broadcast) +
             (s.span ? (s.cycle ? "%" : "/") + std::to_string(s.span) : "") +
             (s.operandScale ? "*" + number(*s.operandScale) : "");
    list += (list.empty() ? "" : ",") + item;
  }
  return list;
}

} // namespace gemm_opt::runtime
