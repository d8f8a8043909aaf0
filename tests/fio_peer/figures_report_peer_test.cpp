// fio's figures in fio's keys, bench++ (as `bench++ job` and as the fio persona) beside fio 3.33's own JSON of the
// same job: the floors on small depth and latency shares, group_reporting's summed job_runtime, gtod_reduce's
// zeros, disk_util of a run without I/O, the options by fio's names (each alias of the option rows) and the
// command line's --directory among the global options; ioengine=null's requests, bytes and depths, without a file.
// The figures of a run differ; what is compared is what fio
// means by them.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "cli/fio_options.h"
#include "fio_run.h"
#include "platform/disk_stats.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

Json parsed(const test::CommandOutput& run, const char* who) {
  INFO(who << ": " << run.err);
  REQUIRE(run.exit_code == 0);
  return Json::parse(run.out);
}

// fio's JSON (json+ when `plus`) of the command line's job `options`, its files in `dir`.
Json fio_json(const fs::path& dir, const std::vector<std::string>& options, bool plus = false) {
  std::vector<std::string> argv = {"fio", plus ? "--output-format=json+" : "--output-format=json",
                                   "--directory=" + dir.string()};
  argv.insert(argv.end(), options.begin(), options.end());
  return parsed(test::run_program(argv), "fio");
}

// bench++'s, as `bench++ job` or as the persona (`bench++ fio`), in `dir` (fio's spelling, which both take).
Json bench_json(const std::string& command, const fs::path& dir, const std::vector<std::string>& options,
                bool plus = false) {
  std::vector<std::string> args = {command, plus ? "--output-format=json+" : "--output-format=json",
                                   "--directory=" + dir.string()};
  args.insert(args.end(), options.begin(), options.end());
  return parsed(test::run_bench(args), command.c_str());
}

const std::vector<std::string> kCommands = {"job", "fio"};

// Every share of `job`'s depth distributions is 0 or at least fio's 0.1 %, every latency share 0 or at least 0.01 %.
void check_floors(const Json& job) {
  const std::vector<std::pair<const char*, double>> floors = {
      {"iodepth_level", 0.1}, {"iodepth_submit", 0.1}, {"iodepth_complete", 0.1},
      {"latency_ns", 0.01},   {"latency_us", 0.01},    {"latency_ms", 0.01}};
  for (const auto& distribution : floors) {
    for (const auto& share : job.at(distribution.first).items()) {
      CAPTURE(distribution.first);
      CAPTURE(share.key());
      const double value = share.value().get<double>();
      CHECK((value == 0.0 || value >= distribution.second));
    }
  }
}

// fio's latency distribution (stat_calc_lat) of a json+ job's read clat bins, each bin placed by its value: the
// shares by range, raised to 0.01 %.
std::map<std::string, double> distribution_of_bins(const Json& job) {
  const std::vector<std::uint64_t> edges = {2, 4, 10, 20, 50, 100, 250, 500, 750, 1000};
  const std::vector<std::string> keys = {"2", "4", "10", "20", "50", "100", "250", "500", "750", "1000"};
  std::map<std::string, double> counts;
  double total = 0;
  const auto place = [&](const std::string& unit, std::uint64_t value, double count) {
    std::size_t i = 0;
    while (i < edges.size() - 1 && value >= edges[i]) ++i;
    counts[unit + keys[i]] += count;
  };
  for (const auto& bin : job.at("read").at("clat_ns").at("bins").items()) {
    const std::uint64_t ns = std::stoull(bin.key());
    const double count = bin.value().get<double>();
    total += count;
    if (ns < 1000) {
      place("ns", ns, count);
    } else if (ns < 1'000'000) {
      place("us", ns / 1000, count);
    } else {
      const std::uint64_t ms = ns / 1'000'000;
      if (ms >= 2000) {
        counts["ms>=2000"] += count;
      } else if (ms >= 1000) {
        counts["ms2000"] += count;
      } else {
        place("ms", ms, count);
      }
    }
  }
  for (auto& [key, count] : counts) {
    const double share = count * 100.0 / total;
    count = count > 0 && share < 0.01 ? 0.01 : share;
  }
  return counts;
}

}  // namespace

TEST_CASE("fio peer: small depth and latency shares are raised to fio's 0.1 % and 0.01 %, as in fio's JSON") {
  if (!test::fio_available()) return;
  const test::TempDir dir;
  // 12288 reads at QD 8: the ramp's first submissions at depth 1, 2 and 3-4 are each 1 or 2 of them (0.008 % and
  // 0.016 %), which fio writes as 0.1 %; a range of one request is 0.008 %, which fio writes as 0.01 %.
  const std::vector<std::string> job = {"--name=floors", "--rw=randread", "--bs=4k", "--size=48m",
                                        "--ioengine=libaio", "--iodepth=8"};
  const Json fio = fio_json(dir.path(), job, true);
  const Json& theirs = fio.at("jobs").at(0);
  check_floors(theirs);
  REQUIRE(theirs.at("iodepth_level").at("1") == 0.1);
  for (const std::string& command : kCommands) {
    CAPTURE(command);
    const test::TempDir own;
    const Json bench = bench_json(command, own.path(), job, true);
    const Json& ours = bench.at("jobs").at(0);
    check_floors(ours);
    for (const auto& level : theirs.at("iodepth_level").items()) {  // the same depths: the same shares
      CAPTURE(level.key());
      CHECK(ours.at("iodepth_level").at(level.key()).get<double>() == doctest::Approx(level.value().get<double>()));
    }
    // Each range is its share of the clat bins, raised as fio raises it (bench++ places a bin by its value).
    // Named variables, not a structured binding: clang 14 cannot capture one in CAPTURE's lambda.
    for (const auto& bin_share : distribution_of_bins(ours)) {
      const auto& key = bin_share.first;
      const auto& share = bin_share.second;
      CAPTURE(key);
      const std::string unit = key.substr(0, 2);
      const std::string range = key.substr(2);
      CHECK(ours.at("latency_" + unit).at(range).get<double>() == doctest::Approx(share));
    }
  }
}

TEST_CASE("fio peer: job_runtime under group_reporting is the jobs' runtimes summed, as fio's") {
  if (!test::fio_available()) return;
  const test::TempDir dir;
  const std::vector<std::string> job = {"--name=gr", "--rw=randread", "--bs=4k", "--size=4m", "--numjobs=3",
                                        "--group_reporting", "--time_based", "--runtime=1"};
  const Json fio = fio_json(dir.path(), job);
  const auto summed = [](const Json& document) {
    REQUIRE(document.at("jobs").size() == 1);
    const Json& entry = document.at("jobs").at(0);
    const double runtime = entry.at("read").at("runtime").get<double>();
    const double job_runtime = entry.at("job_runtime").get<double>();
    CHECK(runtime >= 990);
    // Three jobs of one second each (fio: 3000 beside 1001), the group's runtime its longest job's: the sum, not the
    // longest (1x). On a loaded machine one job may run late past the others (fio: 3001 beside 1054).
    CHECK(job_runtime >= 2.5 * runtime);
    CHECK(job_runtime <= 3.0 * runtime);
  };
  summed(fio);
  for (const std::string& command : kCommands) {
    CAPTURE(command);
    const test::TempDir own;
    summed(bench_json(command, own.path(), job));
  }
}

TEST_CASE("fio peer: gtod_reduce=1 writes fio's zeros for every latency, as fio's JSON") {
  if (!test::fio_available()) return;
  const test::TempDir dir;
  const std::vector<std::string> job = {"--name=gt", "--rw=randrw", "--bs=4k", "--size=1m", "--gtod_reduce=1",
                                        "--fsync=4"};
  const Json fio = fio_json(dir.path(), job, true);
  const Json& theirs = fio.at("jobs").at(0);
  for (const std::string& command : kCommands) {
    CAPTURE(command);
    const test::TempDir own;
    const Json bench = bench_json(command, own.path(), job, true);
    const Json& ours = bench.at("jobs").at(0);
    for (const char* ddir : {"read", "write", "trim"}) {
      for (const char* kind : {"slat_ns", "clat_ns", "lat_ns"}) {
        CAPTURE(ddir);
        CAPTURE(kind);
        CHECK(ours.at(ddir).at(kind) == theirs.at(ddir).at(kind));  // zeros, N 0, no percentile nor bins
      }
    }
    CHECK(ours.at("sync").at("lat_ns") == theirs.at("sync").at("lat_ns"));
    CHECK(ours.at("sync").at("total_ios").get<int>() > 0);
    for (const char* range : {"latency_ns", "latency_us", "latency_ms"}) {
      CAPTURE(range);
      CHECK(ours.at(range) == theirs.at(range));  // all 0
    }
    CHECK(ours.at("read").at("total_ios").get<int>() + ours.at("write").at("total_ios").get<int>() == 256);
  }
}

TEST_CASE("fio peer: disk_util of a run without I/O is fio's zeros (create_only=1)") {
  if (!test::fio_available()) return;
  const test::TempDir dir;
  if (test::skip_unless(!disks_under({dir.path()}, "/sys").empty(), test::Need::kMachine,
                        "$TMPDIR is on no block device sysfs shows")) {
    return;
  }
  const std::vector<std::string> job = {"--name=co", "--size=1m", "--create_only=1"};
  const Json fio = fio_json(dir.path(), job);
  REQUIRE(fio.contains("disk_util"));
  for (const std::string& command : kCommands) {
    CAPTURE(command);
    const test::TempDir own;
    const Json bench = bench_json(command, own.path(), job);
    REQUIRE(bench.contains("disk_util"));
    REQUIRE(bench.at("disk_util").size() == fio.at("disk_util").size());
    for (std::size_t i = 0; i < fio.at("disk_util").size(); ++i) {
      Json ours = bench.at("disk_util").at(i);
      Json theirs = fio.at("disk_util").at(i);
      CHECK(ours.at("util") == 0.0);
      ours.erase("name");  // the same device, by another tool's count of its slaves
      theirs.erase("name");
      CHECK(ours == theirs);  // every counter 0
    }
  }
}

TEST_CASE("fio peer: an alias of the option rows is echoed by fio's name, as fio's job options") {
  if (!test::fio_available()) return;
  // A value each alias's option takes in a small read job (a row's alias without one here fails the test).
  const std::map<std::string, std::string> values = {
      {"readwrite", "read"},       {"blocksize", "4k"},       {"blocksize_range", "4k-4k"},
      {"blockalign", "4k"},        {"io_limit", "64k"},       {"iodepth_batch_submit", "1"},
      {"iodepth_batch_complete", "1"}, {"timeout", "5"},    {"ratemin", "1"},
      {"nr_files", "1"},           {"fileoffset", "0"},       {"wait_for_previous", "1"},
      {"ss", "iops:10%"},          {"ss_dur", "0"},           {"ss_ramp", "0"},
      {"ratecycle", "1000"},       {"fill_fs", "0"}};
  std::vector<std::string> job = {"--name=al", "--size=64k"};
  for (const FioOptionRow& row : fio_option_rows()) {
    for (const std::string_view alias : row.aliases) {
      if (alias.empty()) continue;
      CAPTURE(alias);
      REQUIRE(values.contains(std::string(alias)));
      job.push_back("--" + std::string(alias) + "=" + values.at(std::string(alias)));
    }
  }
  const test::TempDir dir;
  const Json theirs = fio_json(dir.path(), job).at("jobs").at(0).at("job options");
  for (const std::string& command : kCommands) {
    CAPTURE(command);
    const test::TempDir own;
    const Json ours = bench_json(command, own.path(), job).at("jobs").at(0).at("job options");
    CHECK(ours == theirs);
  }
}

TEST_CASE("fio peer: --directory and job options beside a job file are fio's global options, by fio's names") {
  if (!test::fio_available()) return;
  const test::TempDir dir;
  const fs::path file = dir.path() / "two.fio";
  std::ofstream(file) << "[global]\nioengine=psync\n[a]\nreadwrite=read\nblocksize=4k\nsize=256k\n";
  // fio's, or with `command` bench++'s: global options and job options of the same words.
  const auto global_of = [&](const std::optional<std::string>& command, const std::vector<std::string>& words) {
    std::vector<std::string> argv = {command.value_or("fio")};
    argv.insert(argv.end(), words.begin(), words.end());
    const Json document = parsed(command ? test::run_bench(argv) : test::run_program(argv), argv.front().c_str());
    REQUIRE(document.contains("global options"));
    return std::pair{document.at("global options"), document.at("jobs").at(0).at("job options")};
  };
  const fs::path fio_dir = dir.path() / "fio";
  fs::create_directory(fio_dir);
  const std::vector<std::string> words = {"--output-format=json", "--timeout=1", "--directory=" + fio_dir.string(),
                                          file.string()};
  const auto theirs = global_of(std::nullopt, words);
  CHECK(theirs.first.at("directory") == fio_dir.string());
  for (const std::string& command : kCommands) {
    CAPTURE(command);
    const auto ours = global_of(command, words);
    CHECK(ours.first == theirs.first);    // runtime, directory, then the file's ioengine
    CHECK(ours.second == theirs.second);  // rw, bs, size
    CHECK(ours.first.dump() == theirs.first.dump());  // in fio's order
  }
}

TEST_CASE("fio peer: ioengine=null makes fio's requests, bytes and depths, touches no file, in fio's JSON shape") {
  if (!test::fio_available()) return;
  const auto keys_of = [](const Json& object) {
    std::set<std::string> keys;
    for (const auto& item : object.items()) keys.insert(item.key());
    return keys;
  };
  const auto bytes_of = [](const Json& job) {
    return job.at("read").at("io_bytes").get<std::uint64_t>() + job.at("write").at("io_bytes").get<std::uint64_t>();
  };
  for (const std::vector<std::string>& job : std::vector<std::vector<std::string>>{
           {"--name=nul", "--ioengine=null", "--size=1G", "--bs=4k", "--rw=randread"},
           {"--name=nul", "--ioengine=null", "--size=64m", "--bs=64k", "--rw=randrw", "--iodepth=16"},
           {"--name=nul", "--ioengine=null", "--size=16m", "--bs=4k", "--rw=write", "--nrfiles=4", "--numjobs=2",
            "--group_reporting"},
           {"--name=nul", "--ioengine=null", "--size=64m", "--bs=4k", "--rw=read", "--iodepth=32",
            "--iodepth_batch_submit=8", "--iodepth_batch_complete_min=8"}}) {
    CAPTURE(job);
    const test::TempDir dir;
    const Json fio = fio_json(dir.path(), job);
    CHECK(fs::is_empty(dir.path()));  // fio's null lays out nothing
    const Json& theirs = fio.at("jobs").at(0);
    for (const std::string& command : kCommands) {
      CAPTURE(command);
      const test::TempDir own;
      const Json bench = bench_json(command, own.path(), job);
      CHECK(fs::is_empty(own.path()));        // no file, and no private directory either
      CHECK(keys_of(bench) == keys_of(fio));  // no disk_util: no disk was used
      const Json& ours = bench.at("jobs").at(0);
      CHECK(keys_of(ours) == keys_of(theirs));
      CHECK(ours.at("job options").at("ioengine") == "null");
      CHECK(bytes_of(ours) == bytes_of(theirs));
      for (const char* direction : {"read", "write", "trim"}) {
        CAPTURE(direction);
        CHECK(keys_of(ours.at(direction)) == keys_of(theirs.at(direction)));
        // A mixed job's split is random: each direction's count near fio's (their sum is the bytes' above).
        CHECK(ours.at(direction).at("total_ios").get<double>() ==
              doctest::Approx(theirs.at(direction).at("total_ios").get<double>()).epsilon(0.05));
      }
      // One batch in flight at most, as fio's null (it refuses a request until its last batch is reaped).
      for (const auto& level : theirs.at("iodepth_level").items()) {
        CAPTURE(level.key());
        CHECK(ours.at("iodepth_level").at(level.key()).get<double>() ==
              doctest::Approx(level.value().get<double>()).epsilon(0.01).scale(1));
      }
    }
  }
}

}  // namespace bench
