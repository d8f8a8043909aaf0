#include "report/text/latency_table.h"

#include <doctest/doctest.h>

namespace bench {
namespace {

PhaseResult phase(PhaseId id, std::uint64_t operations, std::uint64_t bytes, double seconds, double cpu_seconds) {
  PhaseResult p;
  p.bonnie_test = id;
  p.operations = operations;
  p.bytes = bytes;
  p.elapsed = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(seconds));
  p.cpu = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(cpu_seconds));
  return p;
}

LatencySummary latency(std::uint64_t base_ns) {
  return LatencySummary{1000, base_ns, base_ns * 100, static_cast<double>(base_ns) * 2.5, base_ns * 2, base_ns * 3, base_ns * 10,
                        base_ns * 50};
}

// A phase with a latency summary around `base_ns`.
PhaseResult timed_phase(PhaseId id, std::uint64_t operations, std::uint64_t bytes, std::uint64_t base_ns = 1000) {
  PhaseResult p = phase(id, operations, bytes, 1.0, 0.1);
  p.latency = latency(base_ns);
  return p;
}

TEST_CASE("durations pick their unit and keep three significant digits") {
  CHECK(format_duration_ns(0) == "0ns");
  CHECK(format_duration_ns(850) == "850ns");
  CHECK(format_duration_ns(1'000) == "1.00us");
  CHECK(format_duration_ns(12'345) == "12.3us");
  CHECK(format_duration_ns(999'499) == "999us");
  CHECK(format_duration_ns(4'560'000) == "4.56ms");
  CHECK(format_duration_ns(1.234e9) == "1.23s");
  CHECK(format_duration_ns(1234e9) == "1234s");
}

TEST_CASE("rates carry their unit, K = 1024") {
  CHECK(format_rate(PhaseId::kBlockWrite, 1024.0 * 812345) == "812345 KiB/s");
  CHECK(format_rate(PhaseId::kRandomSeeks, 95.44) == "95.4 seeks/s");
  CHECK(format_rate(PhaseId::kSeqCreate, 6827.4) == "6827 files/s");
  CHECK(format_rate(PhaseId::kFsyncLatency, 512) == "512 syncs/s");
}

TEST_CASE("the measured section shows real rates even for tests bonnie++ hides as +++++") {
  RunResult run;
  auto create = phase(PhaseId::kSeqCreate, 1024, 0, 0.1, 0.05);  // too fast for bonnie's table
  create.latency = latency(1000);
  run.phases.push_back(create);
  auto fsync = phase(PhaseId::kFsyncLatency, 100, 230000, 1.0, 0.1);
  fsync.latency = latency(200'000);  // p99 = 10 * 200us = 2ms
  run.phases.push_back(fsync);
  const std::string text = format_latency_table(run);
  CHECK(text ==
        "Measured                   rate  %CPU      min     mean      p50      p90      p99    p99.9      max\n"
        "Seq create        10240 files/s    50   1.00us   2.50us   2.00us   3.00us   10.0us   50.0us    100us\n"
        "Fsync latency       100 syncs/s    10    200us    500us    400us    600us   2.00ms   10.0ms   20.0ms\n"
        "Fsync latency p99 2.00ms over 1000 fdatasync calls: within etcd's 10ms guideline\n");
  run.phases[1].latency->p99_ns = 12'000'000;
  CHECK(format_latency_table(run).find("ABOVE etcd's 10ms guideline") != std::string::npos);
  CHECK(format_latency_table(RunResult{}).empty());
}

TEST_CASE("the measured section says when random seeks wrote back another share than bonnie++'s 10 %") {
  RunResult run;
  run.info.setup.io = IoSpec{};
  run.phases.push_back(timed_phase(PhaseId::kRandomSeeks, 1000, 4096 * 1000));
  run.phases.push_back(timed_phase(PhaseId::kFsyncLatency, 100, 230000));
  const std::string bonnie = format_latency_table(run);
  CHECK(bonnie.find("write back") == std::string::npos);  // the default: nothing to say
  run.info.setup.io->seek_write_percent = 0;
  const std::string text = format_latency_table(run);
  CHECK(text.find("Random seeks  ") != std::string::npos);
  // Under the rows, before the fsync verdict.
  CHECK(text.find("us\nRandom seeks write back 0 % of tickets (bonnie++: 10 %)\nFsync latency p99") !=
        std::string::npos);
  run.info.setup.io->seek_write_percent = 100;
  CHECK(format_latency_table(run).find("Random seeks write back 100 % of tickets (bonnie++: 10 %)\n") !=
        std::string::npos);
  run.phases.erase(run.phases.begin());  // no random seeks in this run: no line
  CHECK(format_latency_table(run).find("write back") == std::string::npos);
}

TEST_CASE("the measured section says when the reads were checked (--verify), for runs with read tests") {
  RunResult run;
  run.info.setup.io = IoSpec{};
  run.phases.push_back(timed_phase(PhaseId::kBlockWrite, 1000, 4096 * 1000));
  run.info.setup.verify = true;
  CHECK(format_latency_table(run).find("--verify") == std::string::npos);  // nothing was read
  run.phases.push_back(timed_phase(PhaseId::kBlockRead, 1000, 4096 * 1000));
  CHECK(format_latency_table(run).find("us\nReads checked against the data written (--verify): %CPU includes the "
                                       "check\n") != std::string::npos);
  run.info.setup.verify = false;
  CHECK(format_latency_table(run).find("--verify") == std::string::npos);
}

TEST_CASE("the repeat summary gives mean and standard deviation per test") {
  std::vector<RunResult> runs(3);
  const double seconds[] = {1.0, 2.0, 4.0};
  for (int i = 0; i < 3; ++i) {
    auto p = phase(PhaseId::kBlockRead, 128, 1 << 20, seconds[i], 0.5);
    p.latency = latency(1000 * (i + 1));
    runs[i].phases.push_back(p);
  }
  const std::string text = format_repeat_summary(runs);
  // 1024, 512 and 256 KiB/s: mean 597.3, sample stddev 391.05; %CPU 50, 25, 12.5.
  CAPTURE(text);
  CHECK(text.find("Across 3 runs") == 0);
  CHECK(text.find("Block read") != std::string::npos);
  CHECK(text.find("597.3 ± 391.0") != std::string::npos);
  CHECK(text.find("KiB/s") != std::string::npos);
  CHECK(text.find("p99 20.0us ± 10.0us") != std::string::npos);
  CHECK(text.find("Seq create") == std::string::npos);
  CHECK(format_repeat_summary({runs[0]}).empty());
}

}  // namespace
}  // namespace bench
