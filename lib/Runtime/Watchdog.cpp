//===- Watchdog.cpp - A time limit on one blocking step -------------------===//

#include "gemm-opt/Runtime/Watchdog.h"

#include <chrono>

using namespace gemm_opt::runtime;

Watchdog::Watchdog(double seconds, std::function<void()> onExpiry) {
  if (seconds <= 0)
    return;
  thread = std::thread([this, seconds, onExpiry = std::move(onExpiry)] {
    std::unique_lock<std::mutex> lock(m);
    if (cv.wait_for(lock, std::chrono::duration<double>(seconds),
                    [this] { return done; }))
      return;
    lock.unlock();
    onExpiry();
  });
}

Watchdog::~Watchdog() {
  if (!thread.joinable())
    return;
  {
    std::lock_guard<std::mutex> lock(m);
    done = true;
  }
  cv.notify_one();
  thread.join();
}
