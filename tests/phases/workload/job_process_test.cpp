// A workload job in a process of its own (phases/workload/job_process.h) and the bytes its outcome travels in
// (phases/workload/job_outcome_codec.h): what the child measured comes back whole, what it threw is thrown again as the same
// kind, the start line and the parent's flags reach it, and a child that dies is an error, not a result.
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <optional>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <tuple>
#include <vector>

#include <doctest/doctest.h>

#include "phases/workload/job_outcome_codec.h"
#include "phases/workload/job_process.h"
#include "phases/job_snapshot.h"
#include "phases/phase_fixture.h"
#include "phases/workload/workload_data.h"
#include "result/errors.h"

namespace bench {
namespace {

using namespace std::chrono_literals;

JobMeasurement sample_measurement() {
  JobMeasurement m;
  m.parts.resize(4);
  m.parts[0].latency.record(1500);
  m.parts[0].latency.record(250'000);
  m.parts[1].submission_latency.record(700);
  m.parts[1].completion_latency.record(9'000);
  m.parts[1].operations = 12;
  m.parts[1].bytes = 12 * 4096;
  m.parts[1].bytes_per_second = {4096, 0, 8192};
  m.parts[1].operations_per_second = {1, 0, 2};
  m.parts[1].latency_ns_per_second = {10, 0, 30};
  m.parts[1].bytes_per_bw_window = {5, 6};
  m.parts[1].operations_per_iops_window = {7};
  m.parts[0].own_window = PartMeasurement::Window{std::chrono::steady_clock::time_point{987654321ns}, 4s};
  m.measured_from = std::chrono::steady_clock::time_point{123456789ns};
  m.elapsed = 2s;
  m.time_in_flight = 3s;
  m.stop_signal = 15;
  m.cpu_at_measured_from = 42ms;
  m.depths.level[1] = 3;
  m.depths.submit[2] = 4;
  m.depths.complete[6] = 5;
  m.cpu_outside_group = CpuBreakdown{1ms, 2ms, 3, 4, 5};
  m.own_usage = CpuBreakdown{6ms, 7ms, 8, 9, 10};
  m.samples.push_back(IoSample{10ns, 20ns, 5ns, 8192, 4096, IoDirection::kWrite, 0x4004, 3});
  m.samples.push_back(IoSample{11ns, 21ns, 0ns, 0, 512, IoDirection::kTrim, 0, 1});
  m.log_epoch_ms = 1'765'000'000'123;
  return m;
}

void check_same(const JobMeasurement& got, const JobMeasurement& want) {
  REQUIRE(got.parts.size() == want.parts.size());
  for (std::size_t i = 0; i < want.parts.size(); ++i) {
    const PartMeasurement& g = got.parts[i];
    const PartMeasurement& w = want.parts[i];
    CHECK(g.latency.to_words() == w.latency.to_words());
    CHECK(g.submission_latency.to_words() == w.submission_latency.to_words());
    CHECK(g.completion_latency.to_words() == w.completion_latency.to_words());
    CHECK(g.operations == w.operations);
    CHECK(g.bytes == w.bytes);
    CHECK(g.bytes_per_second == w.bytes_per_second);
    CHECK(g.operations_per_second == w.operations_per_second);
    CHECK(g.latency_ns_per_second == w.latency_ns_per_second);
    CHECK(g.bytes_per_bw_window == w.bytes_per_bw_window);
    CHECK(g.operations_per_iops_window == w.operations_per_iops_window);
    REQUIRE(g.own_window.has_value() == w.own_window.has_value());
    if (w.own_window) {
      CHECK(g.own_window->from == w.own_window->from);
      CHECK(g.own_window->elapsed == w.own_window->elapsed);
    }
  }
  CHECK(got.measured_from == want.measured_from);
  CHECK(got.elapsed == want.elapsed);
  CHECK(got.time_in_flight == want.time_in_flight);
  CHECK(got.stop_signal == want.stop_signal);
  CHECK(got.cpu_at_measured_from == want.cpu_at_measured_from);
  CHECK(got.depths.level == want.depths.level);
  CHECK(got.depths.submit == want.depths.submit);
  CHECK(got.depths.complete == want.depths.complete);
  const auto usage_fields = [](const std::optional<CpuBreakdown>& u) {
    return u ? std::tuple(u->user, u->system, u->context_switches, u->major_faults, u->minor_faults)
             : std::tuple(0ns, 0ns, std::uint64_t{1}, std::uint64_t{1}, std::uint64_t{1});
  };
  CHECK(usage_fields(got.own_usage) == usage_fields(want.own_usage));
  REQUIRE(got.samples.size() == want.samples.size());
  std::vector<IoSample> a;
  std::vector<IoSample> b;
  got.samples.for_each([&](const IoSample& s) { a.push_back(s); });
  want.samples.for_each([&](const IoSample& s) { b.push_back(s); });
  for (std::size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].completed == b[i].completed);
    CHECK(a[i].latency == b[i].latency);
    CHECK(a[i].submission == b[i].submission);
    CHECK(a[i].offset == b[i].offset);
    CHECK(a[i].bytes == b[i].bytes);
    CHECK(a[i].direction == b[i].direction);
    CHECK(a[i].priority == b[i].priority);
    CHECK(a[i].job == b[i].job);
  }
  CHECK(got.log_epoch_ms == want.log_epoch_ms);
}

// What run_in_own_process threw, as job_error_of sees it (the same kinds the runner tells apart).
JobError thrown_by(PhaseContext& context, const std::function<void(PhaseContext&)>& job) {
  try {
    run_in_own_process(context, job);
  } catch (...) {
    return job_error_of(std::current_exception());
  }
  FAIL("nothing was thrown");
  return {};
}

// A job's context as the runner gives it (over a phase fixture's), recording into `measurement`, sized as the
// runner sizes it.
struct JobFixture {
  static JobMeasurement sized() {
    JobMeasurement m;
    m.parts.resize(4);
    return m;
  }
  static PhaseContext context_of(test::PhaseFixture& phase, JobMeasurement& measurement) {
    PhaseContext context = phase.context();
    context.measurement = &measurement;
    return context;
  }
  test::PhaseFixture phase;
  JobMeasurement measurement = sized();
  PhaseContext context = context_of(phase, measurement);
};

class CountingStart final : public JobStart {
 public:
  void arrive_and_wait() override { ++arrivals; }
  int arrivals = 0;
};

}  // namespace

TEST_CASE("job outcome codec: a measurement and an error come back as they went") {
  const JobMeasurement m = sample_measurement();
  const JobOutcome plain = decode_job_outcome(encode_job_outcome(m, std::nullopt));
  CHECK_FALSE(plain.error.has_value());
  check_same(plain.measurement, m);
  const CpuBreakdown& outside = plain.measurement.cpu_outside_group;
  CHECK(outside.user == 1ms);
  CHECK(outside.system == 2ms);
  CHECK(outside.context_switches == 3);
  CHECK(outside.major_faults == 4);
  CHECK(outside.minor_faults == 5);

  const JobError error{JobError::Kind::kSystem, ENOSPC, "cannot write /x at offset 4096"};
  const JobOutcome failed = decode_job_outcome(encode_job_outcome(m, error));
  REQUIRE(failed.error.has_value());
  CHECK(failed.error->kind == JobError::Kind::kSystem);
  CHECK(failed.error->value == ENOSPC);
  CHECK(failed.error->message == error.message);
  check_same(failed.measurement, m);  // what the job did before it failed
}

TEST_CASE("job outcome codec: fio's steady state comes back as it went, attained or not") {
  JobMeasurement m = sample_measurement();
  CHECK_FALSE(decode_job_outcome(encode_job_outcome(m, std::nullopt)).measurement.steady_state.has_value());
  FioSteadyStateResult ss;
  ss.spec = FioSteadyStateSpec{.measure = FioSteadyStateSpec::Measure::kBandwidth, .slope = true, .percent = false,
                               .limit = 1048576, .duration_s = 3, .ramp = 2500ms};
  ss.attained = true;
  ss.attained_after = 4s;
  ss.criterion = -12.5;
  ss.slope = -12.5;
  ss.max_deviation = 0;
  ss.iops = {1, 2, 3};
  ss.bw = {4096, 8192, 12288};
  m.steady_state = ss;
  CHECK(decode_job_outcome(encode_job_outcome(m, std::nullopt)).measurement.steady_state == ss);
  ss.attained = false;
  ss.attained_after.reset();
  m.steady_state = ss;
  CHECK(decode_job_outcome(encode_job_outcome(m, std::nullopt)).measurement.steady_state == ss);
}

TEST_CASE("job outcome codec: bytes cut short or with more after them are refused") {
  const std::string bytes = encode_job_outcome(sample_measurement(), std::nullopt);
  for (const std::size_t keep : {std::size_t{0}, std::size_t{1}, bytes.size() / 2, bytes.size() - 1}) {
    CHECK_THROWS_WITH_AS(decode_job_outcome(std::string_view(bytes).substr(0, keep)),
                         "a job's process sent a malformed result", std::runtime_error);
  }
  CHECK_THROWS_AS(decode_job_outcome(bytes + "x"), std::runtime_error);
}

TEST_CASE("job error: each kind is thrown again as the kind the runner tells apart") {
  const auto round_trip = [](const std::exception_ptr& thrown) {
    try {
      rethrow_job_error(job_error_of(thrown));
    } catch (...) {
      return std::current_exception();
    }
    return std::exception_ptr{};
  };
  const auto rethrown = [&](auto exception) { return round_trip(std::make_exception_ptr(exception)); };
  CHECK_THROWS_AS(std::rethrow_exception(rethrown(InterruptedError(SIGTERM))), InterruptedError);
  try {
    std::rethrow_exception(rethrown(InterruptedError(SIGTERM)));
  } catch (const InterruptedError& e) {
    CHECK(e.signal_number() == SIGTERM);
  }
  CHECK_THROWS_WITH_AS(std::rethrow_exception(rethrown(UsageError("bad bs"))), "bad bs", UsageError);
  CHECK_THROWS_WITH_AS(std::rethrow_exception(rethrown(VerifyError("mismatch at 0"))), "mismatch at 0", VerifyError);
  const std::system_error no_space(ENOSPC, std::generic_category(), "cannot write f");
  try {
    std::rethrow_exception(rethrown(no_space));
    FAIL("not thrown");
  } catch (const std::system_error& e) {
    CHECK(e.code().value() == ENOSPC);
    CHECK(std::string(e.what()) == no_space.what());  // not "cannot write f: No space ...: No space ..."
  }
  CHECK_THROWS_WITH_AS(std::rethrow_exception(rethrown(std::runtime_error("rate_min"))), "rate_min",
                       std::runtime_error);
  CHECK_THROWS_AS(std::rethrow_exception(rethrown(std::logic_error("defect"))), std::logic_error);
  // Something else (no memory) ends the run: not a std::runtime_error, which would be the job's own failure.
  const std::exception_ptr other = rethrown(std::bad_alloc());
  CHECK_THROWS_AS(std::rethrow_exception(other), std::exception);
  bool is_runtime_error = false;
  try {
    std::rethrow_exception(other);
  } catch (const std::runtime_error&) {
    is_runtime_error = true;
  } catch (...) {
  }
  CHECK_FALSE(is_runtime_error);
}

TEST_CASE("job process: the job runs in another process and its measurement comes back") {
  JobFixture job;
  JobMeasurement& measurement = job.measurement;
  PhaseContext& context = job.context;
  const JobMeasurement wanted = sample_measurement();
  const auto parent = static_cast<std::uint64_t>(::getpid());
  run_in_own_process(context, [&](PhaseContext& own) {
    *own.measurement = wanted;
    own.measurement->parts[3].operations = static_cast<std::uint64_t>(::getpid());
  });
  CHECK(measurement.parts[3].operations != parent);
  CHECK(measurement.parts[3].operations != 0);
  // It never met a start line: all it spent is outside a group's run (a new process's first writes fault, at least).
  CHECK(measurement.cpu_outside_group.minor_faults > 0);
  measurement.parts[3].operations = 0;
  JobMeasurement expected = sample_measurement();
  expected.cpu_at_measured_from.reset();  // no start line here: no release to count a ramp's CPU from
  check_same(measurement, expected);
}

TEST_CASE("job process: the child waits at the group's start line through the parent, once") {
  JobFixture job;
  JobMeasurement& measurement = job.measurement;
  PhaseContext& context = job.context;
  CountingStart start;
  context.start = &start;
  run_in_own_process(context, [](PhaseContext& own) {
    own.wait_for_start();
    own.measurement->parts[0].operations = 7;
  });
  CHECK(start.arrivals == 1);
  CHECK(measurement.parts[0].operations == 7);

  // A job that fails before its start line never arrives: the runner's gate takes it off (not this one).
  CountingStart unused;
  context.start = &unused;
  const JobError error = thrown_by(context, [](PhaseContext&) { throw std::system_error(ENOENT, std::generic_category(), "cannot open f"); });
  CHECK(unused.arrivals == 0);
  CHECK(error.kind == JobError::Kind::kSystem);
  CHECK(error.value == ENOENT);
  CHECK(error.message == "cannot open f");
}

TEST_CASE("job process: a stop signal, another job's failure and exitall reach the running child") {
  JobFixture job;
  JobMeasurement& measurement = job.measurement;
  PhaseContext& context = job.context;
  std::atomic<bool> abort{false};
  std::atomic<bool> group_end{false};
  context.abort = &abort;
  context.group_end = &group_end;
  // The child waits (up to 20 s) for what the parent sets after 100 ms, and says which it saw.
  const auto wait_for = [](const std::function<bool(const PhaseContext&)>& seen) {
    return [seen](PhaseContext& own) {
      const auto until = std::chrono::steady_clock::now() + 20s;
      while (!seen(own) && std::chrono::steady_clock::now() < until) std::this_thread::sleep_for(1ms);
      own.measurement->parts[0].operations = seen(own) ? 1 : 0;
    };
  };
  const auto set_later = [](auto& flag, auto value) {
    return std::thread([&flag, value] {
      std::this_thread::sleep_for(100ms);
      flag.store(value);
    });
  };
  {
    std::thread setter = set_later(abort, true);
    run_in_own_process(context, wait_for([](const PhaseContext& own) { return own.abort->load(); }));
    setter.join();
    CHECK(measurement.parts[0].operations == 1);
  }
  {
    std::thread setter = set_later(group_end, true);
    run_in_own_process(context, wait_for([](const PhaseContext& own) { return own.group_end->load(); }));
    setter.join();
    CHECK(measurement.parts[0].operations == 1);
  }
  {
    std::thread setter = set_later(job.phase.interrupt, SIGINT);
    const JobError error = thrown_by(context, [](PhaseContext& own) {
      const auto until = std::chrono::steady_clock::now() + 20s;
      while (std::chrono::steady_clock::now() < until) {
        own.check_interrupt();
        std::this_thread::sleep_for(1ms);
      }
    });
    setter.join();
    CHECK(error.kind == JobError::Kind::kInterrupted);
    CHECK(error.value == SIGINT);
  }
}

TEST_CASE("job process: a child that dies without a result is an error that says how it ended") {
  JobFixture job;
  PhaseContext& context = job.context;
  const JobError killed = thrown_by(context, [](PhaseContext&) { ::raise(SIGKILL); });
  CHECK(killed.kind == JobError::Kind::kRuntime);
  CHECK(killed.message == "a workload job's process was killed by signal 9 without a result");
  const JobError exited = thrown_by(context, [](PhaseContext&) { ::_exit(3); });
  CHECK(exited.message == "a workload job's process ended with status 3 without a result");
}

TEST_CASE("job process: the running child answers the parent's requests for its measurement so far, then ends") {
  JobFixture job;
  PhaseContext& context = job.context;
  std::atomic<std::uint64_t> requests{0};
  std::vector<std::uint64_t> answered;  // parts[0].operations of each answer, as the parent got it
  JobSnapshot snapshot(requests,
                       [&](const JobMeasurement& so_far) { answered.push_back(so_far.parts.at(0).operations); });
  context.snapshot = &snapshot;
  // The parent asks twice, 100 ms apart; the child counts its turns and answers when asked, up to 20 s.
  std::thread asker([&] {
    for (int i = 0; i < 2; ++i) {
      std::this_thread::sleep_for(100ms);
      requests.fetch_add(1);
      const auto until = std::chrono::steady_clock::now() + 20s;
      while (snapshot.answered() < requests.load() && std::chrono::steady_clock::now() < until) {
        std::this_thread::sleep_for(1ms);
      }
    }
  });
  run_in_own_process(context, [](PhaseContext& own) {
    REQUIRE(own.snapshot != nullptr);
    int answers = 0;
    const auto until = std::chrono::steady_clock::now() + 20s;
    while (answers < 2 && std::chrono::steady_clock::now() < until) {
      ++own.measurement->parts[0].operations;
      if (own.snapshot->due()) {
        own.snapshot->answer(*own.measurement);
        ++answers;
      }
      std::this_thread::sleep_for(1ms);
    }
    own.measurement->parts[0].operations = 1'000'000;
  });
  asker.join();
  REQUIRE(answered.size() == 2);
  CHECK(answered[0] > 0);
  CHECK(answered[1] > answered[0]);
  CHECK(snapshot.answered() == 2);
  CHECK(job.measurement.parts[0].operations == 1'000'000);  // the outcome after the answers, whole
}

}  // namespace bench
