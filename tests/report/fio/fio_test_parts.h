#pragma once
// A made-up part of a workload's result, for the fio writers' tests: `operations` requests of `bs` bytes (none for
// syncs) over `elapsed`, with one latency recorded per entry of `latencies_ns`.
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "measure/latency_histogram.h"
#include "result/run_result.h"

namespace bench::test {

inline PhaseResult fio_test_part(const std::string& workload, IoDirection direction, std::uint64_t operations,
                                 std::uint32_t bs, const std::vector<std::uint64_t>& latencies_ns,
                                 std::chrono::nanoseconds elapsed) {
  PhaseResult result;
  result.operations = operations;
  result.bytes = direction == IoDirection::kSync ? 0 : operations * bs;
  result.elapsed = elapsed;
  LatencyHistogram histogram;
  for (const std::uint64_t ns : latencies_ns) histogram.record(ns);
  result.latency = histogram.summary();
  result.latency_histogram = histogram.buckets();
  WorkloadPart workload_part;
  workload_part.workload = workload;
  workload_part.direction = direction;
  result.workload = workload_part;
  return result;
}

}  // namespace bench::test
