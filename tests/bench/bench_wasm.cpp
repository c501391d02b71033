// The same cases compiled to wasm and run in Node (no Google Benchmark there): each kernel is
// repeated for at least 0.2 s per repetition, and the median of 5 repetitions is printed.
#include <algorithm>
#include <chrono>
#include <cstdio>

#include "bench_cases.h"

int main() {
  using Clock = std::chrono::steady_clock;
  std::printf("%-24s %14s %12s\n", "case", "ns/call", "ns/DoF");
  for (const auto& c : fw::bench::allCases()) {
    std::vector<double> perCall;
    for (int repetition = 0; repetition < 5; ++repetition) {
      long calls = 0;
      const auto start = Clock::now();
      double elapsed = 0;
      do {
        for (int i = 0; i < 16; ++i) c.run();
        calls += 16;
        elapsed = std::chrono::duration<double, std::nano>(Clock::now() - start).count();
      } while (elapsed < 2e8);
      perCall.push_back(elapsed / double(calls));
    }
    std::sort(perCall.begin(), perCall.end());
    std::printf("%-24s %14.1f %12.2f\n", c.name.c_str(), perCall[2], perCall[2] / c.dofs);
  }
}
