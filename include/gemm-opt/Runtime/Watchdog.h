//===- Watchdog.h - A time limit on one blocking step -----------*- C++ -*-===//
//
// A kernel that never finishes blocks its host thread in the driver's
// synchronization forever: nothing in the process can take it back. The
// watchdog turns that into a named failure: a thread waits `seconds` for
// the guarded step to end (the watchdog's destruction) and otherwise calls
// `onExpiry` (gemm-run --tune: say which candidate and leave, the database
// keeping the shapes already swept).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_WATCHDOG_H
#define GEMM_OPT_RUNTIME_WATCHDOG_H

#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace gemm_opt::runtime {

class Watchdog {
public:
  /// Guards the scope of this object: `onExpiry` runs on the watchdog's
  /// thread if the object still lives `seconds` from now. No limit (and no
  /// thread) for seconds <= 0.
  Watchdog(double seconds, std::function<void()> onExpiry);
  /// Ends the guard at once (the thread wakes and leaves).
  ~Watchdog();
  Watchdog(const Watchdog &) = delete;
  Watchdog &operator=(const Watchdog &) = delete;

private:
  std::mutex m;
  std::condition_variable cv;
  bool done = false;
  std::thread thread;
};

} // namespace gemm_opt::runtime

#endif // GEMM_OPT_RUNTIME_WATCHDOG_H
