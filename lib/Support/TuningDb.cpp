//===- TuningDb.cpp - The persistent tuning database ----------------------===//

#include "gemm-opt/Support/TuningDb.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <tuple>

using namespace gemm_opt::tuning;
using llvm::StringRef;
namespace json = llvm::json;

// GEMM_OPT_VERSION_STRING, GEMM_OPT_COMMIT_STRING and the committed
// database's text (lib/Support/CMakeLists.txt writes them).
#include "gemm-opt/Support/TuningDbDefaults.inc"

StringRef gemm_opt::tuning::compilerVersion() { return GEMM_OPT_VERSION_STRING; }
StringRef gemm_opt::tuning::compilerCommit() { return GEMM_OPT_COMMIT_STRING; }

/// Everything but the types and M.
static bool sameShapeAndTarget(const TuningProblem &x, const TuningProblem &y) {
  return x.chip == y.chip && x.op == y.op && x.layout == y.layout &&
         x.batch == y.batch && x.n == y.n && x.k == y.k && x.stage == y.stage;
}

bool TuningProblem::sameFamily(const TuningProblem &o) const {
  return sameShapeAndTarget(*this, o) && aType == o.aType && bType == o.bType &&
         cType == o.cType;
}

/// Bytes per element of a type name; 0 for a name the database does not
/// know (never kindred to anything).
static int typeBytes(StringRef type) {
  return llvm::StringSwitch<int>(type)
      .Case("f32", 4)
      .Cases({"f16", "bf16"}, 2)
      .Default(0);
}

bool TuningProblem::kindredFamily(const TuningProblem &o) const {
  auto sameWidth = [](StringRef x, StringRef y) {
    return typeBytes(x) != 0 && typeBytes(x) == typeBytes(y);
  };
  return sameShapeAndTarget(*this, o) && sameWidth(aType, o.aType) &&
         sameWidth(bType, o.bType) && sameWidth(cType, o.cType);
}

std::string TuningProblem::str() const {
  std::string s = chip + " " + op + " " + aType + "," + bType + "->" + cType +
                  " " + layout + " ";
  if (batch != 1)
    s += std::to_string(batch) + "x";
  return s + std::to_string(m) + "x" + std::to_string(n) + "x" +
         std::to_string(k) + " " + stage;
}

std::string gemm_opt::tuning::toJsonLine(const TuningEntry &e) {
  const TuningProblem &p = e.problem;
  json::Object plan;
  for (const auto &[rung, options] : e.plan)
    plan[rung] = options;
  json::Object o{{"chip", p.chip},       {"op", p.op},
                 {"a", p.aType},         {"b", p.bType},
                 {"c", p.cType},         {"layout", p.layout},
                 {"batch", p.batch},     {"m", p.m},
                 {"n", p.n},             {"k", p.k},
                 {"stage", p.stage},     {"plan", std::move(plan)},
                 {"ms", e.ms},           {"cublas_ms", e.cublasMs},
                 {"device", e.device},   {"version", e.version},
                 {"commit", e.commit}};
  if (e.heuristic)
    o["heuristic"] = true;
  std::string out;
  llvm::raw_string_ostream os(out);
  os << json::Value(std::move(o));
  return out;
}

bool gemm_opt::tuning::parseTuningEntry(StringRef line, TuningEntry &e,
                                        std::string &error) {
  llvm::Expected<json::Value> value = json::parse(line);
  if (!value) {
    error = "not JSON: " + llvm::toString(value.takeError());
    return false;
  }
  const json::Object *o = value->getAsObject();
  if (!o) {
    error = "not a JSON object";
    return false;
  }
  TuningProblem &p = e.problem;
  auto str = [&](StringRef key, std::string &out) {
    std::optional<StringRef> v = o->getString(key);
    if (v)
      out = v->str();
    else if (error.empty())
      error = ("no string \"" + key + "\"").str();
  };
  auto num = [&](StringRef key, int64_t &out) {
    std::optional<int64_t> v = o->getInteger(key);
    if (v && *v > 0)
      out = *v;
    else if (error.empty())
      error = ("no positive integer \"" + key + "\"").str();
  };
  error.clear();
  str("chip", p.chip);
  str("op", p.op);
  str("a", p.aType);
  str("b", p.bType);
  str("c", p.cType);
  str("layout", p.layout);
  str("stage", p.stage);
  str("version", e.version);
  num("batch", p.batch);
  num("m", p.m);
  num("n", p.n);
  num("k", p.k);
  const json::Object *plan = o->getObject("plan");
  if (!plan && error.empty())
    error = "no object \"plan\" (rung -> options)";
  if (plan)
    for (const auto &[rung, options] : *plan) {
      std::optional<StringRef> s = options.getAsString();
      if (!s && error.empty())
        error = "plan of rung '" + rung.str() + "' is not a string";
      else if (s)
        e.plan[rung.str()] = s->str();
    }
  std::optional<double> ms = o->getNumber("ms");
  if ((!ms || !(*ms > 0)) && error.empty())
    error = "no positive number \"ms\"";
  e.ms = ms.value_or(0);
  e.cublasMs = o->getNumber("cublas_ms").value_or(0);
  e.device = o->getString("device").value_or("").str();
  e.commit = o->getString("commit").value_or("").str();
  e.heuristic = o->getBoolean("heuristic").value_or(false);
  return error.empty();
}

std::string TuningDb::warning() const {
  std::string w;
  if (malformed)
    w += std::to_string(malformed) + " malformed line(s) skipped (" +
         firstMalformed + ")";
  if (otherVersion)
    w += (w.empty() ? "" : "; ") + std::to_string(otherVersion) +
         " entr" + (otherVersion == 1 ? "y" : "ies") +
         " of another compiler version ignored (" + otherVersionSeen +
         "; this compiler: " + compilerVersion().str() + ")";
  return w;
}

TuningDb gemm_opt::tuning::parseTuningDb(StringRef text, StringRef source,
                                         StringRef version) {
  TuningDb db;
  db.source = source.str();
  llvm::SmallVector<StringRef> lines;
  text.split(lines, '\n');
  for (auto [index, raw] : llvm::enumerate(lines)) {
    StringRef line = raw.trim();
    if (line.empty() || line.starts_with("#"))
      continue;
    TuningEntry e;
    std::string error;
    if (!parseTuningEntry(line, e, error)) {
      if (!db.malformed++)
        db.firstMalformed = "line " + std::to_string(index + 1) + ": " + error;
      continue;
    }
    if (e.version != version) {
      if (!db.otherVersion++)
        db.otherVersionSeen = "\"" + e.version + "\" on line " +
                              std::to_string(index + 1);
      continue;
    }
    db.entries.push_back(std::move(e));
  }
  return db;
}

bool gemm_opt::tuning::loadTuningDb(StringRef spec, TuningDb &db,
                                    std::string &error, StringRef version) {
  if (spec.empty()) {
    db = TuningDb();
    return true;
  }
  if (spec == kDefaultTuningDb) {
    db = parseTuningDb(kDefaultTuningDbText, "the default tuning database",
                       version);
    return true;
  }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(spec, /*IsText=*/true);
  if (!buffer) {
    error = ("cannot read tuning database '" + spec +
             "': " + buffer.getError().message())
                .str();
    return false;
  }
  db = parseTuningDb((*buffer)->getBuffer(), spec, version);
  return true;
}

bool gemm_opt::tuning::appendTuningEntries(
    const std::string &path, const std::vector<TuningEntry> &entries,
    std::string &error) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_Append);
  if (ec) {
    error = "cannot open '" + path + "': " + ec.message();
    return false;
  }
  for (const TuningEntry &e : entries)
    os << toJsonLine(e) << "\n";
  os.close();
  if (os.has_error()) {
    error = "cannot write '" + path + "': " + os.error().message();
    os.clear_error();
    return false;
  }
  return true;
}

std::vector<TuningEntry>
gemm_opt::tuning::mergeTuningEntries(std::vector<TuningEntry> entries) {
  std::vector<TuningEntry> merged;
  for (TuningEntry &e : entries) {
    auto same = llvm::find_if(merged, [&](const TuningEntry &m) {
      return m.problem == e.problem && m.device == e.device;
    });
    if (same == merged.end())
      merged.push_back(std::move(e));
    else if (e.ms < same->ms)
      *same = std::move(e);
  }
  return merged;
}

int64_t gemm_opt::tuning::mBucket(int64_t m) {
  for (int64_t bound : {8, 64, 256, 2048})
    if (m <= bound)
      return bound;
  return INT64_MAX;
}

bool gemm_opt::tuning::mostlyPaddedLastTile(int64_t m) {
  return m >= 256 && m <= 2048 && m % 128 != 0 && m % 128 <= 64;
}

/// findTuning over the entries that `measured` accepts.
static TuningMatch
findAmong(const TuningDb &db, const TuningProblem &q,
          llvm::function_ref<bool(const TuningEntry &)> measured) {
  // Ranked by distance in M (by ratio: 0 is exact), then the problem's own
  // types before kindred ones, then the smaller M, then the faster entry (a
  // file appended to twice holds duplicates).
  using Rank = std::tuple<double, bool, int64_t, double>;
  TuningMatch best;
  Rank bestRank;
  for (const TuningEntry &e : db.entries) {
    if (!measured(e))
      continue;
    const TuningProblem &p = e.problem;
    if (mBucket(p.m) != mBucket(q.m) ||
        mostlyPaddedLastTile(p.m) != mostlyPaddedLastTile(q.m))
      continue;
    bool own = p.sameFamily(q);
    if (!own && !p.kindredFamily(q))
      continue;
    Rank rank{std::fabs(std::log(double(p.m) / double(q.m))), !own, p.m, e.ms};
    if (!best.entry || rank < bestRank) {
      best.entry = &e;
      best.otherTypes = !own;
      bestRank = rank;
    }
  }
  best.exact = best.entry && !best.otherTypes && best.entry->problem.m == q.m;
  return best;
}

TuningMatch gemm_opt::tuning::findTuning(const TuningDb &db,
                                         const TuningProblem &q,
                                         StringRef device) {
  // The GPU asked for, then the reference GPU, then any GPU.
  StringRef own = preferredTuningDevice(device);
  auto measuredOn = [&](StringRef gpu) {
    return findAmong(db, q,
                     [&](const TuningEntry &e) { return e.device == gpu; });
  };
  TuningMatch match = measuredOn(own);
  if (!match.entry && own != kReferenceTuningDevice)
    match = measuredOn(kReferenceTuningDevice);
  if (!match.entry)
    match = findAmong(db, q, [](const TuningEntry &) { return true; });
  match.otherDevice = match.entry && match.entry->device != own;
  return match;
}

bool gemm_opt::tuning::parseShard(StringRef text, unsigned &index,
                                  unsigned &count) {
  auto [i, n] = text.split('/');
  return !i.getAsInteger(10, index) && !n.getAsInteger(10, count) &&
         count > 0 && index < count;
}

std::vector<size_t>
gemm_opt::tuning::confirmationCandidates(const std::vector<double> &pct,
                                         int heuristic, unsigned best) {
  std::vector<size_t> order;
  for (size_t i = 0; i < pct.size(); ++i)
    if (pct[i] > 0)
      order.push_back(i);
  // Stable: of equal times the earlier candidate (the heuristics' plan is
  // the first) stays ahead.
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return pct[a] > pct[b]; });
  if (order.size() > best)
    order.resize(best);
  bool heuristicPassed =
      heuristic >= 0 && size_t(heuristic) < pct.size() && pct[heuristic] > 0;
  if (heuristicPassed && llvm::find(order, size_t(heuristic)) == order.end())
    order.push_back(size_t(heuristic));
  if (order.size() < 2)
    order.clear();
  return order;
}
