#include "run/workload_exchange.h"

#include <bit>
#include <numeric>

#include <fmt/format.h>

#include "result/errors.h"
#include "result/rank_metrics.h"
#include "result/steady_state.h"

namespace bench {

std::optional<std::string> agree_io_uring_refusal(RankGroup& group, const std::optional<std::string>& mine) {
  if (group.size() == 1) return mine;
  const std::uint64_t refuses = mine ? 1 : 0;
  const std::vector<std::uint64_t> refusals = group.gather_words(std::span(&refuses, 1));
  std::string reason;  // on rank 0; empty: every rank can run io_uring
  for (std::uint32_t r = 0; r < refusals.size() && reason.empty(); ++r) {
    if (refusals[r] == 0) continue;
    reason = r == 0 && !mine->empty() ? *mine : fmt::format("not allowed on rank {} ({})", r, group.host_names().at(r));
  }
  std::string agreed = group.broadcast_text(reason);
  if (agreed.empty()) return std::nullopt;
  return agreed;
}

std::string exchange_shape(const std::vector<WorkloadSpec>& workloads, std::uint32_t repeats) {
  std::string shape = fmt::format("runs={}", repeats);
  for (const WorkloadSpec& spec : workloads) {
    shape += fmt::format("; {}{} numjobs={}{}", spec.stonewall ? "stonewall " : "", spec.name, spec.jobs,
                         spec.group_reporting ? " group_reporting" : "");
  }
  return shape;
}

void check_same_shape(RankGroup& group, const std::string& shape) {
  const std::string rank_0s = group.broadcast_text(shape);
  if (shape != rank_0s) {
    throw UsageError(fmt::format("the workloads differ from rank 0's (its command line or job files): '{}' here, "
                                 "'{}' on rank 0",
                                 shape, rank_0s));
  }
}

std::vector<WorkloadRanks> gather_workload_parts(RankGroup& group, std::span<const WorkloadRankPart> mine) {
  std::vector<RankPart> parts;
  std::vector<std::vector<std::uint64_t>> series;
  std::vector<std::uint64_t> depths;
  for (const WorkloadRankPart& one : mine) {
    parts.push_back(one.part);
    series.push_back(one.per_second);
    depths.push_back(std::bit_cast<std::uint64_t>(one.mean_depth));
  }
  std::vector<GatheredParts> gathered = gather_rank_parts(group, parts);
  std::vector<std::vector<std::uint64_t>> summed = sum_series(group, series);
  const std::vector<std::uint64_t> all_depths = depths.empty() ? depths : group.gather_words(depths);
  if (group.rank() != 0) return {};
  std::vector<WorkloadRanks> result(mine.size());
  for (std::size_t i = 0; i < mine.size(); ++i) {
    result[i].parts = std::move(gathered[i]);
    result[i].per_second = std::move(summed[i]);
    for (std::uint32_t r = 0; r < group.size(); ++r) {
      result[i].mean_depths.push_back(std::bit_cast<double>(all_depths.at(std::size_t{r} * mine.size() + i)));
    }
  }
  return result;
}

PhaseResult combine_workload_ranks(const PhaseResult& local, const WorkloadRanks& ranks) {
  PhaseResult whole = combine_ranks(PhaseId::kWorkload, ranks.parts.ranks, ranks.parts.merged.summary());
  whole.latency_histogram = ranks.parts.merged.buckets();
  WorkloadPart part = *local.workload;
  part.per_second.assign(ranks.per_second.begin(), ranks.per_second.end());
  part.steady = judge_steady_state(part.per_second);
  part.mean_depth = ranks.mean_depths.empty()
                        ? 0
                        : std::accumulate(ranks.mean_depths.begin(), ranks.mean_depths.end(), 0.0) /
                              static_cast<double>(ranks.mean_depths.size());
  whole.workload = std::move(part);
  return whole;
}

}  // namespace bench
