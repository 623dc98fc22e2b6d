//===- JsonWriting.h - Value spellings for the runtime's JSON writers -*- C++ -*-===//
//
// The manifest and the results keep a fixed, documented layout (compact
// arrays, one parameter or kernel per line) that json::OStream does not
// produce, so their writers lay out the lines and take each value's spelling
// from here: strings from llvm::json (its escaping, UTF-8 checked), numbers
// as the shortest decimal that reads back to the same value.
//
//===----------------------------------------------------------------------===//
#ifndef GEMM_OPT_RUNTIME_JSONWRITING_H
#define GEMM_OPT_RUNTIME_JSONWRITING_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace gemm_opt::runtime {

/// `s` as a JSON string literal, escaped by llvm::json (invalid UTF-8 is
/// replaced by U+FFFD, as llvm::json::Value does).
std::string jsonQuote(llvm::StringRef s);
/// The shortest decimal that reads back to `v` ("%.17g" at most); non-finite
/// values become null.
/// The shortest printf "%.N<conversion>" ('g' or 'e') of `v` that reads
/// back as `v`.
std::string roundTripDecimal(double v, char conversion);
std::string jsonNumber(double v);
/// The shortest decimal that reads back to `v` the way the manifest reader
/// reads an f32 (to double, then to float); -0 is "-0.0" (llvm::json reads
/// "-0" as the integer 0); non-finite values become null.
std::string jsonFloat(float v);
/// The decimal digits of `v` (byte counts past 2^64 in messages).
std::string u128Decimal(unsigned __int128 v);
/// "[1, 2, 3]": a list of integers (a std::vector, a grid's std::array) as
/// a JSON array (also used in messages).
template <typename List> std::string jsonIntList(const List &v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i)
    s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

} // namespace gemm_opt::runtime

#endif // GEMM_OPT_RUNTIME_JSONWRITING_H
