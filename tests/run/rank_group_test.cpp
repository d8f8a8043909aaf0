// The pieces of the MPI mode that need no MPI: combining per-rank parts (result/rank_metrics.h), shipping
// them as words and merging histograms through a RankGroup (run/rank_exchange.h, with a stand-in group that
// plays rank 0 of three), sharing a failure (run/rank_group.h), and the JSON of a run of several ranks.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <stdexcept>

#include "measure/latency_histogram.h"
#include "report/json/json_report.h"
#include "result/errors.h"
#include "result/rank_metrics.h"
#include "run/rank_exchange.h"
#include "run/rank_group.h"
#include "run/runner.h"
#include "run/run_test_support.h"
#include "test_support.h"

namespace bench {
namespace {

using std::chrono::milliseconds;
using std::chrono::nanoseconds;

RankPhaseResult part(std::uint32_t rank, std::string host, milliseconds start, milliseconds end,
                     std::uint64_t operations, milliseconds cpu) {
  RankPhaseResult p;
  p.rank = rank;
  p.host = std::move(host);
  p.start = start;
  p.end = end;
  p.operations = operations;
  p.bytes = operations * 4096;
  p.cpu = cpu;
  p.workers = 2;
  return p;
}

std::vector<RankPhaseResult> three_parts() {
  return {part(0, "a", milliseconds{2}, milliseconds{1002}, 100, milliseconds{500}),
          part(1, "a", milliseconds{1}, milliseconds{2001}, 100, milliseconds{300}),
          part(2, "b", milliseconds{3}, milliseconds{503}, 50, milliseconds{100})};
}

TEST_CASE("combining ranks: work, CPU and workers add up, elapsed runs from the first start to the last end") {
  const PhaseResult whole = combine_ranks(PhaseId::kSeqCreate, three_parts(), LatencySummary{7, 1, 9, 5, 5, 8, 9, 9});
  CHECK(whole.operations == 250);
  CHECK(whole.bytes == 250 * 4096);
  CHECK(whole.cpu == milliseconds{900});
  CHECK(whole.workers == 6);
  CHECK(whole.elapsed == milliseconds{2000});
  CHECK(whole.latency->count == 7);
  REQUIRE(whole.ranks.size() == 3);
  CHECK(whole.ranks[2].host == "b");

  const PhaseResult alone = combine_ranks(PhaseId::kSeqCreate, {three_parts()[1]}, std::nullopt);
  CHECK(alone.ranks.empty());  // a run of one process reports as it always has
  CHECK(alone.elapsed == milliseconds{2000});
  CHECK(alone.workers == 2);
  CHECK_FALSE(rank_spread(alone).has_value());
  CHECK(cpu_by_host(alone).empty());
}

TEST_CASE("the spread of the ranks: first and last done, the slowest rank's rate times the ranks, CPU per host") {
  const PhaseResult whole = combine_ranks(PhaseId::kSeqCreate, three_parts(), std::nullopt);
  const auto spread = rank_spread(whole);
  REQUIRE(spread.has_value());
  CHECK(spread->first_done == milliseconds{502});
  CHECK(spread->last_done == milliseconds{2000});
  CHECK(spread->slowest_rank == 1);  // 100 files in 2 s: 50/s, against 100/s for the others
  REQUIRE(spread->slowest_rate_times_ranks.has_value());
  CHECK(*spread->slowest_rate_times_ranks == doctest::Approx(150.0));
  CHECK(*rank_rate_per_second(WorkUnit::kBytes, whole.ranks[0]) == doctest::Approx(100 * 4096.0));

  const auto hosts = cpu_by_host(whole);
  REQUIRE(hosts.size() == 2);
  CHECK(hosts[0].host == "a");
  CHECK(hosts[0].ranks == 2);
  CHECK(hosts[0].cpu == milliseconds{800});
  CHECK(hosts[1].cpu == milliseconds{100});
  CHECK(distinct_hosts({"b", "a", "b", "c"}) == std::vector<std::string>{"b", "a", "c"});

  auto parts = three_parts();
  parts[2].end = parts[2].start;  // a rank that took no time has no rate
  CHECK_FALSE(rank_spread(combine_ranks(PhaseId::kSeqCreate, parts, std::nullopt))->slowest_rate_times_ranks);
}

TEST_CASE("a rank's part survives the trip as words") {
  RankPhaseResult p = part(4, "h", milliseconds{-3}, milliseconds{5}, 12, milliseconds{1});
  p.latency = LatencySummary{3, 10, 30, 20.5, 20, 30, 30, 30};
  const auto words = pack_rank_result(p);
  const RankPhaseResult back = unpack_rank_result(words, 4, "h");
  CHECK(back.start == p.start);
  CHECK(back.end == p.end);
  CHECK(back.operations == 12);
  CHECK(back.bytes == p.bytes);
  CHECK(back.cpu == p.cpu);
  CHECK(back.workers == 2);
  REQUIRE(back.latency.has_value());
  CHECK(back.latency->mean_ns == 20.5);
  CHECK(back.latency->p99_ns == 30);
  p.latency.reset();
  CHECK_FALSE(unpack_rank_result(pack_rank_result(p), 4, "h").latency.has_value());
}

TEST_CASE("a histogram survives the trip as words") {
  LatencyHistogram h;
  CHECK(LatencyHistogram::from_words(h.to_words()) == h);
  for (std::uint64_t v : {1u, 500u, 70000u, 123456789u}) h.record(v);
  const auto words = h.to_words();
  CHECK(words.size() == LatencyHistogram::kWordCount);
  CHECK(LatencyHistogram::from_words(words) == h);
}

// Rank 0 of a group of three, the other two ranks' contributions given up front: gather and reduce behave
// as MPI's would on rank 0.
class RankZeroOfThree final : public RankGroup {
 public:
  RankZeroOfThree(std::vector<std::vector<std::uint64_t>> others_gathered,
                  std::vector<std::vector<std::uint64_t>> others_histograms)
      : gathered_(std::move(others_gathered)), histograms_(std::move(others_histograms)) {}
  std::uint32_t rank() const override { return 0; }
  std::uint32_t size() const override { return 3; }
  const std::vector<std::string>& host_names() const override { return hosts_; }
  void agree(std::exception_ptr failure) override {
    if (failure) std::rethrow_exception(rank_failure_error(describe_failure(failure), 0, hosts_[0]));
  }
  std::string broadcast_text(const std::string& text) override { return text; }
  std::vector<std::uint64_t> gather_words(std::span<const std::uint64_t> words) override {
    std::vector<std::uint64_t> all(words.begin(), words.end());
    for (const auto& other : gathered_) all.insert(all.end(), other.begin(), other.end());
    return all;
  }
  // The histogram words are reduced in three calls (sums, min, max): each takes its slice of the others'.
  std::vector<std::uint64_t> reduce_words(std::span<const std::uint64_t> words, ReduceOp op) override {
    const std::size_t offset = op == ReduceOp::kSum ? 0 : op == ReduceOp::kMin ? LatencyHistogram::kBucketCount + 2
                                                                               : LatencyHistogram::kBucketCount + 3;
    std::vector<std::uint64_t> result(words.begin(), words.end());
    for (const auto& other : histograms_) {
      for (std::size_t i = 0; i < result.size(); ++i) {
        const std::uint64_t theirs = other[offset + i];
        result[i] = op == ReduceOp::kSum ? result[i] + theirs
                    : op == ReduceOp::kMin ? std::min(result[i], theirs)
                                           : std::max(result[i], theirs);
      }
    }
    return result;
  }
  void barrier() override {}

 private:
  std::vector<std::vector<std::uint64_t>> gathered_;
  std::vector<std::vector<std::uint64_t>> histograms_;
  std::vector<std::string> hosts_{"a", "a", "b"};
};

TEST_CASE("rank 0 merges the ranks' histograms exactly: percentiles of all samples, counts that add up") {
  std::vector<LatencyHistogram> per_rank(3);
  LatencyHistogram everything;
  for (std::uint64_t i = 0; i < 3000; ++i) {
    const std::uint64_t sample = (i % 3 == 2) ? 1'000'000 + i * 977 : 100 + i * 13;  // rank 2 is slow
    per_rank[i % 3].record(sample);
    everything.record(sample);
  }
  std::vector<RankPhaseResult> parts = three_parts();
  for (std::size_t r = 0; r < 3; ++r) parts[r].latency = per_rank[r].summary();
  auto packed = [&](std::size_t r) {
    const auto words = pack_rank_result(parts[r]);
    return std::vector<std::uint64_t>(words.begin(), words.end());
  };
  RankZeroOfThree group({packed(1), packed(2)}, {per_rank[1].to_words(), per_rank[2].to_words()});
  const RankPart mine{parts[0], per_rank[0]};
  std::vector<GatheredParts> gathered = gather_rank_parts(group, std::span(&mine, 1));
  REQUIRE(gathered.size() == 1);
  PhaseResult local;
  local.bonnie_test = PhaseId::kRandomSeeks;
  const PhaseResult whole = combine_result(local, GatheredResult{std::move(gathered.front()), {}, {}, {}, {}, {}, {}, {}});

  REQUIRE(whole.latency.has_value());
  const LatencySummary all = *everything.summary();
  CHECK(whole.latency->count == all.count);
  CHECK(whole.latency->min_ns == all.min_ns);
  CHECK(whole.latency->max_ns == all.max_ns);
  CHECK(whole.latency->mean_ns == all.mean_ns);
  CHECK(whole.latency->p50_ns == all.p50_ns);
  CHECK(whole.latency->p99_ns == all.p99_ns);
  CHECK(whole.latency->p999_ns == all.p999_ns);
  CHECK(whole.latency->p99_ns == everything.percentile_ns(0.99));
  CHECK(whole.operations == 250);
  REQUIRE(whole.ranks.size() == 3);
  std::uint64_t counted = 0;
  for (const auto& r : whole.ranks) counted += r.latency->count;
  CHECK(counted == whole.latency->count);
  CHECK(whole.ranks[2].host == "b");
  CHECK(whole.ranks[2].latency->min_ns >= 1'000'000);
  CHECK(whole.elapsed == milliseconds{2000});
}

TEST_CASE("a failure shared between ranks keeps its kind and names the failing rank") {
  const RankFailure io = describe_failure(std::make_exception_ptr(std::runtime_error("cannot write x: EIO")));
  CHECK(io.kind == RankFailure::Kind::kRuntime);
  CHECK_THROWS_WITH_AS(std::rethrow_exception(rank_failure_error(io, 2, "node7")),
                       "rank 2 (node7): cannot write x: EIO", std::runtime_error);
  const RankFailure usage = describe_failure(std::make_exception_ptr(UsageError("directory '/x' does not exist")));
  CHECK_THROWS_WITH_AS(std::rethrow_exception(rank_failure_error(usage, 1, "n")),
                       "rank 1 (n): directory '/x' does not exist", UsageError);
  const RankFailure stop = describe_failure(std::make_exception_ptr(InterruptedError(15)));
  CHECK(stop.signal_number == 15);
  try {
    std::rethrow_exception(rank_failure_error(stop, 1, "n"));
    FAIL("no exception");
  } catch (const InterruptedError& error) {
    CHECK(error.signal_number() == 15);
  }
}

TEST_CASE("one process alone: collectives are trivial and a failure is rethrown as it is") {
  SingleProcessGroup alone;
  CHECK(alone.size() == 1);
  CHECK(alone.host_names().size() == 1);
  CHECK_NOTHROW(alone.agree(nullptr));
  CHECK_THROWS_WITH_AS(alone.agree(std::make_exception_ptr(std::runtime_error("disk full"))), "disk full",
                       std::runtime_error);
  const std::vector<std::uint64_t> words{1, 2, 3};
  CHECK(alone.gather_words(words) == words);
  CHECK(alone.reduce_words(words, ReduceOp::kMin) == words);
}

TEST_CASE("JSON: ranks and hosts in the run, a per-rank breakdown in each test of a run of several ranks") {
  RunResult run;
  run.info.ranks = 3;
  run.info.hosts = {"a", "b"};
  auto parts = three_parts();
  parts[1].latency = LatencySummary{4, 1, 9, 5, 5, 8, 9, 9};
  parts[0].latency = LatencySummary{6, 2, 7, 5, 5, 6, 7, 7};
  run.phases.push_back(combine_ranks(PhaseId::kBlockWrite, parts, LatencySummary{10, 1, 9, 5, 5, 8, 9, 9}));
  run.phases.push_back(combine_ranks(PhaseId::kSeqCreate, {parts[0]}, std::nullopt));
  const auto doc = nlohmann::json::parse(format_json({run}));
  const auto& r = doc["runs"][0];
  CHECK(r["ranks"] == 3);
  CHECK(r["hosts"] == nlohmann::json({"a", "b"}));
  const auto& across = r["tests"][0]["mpi"];
  CHECK(across["ranks"] == 3);
  CHECK(across["last_done_sec"].get<double>() == doctest::Approx(2.0));
  CHECK(across["first_done_sec"].get<double>() == doctest::Approx(0.502));
  CHECK(across["slowest_rank"] == 1);
  CHECK(across["slowest_x_ranks_kib_per_sec"].get<double>() == doctest::Approx(3 * 50 * 4.0));
  CHECK(across["slowest_x_ranks_ops_per_sec"].is_null());
  CHECK(across["hosts"].size() == 2);
  CHECK(across["hosts"][0]["cpu_sec"].get<double>() == doctest::Approx(0.8));
  REQUIRE(across["per_rank"].size() == 3);
  CHECK(across["per_rank"][1]["operations"] == 100);
  CHECK(across["per_rank"][1]["latency"]["count"] == 4);
  CHECK(across["per_rank"][2]["latency"].is_null());
  CHECK(r["tests"][1]["mpi"].is_null());

  const auto back = read_json_report(format_json({run}), "x.json");
  CHECK(back[0].info.ranks == 3);
  CHECK(back[0].info.hosts == run.info.hosts);
  auto without = nlohmann::json::parse(format_json({run}));
  without["runs"][0].erase("hosts");
  UnrecordedFields unrecorded;  // a file older than the hosts field: not recorded
  CHECK(read_json_report(without.dump(), "x.json", &unrecorded).front().info.hosts.empty());
  CHECK(unrecorded.run.size() == 1);
}

struct NoOutput final : RunObserver {};

TEST_CASE("a run of one process records one rank and its host") {
  test::TempDir dir;
  Config config;
  config.directory = dir.path();
  config.setup.sync_test = SyncTestSpec{};  // the fsync test alone: the smallest run
  config.setup.sync_test->total_bytes = 2300 * 4;
  NoOutput quiet;
  const auto runs = test::run_config(config, RunInfo{}, quiet, std::atomic<int>{0});
  REQUIRE(runs.size() == 1);
  CHECK(runs[0].info.ranks == 1);
  CHECK(runs[0].info.hosts.size() == 1);
  REQUIRE_FALSE(runs[0].phases.empty());
  CHECK(runs[0].phases[0].ranks.empty());
  CHECK(test::list_tree(dir.path()).empty());
}

}  // namespace
}  // namespace bench
