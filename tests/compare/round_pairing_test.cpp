// Interleaved rounds in compare_runs (compare/round_pairing.h, compare/run_tags.h): runs tagged round=N are
// set against the base round by round, the median of the per-round ratios with their range; the base's drift
// between its first and last round; the accelerator of QEMU guests. Runs built in code.
#include "compare/round_pairing.h"

#include <doctest/doctest.h>

#include <algorithm>

#include "compare/compare_runs.h"
#include "compare/run_tags.h"
#include "compare/sample_runs.h"
#include "result/busy_machine.h"

namespace bench {
namespace {

// One run of `label` in round `round` (0: no round tag) from its own file, with more tags if given.
SourcedRun run(const std::string& label, int round, int elapsed_ms, const std::string& more_tags = "") {
  return test::round_run(label, round, elapsed_ms, more_tags);
}

// The runs of `label` in rounds 1, 2, ... taking these times.
void add_rounds(std::vector<SourcedRun>& runs, const std::string& label, std::vector<int> elapsed_ms,
                const std::string& tags = "") {
  for (std::size_t i = 0; i < elapsed_ms.size(); ++i) runs.push_back(run(label, static_cast<int>(i + 1), elapsed_ms[i], tags));
  for (std::size_t i = 0; i < runs.size(); ++i) runs[i].input = i;
}

const MetricCell& throughput(const Comparison& c, std::size_t group) {
  REQUIRE(!c.tests.empty());
  const MetricRow& row = c.tests.front().metrics.front();
  REQUIRE(row.kind == MetricKind::kThroughput);
  return row.cells.at(group);
}

// A note or caveat (the accelerators and a busy machine are caveats, the drift check a note).
bool has_note_starting(const Comparison& c, std::string_view start) {
  const auto starts = [&](const std::string& n) { return n.starts_with(start); };
  return std::any_of(c.notes.begin(), c.notes.end(), starts) || std::any_of(c.caveats.begin(), c.caveats.end(), starts);
}

const std::string& note_starting(const Comparison& c, std::string_view start) {
  const auto starts = [&](const std::string& n) { return n.starts_with(start); };
  const auto caveat = std::find_if(c.caveats.begin(), c.caveats.end(), starts);
  if (caveat != c.caveats.end()) return *caveat;
  const auto note = std::find_if(c.notes.begin(), c.notes.end(), starts);
  REQUIRE(note != c.notes.end());
  return *note;
}

}  // namespace

TEST_CASE("round pairing: tags name the round, and nothing else is one") {
  CHECK(tag_value("accel=tcg; round=2; drive=cache=none", "drive") == "cache=none");
  CHECK(tag_value("accel=tcg; round=2", "round") == "2");
  CHECK_FALSE(tag_value("accelerator=kvm", "accel").has_value());
  CHECK(tags_without("accel=tcg; round=2; cpu=max", "round") == "accel=tcg; cpu=max");
  RunInfo info;
  info.tags = "round=12";
  CHECK(run_round(info) == 12u);
  for (const std::string tags : {"", "round=", "round=x", "round=-1", "round=1234567890", "rounds=3"}) {
    info.tags = tags;
    CHECK_MESSAGE(!run_round(info).has_value(), tags);
  }
}

TEST_CASE("round pairing: the median of per-round ratios, their range, and rounds only one side has") {
  const std::vector<RoundValue> base = {{1, 100}, {2, 50}, {3, 0}, {4, 100}, {6, 80}};
  const std::vector<RoundValue> other = {{1, 90}, {2, 40}, {3, 10}, {4, 95}, {5, 70}};
  const std::optional<RoundRatios> r = round_ratios(base, other);
  REQUIRE(r.has_value());
  REQUIRE(r->per_round.size() == 3);  // round 3 has a base of 0; rounds 5 and 6 are on one side only
  CHECK(r->per_round[0].round == 1);
  CHECK(r->per_round[1].value == doctest::Approx(0.8));
  CHECK(r->per_round[2].round == 4);
  CHECK(r->median == doctest::Approx(0.9));
  CHECK(r->low == doctest::Approx(0.8));
  CHECK(r->high == doctest::Approx(0.95));
  CHECK(r->spread_wider_than_difference);  // 0.15 > 0.1
  CHECK(rounds_suffix(*r) == " (rounds 0.80–0.95: spread wider than the difference)");
  CHECK_FALSE(round_ratios(base, {{5, 1}}).has_value());
  CHECK(median_of({3, 1, 2, 10}) == doctest::Approx(2.5));
  const std::optional<RoundRatios> one = round_ratios(base, {{2, 25}});
  REQUIRE(one.has_value());
  CHECK_FALSE(one->spread_wider_than_difference);
  CHECK(rounds_suffix(*one) == " (round 2 only)");
}

TEST_CASE("round pairing: a drift both sides share cancels out of per-round ratios, not out of means") {
  // The disk slows down by half in round 2 for everyone: the guest is 0.90× the host in every round.
  std::vector<SourcedRun> runs;
  add_rounds(runs, "host", {1000, 2000, 1000});
  add_rounds(runs, "guest", {1111, 2222, 1111});
  const Comparison paired = compare_runs(runs, CompareOptions{true, std::nullopt});
  REQUIRE(paired.groups.size() == 2);
  CHECK(paired.groups[0].runs == 3);
  const MetricCell& guest = throughput(paired, 1);
  REQUIRE(guest.rounds.has_value());
  CHECK(guest.by_round.size() == 3);
  CHECK(*guest.ratio == doctest::Approx(0.9).epsilon(0.001));
  CHECK(guest.noise == Noise::kBeyond);
  CHECK(*guest.verdict == Verdict::kWorse);
  CHECK(guest.phrase == "guest 0.90× host (rounds 0.90–0.90)");
  CHECK(paired.ratio_rule.starts_with("ratios are the median of the per-round ratios"));
  CHECK(paired.noise_rule.starts_with("a difference is beyond the round-to-round noise"));

  // The same runs without their round tags: means and the stddev rule, which cannot see the 0.90× through the
  // drift.
  for (SourcedRun& r : runs) r.run.info.tags.clear();
  const Comparison unpaired = compare_runs(runs, CompareOptions{true, std::nullopt});
  CHECK_FALSE(throughput(unpaired, 1).rounds.has_value());
  CHECK(throughput(unpaired, 1).noise == Noise::kWithin);
  CHECK(throughput(unpaired, 1).phrase == "guest 0.90× host");
  CHECK(unpaired.ratio_rule == "ratios are other / base");
  CHECK(unpaired.noise_rule == noise_rule_text());
}

TEST_CASE("round pairing: a spread wider than the difference is said, and the noise is within it") {
  std::vector<SourcedRun> runs;
  add_rounds(runs, "host", {1000, 1000, 1000});
  add_rounds(runs, "nvme", {1250, 909, 1053});  // 0.80, 1.10, 0.95
  const Comparison c = compare_runs(runs, CompareOptions{true, std::nullopt});
  const MetricCell& nvme = throughput(c, 1);
  CHECK(nvme.phrase == "nvme 0.95× host (rounds 0.80–1.1: spread wider than the difference)");
  CHECK(nvme.noise == Noise::kWithin);
  CHECK(*nvme.verdict == Verdict::kWorse);
}

TEST_CASE("round pairing: one side without rounds is compared by means, and the rules say which is which") {
  std::vector<SourcedRun> runs;
  add_rounds(runs, "host", {1000, 1000});
  add_rounds(runs, "a", {2000, 2000});
  runs.push_back(run("b", 0, 2000));
  runs.back().input = runs.size() - 1;
  const Comparison c = compare_runs(runs, CompareOptions{true, std::nullopt});
  REQUIRE(c.groups.size() == 3);
  CHECK(throughput(c, 1).rounds.has_value());
  CHECK_FALSE(throughput(c, 2).rounds.has_value());
  CHECK(throughput(c, 2).phrase == "b 0.50× host");
  CHECK(c.ratio_rule.ends_with("where both sides have rounds, else other / base"));
  CHECK(c.noise_rule.starts_with("by rounds, "));
}

TEST_CASE("round pairing: the drift check sets the base's last round against its first") {
  std::vector<SourcedRun> runs;
  add_rounds(runs, "host", {1000, 1100, 1250});  // the host slows down to 0.80× of its first round
  add_rounds(runs, "guest", {2000, 2200, 2500});
  const Comparison c = compare_runs(runs, CompareOptions{true, std::nullopt});
  CHECK(note_starting(c, "drift check:") ==
        "drift check: host's throughput in its last round against its first (round 3 / round 1): 0.80× "
        "(block_write); per-round ratios pair each round's runs, so a drift that every group shares cancels out "
        "of them");
  CHECK(throughput(c, 1).phrase == "guest 0.50× host (rounds 0.50–0.50)");

  SUBCASE("several tests: their median and extremes") {
    const std::vector<TestDrift> drift = {{"block_write", 1, 3, 0.8}, {"rewrite", 1, 3, 1.2}, {"block_read", 1, 3, 0.9}};
    CHECK(drift_note("host", drift)->find(": 0.90× (median of 3 tests), from 0.80× (block_write) to 1.2× (rewrite);") !=
          std::string::npos);
  }
  SUBCASE("one round is no drift") {
    std::vector<SourcedRun> one;
    add_rounds(one, "host", {1000});
    add_rounds(one, "guest", {2000});
    CHECK_FALSE(has_note_starting(compare_runs(one, CompareOptions{true, std::nullopt}), "drift check:"));
  }
}

TEST_CASE("round pairing: the accelerator of every guest is noted with TCG's caveat, and the round is not a place") {
  std::vector<SourcedRun> runs;
  add_rounds(runs, "host", {1000, 1000});
  add_rounds(runs, "virtio-scsi", {2000, 2000}, "accel=tcg; cpu=max");
  add_rounds(runs, "nvme", {2000, 2000}, "accel=tcg; cpu=max");
  add_rounds(runs, "raw", {2000, 2000}, "accel=kvm; cpu=host");
  for (const std::string hypervisor : {"kvm", "", "qemu"}) {
    runs.push_back(run("vm-" + hypervisor, 0, 2000));  // guests reached otherwise: what they detected
    runs.back().input = runs.size() - 1;
    runs.back().run.info.role = Role::kGuest;
    runs.back().run.info.hypervisor = hypervisor;
  }
  const Comparison c = compare_runs(runs, CompareOptions{true, std::nullopt});
  CHECK(note_starting(c, "accelerator:") ==
        "accelerator: TCG for virtio-scsi, nvme; KVM for raw; KVM (as the guest detected it) for vm-kvm; not "
        "recorded for vm-; TCG (as the guest detected it) for vm-qemu; TCG is QEMU's software emulation: the "
        "guest's CPU is emulated too, so its ratios measure emulation as much as the disk path");
  CHECK(c.groups[1].placement == "accel=tcg; cpu=max");

  std::vector<SourcedRun> hosts;
  add_rounds(hosts, "a", {1000});
  add_rounds(hosts, "b", {1000});
  CHECK_FALSE(has_note_starting(compare_runs(hosts, CompareOptions{true, std::nullopt}), "accelerator:"));
}

TEST_CASE("compare: each group with runs on a busy machine is noted, with how many and the largest share") {
  std::vector<SourcedRun> runs;
  add_rounds(runs, "host", {1000, 1000});
  add_rounds(runs, "guest", {2000, 2000, 2000});
  runs[0].run.info.other_cpu_percent = 10;  // host: quiet enough
  runs[1].run.info.other_cpu_percent = kBusyMachinePercent;
  runs[2].run.info.other_cpu_percent = 40;  // guest: two busy runs of three, and one not recorded
  runs[3].run.info.other_cpu_percent = 91;
  for (std::size_t i = 0; i < runs.size(); ++i) runs[i].input = i;
  const Comparison c = compare_runs(runs, CompareOptions{true, std::nullopt});
  CHECK_FALSE(has_note_starting(c, "host ran on a busy machine"));
  CHECK(note_starting(c, "guest ran on a busy machine") ==
        "guest ran on a busy machine in 2 of its 3 runs: other processes used up to 91 % of the CPU time (bench++'s "
        "own not counted), more than 25 %: its figures may show the load as much as the disk");
  runs[2].run.info.other_cpu_percent.reset();
  runs[3].run.info.other_cpu_percent.reset();
  CHECK_FALSE(has_note_starting(compare_runs(runs, CompareOptions{true, std::nullopt}), "guest ran on a busy machine"));
}

}  // namespace bench
