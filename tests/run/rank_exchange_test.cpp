// The pieces of a run under MPI that need no MPI (run/rank_exchange.h, run/rank_steps.h): how one result's
// per-rank parts become its whole (IOR's sums over the span, the histogram of every rank's samples, per-second
// series summed), summing series of different lengths and checking that the ranks run the same plan, through
// stand-in groups.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "measure/latency_histogram.h"
#include "result/errors.h"
#include "run/rank_group.h"
#include "plan/plan.h"
#include "run/rank_exchange.h"
#include "run/rank_steps.h"
#include "test_support.h"

namespace bench {
namespace {

using std::chrono::milliseconds;

// Rank 0 of three whose other ranks' words are given up front, one list per collective call: gather_words
// appends the next of `gathers` (rank 1's words, then rank 2's) to its own, reduce_words applies `op` over the next
// of `reductions` (one word list per other rank), broadcast_text returns its own.
class RankZeroWithOthers final : public RankGroup {
 public:
  explicit RankZeroWithOthers(std::vector<std::vector<std::vector<std::uint64_t>>> reductions,
                              std::vector<std::vector<std::uint64_t>> gathers = {})
      : reductions_(std::move(reductions)), gathers_(std::move(gathers)) {}
  std::uint32_t rank() const override { return 0; }
  std::uint32_t size() const override { return 3; }
  const std::vector<std::string>& host_names() const override { return hosts_; }
  void agree(std::exception_ptr failure) override {
    if (failure) std::rethrow_exception(failure);
  }
  std::string broadcast_text(const std::string& text) override { return text; }
  std::vector<std::uint64_t> gather_words(std::span<const std::uint64_t> words) override {
    std::vector<std::uint64_t> all(words.begin(), words.end());
    const std::vector<std::uint64_t>& theirs = gathers_.at(next_gather_++);
    all.insert(all.end(), theirs.begin(), theirs.end());
    return all;
  }
  std::vector<std::uint64_t> reduce_words(std::span<const std::uint64_t> words, ReduceOp op) override {
    std::vector<std::uint64_t> result(words.begin(), words.end());
    for (const std::vector<std::uint64_t>& theirs : reductions_.at(next_reduction_++)) {
      REQUIRE(theirs.size() == result.size());
      for (std::size_t i = 0; i < result.size(); ++i) {
        result[i] = op == ReduceOp::kSum ? result[i] + theirs[i]
                    : op == ReduceOp::kMin ? std::min(result[i], theirs[i])
                                           : std::max(result[i], theirs[i]);
      }
    }
    return result;
  }
  void barrier() override {}

 private:
  std::vector<std::vector<std::vector<std::uint64_t>>> reductions_;
  std::vector<std::vector<std::uint64_t>> gathers_;
  std::size_t next_reduction_ = 0;
  std::size_t next_gather_ = 0;
  std::vector<std::string> hosts_{"a", "a", "b"};
};

TEST_CASE("a result's whole over ranks: IOR's sums over the span, merged buckets, summed seconds") {
  std::vector<LatencyHistogram> histograms(3);
  LatencyHistogram all;
  for (std::uint64_t i = 0; i < 300; ++i) {
    const std::uint64_t ns = 1000 + i * (i % 3 == 2 ? 5000 : 7);  // rank 2 is slow
    histograms[i % 3].record(ns);
    all.record(ns);
  }
  GatheredResult ranks;
  for (std::uint32_t r = 0; r < 3; ++r) {
    RankPhaseResult part;
    part.rank = r;
    part.host = r < 2 ? "a" : "b";
    part.start = milliseconds{r};              // from the barrier before the group, on each rank's clock
    part.end = milliseconds{1000 + 500 * r};  // the last rank ends 2 s after the barrier
    part.operations = histograms[r].count();
    part.bytes = part.operations * 4096;
    part.cpu = milliseconds{100};
    part.workers = 2;
    part.latency = histograms[r].summary();
    ranks.parts.ranks.push_back(part);
    ranks.parts.merged.merge(histograms[r]);
    ranks.mean_depths.push_back(1.0 + r);
  }
  ranks.per_second = {30, 20};
  ranks.residency = {25, 100};
  ranks.depths.level[2] = 90;  // the ranks' I/O depth counts, summed (exchange_results)
  ranks.depths.submit[1] = 30;
  ranks.depths.complete[0] = 3;
  for (std::uint64_t ns : {100, 200, 300}) ranks.submission.record(ns);  // the ranks' slat and clat, merged
  for (std::uint64_t ns : {5000, 6000}) ranks.completion.record(ns);
  PhaseResult local;
  local.workload = WorkloadPart{};
  local.workload->workload = "randread";

  const PhaseResult whole = combine_result(local, ranks);
  CHECK(whole.operations == 300);
  CHECK(whole.bytes == 300 * 4096);
  CHECK(whole.workers == 6);
  CHECK(whole.cpu == milliseconds{300});
  CHECK(whole.elapsed == milliseconds{2000});  // the earliest start (0) to the latest end (2000)
  REQUIRE(whole.latency.has_value());
  CHECK(whole.latency->count == 300);
  CHECK(whole.latency->p99_ns == all.summary()->p99_ns);  // of all samples, not a mean of the ranks'
  CHECK(whole.latency->max_ns == all.summary()->max_ns);
  CHECK(whole.latency_histogram == all.buckets());
  REQUIRE(whole.workload.has_value());
  CHECK(whole.workload->workload == "randread");
  CHECK(whole.workload->per_second == std::vector<double>{30, 20});
  CHECK(whole.workload->mean_depth == doctest::Approx(2.0));
  CHECK(whole.workload->depths.level == ranks.depths.level);
  CHECK(whole.workload->depths.submit == ranks.depths.submit);
  CHECK(whole.workload->depths.complete == ranks.depths.complete);
  REQUIRE(whole.submission_latency.has_value());
  CHECK(whole.submission_latency->count == 3);
  CHECK(whole.submission_latency->max_ns == 300);
  CHECK(whole.submission_histogram == ranks.submission.buckets());
  REQUIRE(whole.completion_latency.has_value());
  CHECK(whole.completion_latency->min_ns == 5000);
  REQUIRE(whole.ranks.size() == 3);
  CHECK(whole.ranks[2].host == "b");
  CHECK(whole.cached_percent == doctest::Approx(25.0));
}

TEST_CASE("per-second series of ranks that ran for different times sum second by second") {
  // Rank 0 has 2 series of 3 and 1 seconds, rank 1 of 2 and 4, rank 2 of 3 and 1: the lengths are reduced
  // (max: 3 and 4) first, then every rank's series padded with zeros to them and summed.
  RankZeroWithOthers group({{{2, 4}, {3, 1}}, {{1, 1, 0, 5, 7, 1, 1}, {2, 2, 2, 9, 0, 0, 0}}});
  const auto sums = sum_series(group, {{10, 20, 30}, {40}});
  REQUIRE(sums.size() == 2);
  CHECK(sums[0] == std::vector<std::uint64_t>{13, 23, 32});
  CHECK(sums[1] == std::vector<std::uint64_t>{54, 7, 1, 1});
}

TEST_CASE("the ranks must run the same plan: a different job file on one rank is refused") {
  const auto shape_of = [](std::uint32_t jobs) {
    Plan plan;
    plan.setup.workloads.push_back(WorkloadSpec{});
    plan.setup.workloads.back().name = "w";
    PlannedTest test;
    test.workload = 0;
    test.jobs = jobs;
    plan.groups.push_back({test});
    return plan_shape(plan);
  };
  const std::string shape = shape_of(2);
  CHECK(shape == "runs=1; w jobs=2");
  SingleProcessGroup alone;
  CHECK_NOTHROW(check_same_shape(alone, shape));
  // Rank 1 with rank 0's shape broadcast to it: a stand-in whose broadcast gives rank 0's text.
  class RankOne final : public RankGroup {
   public:
    std::uint32_t rank() const override { return 1; }
    std::uint32_t size() const override { return 2; }
    const std::vector<std::string>& host_names() const override { return hosts_; }
    void agree(std::exception_ptr) override {}
    std::string broadcast_text(const std::string&) override { return "runs=1; w jobs=2"; }
    std::vector<std::uint64_t> gather_words(std::span<const std::uint64_t>) override { return {}; }
    std::vector<std::uint64_t> reduce_words(std::span<const std::uint64_t>, ReduceOp) override { return {}; }
    void barrier() override {}

   private:
    std::vector<std::string> hosts_{"a", "b"};
  } rank_one;
  CHECK(test::error_of<UsageError>([&] { check_same_shape(rank_one, shape_of(3)); }) ==
        "the tests differ from rank 0's (its command line or job files): 'runs=1; w jobs=3' here, "
        "'runs=1; w jobs=2' on rank 0");
}

// `text` as a rank sends it: in `words` words, zero-padded.
std::vector<std::uint64_t> packed_text(const std::string& text, std::size_t words) {
  std::vector<std::uint64_t> packed(words, 0);
  std::memcpy(packed.data(), text.data(), text.size());
  return packed;
}

TEST_CASE("a workload's failed jobs on other ranks reach rank 0: each rank's, and the lowest rank's in the whole") {
  // Two results (a workload's read and write parts). Rank 0: no failure. Rank 1: the reads' job failed (EFBIG)
  // before any request, so that part is reported without operations. Rank 2: both failed (EIO), another message.
  std::vector<LocalResult> mine(2);
  for (LocalResult& local : mine) {
    local.result.workload = WorkloadPart{};
  }
  const std::string efbig = "write of /d/bench++-job.rank-1.x/w.0.0 at 524288: File too large";
  const std::string eio_read = "read: Input/output error";
  const std::string eio_write = "write: Input/output error";
  // Each rank's text padded to the longest rank's (rank 1's here), and a word more.
  const std::size_t text_words = (std::max(efbig.size(), eio_read.size() + eio_write.size()) + 7) / 8 + 1;
  RankZeroWithOthers group({}, {{/* rank 1 */ 3, 27, efbig.size(), 0, 0, 0,
                            /* rank 2 */ 1, 5, eio_read.size(), 1, 5, eio_write.size()},
                           [&] {
                             std::vector<std::uint64_t> texts = packed_text(efbig, text_words);
                             const std::vector<std::uint64_t> two = packed_text(eio_read + eio_write, text_words);
                             texts.insert(texts.end(), two.begin(), two.end());
                             return texts;
                           }()});
  const std::vector<GatheredFailures> gathered = gather_failures(group, mine);
  REQUIRE(gathered.size() == 2);
  REQUIRE(gathered[0].failures.size() == 2);
  CHECK(gathered[0].failures[0].rank == 1);
  CHECK(gathered[0].failures[0].host == "a");
  CHECK(gathered[0].failures[0].failure == JobFailure{27, efbig});
  CHECK(gathered[0].failures[1].rank == 2);
  CHECK(gathered[0].failures[1].failure == JobFailure{5, eio_read});
  CHECK(gathered[0].reported_when_empty);
  REQUIRE(gathered[1].failures.size() == 1);
  CHECK(gathered[1].failures[0].failure == JobFailure{5, eio_write});
  CHECK_FALSE(gathered[1].reported_when_empty);

  // The whole: the lowest failing rank's failure, named; rank 0's own (none here) replaced.
  GatheredResult one;
  RankPhaseResult part;
  part.host = "a";
  one.parts.ranks.push_back(part);
  one.failures = gathered[0].failures;
  const PhaseResult whole = combine_result(mine[0].result, one);
  REQUIRE(whole.workload->failure.has_value());
  CHECK(*whole.workload->failure == JobFailure{27, "rank 1 (a): " + efbig});
  one.failures.clear();
  mine[0].result.workload->failure = JobFailure{5, "rank 0's own, which it also sends"};
  CHECK_FALSE(combine_result(mine[0].result, one).workload->failure.has_value());
}

}  // namespace
}  // namespace bench
