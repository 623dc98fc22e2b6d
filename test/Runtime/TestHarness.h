//===- TestHarness.h - EXPECT macros of the runtime unit tests --*- C++ -*-===//
#ifndef GEMM_OPT_TEST_RUNTIME_TESTHARNESS_H
#define GEMM_OPT_TEST_RUNTIME_TESTHARNESS_H

#include <cstdio>
#include <string>

inline int gPassed = 0, gFailed = 0;

#define EXPECT(cond)                                                                                                   \
  do {                                                                                                                 \
    if (cond) {                                                                                                        \
      ++gPassed;                                                                                                       \
    } else {                                                                                                           \
      ++gFailed;                                                                                                       \
      std::printf("FAILED %s:%d: %s\n", __FILE__, __LINE__, #cond);                                                    \
    }                                                                                                                  \
  } while (0)

#define EXPECT_MSG(cond, msg)                                                                                          \
  do {                                                                                                                 \
    if (cond) {                                                                                                        \
      ++gPassed;                                                                                                       \
    } else {                                                                                                           \
      ++gFailed;                                                                                                       \
      std::printf("FAILED %s:%d: %s (%s)\n", __FILE__, __LINE__, #cond, std::string(msg).c_str());                     \
    }                                                                                                                  \
  } while (0)

inline bool contains(const std::string &s, const std::string &sub) { return s.find(sub) != std::string::npos; }

#endif // GEMM_OPT_TEST_RUNTIME_TESTHARNESS_H
