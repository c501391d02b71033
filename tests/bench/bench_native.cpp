// Native benchmarks: every case of bench_cases.h under Google Benchmark.
#include <benchmark/benchmark.h>

#include "bench_cases.h"

int main(int argc, char** argv) {
  static const std::vector<fw::bench::Case> cases = fw::bench::allCases();
  for (const auto& c : cases) {
    benchmark::RegisterBenchmark(c.name.c_str(), [&c](benchmark::State& state) {
      const long correctionsBefore = c.corrections ? c.corrections() : 0;
      for (auto _ : state) c.run();
      if (c.finite && !c.finite()) state.SkipWithError("the world blew up (NaN): this figure would time a broken state");
      if (c.corrections)
        state.counters["corrections_per_s"] =
            benchmark::Counter(double(c.corrections() - correctionsBefore), benchmark::Counter::kIsRate);
      state.counters["ns_per_dof"] = benchmark::Counter(
          double(state.iterations()) * c.dofs, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
    });
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}
