#include "result/test_id.h"

#include <fmt/format.h>

#include "result/result_keywords.h"

namespace bench {
namespace {

std::string_view direction_plural(IoDirection direction) {
  constexpr std::array<std::string_view, 4> kPlurals = {"reads", "writes", "syncs", "trims"};
  return kPlurals[static_cast<std::size_t>(direction)];
}

}  // namespace

TestId test_id(const PhaseResult& result) {
  if (!result.workload) return test_id(result.bonnie_test);
  return workload_test_id(result.workload->workload, result.workload->direction, result.workload->job);
}

TestId workload_test_id(std::string workload, IoDirection direction, std::optional<std::uint32_t> job) {
  return TestId{PhaseId::kWorkload, std::move(workload), direction, job};
}

std::string test_key(const TestId& id) {
  if (id.phase != PhaseId::kWorkload) return std::string(phase_key(id.phase));
  const std::string job = id.job ? fmt::format(".job{}", *id.job) : "";
  return fmt::format("{}{}.{}", id.workload, job, keyword(id.direction));
}

std::string test_title(const TestId& id) {
  if (id.phase != PhaseId::kWorkload) return std::string(phase_title(id.phase));
  const std::string job = id.job ? fmt::format(", job {}", *id.job) : "";
  return fmt::format("{}{}: {}", id.workload, job, direction_plural(id.direction));
}

std::string test_short_title(const TestId& id) {
  if (id.phase != PhaseId::kWorkload) return std::string(phase_short_title(id.phase));
  const std::string job = id.job ? fmt::format(" #{}", *id.job) : "";
  return fmt::format("{}{} {}", id.workload, job, keyword(id.direction));
}

WorkUnit test_work_unit(const TestId& id) {
  if (id.phase != PhaseId::kWorkload) return phase_work_unit(id.phase);
  return id.direction == IoDirection::kSync ? WorkUnit::kSyncs : WorkUnit::kBytes;
}

WorkUnit test_work_unit(const PhaseResult& result) { return test_work_unit(test_id(result)); }

const PhaseResult* find_test(const RunResult& run, const TestId& id) {
  for (const PhaseResult& phase : run.phases) {
    if (test_id(phase) == id) return &phase;
  }
  return nullptr;
}

}  // namespace bench
