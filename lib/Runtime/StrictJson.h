//===- StrictJson.h - What the strict manifest readers share ----*- C++ -*-===//
//
// The version-1/2 reader (ManifestReader.cpp) and the version-3 reader
// (DynamicManifest.cpp) read JSON the same strict way: a nesting limit and
// duplicate keys checked on the text (llvm::json checks neither), then
// llvm::json values mapped field by field (FieldReader) so that every error
// names its path ("kernels[0].grid[1]") and the value at fault. Private to
// the runtime library.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_OPT_RUNTIME_STRICTJSON_H
#define GEMM_OPT_RUNTIME_STRICTJSON_H

#include "gemm-opt/Runtime/Manifest.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/JSON.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace gemm_opt::runtime::strict {

/// A key of a JSON object as written: its decoded name and the offset of its
/// opening quote in the text.
struct JsonKey {
  std::string name;
  size_t offset = 0;
};

/// "[line:column, byte=offset]", as llvm::json::ParseError words a position.
std::string textPosition(llvm::StringRef text, size_t offset);

/// What every reader does with a manifest's text: the nesting limit (64
/// levels), llvm::json's parse, then no key twice in one object. When
/// `onObject` is given it sees the keys of each object, in the order written,
/// as the object closes (objects in order of their closing brace); it
/// returns false with `error` set to reject the text. Errors start with
/// "manifest: ".
bool parseJsonText(llvm::StringRef text, llvm::json::Value &out, std::string &error,
                   llvm::function_ref<bool(llvm::ArrayRef<JsonKey>, std::string &)> onObject = nullptr);

/// The offset just past the JSON value that starts at `at` in valid JSON
/// text (a string, an array or object with all it holds, or a scalar), so
/// that a reader can hand a part of a manifest on exactly as written.
size_t skipJsonValue(llvm::StringRef text, size_t at);
/// Runs `read` on `root` (a fromJSON-style reader that reports through
/// fail()); on failure sets `error` to "manifest: <path>: <detail>" ("top
/// level" for the root) and returns false.
bool readJson(const llvm::json::Value &root, llvm::function_ref<bool(const llvm::json::Value &, llvm::json::Path)> read,
              std::string &error);

/// Reports `detail` at `path` (the first detail of a read is the one
/// readJson words); always false.
bool fail(llvm::json::Path path, std::string detail);

/// "null" | "boolean" | "number" | "string" | "array" | "object".
const char *kindName(const llvm::json::Value &v);
bool expectKind(const llvm::json::Value &v, llvm::json::Value::Kind kind, const char *expected, llvm::json::Path path);

/// An integer in [lo, hi]. llvm::json keeps a number written with a fraction
/// or an exponent as a double: that is no integer here, even when integral.
bool readInt(const llvm::json::Value &v, llvm::json::Path path, int64_t &out, int64_t lo, int64_t hi);

/// A list of integers in [lo, hi].
template <typename T>
bool readIntList(const llvm::json::Value &v, llvm::json::Path path, std::vector<T> &out, int64_t lo, int64_t hi) {
  if (!expectKind(v, llvm::json::Value::Array, "array", path))
    return false;
  out.clear();
  const llvm::json::Array &items = *v.getAsArray();
  for (size_t i = 0; i < items.size(); ++i) {
    int64_t d;
    if (!readInt(items[i], path.index(i), d, lo, hi))
      return false;
    out.push_back(static_cast<T>(d));
  }
  return true;
}

/// grid, block, cluster: three dimensions, each in [1, 2^32-1].
bool readDims3(const llvm::json::Value &v, llvm::json::Path path, std::array<uint32_t, 3> &out);

/// json::ObjectMapper with what a strict reader adds: a missing field is
/// reported at its object, and a field that no one asked for is an error.
class FieldReader {
public:
  /// Reports an error unless `v` is an object; check with isObject().
  FieldReader(const llvm::json::Value &v, llvm::json::Path path)
      : object(v.getAsObject()), path(path), mapper(v, path) {
    if (!object)
      fail(path, std::string("expected object, found ") + kindName(v));
  }
  bool isObject() const { return object; }
  bool has(llvm::StringRef key) const { return object->get(key); }
  llvm::json::Path field(llvm::StringLiteral key) const { return path.field(key); }

  /// The value of `key`, or null after a "missing field" error.
  const llvm::json::Value *get(llvm::StringLiteral key) {
    used.insert(key);
    const llvm::json::Value *v = object->get(key);
    if (!v)
      fail(path, "missing field \"" + key.str() + "\"");
    return v;
  }
  /// Reads `key` through the fromJSON of `T`.
  template <typename T> bool map(llvm::StringLiteral key, T &out) { return get(key) && mapper.map(key, out); }
  bool mapInt(llvm::StringLiteral key, int64_t &out, int64_t lo, int64_t hi) {
    const llvm::json::Value *v = get(key);
    return v && readInt(*v, field(key), out, lo, hi);
  }
  bool mapDims3(llvm::StringLiteral key, std::array<uint32_t, 3> &out) {
    const llvm::json::Value *v = get(key);
    return v && readDims3(*v, field(key), out);
  }
  template <typename T> bool mapIntList(llvm::StringLiteral key, std::vector<T> &out, int64_t lo, int64_t hi) {
    const llvm::json::Value *v = get(key);
    return v && readIntList(*v, field(key), out, lo, hi);
  }
  /// Fails on the first key (in sorted order) that no get() asked for.
  bool noUnknownKeys();

private:
  const llvm::json::Object *object;
  llvm::json::Path path;
  llvm::json::ObjectMapper mapper;
  llvm::StringSet<> used;
};

} // namespace gemm_opt::runtime::strict

namespace gemm_opt::runtime {
/// parseManifest after the text checks: reads an already parsed manifest of
/// version 1 or 2 and validates it (validateManifest). The version-3 reader
/// hands it each instantiation, so that its numbers are read exactly as
/// written (an integral 1.0 stays no integer).
bool readManifest(const llvm::json::Value &root, KernelManifest &out, std::string &error);
} // namespace gemm_opt::runtime

#endif // GEMM_OPT_RUNTIME_STRICTJSON_H
