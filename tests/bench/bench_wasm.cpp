// The same cases compiled to wasm and run in Node (no Google Benchmark there): each kernel is
// repeated for at least 0.2 s per repetition, and the median of 5 repetitions is printed (for
// impulse joints also the correction impulses per second of that repetition).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <utility>

#include "bench_cases.h"

int main() {
  using Clock = std::chrono::steady_clock;
  std::printf("%-30s %14s %12s %16s\n", "case", "ns/call", "ns/DoF", "corrections/s");
  for (const auto& c : fw::bench::allCases()) {
    std::vector<std::pair<double, double>> perCall;  // ns per call, corrections per second
    for (int repetition = 0; repetition < 5; ++repetition) {
      const long correctionsBefore = c.corrections ? c.corrections() : 0;
      long calls = 0;
      const auto start = Clock::now();
      double elapsed = 0;
      do {
        for (int i = 0; i < 16; ++i) c.run();
        calls += 16;
        elapsed = std::chrono::duration<double, std::nano>(Clock::now() - start).count();
      } while (elapsed < 2e8);
      const double corrections = c.corrections ? double(c.corrections() - correctionsBefore) : 0;
      perCall.push_back({elapsed / double(calls), corrections / (elapsed * 1e-9)});
    }
    std::sort(perCall.begin(), perCall.end());
    const auto [nsPerCall, correctionsPerSecond] = perCall[2];
    std::printf("%-30s %14.1f %12.2f", c.name.c_str(), nsPerCall, nsPerCall / c.dofs);
    if (c.corrections) std::printf(" %16.0f", correctionsPerSecond);
    if (c.finite && !c.finite()) std::printf("  BLEW UP (NaN): figure void");
    std::printf("\n");
  }
}
