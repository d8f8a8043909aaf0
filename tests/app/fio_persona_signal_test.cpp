// An interrupted run in fio's persona (bench++(1), FIO PERSONA): as fio 3.33 stopped by SIGINT or SIGTERM (its
// backend.c sig_int), the jobs stop as at their runtime's end, "fio: terminating on signal N" goes to fio's output
// (standard output, or --output's file; never standard error), the results of what ran are written in every format
// asked, the files stay, and the exit status is 128. Then the same against fio 3.33 itself, where it is installed.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "reliability/background_process.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

enum class Tool { kPersona, kFio };

// A 30 s time-based random read of an 8 MiB file (`file`), as a CI script's `timeout 60 fio ...` runs one.
std::vector<std::string> job_args(const fs::path& file, const std::vector<std::string>& more) {
  std::vector<std::string> args = {"--name=x", "--rw=randread", "--bs=4k", "--size=8m", "--runtime=30",
                                   "--time_based", "--filename=" + file.string()};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// Starts `tool` on the job, waits until its file is laid out and the reads have gone on for a while, sends
// `signal_number`, and collects what it wrote.
test::CommandOutput interrupted(Tool tool, const fs::path& dir, int signal_number,
                                const std::vector<std::string>& more, int second_signal = 0) {
  const fs::path file = dir / "data";
  std::vector<std::string> args = job_args(file, more);
  std::vector<std::string> argv;
  if (tool == Tool::kPersona) {
    args.insert(args.begin(), "fio");
    argv = test::bench_command(args);
  } else {
    argv = test::with({"fio"}, args);
  }
  test::BackgroundProcess process(argv);
  const auto laid_out = [&] {
    std::error_code error;
    return fs::file_size(file, error) == (8u << 20);
  };
  REQUIRE(process.wait_until(laid_out, 30s));
  std::this_thread::sleep_for(1500ms);  // the layout's end, then reads
  if (second_signal == 0) {
    process.send_signal(signal_number);
  } else {
    // Both pending before the process runs again, so both arrive while its jobs stop, however busy the machine:
    // sent one after the other, the second could come after the results were written.
    process.send_signal(SIGSTOP);
    process.send_signal(signal_number);
    process.send_signal(second_signal);
    process.send_signal(SIGCONT);
  }
  return process.finish(30s);
}

std::string line_of(int signal_number) { return "\nfio: terminating on signal " + std::to_string(signal_number) + "\n"; }

// The JSON after fio's line (fio writes the line, then its document).
nlohmann::json json_after_line(const std::string& out, int signal_number) {
  REQUIRE(out.starts_with(line_of(signal_number)));
  return nlohmann::json::parse(out.substr(line_of(signal_number).size()));
}

// The job of a 30 s run stopped after about 2 s: I/O done, a runtime well below the planned one.
void check_stopped_job(const nlohmann::json& document) {
  REQUIRE(document.at("jobs").size() == 1);
  const nlohmann::json& job = document.at("jobs").at(0);
  CHECK(job.at("jobname") == "x");
  CHECK(job.at("error") == 0);
  CHECK(job.at("read").at("io_bytes").get<std::uint64_t>() > 0);
  CHECK(job.at("job_runtime").get<std::uint64_t>() > 0);
  CHECK(job.at("job_runtime").get<std::uint64_t>() < 15000);
  CHECK(job.at("read").at("runtime").get<std::uint64_t>() < 15000);
}

TEST_CASE("fio's persona stopped by SIGINT or SIGTERM writes fio's line and its JSON of what ran, and exits 128") {
  for (const int signal_number : {SIGINT, SIGTERM}) {
    CAPTURE(signal_number);
    const test::TempDir dir;
    const test::CommandOutput result = interrupted(Tool::kPersona, dir.path(), signal_number, {"--output-format=json"});
    CHECK(result.exit_code == 128);
    CHECK(result.err.empty());  // fio says nothing on stderr
    check_stopped_job(json_after_line(result.out, signal_number));
    CHECK(fs::file_size(dir.path() / "data") == (8u << 20));  // fio's files stay (unlink=0)
  }
}

TEST_CASE("fio's persona stopped: the line after the normal output's header, or in --output's file with the rest") {
  const test::TempDir dir;
  const test::CommandOutput normal = interrupted(Tool::kPersona, dir.path(), SIGINT, {});
  CHECK(normal.exit_code == 128);
  CHECK(normal.err.empty());
  // fio's order: the header, the file it laid out, then the line (said while the job ran), then the results.
  CHECK(test::contains(normal.out, "Starting 1 process\nx: Laying out IO file (1 file / 8MiB)\n" + line_of(SIGINT) +
                                       "\nx: (groupid=0, jobs=1): err= 0: "));
  CHECK(test::contains(normal.out, "\nRun status group 0 (all jobs):\n   READ: bw="));

  const test::TempDir other;
  const fs::path output = other.path() / "out.txt";
  const test::CommandOutput to_file =
      interrupted(Tool::kPersona, other.path(), SIGTERM, {"--output-format=json,terse", "--output=" + output.string()});
  CHECK(to_file.exit_code == 128);
  CHECK(to_file.out.empty());
  CHECK(to_file.err.empty());
  std::ifstream in(output);
  std::stringstream text;
  text << in.rdbuf();
  // fio's order: the line, the terse line, the JSON.
  REQUIRE(text.str().starts_with(line_of(SIGTERM) + "3;"));
  const std::string after_terse = text.str().substr(text.str().find("\n{") + 1);
  check_stopped_job(nlohmann::json::parse(after_terse));
}

TEST_CASE("fio's persona and fio 3.33 stopped the same way agree on the stream, the line, the JSON and the status") {
  if (test::skip_unless(test::tool_installed("fio"), test::Need::kTool, "fio is not installed (Debian fio)")) return;
  const test::TempDir persona_dir;
  const test::TempDir fio_dir;
  const test::CommandOutput persona = interrupted(Tool::kPersona, persona_dir.path(), SIGTERM, {"--output-format=json"});
  const test::CommandOutput fio = interrupted(Tool::kFio, fio_dir.path(), SIGTERM, {"--output-format=json"});
  CHECK(persona.exit_code == fio.exit_code);
  CHECK(fio.exit_code == 128);
  CHECK(persona.err == fio.err);  // both empty
  const nlohmann::json ours = json_after_line(persona.out, SIGTERM);
  const nlohmann::json theirs = json_after_line(fio.out, SIGTERM);
  check_stopped_job(ours);
  check_stopped_job(theirs);
  // .key(), not a structured binding: clang 14 cannot capture one in CHECK_MESSAGE's lambda.
  for (const auto& item : theirs.items()) CHECK_MESSAGE(ours.contains(item.key()), item.key());
  for (const auto& item : theirs.at("jobs").at(0).items()) {
    CHECK_MESSAGE(ours.at("jobs").at(0).contains(item.key()), item.key());
  }
  // Both keep the file they laid out.
  CHECK(fs::file_size(persona_dir.path() / "data") == fs::file_size(fio_dir.path() / "data"));
}

// The stop lines at the start of `out`, each signal's number, in order; and what follows them.
std::pair<std::vector<int>, std::string> stop_lines(const std::string& out) {
  std::vector<int> signals;
  std::size_t at = 0;
  bool found = true;
  while (found) {
    found = false;
    for (const int signal_number : {SIGINT, SIGTERM}) {
      if (out.compare(at, line_of(signal_number).size(), line_of(signal_number)) != 0) continue;
      signals.push_back(signal_number);
      at += line_of(signal_number).size();
      found = true;
    }
  }
  return {signals, out.substr(at)};
}

TEST_CASE("fio's persona and fio 3.33 given a second stop signal while stopping: a line for each, then the results") {
  // fio 3.33 (backend.c sig_int): every SIGINT or SIGTERM until it is done writes its line and stops the jobs
  // again; none exits at once: the results follow, and the status is 128. Measured: SIGINT and SIGTERM pending
  // together, two lines before the JSON (in either order: fio's threads take them), exit 128. (Two SIGINTs pending
  // together reach either as one: the kernel keeps one of a kind pending.)
  const test::TempDir persona_dir;
  const test::CommandOutput persona =
      interrupted(Tool::kPersona, persona_dir.path(), SIGINT, {"--output-format=json"}, SIGTERM);
  CHECK(persona.exit_code == 128);
  CHECK(persona.err.empty());
  auto [persona_signals, persona_rest] = stop_lines(persona.out);
  INFO(persona.out.substr(0, 200));
  std::sort(persona_signals.begin(), persona_signals.end());  // each as its handler ran, on whichever thread
  CHECK(persona_signals == std::vector<int>{SIGINT, SIGTERM});
  check_stopped_job(nlohmann::json::parse(persona_rest));
  if (test::skip_unless(test::tool_installed("fio"), test::Need::kTool, "fio is not installed (Debian fio)")) return;
  const test::TempDir fio_dir;
  const test::CommandOutput fio = interrupted(Tool::kFio, fio_dir.path(), SIGINT, {"--output-format=json"}, SIGTERM);
  // fio 3.33 itself sometimes never ends after the second signal (once in three test.sh runs here: killed at this
  // test's limit, no stop line written), a race of its own threads: then it is no reference, and it says so.
  if (fio.exit_code == 128 + SIGKILL) {
    MESSAGE("fio 3.33 hung after the second signal and was killed; the persona's run above was checked alone");
    return;
  }
  CHECK(fio.exit_code == persona.exit_code);
  // (fio's stderr may say "fio: select() call in helper thread failed: Interrupted system call": its helper
  // thread's select interrupted by the second signal, a race of fio's own; the persona's stays empty.)
  CHECK(stop_lines(fio.out).first.size() == 2);
}

}  // namespace
}  // namespace bench
