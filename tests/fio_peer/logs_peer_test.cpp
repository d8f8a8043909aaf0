// fio's log options beside fio 3.33 (report/fio/fio_log.h, report/fio/fio_hist_log.h): the same job under both
// tools, each in a working directory of its own (fio writes its logs in the current directory), then the same log
// files, the same columns, line counts within one window, and values within generous bounds; and fio's own reader
// of histogram logs, fiologparser_hist.py, on both tools' logs.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <time.h>

#include "fio_run.h"
#include "test_paths.h"
#include "test_support.h"
#include "text/split.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

// One tool's run of `options` in `dir` (its data in dir/data, its logs in dir/logs, the current directory).
struct ToolLogs {
  fs::path logs;
  std::map<std::string, std::vector<std::vector<std::string>>> files;  // name: lines, each line's fields
};

ToolLogs run_tool(bool ours, const fs::path& dir, const std::vector<std::string>& options) {
  const fs::path data = dir / "data";
  const fs::path logs = dir / "logs";
  fs::create_directories(data);
  fs::create_directories(logs);
  std::vector<std::string> argv = {"env", "-C", logs.string()};
  if (ours) {
    argv.insert(argv.end(), {test::bench_binary(), "job", "-q", "-d", data.string()});
  } else {
    argv.insert(argv.end(), {"fio", "--output=/dev/null", "--directory=" + data.string()});
  }
  argv.insert(argv.end(), options.begin(), options.end());
  const test::CommandOutput run = test::run_program(argv);
  INFO((ours ? "bench++: " : "fio: ") << run.err);
  REQUIRE(run.exit_code == 0);
  ToolLogs result{logs, {}};
  for (const auto& entry : fs::directory_iterator(logs)) {
    auto& lines = result.files[entry.path().filename().string()];
    std::ifstream in(entry.path());
    for (std::string line; std::getline(in, line);) {
      std::vector<std::string> fields;
      for (const std::string_view field : split(line, ',')) {
        fields.emplace_back(field.substr(field.find_first_not_of(' ') == std::string_view::npos
                                             ? 0
                                             : field.find_first_not_of(' ')));
      }
      lines.push_back(std::move(fields));
    }
  }
  return result;
}

struct Both {
  ToolLogs fio;
  ToolLogs bench;
};

Both run_both(const test::TempDir& dir, const std::vector<std::string>& options) {
  return {run_tool(false, dir.path() / "fio", options), run_tool(true, dir.path() / "bench", options)};
}

std::set<std::string> names(const ToolLogs& logs) {
  std::set<std::string> result;
  for (const auto& [name, lines] : logs.files) result.insert(name);
  return result;
}

std::set<std::size_t> column_counts(const std::vector<std::vector<std::string>>& lines) {
  std::set<std::size_t> counts;
  for (const auto& line : lines) counts.insert(line.size());
  return counts;
}

std::uint64_t field(const std::vector<std::string>& line, std::size_t index) { return std::stoull(line.at(index)); }

std::uint64_t clock_ms(clockid_t clock) {
  timespec now{};
  clock_gettime(clock, &now);
  return static_cast<std::uint64_t>(now.tv_sec) * 1000 + static_cast<std::uint64_t>(now.tv_nsec) / 1'000'000;
}

// The same files, and in each the same column counts.
void check_same_files(const Both& both) {
  REQUIRE(names(both.bench) == names(both.fio));
  // .first/.second, not a structured binding: clang 14 cannot capture one in CAPTURE's lambda.
  for (const auto& file : both.fio.files) {
    const std::string& name = file.first;
    CAPTURE(name);
    CHECK(column_counts(both.bench.files.at(name)) == column_counts(file.second));
  }
}

}  // namespace

TEST_CASE("fio peer: log_offset and log_prio add each request's offset and ioprio value, as fio's columns") {
  if (!test::fio_available()) return;
  test::TempDir dir;
  // A random read of every 4 KiB block once (fio's random map), at best-effort level 4 (0x4004: no privilege).
  const Both both = run_both(dir, {"--name=p", "--rw=randread", "--bs=4k", "--size=256k", "--prio=4",
                                   "--write_lat_log=t", "--write_bw_log=t", "--write_iops_log=t", "--log_offset=1",
                                   "--log_prio=1"});
  check_same_files(both);
  for (const auto& file : both.fio.files) {
    const std::string& name = file.first;
    const auto& lines = file.second;
    CAPTURE(name);
    const auto& ours = both.bench.files.at(name);
    CHECK(ours.size() == lines.size());
    if (name == "t_slat.1.log") continue;  // empty on psync, both
    CHECK(lines.size() == 64);
    for (const ToolLogs* tool : {&both.fio, &both.bench}) {
      std::set<std::uint64_t> offsets;
      for (const auto& line : tool->files.at(name)) {
        REQUIRE(line.size() == 6);
        CHECK(line[5] == "0x4004");
        CHECK(field(line, 3) == 4096);
        offsets.insert(field(line, 4));
      }
      CHECK(offsets.size() == 64);  // each block's offset once
      CHECK(*offsets.rbegin() == 252 * 1024);
    }
  }
  // log_offset alone: the offset, then fio's realtime-or-not priority column (0: best effort).
  test::TempDir plain;
  const Both offsets = run_both(plain, {"--name=p", "--rw=read", "--bs=64k", "--size=256k", "--write_lat_log=t",
                                        "--log_offset=1"});
  check_same_files(offsets);
  for (const ToolLogs* tool : {&offsets.fio, &offsets.bench}) {
    const auto& lines = tool->files.at("t_lat.1.log");
    REQUIRE(lines.size() == 4);
    for (std::size_t i = 0; i < lines.size(); ++i) {
      CHECK(field(lines[i], 4) == i * 65536);  // sequential
      CHECK(lines[i][5] == "0");
    }
  }
}

TEST_CASE("fio peer: log_max_value logs each window's largest latency, log_entries changes no log") {
  if (!test::fio_available()) return;
  test::TempDir dir;
  const Both both = run_both(dir, {"--name=m", "--rw=randread", "--bs=4k", "--size=16m", "--time_based",
                                   "--runtime=1s", "--log_avg_msec=250", "--log_max_value=1", "--log_entries=4096",
                                   "--write_lat_log=t", "--write_iops_log=t"});
  check_same_files(both);
  for (const std::string name : {"t_lat.1.log", "t_clat.1.log", "t_iops.1.log"}) {
    CAPTURE(name);
    const auto& theirs = both.fio.files.at(name);
    const auto& ours = both.bench.files.at(name);
    CHECK(theirs.size() >= 3);
    CHECK(ours.size() + 1 >= theirs.size());
    CHECK(theirs.size() + 1 >= ours.size());
    for (std::size_t i = 0; i < ours.size(); ++i) {
      // At windows' ends; a latency log's last, part window at the job's end (just past 1000 ms), as fio's.
      if (i + 1 < ours.size() || name == "t_iops.1.log") CHECK(field(ours[i], 0) % 250 == 0);
      CHECK(field(ours[i], 3) == 0);  // block size 0 in a window, as fio
      CHECK(field(ours[i], 1) > 0);
    }
  }
}

TEST_CASE("fio peer: log_unix_epoch and log_alternate_epoch count the logs' times from their clock's epoch") {
  if (!test::fio_available()) return;
  for (const auto& epoch :
       std::vector<std::pair<std::vector<std::string>, clockid_t>>{{{"--log_unix_epoch=1"}, CLOCK_REALTIME},
                                                                  {{"--log_alternate_epoch=1",
                                                                    "--log_alternate_epoch_clock_id=1"},
                                                                   CLOCK_MONOTONIC}}) {
    const std::vector<std::string>& options = epoch.first;
    const clockid_t clock = epoch.second;
    CAPTURE(options.front());
    test::TempDir dir;
    std::vector<std::string> job = {"--name=e", "--rw=read", "--bs=64k", "--size=1m", "--write_lat_log=t"};
    job.insert(job.end(), options.begin(), options.end());
    const std::uint64_t before = clock_ms(clock);
    const Both both = run_both(dir, job);
    const std::uint64_t after = clock_ms(clock);
    check_same_files(both);
    for (const ToolLogs* tool : {&both.fio, &both.bench}) {
      const auto& lines = tool->files.at("t_lat.1.log");
      REQUIRE(lines.size() == 16);
      for (const auto& line : lines) {
        CHECK(field(line, 0) >= before);
        CHECK(field(line, 0) <= after);
      }
    }
  }
}

TEST_CASE("fio peer: write_hist_log's histogram log, its names, columns and entries every log_hist_msec") {
  if (!test::fio_available()) return;
  for (const unsigned coarseness : {0u, 3u}) {
    CAPTURE(coarseness);
    test::TempDir dir;
    const Both both = run_both(dir, {"--name=h", "--rw=randrw", "--bs=4k", "--size=16m", "--time_based",
                                     "--runtime=1s", "--write_hist_log=h", "--log_hist_msec=200",
                                     "--log_hist_coarseness=" + std::to_string(coarseness)});
    check_same_files(both);
    REQUIRE(both.fio.files.count("h_clat_hist.1.log") == 1);
    for (const ToolLogs* tool : {&both.fio, &both.bench}) {
      const auto& lines = tool->files.at("h_clat_hist.1.log");
      CHECK(column_counts(lines) == std::set<std::size_t>{3 + (1856u >> coarseness)});
      // About 1 s / 200 ms entries per direction: 4 or 5 each.
      std::map<std::uint64_t, std::size_t> per_direction;
      for (const auto& line : lines) {
        ++per_direction[field(line, 1)];
        CHECK(field(line, 2) == 4096);
      }
      CHECK(per_direction.size() == 2);
      for (const auto& [direction, entries] : per_direction) {
        CHECK(entries >= 3);
        CHECK(entries <= 5);
      }
    }
  }
}

TEST_CASE("fio peer: fio's fiologparser_hist.py reads bench++'s histogram log as it reads fio's") {
  if (!test::fio_available()) return;
  const fs::path script = "/usr/share/doc/fio/fiologparser_hist.py.gz";
  const bool has_numpy_pandas =
      fs::exists("/usr/bin/python3") &&
      test::run_program({"/usr/bin/python3", "-c", "import numpy, pandas"}).exit_code == 0;
  if (!test::skip_unless(fs::exists(script), test::Need::kTool,
                         "fio's fiologparser_hist.py is not installed (Debian fio)") ||
      !test::skip_unless(has_numpy_pandas, test::Need::kTool,
                         "fiologparser_hist.py needs numpy and pandas (Debian python3-numpy, python3-pandas)")) {
    return;
  }
  test::TempDir dir;
  const fs::path parser = dir.path() / "fiologparser_hist.py";
  REQUIRE(test::run_program({"sh", "-c", "gzip -dc " + script.string() + " > " + parser.string()}).exit_code == 0);
  const Both both = run_both(dir, {"--name=h", "--rw=randread", "--bs=4k", "--size=16m", "--time_based",
                                   "--runtime=1s", "--write_hist_log=h", "--log_hist_msec=100"});
  std::map<std::string, std::vector<std::string>> outputs;
  for (const ToolLogs* tool : {&both.fio, &both.bench}) {
    const test::CommandOutput parsed = test::run_program(
        {"/usr/bin/python3", parser.string(), "--interval=250", (tool->logs / "h_clat_hist.1.log").string()});
    INFO(parsed.err);
    REQUIRE(parsed.exit_code == 0);
    std::vector<std::string>& lines = outputs[tool == &both.fio ? "fio" : "bench++"];
    for (const std::string_view line : split(parsed.out, '\n')) {
      if (!line.empty()) lines.emplace_back(line);
    }
  }
  const auto& theirs = outputs.at("fio");
  const auto& ours = outputs.at("bench++");
  REQUIRE(theirs.size() >= 2);
  CHECK(ours.front() == theirs.front());  // the header: end-time, samples, min, avg, median, 90%, 95%, 99%, max
  CHECK(ours.size() + 1 >= theirs.size());
  CHECK(theirs.size() + 1 >= ours.size());
  for (const std::string& line : ours) CHECK(split(line, ',').size() == split(theirs.front(), ',').size());
}

}  // namespace bench
