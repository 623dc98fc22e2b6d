//===- Json.cpp - Minimal JSON reader/writer helpers ----------------------===//
#include "gemm-opt/Runtime/Json.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace gemm_opt::runtime {

bool JsonValue::isInteger() const {
  if (kind != Kind::Number)
    return false;
  return text.find_first_of(".eE") == std::string::npos;
}

bool JsonValue::getInt64(int64_t &out) const {
  if (!isInteger())
    return false;
  errno = 0;
  char *end = nullptr;
  long long v = std::strtoll(text.c_str(), &end, 10);
  if (errno == ERANGE || end == text.c_str() || *end != '\0')
    return false;
  out = static_cast<int64_t>(v);
  return true;
}

double JsonValue::getDouble() const { return std::strtod(text.c_str(), nullptr); }

const JsonValue *JsonValue::find(const std::string &key) const {
  if (kind != Kind::Object)
    return nullptr;
  for (const auto &m : members)
    if (m.first == key)
      return &m.second;
  return nullptr;
}

std::string JsonValue::where() const {
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

const char *jsonKindName(JsonValue::Kind kind) {
  switch (kind) {
  case JsonValue::Kind::Null: return "null";
  case JsonValue::Kind::Bool: return "boolean";
  case JsonValue::Kind::Number: return "number";
  case JsonValue::Kind::String: return "string";
  case JsonValue::Kind::Array: return "array";
  case JsonValue::Kind::Object: return "object";
  }
  return "?";
}

namespace {

class Parser {
public:
  explicit Parser(const std::string &t) : text(t) {}

  bool parseDocument(JsonValue &out, std::string &error) {
    skipWs();
    if (!parseValue(out, 0))
      return finish(error);
    skipWs();
    if (pos != text.size()) {
      fail("unexpected trailing characters after the JSON value");
      return finish(error);
    }
    return true;
  }

private:
  const std::string &text;
  size_t pos = 0;
  int line = 1;
  size_t lineStart = 0;
  std::string err;

  bool finish(std::string &error) {
    error = err;
    return false;
  }
  int col() const { return static_cast<int>(pos - lineStart) + 1; }
  bool fail(const std::string &msg) {
    if (err.empty())
      err = "JSON parse error at line " + std::to_string(line) + ", column " +
            std::to_string(col()) + ": " + msg;
    return false;
  }
  void skipWs() {
    while (pos < text.size()) {
      char c = text[pos];
      if (c == '\n') {
        ++pos;
        ++line;
        lineStart = pos;
      } else if (c == ' ' || c == '\t' || c == '\r') {
        ++pos;
      } else {
        break;
      }
    }
  }
  bool parseValue(JsonValue &v, int depth) {
    if (depth > 64)
      return fail("nesting too deep");
    if (pos >= text.size())
      return fail("unexpected end of input, expected a value");
    v = JsonValue();
    v.line = line;
    v.column = col();
    char c = text[pos];
    if (c == '{')
      return parseObject(v, depth);
    if (c == '[')
      return parseArray(v, depth);
    if (c == '"') {
      v.kind = JsonValue::Kind::String;
      return parseString(v.text);
    }
    if (c == '-' || (c >= '0' && c <= '9'))
      return parseNumber(v);
    if (text.compare(pos, 4, "true") == 0) {
      pos += 4;
      v.kind = JsonValue::Kind::Bool;
      v.boolValue = true;
      return true;
    }
    if (text.compare(pos, 5, "false") == 0) {
      pos += 5;
      v.kind = JsonValue::Kind::Bool;
      return true;
    }
    if (text.compare(pos, 4, "null") == 0) {
      pos += 4;
      return true;
    }
    if (c == '/')
      return fail("comments are not allowed in JSON");
    return fail(std::string("unexpected character '") + c + "'");
  }
  bool parseObject(JsonValue &v, int depth) {
    v.kind = JsonValue::Kind::Object;
    ++pos; // {
    skipWs();
    if (pos < text.size() && text[pos] == '}') {
      ++pos;
      return true;
    }
    while (true) {
      skipWs();
      if (pos >= text.size() || text[pos] != '"')
        return fail(pos < text.size() && text[pos] == '}'
                        ? "trailing comma in object"
                        : "expected a string key");
      std::string key;
      if (!parseString(key))
        return false;
      if (v.find(key))
        return fail("duplicate key \"" + key + "\"");
      skipWs();
      if (pos >= text.size() || text[pos] != ':')
        return fail("expected ':' after key \"" + key + "\"");
      ++pos;
      skipWs();
      JsonValue member;
      if (!parseValue(member, depth + 1))
        return false;
      v.members.emplace_back(std::move(key), std::move(member));
      skipWs();
      if (pos < text.size() && text[pos] == ',') {
        ++pos;
        continue;
      }
      if (pos < text.size() && text[pos] == '}') {
        ++pos;
        return true;
      }
      return fail("expected ',' or '}' in object");
    }
  }
  bool parseArray(JsonValue &v, int depth) {
    v.kind = JsonValue::Kind::Array;
    ++pos; // [
    skipWs();
    if (pos < text.size() && text[pos] == ']') {
      ++pos;
      return true;
    }
    while (true) {
      skipWs();
      if (pos < text.size() && text[pos] == ']')
        return fail("trailing comma in array");
      JsonValue item;
      if (!parseValue(item, depth + 1))
        return false;
      v.items.push_back(std::move(item));
      skipWs();
      if (pos < text.size() && text[pos] == ',') {
        ++pos;
        continue;
      }
      if (pos < text.size() && text[pos] == ']') {
        ++pos;
        return true;
      }
      return fail("expected ',' or ']' in array");
    }
  }
  static void appendUtf8(std::string &s, uint32_t cp) {
    if (cp < 0x80) {
      s += static_cast<char>(cp);
    } else if (cp < 0x800) {
      s += static_cast<char>(0xC0 | (cp >> 6));
      s += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      s += static_cast<char>(0xE0 | (cp >> 12));
      s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      s += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      s += static_cast<char>(0xF0 | (cp >> 18));
      s += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      s += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }
  bool parseHex4(uint32_t &cp) {
    if (pos + 4 > text.size())
      return fail("truncated \\u escape");
    cp = 0;
    for (int i = 0; i < 4; ++i) {
      char c = text[pos++];
      cp <<= 4;
      if (c >= '0' && c <= '9')
        cp |= c - '0';
      else if (c >= 'a' && c <= 'f')
        cp |= c - 'a' + 10;
      else if (c >= 'A' && c <= 'F')
        cp |= c - 'A' + 10;
      else
        return fail("bad hex digit in \\u escape");
    }
    return true;
  }
  bool parseString(std::string &out) {
    ++pos; // opening quote
    out.clear();
    while (true) {
      if (pos >= text.size())
        return fail("unterminated string");
      char c = text[pos++];
      if (c == '"')
        return true;
      if (static_cast<unsigned char>(c) < 0x20)
        return fail("control character in string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos >= text.size())
        return fail("unterminated escape");
      char e = text[pos++];
      switch (e) {
      case '"': out += '"'; break;
      case '\\': out += '\\'; break;
      case '/': out += '/'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'u': {
        uint32_t cp = 0;
        if (!parseHex4(cp))
          return false;
        if (cp >= 0xD800 && cp <= 0xDBFF) {
          if (pos + 2 > text.size() || text[pos] != '\\' || text[pos + 1] != 'u')
            return fail("unpaired surrogate in \\u escape");
          pos += 2;
          uint32_t lo = 0;
          if (!parseHex4(lo))
            return false;
          if (lo < 0xDC00 || lo > 0xDFFF)
            return fail("bad low surrogate in \\u escape");
          cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
        } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
          return fail("unpaired surrogate in \\u escape");
        }
        appendUtf8(out, cp);
        break;
      }
      default:
        return fail(std::string("bad escape '\\") + e + "'");
      }
    }
  }
  bool parseNumber(JsonValue &v) {
    v.kind = JsonValue::Kind::Number;
    size_t start = pos;
    auto digit = [&](size_t p) { return p < text.size() && text[p] >= '0' && text[p] <= '9'; };
    if (text[pos] == '-')
      ++pos;
    if (!digit(pos))
      return fail("bad number");
    if (text[pos] == '0') {
      ++pos;
      if (digit(pos))
        return fail("leading zeros are not allowed in numbers");
    } else {
      while (digit(pos))
        ++pos;
    }
    if (pos < text.size() && text[pos] == '.') {
      ++pos;
      if (!digit(pos))
        return fail("bad number: digit expected after '.'");
      while (digit(pos))
        ++pos;
    }
    if (pos < text.size() && (text[pos] == 'e' || text[pos] == 'E')) {
      ++pos;
      if (pos < text.size() && (text[pos] == '+' || text[pos] == '-'))
        ++pos;
      if (!digit(pos))
        return fail("bad number: digit expected in exponent");
      while (digit(pos))
        ++pos;
    }
    v.text = text.substr(start, pos - start);
    return true;
  }
};

} // namespace

bool parseJson(const std::string &text, JsonValue &out, std::string &error) {
  Parser p(text);
  return p.parseDocument(out, error);
}

std::string jsonQuote(const std::string &s) {
  std::string r = "\"";
  for (char c : s) {
    switch (c) {
    case '"': r += "\\\""; break;
    case '\\': r += "\\\\"; break;
    case '\n': r += "\\n"; break;
    case '\r': r += "\\r"; break;
    case '\t': r += "\\t"; break;
    case '\b': r += "\\b"; break;
    case '\f': r += "\\f"; break;
    default:
      if (static_cast<unsigned char>(c) < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned char>(c));
        r += buf;
      } else {
        r += c;
      }
    }
  }
  r += '"';
  return r;
}

std::string jsonNumber(double v) {
  if (!std::isfinite(v))
    return "null";
  char buf[40];
  for (int prec = 1; prec <= 17; ++prec) {
    std::snprintf(buf, sizeof buf, "%.*g", prec, v);
    if (std::strtod(buf, nullptr) == v)
      break;
  }
  return buf;
}

std::string jsonFloat(float v) {
  if (!std::isfinite(v))
    return "null";
  char buf[40];
  for (int prec = 1; prec <= 9; ++prec) {
    std::snprintf(buf, sizeof buf, "%.*g", prec, static_cast<double>(v));
    if (std::strtof(buf, nullptr) == v)
      break;
  }
  return buf;
}

} // namespace gemm_opt::runtime
