//===- Json.h - Minimal JSON reader/writer helpers --------------*- C++ -*-===//
//
// A small, strict (RFC 8259) JSON parser and a few writer helpers used by the
// manifest reader and the results writer. No comments, no trailing commas, no
// duplicate object keys. Numbers keep their source text so that integers are
// read exactly (int64) and floats round-trip.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_OPT_RUNTIME_JSON_H
#define GEMM_OPT_RUNTIME_JSON_H

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace gemm_opt::runtime {

struct JsonValue {
  enum class Kind { Null, Bool, Number, String, Array, Object };
  Kind kind = Kind::Null;
  bool boolValue = false;
  /// Number: the source text (e.g. "-12", "1.5e3"). String: the decoded value.
  std::string text;
  std::vector<JsonValue> items;                            // Array
  std::vector<std::pair<std::string, JsonValue>> members;  // Object, in order
  /// Line/column (1-based) of the value's first character in the source.
  int line = 0, column = 0;

  bool isNull() const { return kind == Kind::Null; }
  bool isBool() const { return kind == Kind::Bool; }
  bool isNumber() const { return kind == Kind::Number; }
  bool isString() const { return kind == Kind::String; }
  bool isArray() const { return kind == Kind::Array; }
  bool isObject() const { return kind == Kind::Object; }
  /// A number written without fraction or exponent.
  bool isInteger() const;
  /// Exact int64 value of an integer number; false if not an integer or out of range.
  bool getInt64(int64_t &out) const;
  /// Value of any number as double (strtod).
  double getDouble() const;
  /// Member lookup (objects only); nullptr when absent.
  const JsonValue *find(const std::string &key) const;
  /// "line L, column C" of this value.
  std::string where() const;
};

const char *jsonKindName(JsonValue::Kind kind);

/// Parses a complete JSON document. On failure returns false and sets `error`
/// to a message with line and column.
bool parseJson(const std::string &text, JsonValue &out, std::string &error);

/// Returns `s` as a quoted JSON string literal with escapes.
std::string jsonQuote(const std::string &s);
/// Formats a double for JSON: shortest round-tripping decimal ("%.17g" at
/// most); non-finite values become null.
std::string jsonNumber(double v);
/// Formats a float with the shortest decimal that reads back (as float) to
/// the same value; non-finite values become null.
std::string jsonFloat(float v);
/// "[1, 2, 3]": a list of integers as a JSON array (also used in messages).
template <typename T> std::string jsonIntList(const std::vector<T> &v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i)
    s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

} // namespace gemm_opt::runtime

#endif // GEMM_OPT_RUNTIME_JSON_H
