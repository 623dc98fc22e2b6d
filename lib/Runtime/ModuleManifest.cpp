//===- ModuleManifest.cpp - Reader of version-4 manifests -----------------===//
//
// Each function's manifest is handed to its own reader as the text it was
// written as: a reader of version 3 checks the order of keys, and the
// readers tell an integer from a number with a fraction, which a parsed
// and re-printed JSON value would lose. So the container is parsed for its
// checks, and the functions are cut out of the text.
//
//===----------------------------------------------------------------------===//

#include "gemm-opt/Runtime/ModuleManifest.h"
#include "StrictJson.h"
#include "gemm-opt/Runtime/DynamicManifest.h"
#include "gemm-opt/Runtime/Manifest.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

namespace gemm_opt::runtime {
namespace json = llvm::json;
using strict::FieldReader;
using strict::JsonKey;

namespace {

/// The text of each element of the array that follows key `key` (the offset
/// of its opening quote) in valid JSON text.
std::vector<std::string> arrayElementTexts(llvm::StringRef text, size_t key) {
  std::vector<std::string> out;
  size_t i = strict::skipJsonValue(text, key); // the key
  i = text.find('[', text.find(':', i));       // its array
  const char *space = " \t\r\n";
  for (i = text.find_first_not_of(space, i + 1); i < text.size() && text[i] != ']';) {
    size_t end = strict::skipJsonValue(text, i);
    out.push_back(text.slice(i, end).str());
    i = text.find_first_not_of(space, end);
    if (i < text.size() && text[i] == ',')
      i = text.find_first_not_of(space, i + 1);
  }
  return out;
}

/// "manifest: <where>: <detail>" from a reader's "manifest: <detail>".
std::string nested(const std::string &where, const std::string &error) {
  llvm::StringRef detail(error);
  detail.consume_front("manifest: ");
  return "manifest: " + where + ": " + detail.str();
}

/// Reads function `i` of a version-4 manifest through its own reader.
bool readFunction(const std::string &text, size_t i, const ModuleManifest &module, ModuleFunction &out,
                  std::string &error) {
  std::string where = "functions[" + std::to_string(i) + "]";
  std::optional<int64_t> version = manifestVersionOf(text);
  std::string stage, chip;
  if (version == kManifestVersion || version == kManifestVersionOps) {
    KernelManifest m;
    if (!parseManifest(text, m, error))
      return error = nested(where, error), false;
    out.func = m.func, stage = m.stage, chip = m.chip;
  } else if (version == kManifestVersionDynamic) {
    DynamicManifest m;
    if (!parseDynamicManifest(text, m, error))
      return error = nested(where, error), false;
    out.func = m.func, stage = m.stage, chip = m.chip;
  } else {
    error = "manifest: " + where + ": a function's manifest has version 1, 2 or 3" +
            (version ? ", not " + std::to_string(*version) : std::string());
    return false;
  }
  where += " (@" + out.func + ")";
  if (stage != module.stage || chip != module.chip) {
    error = "manifest: " + where + ": stage \"" + stage + "\" and chip \"" + chip + "\" are not the manifest's (\"" +
            module.stage + "\", \"" + module.chip + "\")";
    return false;
  }
  out.version = static_cast<int>(*version);
  out.text = text;
  return true;
}

} // namespace

bool parseModuleManifest(const std::string &text, ModuleManifest &out, std::string &error) {
  json::Value root = nullptr;
  std::vector<JsonKey> topKeys;
  auto keepTop = [&](llvm::ArrayRef<JsonKey> keys, std::string &) {
    topKeys.assign(keys.begin(), keys.end()); // the top level closes last
    return true;
  };
  if (!strict::parseJsonText(text, root, error, keepTop))
    return false;
  ModuleManifest m;
  size_t count = 0;
  auto read = [&](const json::Value &v, json::Path path) {
    FieldReader r(v, path);
    if (!r.isObject())
      return false;
    std::string format;
    int64_t version;
    if (!r.map("format", format) || !r.mapInt("version", version, 0, 1 << 30))
      return false;
    if (format != kManifestFormat)
      return strict::fail(r.field("format"),
                          "expected \"" + std::string(kManifestFormat) + "\", found \"" + format + "\"");
    if (version != kManifestVersionModule)
      return strict::fail(r.field("version"), "this reader reads version " + std::to_string(kManifestVersionModule) +
                                                  ", found " + std::to_string(version));
    if (!r.map("stage", m.stage) || !r.map("chip", m.chip))
      return false;
    const json::Value *functions = r.get("functions");
    if (!functions || !strict::expectKind(*functions, json::Value::Array, "array", r.field("functions")))
      return false;
    count = functions->getAsArray()->size();
    if (count == 0)
      return strict::fail(r.field("functions"), "expected at least one function");
    for (size_t i = 0; i < count; ++i)
      if (!strict::expectKind((*functions->getAsArray())[i], json::Value::Object, "object",
                              r.field("functions").index(i)))
        return false;
    return r.noUnknownKeys();
  };
  if (!strict::readJson(root, read, error))
    return false;
  auto key = llvm::find_if(topKeys, [](const JsonKey &k) { return k.name == "functions"; });
  std::vector<std::string> texts = arrayElementTexts(text, key->offset);
  if (texts.size() != count) {
    error = "manifest: functions: cannot cut the functions out of the text";
    return false;
  }
  llvm::StringSet<> names;
  for (size_t i = 0; i < texts.size(); ++i) {
    ModuleFunction f;
    if (!readFunction(texts[i], i, m, f, error))
      return false;
    if (!names.insert(f.func).second) {
      error = "manifest: functions[" + std::to_string(i) + "]: a second function named \"" + f.func + "\"";
      return false;
    }
    m.functions.push_back(std::move(f));
  }
  out = std::move(m);
  return true;
}

bool manifestFunctions(const std::string &text, std::vector<ModuleFunction> &out, std::string &error) {
  std::optional<int64_t> version = manifestVersionOf(text);
  if (version == kManifestVersionModule) {
    ModuleManifest m;
    if (!parseModuleManifest(text, m, error))
      return false;
    out = std::move(m.functions);
    return true;
  }
  ModuleFunction f;
  f.version = version ? static_cast<int>(*version) : 0;
  f.text = text;
  json::Value root = nullptr;
  if (strict::parseJsonText(text, root, error) && root.getAsObject())
    if (std::optional<llvm::StringRef> func = root.getAsObject()->getString("func"))
      f.func = func->str();
  error.clear();
  out = {std::move(f)};
  return true;
}

std::string functionNames(const std::vector<ModuleFunction> &functions) {
  std::vector<std::string> names;
  for (const ModuleFunction &f : functions)
    names.push_back(f.func);
  return llvm::join(names, ", ");
}

} // namespace gemm_opt::runtime
