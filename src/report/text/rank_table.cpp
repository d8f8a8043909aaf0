#include "report/text/rank_table.h"

#include <algorithm>
#include <string_view>

#include <fmt/format.h>

#include "report/text/latency_table.h"
#include "result/metrics.h"
#include "result/rank_metrics.h"
#include "result/test_id.h"

namespace bench {
namespace {

// One line of the section, the header's included; `title_width` at least kTestTitleWidth.
std::string rank_row(std::string_view title, std::size_t title_width, std::string_view rate,
                     std::string_view slowest_times_ranks, std::string_view first_done, std::string_view last_done,
                     std::string_view slowest_rank) {
  return fmt::format("{:<{}}{:>16}{:>16}{:>11}{:>11}  {}\n", title, title_width, rate, slowest_times_ranks,
                     first_done, last_done, slowest_rank);
}

std::string host_of(const PhaseResult& phase, std::uint32_t rank) {
  for (const auto& part : phase.ranks) {
    if (part.rank == rank) return part.host;
  }
  return "?";
}

}  // namespace

std::string format_rank_table(const RunResult& run) {
  std::size_t title_width = kTestTitleWidth;  // a workload's titles may be longer: the column widens for them
  for (const auto& phase : run.phases) {
    if (!phase.ranks.empty()) title_width = std::max(title_width, test_short_title(test_id(phase)).size() + 1);
  }
  std::string rows;
  std::size_t ranks = 0;
  for (const auto& phase : run.phases) {
    const std::optional<RankSpread> spread = rank_spread(phase);
    if (!spread) continue;
    ranks = std::max(ranks, phase.ranks.size());
    const WorkUnit unit = test_work_unit(phase);
    const auto whole = rate_per_second(phase);
    rows += rank_row(test_short_title(test_id(phase)), title_width, whole ? format_rate(unit, *whole) : "-",
                     spread->slowest_rate_times_ranks ? format_rate(unit, *spread->slowest_rate_times_ranks) : "-",
                     format_duration_ns(static_cast<double>(spread->first_done.count())),
                     format_duration_ns(static_cast<double>(spread->last_done.count())),
                     fmt::format("{} ({})", spread->slowest_rank, host_of(phase, spread->slowest_rank)));
  }
  if (rows.empty()) return {};
  return rank_row(fmt::format("Ranks ({})", ranks), title_width, "rate", fmt::format("slowest x{}", ranks),
                  "first done", "last done", "slowest rank (host)") +
         rows;
}

}  // namespace bench
