//===- JsonWriting.cpp - Value spellings for the runtime's JSON writers ---===//
#include "gemm-opt/Runtime/JsonWriting.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace gemm_opt::runtime {

std::string jsonQuote(llvm::StringRef s) {
  std::string out;
  llvm::raw_string_ostream os(out);
  // json::Value asserts on invalid UTF-8 (a command line may hold any bytes).
  os << llvm::json::Value(llvm::json::isUTF8(s) ? s.str() : llvm::json::fixUTF8(s));
  return out;
}

std::string roundTripDecimal(double v, char conversion) {
  const char *format = conversion == 'e' ? "%.*e" : "%.*g";
  char buf[48];
  for (int prec = 1; prec <= 17; ++prec) {
    std::snprintf(buf, sizeof buf, format, prec, v);
    if (std::strtod(buf, nullptr) == v)
      break;
  }
  return buf;
}

std::string jsonNumber(double v) {
  return std::isfinite(v) ? roundTripDecimal(v, 'g') : "null";
}

std::string u128Decimal(unsigned __int128 v) {
  std::string s;
  do {
    s.insert(s.begin(), char('0' + int(v % 10)));
    v /= 10;
  } while (v);
  return s;
}

std::string jsonFloat(float v) {
  if (!std::isfinite(v))
    return "null";
  // llvm::json reads "-0" as the integer 0; a fraction keeps the sign.
  if (v == 0 && std::signbit(v))
    return "-0.0";
  char buf[40];
  // Up to 17 digits: the decimal then names the double of `v` itself, which
  // converts back exactly, even where a shorter one would round twice.
  for (int prec = 1; prec <= 17; ++prec) {
    std::snprintf(buf, sizeof buf, "%.*g", prec, static_cast<double>(v));
    if (static_cast<float>(std::strtod(buf, nullptr)) == v)
      break;
  }
  return buf;
}

} // namespace gemm_opt::runtime
