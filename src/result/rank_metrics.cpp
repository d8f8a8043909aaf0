#include "result/rank_metrics.h"

#include <algorithm>

#include "result/test_id.h"

namespace bench {
namespace {
double seconds(std::chrono::nanoseconds d) { return std::chrono::duration<double>(d).count(); }

std::chrono::nanoseconds earliest_start(const std::vector<RankPhaseResult>& ranks) {
  std::chrono::nanoseconds start = ranks.front().start;
  for (const auto& r : ranks) start = std::min(start, r.start);
  return start;
}
}  // namespace

PhaseResult combine_ranks(PhaseId bonnie_test, std::vector<RankPhaseResult> ranks,
                          std::optional<LatencySummary> merged_latency) {
  PhaseResult result;
  result.bonnie_test = bonnie_test;
  result.workers = 0;
  std::chrono::nanoseconds last_end = ranks.front().end;
  for (const auto& r : ranks) {
    result.operations += r.operations;
    result.bytes += r.bytes;
    result.cpu += r.cpu;
    result.workers += r.workers;
    last_end = std::max(last_end, r.end);
  }
  result.elapsed = last_end - earliest_start(ranks);
  result.latency = merged_latency;
  if (ranks.size() > 1) result.ranks = std::move(ranks);
  return result;
}

std::optional<double> rank_rate_per_second(WorkUnit unit, const RankPhaseResult& rank) {
  const std::chrono::nanoseconds elapsed = rank.end - rank.start;
  if (elapsed.count() <= 0) return std::nullopt;
  const double work = unit == WorkUnit::kBytes ? static_cast<double>(rank.bytes) : static_cast<double>(rank.operations);
  return work / seconds(elapsed);
}

std::optional<RankSpread> rank_spread(const PhaseResult& result) {
  if (result.ranks.empty()) return std::nullopt;
  const WorkUnit unit = test_work_unit(result);
  const std::chrono::nanoseconds start = earliest_start(result.ranks);
  RankSpread spread;
  spread.first_done = result.ranks.front().end - start;
  spread.last_done = spread.first_done;
  bool every_rate_known = true;
  std::optional<double> slowest_rate;
  std::chrono::nanoseconds slowest_time{-1};
  for (const auto& r : result.ranks) {
    spread.first_done = std::min(spread.first_done, r.end - start);
    spread.last_done = std::max(spread.last_done, r.end - start);
    const std::optional<double> rate = rank_rate_per_second(unit, r);
    if (!rate) every_rate_known = false;
    const std::chrono::nanoseconds time = r.end - r.start;
    if (rate && (!slowest_rate || *rate < *slowest_rate || (*rate == *slowest_rate && time > slowest_time))) {
      slowest_rate = rate;
      slowest_time = time;
      spread.slowest_rank = r.rank;
    }
  }
  if (every_rate_known && slowest_rate) {
    spread.slowest_rate_times_ranks = *slowest_rate * static_cast<double>(result.ranks.size());
  }
  return spread;
}

std::vector<HostCpu> cpu_by_host(const PhaseResult& result) {
  std::vector<HostCpu> hosts;
  for (const auto& r : result.ranks) {
    auto it = std::find_if(hosts.begin(), hosts.end(), [&](const HostCpu& h) { return h.host == r.host; });
    if (it == hosts.end()) it = hosts.insert(hosts.end(), HostCpu{r.host, 0, {}});
    ++it->ranks;
    it->cpu += r.cpu;
  }
  return hosts;
}

std::vector<std::string> distinct_hosts(const std::vector<std::string>& hosts) {
  std::vector<std::string> distinct;
  for (const auto& h : hosts) {
    if (std::find(distinct.begin(), distinct.end(), h) == distinct.end()) distinct.push_back(h);
  }
  return distinct;
}

}  // namespace bench
