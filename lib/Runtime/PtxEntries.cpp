//===- PtxEntries.cpp - Kernel entries of a PTX module --------------------===//
#include "gemm-opt/Runtime/PtxEntries.h"

#include <cctype>
#include <string>

namespace gemm_opt::runtime {

namespace {

/// `ptx` with comments replaced by spaces (so that a commented-out entry is
/// not read), string literals left alone.
std::string stripComments(const std::string &ptx) {
  std::string s = ptx;
  for (size_t i = 0; i + 1 < s.size(); ++i) {
    if (s[i] == '/' && s[i + 1] == '/') {
      while (i < s.size() && s[i] != '\n')
        s[i++] = ' ';
    } else if (s[i] == '/' && s[i + 1] == '*') {
      size_t end = s.find("*/", i + 2);
      end = end == std::string::npos ? s.size() : end + 2;
      for (; i < end; ++i)
        if (s[i] != '\n')
          s[i] = ' ';
      --i;
    }
  }
  return s;
}

bool isIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '%'; }

/// Size in bytes of a PTX fundamental type (".u32" -> 4), or 0.
uint64_t typeBytes(const std::string &t) {
  if (t.size() < 3 || t[0] != '.' || std::string("usbf").find(t[1]) == std::string::npos)
    return 0;
  const std::string bits = t.substr(2);
  if (bits == "8")
    return t[1] == 'f' ? 0 : 1;
  if (bits == "16")
    return 2;
  if (bits == "32")
    return 4;
  if (bits == "64")
    return 8;
  return 0;
}

/// One parameter declaration: ".param [attributes] .TYPE [attributes] NAME[N]".
bool parseParam(const std::string &decl, PtxParam &p, std::string &error) {
  std::vector<std::string> tokens;
  size_t i = 0;
  while (i < decl.size()) {
    while (i < decl.size() && std::isspace(static_cast<unsigned char>(decl[i])))
      ++i;
    size_t start = i;
    while (i < decl.size() && !std::isspace(static_cast<unsigned char>(decl[i])))
      ++i;
    if (i > start)
      tokens.push_back(decl.substr(start, i - start));
  }
  if (tokens.size() < 3 || tokens[0] != ".param")
    return error = "cannot read the parameter declaration '" + decl + "'", false;
  for (size_t t = 1; t + 1 < tokens.size() && p.bytes == 0; ++t)
    if (uint64_t b = typeBytes(tokens[t])) {
      p.type = tokens[t];
      p.bytes = b;
    }
  if (p.bytes == 0)
    return error = "no parameter type in '" + decl + "'", false;
  const std::string &name = tokens.back();
  size_t open = name.find('[');
  if (open != std::string::npos) {
    size_t close = name.find(']', open);
    std::string n = close == std::string::npos ? "" : name.substr(open + 1, close - open - 1);
    if (n.empty() || n.size() > 9 || n.find_first_not_of("0123456789") != std::string::npos)
      return error = "cannot read the array extent in '" + decl + "'", false;
    p.bytes *= std::stoull(n);
  }
  return true;
}

} // namespace

bool parsePtxEntries(const std::string &ptx, std::vector<PtxEntry> &out, std::string &error) {
  out.clear();
  const std::string s = stripComments(ptx);
  size_t pos = 0;
  while ((pos = s.find(".entry", pos)) != std::string::npos) {
    pos += 6;
    if (pos < s.size() && isIdentChar(s[pos]))
      continue; // e.g. ".entryfoo" is not the directive
    while (pos < s.size() && std::isspace(static_cast<unsigned char>(s[pos])))
      ++pos;
    size_t start = pos;
    while (pos < s.size() && isIdentChar(s[pos]))
      ++pos;
    PtxEntry e;
    e.name = s.substr(start, pos - start);
    if (e.name.empty())
      return error = "a .entry without a name", false;
    while (pos < s.size() && std::isspace(static_cast<unsigned char>(s[pos])))
      ++pos;
    if (pos < s.size() && s[pos] == '(') {
      size_t close = s.find(')', pos);
      if (close == std::string::npos)
        return error = "the parameter list of .entry " + e.name + " is not closed", false;
      std::string list = s.substr(pos + 1, close - pos - 1);
      pos = close + 1;
      if (list.find_first_not_of(" \t\r\n") != std::string::npos) {
        size_t from = 0;
        while (true) {
          size_t comma = list.find(',', from);
          PtxParam p;
          if (!parseParam(list.substr(from, comma == std::string::npos ? std::string::npos : comma - from), p,
                          error))
            return error = ".entry " + e.name + ": " + error, false;
          e.params.push_back(p);
          if (comma == std::string::npos)
            break;
          from = comma + 1;
        }
      }
    }
    out.push_back(std::move(e));
  }
  return true;
}

bool checkManifestAgainstPtx(const KernelManifest &m, const std::string &ptx, std::string &error) {
  std::vector<PtxEntry> entries;
  std::string why;
  if (!parsePtxEntries(ptx, entries, why))
    return error = "PTX: " + why, false;
  if (entries.empty())
    return error = "the PTX has no .entry (is it PTX?)", false;
  for (size_t i = 0; i < m.kernels.size(); ++i) {
    const KernelDesc &k = m.kernels[i];
    const std::string at = "manifest: kernels[" + std::to_string(i) + "] (\"" + k.name + "\"): ";
    const PtxEntry *e = nullptr;
    for (const PtxEntry &c : entries)
      e = !e && c.name == k.name ? &c : e;
    if (!e) {
      std::string names;
      for (const PtxEntry &c : entries)
        names += (names.empty() ? "" : ", ") + c.name;
      return error = at + "the PTX has no .entry of that name (it has " + names + ")", false;
    }
    if (e->params.size() != k.params.size())
      return error = at + "lists " + std::to_string(k.params.size()) + " params, the PTX entry has " +
                     std::to_string(e->params.size()),
             false;
    for (size_t j = 0; j < k.params.size(); ++j) {
      const ParamAbi abi = k.params[j].abi;
      const uint64_t want = (abi == ParamAbi::I32 || abi == ParamAbi::F32) ? 4 : 8;
      if (e->params[j].bytes != want)
        return error = at + "params[" + std::to_string(j) + "] is " + paramAbiName(abi) + " (" +
                       std::to_string(want) + " bytes), the PTX entry's parameter " + std::to_string(j) + " is " +
                       e->params[j].type + " (" + std::to_string(e->params[j].bytes) + " bytes)",
               false;
    }
  }
  return true;
}

} // namespace gemm_opt::runtime
