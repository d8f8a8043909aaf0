#pragma once
// The tests of a run as every output and compare names them: bonnie++'s tests and the fsync test by their phase,
// and a workload's results by workload, direction and (for a job's own part) job. Pure.
#include <compare>
#include <cstdint>
#include <optional>
#include <string>

#include "result/run_result.h"

namespace bench {

struct TestId {
  PhaseId phase = PhaseId::kBlockWrite;
  std::string workload;  // kWorkload only
  IoDirection direction = IoDirection::kRead;
  std::optional<std::uint32_t> job;

  auto operator<=>(const TestId&) const = default;
};

TestId test_id(const PhaseResult& result);
inline TestId test_id(PhaseId phase) { return TestId{phase, {}, IoDirection::kRead, std::nullopt}; }
// A workload's part: its whole (job nullopt) or one job's own.
TestId workload_test_id(std::string workload, IoDirection direction, std::optional<std::uint32_t> job = std::nullopt);

// Stable keys of the machine-readable outputs: "block_write"; a workload's "randrw-4k.read", "sync.sync",
// "seq.job1.write".
std::string test_key(const TestId& id);
// "Sequential Output, Block"; "randrw-4k: reads", "randrw-4k, job 1: writes".
std::string test_title(const TestId& id);
// At most a line's first column: "Block write"; "randrw-4k read", "seq #1 write".
std::string test_short_title(const TestId& id);
// What the throughput counts: bytes for bonnie++'s byte tests and for workload reads and writes, syncs for
// workload syncs.
WorkUnit test_work_unit(const TestId& id);
WorkUnit test_work_unit(const PhaseResult& result);

// The run's result for the test, or nullptr.
const PhaseResult* find_test(const RunResult& run, const TestId& id);

}  // namespace bench
