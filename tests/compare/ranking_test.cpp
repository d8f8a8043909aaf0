// The answer compare leads with (compare/ranking.h): groups ranked best first against the base and each other,
// ranked apart only when their per-round ranges (or, without rounds, their runs' noise) allow; --base; round files
// grouped by label without --by-label (compare/run_grouping.h). Runs built in code.
#include "compare/ranking.h"

#include <doctest/doctest.h>

#include <algorithm>

#include "compare/compare_runs.h"
#include "compare/sample_runs.h"
#include "result/errors.h"

namespace bench {
namespace {

// One run of `label` from file `input`, a block write of 1 GiB in `elapsed_ms`, tagged round=N unless round is 0.
SourcedRun run(const std::string& label, std::size_t input, int round, int elapsed_ms) {
  SourcedRun r = test::round_run(label, round, elapsed_ms);
  r.input = input;
  return r;
}

// Round files as scripts/host-vs-guest.sh writes them: one file per side per round, the sides in each round's
// order; times[s][r] is side s's time in round r + 1.
std::vector<SourcedRun> round_files(const std::vector<std::string>& labels, const std::vector<std::vector<int>>& times) {
  std::vector<SourcedRun> runs;
  for (std::size_t s = 0; s < labels.size(); ++s) {
    for (std::size_t r = 0; r < times[s].size(); ++r) {
      runs.push_back(run(labels[s], runs.size(), static_cast<int>(r + 1), times[s][r]));
    }
  }
  return runs;
}

std::vector<std::string> names_in_order(const Comparison& c, const MetricRanking& ranking) {
  std::vector<std::string> names;
  for (const RankedGroup& ranked : ranking.order) names.push_back(c.groups[ranked.group].name);
  return names;
}

}  // namespace

TEST_CASE("ranking: round files group by label without --by-label, and the host is not compared with itself") {
  // Throughput is 1 GiB / time: host fastest; virtio 0.5× host, nvme 0.25× host, in each of 3 rounds.
  const auto runs = round_files({"host", "virtio", "nvme"}, {{100, 110, 90}, {200, 220, 180}, {400, 440, 360}});
  const Comparison c = compare_runs(runs, {});
  REQUIRE(c.groups.size() == 3);
  CHECK(c.groups[0].name == "host");
  CHECK(c.groups[0].runs == 3);
  CHECK(c.groups[1].name == "virtio");
  CHECK(c.groups[2].name == "nvme");
  const std::vector<MetricRanking> rankings = rank_groups(c);
  REQUIRE(!rankings.empty());
  const MetricRanking& throughput = rankings.front();
  CHECK(throughput.kind == MetricKind::kThroughput);
  CHECK(names_in_order(c, throughput) == std::vector<std::string>{"host", "virtio", "nvme"});
  CHECK(throughput.word == "");
  CHECK(throughput.order[1].ratio == doctest::Approx(0.5));
  CHECK(throughput.order[1].rounds == 3);
  CHECK(*throughput.order[1].to_next == doctest::Approx(2.0));
  CHECK(place_text(throughput, 2) == "3");
  CHECK(ranked_phrase(c, throughput, 1) == "virtio 0.50× host (rounds 0.50–0.50), 2.0× nvme");
  CHECK(ranked_phrase(c, throughput, 0) == "host (base), 2.0× virtio");
}

TEST_CASE("ranking: files that are not one side's rounds stay one group each") {
  // Two files of one label without round tags: before and after, not repeats.
  std::vector<SourcedRun> runs = {run("host", 0, 0, 100), run("host", 1, 0, 120), run("guest", 2, 0, 200)};
  CHECK(compare_runs(runs, {}).groups.size() == 3);
  // Two files of one label in the same round: not one side's rounds either.
  runs = {run("host", 0, 1, 100), run("host", 1, 1, 120), run("guest", 2, 1, 200)};
  CHECK(compare_runs(runs, {}).groups.size() == 3);
  // A file holding two labels: each file is a group per label, as before.
  runs = {run("host", 0, 1, 100), run("guest", 0, 1, 200), run("host", 1, 2, 100), run("guest", 1, 2, 200)};
  CHECK(compare_runs(runs, {}).groups.size() == 4);
  // One label only: nothing to group by label (the files stay apart, named by file).
  runs = {run("host", 0, 1, 100), run("host", 1, 2, 120)};
  CHECK(compare_runs(runs, {}).groups.size() == 2);
}

TEST_CASE("ranking: 2 rounds whose ranges overlap are too few to rank, apart ranges rank even so") {
  // virtio 0.5× and 0.8× of host, nvme 0.6× and 0.7×: ranges 0.5–0.8 and 0.6–0.7 overlap.
  auto runs = round_files({"host", "virtio", "nvme"}, {{100, 100}, {200, 125}, {167, 143}});
  Comparison c = compare_runs(runs, {});
  MetricRanking ranking = rank_groups(c).front();
  CHECK(ranking.word == "2 rounds: too few to rank; ranges overlap");
  CHECK(place_text(ranking, 1) == "2=");
  CHECK(place_text(ranking, 2) == "2=");
  CHECK(place_text(ranking, 0) == "1");  // the host's 1–1 is outside both ranges
  const auto few = std::find_if(c.caveats.begin(), c.caveats.end(),
                                [](const std::string& caveat) { return caveat.starts_with("2 rounds: too few to rank"); });
  CHECK(few != c.caveats.end());
  // Ranges apart with 2 rounds: ranked.
  runs = round_files({"host", "virtio", "nvme"}, {{100, 100}, {200, 210}, {400, 420}});
  c = compare_runs(runs, {});
  ranking = rank_groups(c).front();
  CHECK(ranking.word == "");
  CHECK(names_in_order(c, ranking) == std::vector<std::string>{"host", "virtio", "nvme"});
  // Ranges overlap with 3 rounds: not ranked apart, but no longer for too few rounds.
  runs = round_files({"host", "virtio", "nvme"}, {{100, 100, 100}, {200, 125, 160}, {167, 143, 150}});
  ranking = rank_groups(compare_runs(runs, {})).front();
  CHECK(ranking.word == "ranges overlap: not ranked apart");
}

TEST_CASE("ranking: without rounds, the runs' noise decides, and one run each is too few") {
  std::vector<SourcedRun> runs = {run("host", 0, 0, 100), run("guest", 1, 0, 200)};
  Comparison c = compare_runs(runs, {});
  MetricRanking ranking = rank_groups(c).front();
  CHECK(ranking.word == "1 run each: too few to rank (no spread)");
  CHECK(place_text(ranking, 0) == "1=");
  CHECK(c.caveats.back().starts_with("one run per group"));
  // Three repeats each, far apart: ranked, the better one first (guest faster here).
  runs = {run("host", 0, 0, 200), run("host", 0, 0, 205), run("host", 0, 0, 195),
          run("guest", 1, 0, 100), run("guest", 1, 0, 102), run("guest", 1, 0, 98)};
  c = compare_runs(runs, {});
  ranking = rank_groups(c).front();
  CHECK(ranking.word == "");
  CHECK(names_in_order(c, ranking) == std::vector<std::string>{"guest", "host"});
  CHECK(ranked_phrase(c, ranking, 0) == "guest 2.0× host");  // (the next one down is the base: said once)
}

TEST_CASE("--base: any group is the base, an unknown one is a usage error naming the groups") {
  const auto runs = round_files({"host", "virtio", "nvme"}, {{100, 110, 90}, {200, 220, 180}, {400, 440, 360}});
  CompareOptions options;
  options.base = "nvme";
  const Comparison c = compare_runs(runs, options);
  REQUIRE(c.groups.size() == 3);
  CHECK(c.groups[0].name == "nvme");
  CHECK(c.groups[1].name == "host");
  CHECK(c.groups[2].name == "virtio");
  const MetricRanking ranking = rank_groups(c).front();
  CHECK(ranking.order[0].group == 1);
  CHECK(ranking.order[0].ratio == doctest::Approx(4.0));
  options.base = "scsi";
  CHECK_THROWS_WITH_AS(compare_runs(runs, options),
                       "compare: --base 'scsi' names no group; the groups are 'host', 'virtio', 'nvme'", UsageError);
}

TEST_CASE("caveats: TCG, a busy machine and cached reads are caveats, the drift check a note") {
  auto runs = round_files({"host", "guest"}, {{100, 100, 100}, {200, 200, 200}});
  for (SourcedRun& r : runs) {
    if (r.run.info.label == "guest") r.run.info.tags = "accel=tcg; " + r.run.info.tags;
  }
  runs[1].run.info.other_cpu_percent = 60;        // the host's second round on a busy machine
  runs[4].run.phases[0].cached_percent = 93.0;    // the guest's second round read from the page cache
  const Comparison c = compare_runs(runs, {});
  const auto caveat = [&](std::string_view start) {
    return std::any_of(c.caveats.begin(), c.caveats.end(), [&](const std::string& n) { return n.starts_with(start); });
  };
  CHECK(caveat("accelerator: TCG for guest; TCG is QEMU's software emulation"));
  CHECK(caveat("host ran on a busy machine in 1 of its 3 runs: other processes used up to 60 %"));
  CHECK(caveat("block_write: reads found in the page cache by guest (93 %): the rate is partly the cache's"));
  CHECK_FALSE(caveat("3 rounds"));  // enough rounds to rank
  for (const std::string& note : c.notes) CHECK_FALSE(note.starts_with("accelerator:"));
}

}  // namespace bench
