//===- Timing.cpp - CUDA-event timing of launch sequences -----------------===//
#include "Timing.h"
#include "gemm-opt/Runtime/Numerics.h"

#include <algorithm>
#include <vector>

namespace gemm_opt::runtime {

namespace {

struct EventPool {
  CudaDriver &drv;
  std::vector<cu::CUevent> events;
  EventPool(CudaDriver &d, size_t n) : drv(d) {
    events.reserve(n);
    for (size_t i = 0; i < n; ++i)
      events.push_back(d.createEvent());
  }
  ~EventPool() {
    for (auto e : events)
      drv.destroyEvent(e);
  }
};

Timing summarize(const std::vector<double> &t) {
  Timing r;
  r.median = median(t);
  r.min = *std::min_element(t.begin(), t.end());
  r.max = *std::max_element(t.begin(), t.end());
  return r;
}

} // namespace

Timing timeSequences(CudaDriver &drv, int warmup, int repeat, size_t sets, EnqueueFn enqueue) {
  for (int i = 0; i < warmup; ++i)
    enqueue(static_cast<size_t>(i) % sets);
  drv.synchronize();
  EventPool ev(drv, 2 * static_cast<size_t>(repeat));
  for (int i = 0; i < repeat; ++i) {
    drv.record(ev.events[2 * i], nullptr);
    enqueue(static_cast<size_t>(i) % sets);
    drv.record(ev.events[2 * i + 1], nullptr);
  }
  drv.syncEvent(ev.events.back());
  drv.synchronize(); // surfaces asynchronous launch errors
  std::vector<double> t;
  for (int i = 0; i < repeat; ++i)
    t.push_back(drv.elapsedMs(ev.events[2 * i], ev.events[2 * i + 1]));
  return summarize(t);
}

std::pair<Timing, Timing> timeInterleaved(CudaDriver &drv, int warmup, int repeat, size_t sets, EnqueueFn enqueueA,
                                          EnqueueFn enqueueB) {
  size_t next = 0;
  for (int i = 0; i < warmup; ++i) {
    enqueueA(next++ % sets);
    enqueueB(next++ % sets);
  }
  drv.synchronize();
  EventPool ev(drv, 4 * static_cast<size_t>(repeat));
  for (int i = 0; i < repeat; ++i) {
    drv.record(ev.events[4 * i], nullptr);
    enqueueA(next++ % sets);
    drv.record(ev.events[4 * i + 1], nullptr);
    drv.record(ev.events[4 * i + 2], nullptr);
    enqueueB(next++ % sets);
    drv.record(ev.events[4 * i + 3], nullptr);
  }
  drv.syncEvent(ev.events.back());
  drv.synchronize();
  std::vector<double> ta, tb;
  for (int i = 0; i < repeat; ++i) {
    ta.push_back(drv.elapsedMs(ev.events[4 * i], ev.events[4 * i + 1]));
    tb.push_back(drv.elapsedMs(ev.events[4 * i + 2], ev.events[4 * i + 3]));
  }
  return {summarize(ta), summarize(tb)};
}

} // namespace gemm_opt::runtime
