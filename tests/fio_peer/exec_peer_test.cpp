// fio's exec engine beside fio 3.33 (engine/exec_engine.h): fio's example exec.fio scaled (seconds, not minutes;
// a small shell program in turbostat's place, which this machine may lack, and a lighter cpuio load), run by fio
// and by the fio persona in directories of their own, each its working directory: the same files left there
// (NAME.stdout and NAME.stderr, with the same text), the same lines in the normal output, and in the JSON the
// same jobs with the same keys, no bytes, no error and request counts alike (a 50 ms wait and a 50 ms pause
// each, the last one with grace_time's wait after SIGTERM).
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fio_run.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

// exec.fio as fio 3.33's examples have it, scaled: runtime=30 and 10 become 2 and 1, turbostat a shell program
// that echoes its arguments (%n and %r expanded) and a line on stderr, then waits to be ended.
constexpr const char* kJobFile = R"([global]
time_based
runtime=2

[monitoring_noop]
ioengine=exec
program=/bin/sh
arguments=monitor.sh %n %r

[cpuload_noop]
ioengine=cpuio
cpuload=10
numjobs=1
cpumode=noop

[sleep]
# Let the processor cooling down for a few seconds
stonewall
ioengine=exec
runtime=1
program=/bin/sleep
arguments=%r
grace_time=0
std_redirect=0
)";

constexpr const char* kMonitor = "echo monitoring \"$@\"\necho to-stderr >&2\nwhile :; do sleep 0.05; done\n";

struct ExecRun {
  test::CommandOutput result;
  std::vector<std::string> files;  // what the directory holds after the run, by name
  // Its standard output: the normal output's start, the JSON, then the normal stats (fio 3.33 prints the exec lines
  // there, and loses them with --output=FILE; bench++ writes them to either).
  std::string report;
  nlohmann::json json;
  fs::path dir;
};

ExecRun run_exec_example(bool persona, const fs::path& dir) {
  fs::create_directories(dir);
  std::ofstream(dir / "exec.fio") << kJobFile;
  std::ofstream(dir / "monitor.sh") << kMonitor;
  std::vector<std::string> argv = {"env", "-C", dir.string()};
  if (persona) {
    argv.insert(argv.end(), {BENCH_BINARY, "fio"});
  } else {
    argv.emplace_back("fio");
  }
  argv.insert(argv.end(), {"--output-format=json,normal", "exec.fio"});
  ExecRun run;
  run.dir = dir;
  run.result = test::run_program(argv);
  run.files = test::list_tree(dir);
  run.report = run.result.out;
  const std::size_t open = run.report.find("\n{\n");
  const std::size_t close = run.report.find("\n}\n", open);
  if (open != std::string::npos && close != std::string::npos) {
    run.json = nlohmann::json::parse(run.report.substr(open + 1, close + 2 - open));
  }
  return run;
}

std::vector<std::string> exec_lines(const std::string& report) {
  std::vector<std::string> lines;
  for (const std::string& line : test::lines_of(report)) {
    if (test::contains(line, " : program=") || test::contains(line, " : Saving output of ") ||
        test::contains(line, " : Running ")) {
      lines.push_back(line);
    }
  }
  return lines;
}

TEST_CASE("fio exec peer: exec.fio scaled leaves the same files, prints the same lines and counts alike") {
  if (!test::fio_available()) return;
  const test::TempDir dir;
  const ExecRun fio = run_exec_example(false, dir.path() / "fio");
  const ExecRun bench = run_exec_example(true, dir.path() / "bench");
  REQUIRE_MESSAGE(fio.result.exit_code == 0, fio.result.err);
  REQUIRE_MESSAGE(bench.result.exit_code == 0, bench.result.err);
  // fio's place for the program's output: the working directory, kept.
  CHECK(bench.files == fio.files);
  CHECK(std::find(fio.files.begin(), fio.files.end(), "monitoring_noop.stdout") != fio.files.end());
  CHECK(test::read_file(bench.dir / "monitoring_noop.stdout") == "monitoring monitoring_noop 2\n");
  CHECK(test::read_file(bench.dir / "monitoring_noop.stdout") == test::read_file(fio.dir / "monitoring_noop.stdout"));
  CHECK(test::read_file(bench.dir / "monitoring_noop.stderr") == test::read_file(fio.dir / "monitoring_noop.stderr"));
  CHECK(exec_lines(bench.report) == exec_lines(fio.report));
  // No "NAME: (g=0): rw=..." line for an engine that moves no data (fio's FIO_NOIO), cpuio's included.
  CHECK(!test::contains(fio.report, "(g="));
  CHECK(!test::contains(bench.report, "(g="));
  CHECK(exec_lines(fio.report) ==
        std::vector<std::string>{"monitoring_noop : program=/bin/sh, arguments=monitor.sh %n %r",
                                 "monitoring_noop : Saving output of /bin/sh monitor.sh monitoring_noop 2 : "
                                 "stdout=monitoring_noop.stdout stderr=monitoring_noop.stderr",
                                 "sleep : program=/bin/sleep, arguments=%r", "sleep : Running /bin/sleep 1"});
  REQUIRE(fio.json.contains("jobs"));
  REQUIRE(bench.json.contains("jobs"));
  REQUIRE(bench.json.at("jobs").size() == fio.json.at("jobs").size());
  for (std::size_t j = 0; j < fio.json.at("jobs").size(); ++j) {
    const nlohmann::json& fio_job = fio.json.at("jobs").at(j);
    const nlohmann::json& bench_job = bench.json.at("jobs").at(j);
    CAPTURE(fio_job.at("jobname"));
    CHECK(bench_job.at("jobname") == fio_job.at("jobname"));
    CHECK(bench_job.at("error") == 0);
    CHECK(bench_job.at("read").size() == fio_job.at("read").size());
    for (const auto& item : fio_job.at("read").items()) {
      CHECK_MESSAGE(bench_job.at("read").contains(item.key()), item.key());
    }
    CHECK(bench_job.at("job options") == fio_job.at("job options"));
    if (fio_job.at("job options").at("ioengine") != "exec") continue;
    for (const std::string key : {"io_bytes", "bw_bytes", "runtime"}) {
      CAPTURE(key);
      CHECK(fio_job.at("read").at(key) == 0);
      CHECK(bench_job.at("read").at(key) == 0);
    }
    // A request each 100 ms: about 20 in 2 s, 10 in 1 s, in both (fewer where the machine is busy).
    const auto fio_ios = fio_job.at("read").at("total_ios").get<double>();
    const auto bench_ios = bench_job.at("read").at("total_ios").get<double>();
    const double runtime_s = fio_job.at("jobname") == "sleep" ? 1 : 2;
    CAPTURE(fio_ios);
    CAPTURE(bench_ios);
    CHECK(bench_ios <= runtime_s * 10 + 2);
    CHECK(bench_ios >= fio_ios * 0.5);
    CHECK(bench_ios <= fio_ios * 1.5 + 2);
    // The job lasts its runtime, and the last request's grace after SIGTERM (1 s, or 0 for sleep) when it came.
    const auto job_ms = bench_job.at("job_runtime").get<double>();
    const double grace_ms = fio_job.at("jobname") == "sleep" ? 0 : 1000;
    CHECK(job_ms >= runtime_s * 1000);
    CHECK(job_ms <= runtime_s * 1000 + grace_ms + 1000);
    // The first request starts the program; the others each wait 50 ms on it.
    CHECK(bench_job.at("read").at("clat_ns").at("max").get<double>() >= 50e6);
  }
}

TEST_CASE("fio exec peer: exec without program= is refused, as fio fails its job") {
  if (!test::fio_available()) return;
  const test::CommandOutput bench =
      test::run_bench({"fio", "--name=x", "--ioengine=exec", "--runtime=1", "--output=/dev/null"});
  CHECK(bench.exit_code != 0);
  CHECK(test::contains(bench.err, "ioengine=exec needs program="));
  const test::CommandOutput other =
      test::run_bench({"fio", "--name=x", "--ioengine=psync", "--size=4k", "--program=/bin/true"});
  CHECK(other.exit_code != 0);
  CHECK(test::contains(other.err, "are options of ioengine=exec, not of ioengine=psync"));
}

}  // namespace
}  // namespace bench
