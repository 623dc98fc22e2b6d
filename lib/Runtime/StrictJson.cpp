//===- StrictJson.cpp - What the strict manifest readers share ------------===//
#include "StrictJson.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <limits>

namespace json = llvm::json;

namespace gemm_opt::runtime::strict {

namespace {

//===----------------------------------------------------------------------===//
// What llvm::json::parse does not check
//===----------------------------------------------------------------------===//

// llvm::json::parse recurses once per nesting level without a limit (a
// hostile "[[[[..." would exhaust the stack) and keeps the last of two equal
// keys. A manifest needs neither; these scans find both. They skip string
// literals and interpret nothing else: the depth scan runs before the parse
// on any text, the key scan after it on valid JSON.
constexpr int kMaxJsonDepth = 64;

/// The offset just past the string literal that starts at `at` (a '"').
size_t skipString(llvm::StringRef text, size_t at) {
  size_t i = at + 1;
  while (i < text.size() && text[i] != '"')
    i += text[i] == '\\' ? 2 : 1;
  return std::min(i + 1, text.size());
}

bool checkDepth(llvm::StringRef text, std::string &error) {
  int depth = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '"') {
      i = skipString(text, i) - 1;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth) {
        error = "JSON parse error " + textPosition(text, i) + ": nesting deeper than " +
                std::to_string(kMaxJsonDepth) + " levels";
        return false;
      }
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return true;
}

/// The keys of each object, checked for duplicates as they are met (the
/// first repeated key in text order is the one reported), and shown to
/// `onObject` as the object closes.
bool scanKeys(llvm::StringRef text, std::string &error,
              llvm::function_ref<bool(llvm::ArrayRef<JsonKey>, std::string &)> onObject) {
  struct Open {
    llvm::StringSet<> seen;
    std::vector<JsonKey> keys;
  };
  std::vector<Open> objects;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '{') {
      objects.emplace_back();
    } else if (c == '}') {
      if (onObject && !onObject(objects.back().keys, error))
        return false;
      objects.pop_back();
    } else if (c == '"') {
      size_t end = skipString(text, i);
      size_t next = text.find_first_not_of(" \t\r\n", end);
      if (!objects.empty() && next != llvm::StringRef::npos && text[next] == ':') {
        // A key: compare it decoded, so that "\u006fp" repeats "op".
        llvm::Expected<json::Value> key = json::parse(text.slice(i, end));
        std::string name = key && key->getAsString() ? key->getAsString()->str() : "";
        llvm::consumeError(key.takeError());
        if (!objects.back().seen.insert(name).second) {
          error = "JSON parse error " + textPosition(text, i) + ": duplicate key " + json::fixUTF8(text.slice(i, end));
          return false;
        }
        objects.back().keys.push_back({name, i});
      }
      i = end - 1;
    }
  }
  return true;
}

/// json::Path::report keeps a string literal only. The message of the first
/// error, which names the offending value and the allowed range, waits here
/// until readJson words the error with its path (one read at a time per
/// thread).
thread_local std::string firstErrorDetail;

} // namespace

size_t skipJsonValue(llvm::StringRef text, size_t at) {
  if (at >= text.size())
    return text.size();
  if (text[at] == '"')
    return skipString(text, at);
  if (text[at] != '[' && text[at] != '{') {
    size_t end = text.find_first_of(",]} \t\r\n", at);
    return end == llvm::StringRef::npos ? text.size() : end;
  }
  int depth = 0;
  for (size_t i = at; i < text.size(); ++i) {
    char c = text[i];
    if (c == '"')
      i = skipString(text, i) - 1;
    else if (c == '[' || c == '{')
      ++depth;
    else if ((c == ']' || c == '}') && --depth == 0)
      return i + 1;
  }
  return text.size();
}

std::string textPosition(llvm::StringRef text, size_t offset) {
  llvm::StringRef before = text.take_front(offset);
  size_t lineStart = before.rfind('\n');
  lineStart = lineStart == llvm::StringRef::npos ? 0 : lineStart + 1;
  return "[" + std::to_string(before.count('\n') + 1) + ":" + std::to_string(offset - lineStart) +
         ", byte=" + std::to_string(offset) + "]";
}

bool parseJsonText(llvm::StringRef text, json::Value &out, std::string &error,
                   llvm::function_ref<bool(llvm::ArrayRef<JsonKey>, std::string &)> onObject) {
  error.clear();
  if (!checkDepth(text, error)) {
    error = "manifest: " + error;
    return false;
  }
  llvm::Expected<json::Value> root = json::parse(text);
  if (!root) {
    error = "manifest: JSON parse error " + llvm::toString(root.takeError());
    return false;
  }
  if (!scanKeys(text, error, onObject)) {
    error = "manifest: " + error;
    return false;
  }
  out = std::move(*root);
  return true;
}

bool readJson(const json::Value &root, llvm::function_ref<bool(const json::Value &, json::Path)> read,
              std::string &error) {
  json::Path::Root pathRoot;
  firstErrorDetail.clear();
  if (read(root, pathRoot))
    return true;
  // getError() says "<message> at (root).kernels[0].grid" (just the
  // message at the top level); the message is ours when we left one.
  std::string whole = llvm::toString(pathRoot.getError());
  llvm::StringRef message = whole, where;
  std::tie(message, where) = message.split(" at (root)");
  error = "manifest: " + (where.empty() ? std::string("top level") : where.drop_front().str()) + ": " +
          (firstErrorDetail.empty() ? message.str() : firstErrorDetail);
  firstErrorDetail.clear();
  return false;
}

bool fail(json::Path path, std::string detail) {
  if (firstErrorDetail.empty())
    firstErrorDetail = std::move(detail);
  path.report("invalid value");
  return false;
}

const char *kindName(const json::Value &v) {
  switch (v.kind()) {
  case json::Value::Null: return "null";
  case json::Value::Boolean: return "boolean";
  case json::Value::Number: return "number";
  case json::Value::String: return "string";
  case json::Value::Array: return "array";
  case json::Value::Object: return "object";
  }
  return "?";
}

bool expectKind(const json::Value &v, json::Value::Kind kind, const char *expected, json::Path path) {
  if (v.kind() == kind)
    return true;
  return fail(path, std::string("expected ") + expected + ", found " + kindName(v));
}

bool readInt(const json::Value &v, json::Path path, int64_t &out, int64_t lo, int64_t hi) {
  if (!expectKind(v, json::Value::Number, "integer", path))
    return false;
  if (std::optional<uint64_t> u = v.getAsUINT64()) {
    if (*u > uint64_t(std::numeric_limits<int64_t>::max()))
      return fail(path, "integer out of range: " + std::to_string(*u));
    out = static_cast<int64_t>(*u);
  } else if (*v.getAsNumber() < 0 && v.getAsInteger()) {
    // Negative: llvm::json's integers and integral doubles look alike here
    // (and getAsInteger converts a negative double without overflow).
    out = *v.getAsInteger();
  } else {
    double d = *v.getAsNumber();
    std::string text;
    llvm::raw_string_ostream(text) << v;
    return fail(path, "expected an integer, found " + text +
                          (d == std::floor(d) ? " (written with a fraction or an exponent, or beyond 64 bits)" : ""));
  }
  if (out < lo || out > hi)
    return fail(path, "value " + std::to_string(out) + " out of range [" + std::to_string(lo) + ", " +
                          std::to_string(hi) + "]");
  return true;
}

bool readDims3(const json::Value &v, json::Path path, std::array<uint32_t, 3> &out) {
  std::vector<uint32_t> dims;
  if (!readIntList(v, path, dims, 1, std::numeric_limits<uint32_t>::max()))
    return false;
  if (dims.size() != 3)
    return fail(path, "expected 3 dimensions, found " + std::to_string(dims.size()));
  std::copy(dims.begin(), dims.end(), out.begin());
  return true;
}

bool FieldReader::noUnknownKeys() {
  for (const json::Object::value_type *kv : json::sortedElements(*object))
    if (!used.contains(kv->first))
      return fail(path, "unknown field \"" + kv->first.str() + "\"");
  return true;
}

} // namespace gemm_opt::runtime::strict
