//===- WatchdogTests.cpp - The time limit of gemm-run --tune's candidates -===//

#include "gemm-opt/Runtime/Watchdog.h"
#include "TestHarness.h"

#include <atomic>
#include <chrono>
#include <thread>

using namespace gemm_opt::runtime;

void testWatchdog() {
  using namespace std::chrono_literals;
  // A step that outlives its limit: the expiry runs, once, not before the
  // limit (the step waits for it, up to 20 s on a loaded machine).
  std::atomic<int> fired{0};
  auto start = std::chrono::steady_clock::now();
  auto firedAt = start;
  {
    Watchdog w(0.05, [&] {
      firedAt = std::chrono::steady_clock::now();
      ++fired;
    });
    while (fired == 0 && std::chrono::steady_clock::now() - start < 20s)
      std::this_thread::sleep_for(5ms);
    std::this_thread::sleep_for(50ms);
  }
  EXPECT(fired == 1);
  EXPECT(firedAt - start >= 50ms);

  // A step that ends in time: no expiry, and the guard ends at once (it
  // does not wait out its limit).
  fired = 0;
  start = std::chrono::steady_clock::now();
  {
    Watchdog w(30, [&] { ++fired; });
    std::this_thread::sleep_for(10ms);
  }
  EXPECT(fired == 0);
  EXPECT(std::chrono::steady_clock::now() - start < 5s);

  // No limit: nothing fires however long the step takes.
  {
    Watchdog w(0, [&] { ++fired; });
    std::this_thread::sleep_for(100ms);
  }
  EXPECT(fired == 0);
}
