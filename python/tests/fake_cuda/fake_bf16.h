/* bf16 <-> f32 for the fake device's 16-bit kernels and libraries (round to
 * nearest even, as __float2bfloat16_rn; NaN stays NaN). */
#ifndef FAKE_BF16_H
#define FAKE_BF16_H
#include <math.h>
#include <stdint.h>
#include <string.h>

static inline float bf16ToFloat(uint16_t h) {
  uint32_t u = (uint32_t)h << 16;
  float f;
  memcpy(&f, &u, 4);
  return f;
}

static inline uint16_t floatToBf16(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  if ((u & 0x7fffffffu) > 0x7f800000u)
    return (uint16_t)((u >> 16) | 0x40);
  return (uint16_t)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}

static inline float geluTanh(float x) {
  return 0.5f * x * (1.f + tanhf(0.7978845608028654f * (x + 0.044715f * x * x * x)));
}
#endif
