// --dry-run on every run command (app/run_command.h): it checks with the very code the run checks with, so for
// input the run refuses it refuses with the same exit status and the same message, creating nothing; for input the
// run takes it prints the plan (as text, or as JSON with --json -) and leaves the directory as it was.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

// `args` with every {DIR} replaced by `dir`.
std::vector<std::string> in_dir(std::vector<std::string> args, const fs::path& dir) {
  for (std::string& arg : args) {
    for (std::size_t at; (at = arg.find("{DIR}")) != std::string::npos;) arg.replace(at, 5, dir.string());
  }
  return args;
}

// `text` with every digit as '#': the free space that other processes change between two runs.
std::string without_numbers(std::string text) {
  for (char& c : text) {
    if (c >= '0' && c <= '9') c = '#';
  }
  return text;
}

}  // namespace

TEST_CASE("dry run: for refused input --dry-run and the run give the same exit status and message") {
  test::TempDir dir;
  const fs::path precious = dir.path() / "precious";
  std::ofstream(precious) << std::string(8192, 'p');
  const std::vector<std::vector<std::string>> refused = {
      // bonnie-style
      {"-d", "{DIR}", "-s", "16000000t", "-n", "0", "-r", "0"},  // no room: exit 1
      {"-d", "{DIR}/missing", "-s", "1m", "-n", "0"},             // no directory: exit 2
      {"-d", "{DIR}", "-s", "1m:4k", "-n", "1:1t:1t", "-r", "0"},  // a file set larger than the disk
      {"-d", "{DIR}", "-s", "0", "-n", "0"},
      {"-d", "{DIR}", "-c", "201"},
      {"-d", "{DIR}", "-s", "1m", "--json", "{DIR}/missing/r.json"},
      {"-d", "{DIR}", "-s", "1m", "--csv", "{DIR}/missing/r.csv"},
      // job
      {"job", "-d", "{DIR}", "--name=x", "--size=16p"},
      {"job", "-d", "{DIR}/missing", "--name=x", "--size=1m"},
      {"job", "-d", "{DIR}", "--name=x", "--size=1m", "--directory={DIR}/missing"},
      {"job", "-d", "{DIR}", "--name=x", "--rw=write", "--filename={DIR}/precious"},
      {"job", "-d", "{DIR}", "--name=x", "--rw=read", "--filename={DIR}/precious", "--size=1m"},
      {"job", "-d", "{DIR}", "--name=x", "--size=8p", "--numjobs=1024"},
      {"job", "-d", "{DIR}", "--name=x", "--size=64m", "--numjobs=4096", "--iodepth=32768", "--bs=64m",
       "--ioengine=io_uring"},
      {"job", "-d", "{DIR}", "--name=x", "--size=1m", "--no_such_option=2"},
      {"job", "-d", "{DIR}", "--name=x", "--size=1m", "--html", "{DIR}/missing/r.html"},
      {"job", "-d", "{DIR}", "--name=x", "--size=1m", "--output={DIR}/missing/fio.txt"},  // fio's --output
      {"job", "-d", "{DIR}", "--name=x", "--size=1m", "--write_bw_log={DIR}/missing/x"},  // fio's logs
      // suite
      {"suite", "tart", "-d", "{DIR}/missing"},
      {"suite", "tart", "-d", "{DIR}", "--scale", "1000"},
      {"suite", "nosuch", "-d", "{DIR}"},
  };
  for (const std::vector<std::string>& given : refused) {
    const std::vector<std::string> args = in_dir(given, dir.path());
    CAPTURE(args);
    const test::CommandOutput run = test::run_bench(args);
    CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"precious"});
    const test::CommandOutput dry = test::run_bench(test::with(args, {"--dry-run"}));
    CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"precious"});
    CHECK(run.exit_code != 0);
    CHECK(dry.exit_code == run.exit_code);
    CHECK(without_numbers(dry.err) == without_numbers(run.err));  // what is free moves between the two runs
    CHECK(test::lines_of(dry.err).size() == 1);
    CHECK(dry.out.empty());
  }
}

TEST_CASE("dry run: the plan as text and as JSON, nothing created, and the run then takes the same input") {
  test::TempDir dir;
  const std::vector<std::vector<std::string>> taken = {
      {"-d", "{DIR}", "-s", "2m:4k", "-n", "1", "-r", "0", "-q"},
      {"job", "-d", "{DIR}", "-q", "--name=a", "--rw=randread", "--size=1m", "--numjobs=2", "--name=b",
       "--rw=write", "--size=512k", "--stonewall"},
      {"suite", "cdm", "-d", "{DIR}", "-q", "--scale", "0.0002", "-x", "1"},
  };
  for (const std::vector<std::string>& given : taken) {
    const std::vector<std::string> args = in_dir(given, dir.path());
    CAPTURE(args);
    const test::CommandOutput text = test::run_bench(test::with(args, {"--dry-run"}));
    CHECK(text.exit_code == 0);
    CHECK(test::contains(text.out, "Plan: "));
    CHECK(test::contains(text.out, "Needs in " + dir.path().string()));
    const test::CommandOutput json = test::run_bench(test::with(args, {"--dry-run", "--json", "-"}));
    REQUIRE(json.exit_code == 0);
    const nlohmann::json plan = nlohmann::json::parse(json.out);
    CHECK(plan.at("tool") == "bench++");
    CHECK(plan.at("bytes_needed").get<std::uint64_t>() > 0);
    CHECK(plan.at("inodes_needed").get<std::uint64_t>() > 0);
    CHECK_FALSE(plan.at("groups").empty());
    CHECK(test::list_tree(dir.path()).empty());
    const test::CommandOutput run = test::run_bench(args);
    CHECK_MESSAGE(run.exit_code == 0, run.err);
    CHECK(test::list_tree(dir.path()).empty());
  }
}

TEST_CASE("dry run: ioengine=null plans no file and no room however large its size, and the run makes none") {
  test::TempDir dir;
  const std::vector<std::string> args = {"job", "-d", dir.path().string(), "-q", "--name=nul", "--ioengine=null",
                                         "--rw=randwrite", "--size=100t", "--iodepth=4"};
  const test::CommandOutput text = test::run_bench(test::with(args, {"--dry-run"}));
  CHECK_MESSAGE(text.exit_code == 0, text.err);  // 100 TiB: no room asked of the disk
  CHECK(test::contains(text.out, "(never made: the engine touches no file)"));
  CHECK(test::contains(text.out, "iodepth_batch_submit=1 requests in flight (iodepth=4 has no more effect)"));
  const test::CommandOutput json = test::run_bench(test::with(args, {"--dry-run", "--json", "-"}));
  REQUIRE(json.exit_code == 0);
  CHECK(nlohmann::json::parse(json.out).at("bytes_needed").get<std::uint64_t>() == 0);
  const test::CommandOutput run =
      test::run_bench({"job", "-d", dir.path().string(), "-q", "--name=nul", "--ioengine=null", "--rw=randwrite",
                       "--size=64m", "--iodepth=4"});
  CHECK_MESSAGE(run.exit_code == 0, run.err);
  CHECK(test::list_tree(dir.path()).empty());
}

TEST_CASE("dry run: the JSON plan holds each workload's setup as it will run, and the room it needs") {
  test::TempDir dir;
  const test::CommandOutput json = test::run_bench({"job", "-d", dir.path().string(), "--dry-run", "--json", "-",
                                                    "--name=a", "--rw=randread", "--bs=8k", "--size=1m",
                                                    "--numjobs=3", "--iodepth=4", "--ioengine=psync"});
  REQUIRE(json.exit_code == 0);
  const nlohmann::json plan = nlohmann::json::parse(json.out);
  REQUIRE(plan.at("groups").size() == 1);
  const nlohmann::json& test = plan.at("groups").at(0).at(0);
  CHECK(test.at("kind") == "workload");
  CHECK(test.at("jobs") == 3);
  CHECK(test.at("workload").at("bs") == 8192);
  CHECK(test.at("workload").at("size_bytes") == 1 << 20);
  CHECK(test.at("engine") == "psync");
  CHECK(test.at("engine_depth") == 1);  // psync is synchronous: iodepth has no effect, as in fio
  CHECK(test.at("files").size() == 3);
  // Three files of 1 MiB, with the margin (1/64 and 1 MiB); three inodes and the private directory's.
  CHECK(plan.at("bytes_needed") == 3 * (1 << 20) + 3 * (1 << 20) / 64 + (1 << 20));
  CHECK(plan.at("inodes_needed") == 4);
}

TEST_CASE("dry run: fio's log files planned: shown, a name taken by a directory refused, an existing log replaced") {
  test::TempDir dir;
  const std::vector<std::string> args = {"job", "-d", dir.path().string(), "-q", "--name=x", "--size=64k",
                                         "--bs=4k", "--numjobs=2", "--write_bw_log=" + (dir.path() / "p").string(),
                                         "--write_lat_log=" + (dir.path() / "p").string()};
  const test::CommandOutput text = test::run_bench(test::with(args, {"--dry-run"}));
  REQUIRE(text.exit_code == 0);
  CHECK(test::contains(text.out, "fio logs (replaced if present, as fio): " + (dir.path() / "p_bw.1.log").string() +
                                     ", " + (dir.path() / "p_lat.1.log").string()));
  const test::CommandOutput json = test::run_bench(test::with(args, {"--dry-run", "--json", "-"}));
  REQUIRE(json.exit_code == 0);
  const nlohmann::json logs = nlohmann::json::parse(json.out).at("groups").at(0).at(0).at("fio_logs");
  REQUIRE(logs.size() == 8);  // bw, lat, slat and clat for each of the two jobs
  CHECK(logs.at(0) == (dir.path() / "p_bw.1.log").string());
  CHECK(logs.at(2) == (dir.path() / "p_slat.1.log").string());
  CHECK(logs.at(3) == (dir.path() / "p_clat.1.log").string());
  CHECK(logs.at(7) == (dir.path() / "p_clat.2.log").string());
  CHECK(test::list_tree(dir.path()).empty());

  fs::create_directory(dir.path() / "p_lat.2.log");  // a log's name taken by a directory: refused before any work
  const test::CommandOutput refused = test::run_bench(args);
  CHECK(refused.exit_code == 2);
  CHECK(test::contains(refused.err, "p_lat.2.log' exists and is not a regular file"));
  CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"p_lat.2.log"});
  fs::remove(dir.path() / "p_lat.2.log");

  std::ofstream(dir.path() / "p_bw.1.log") << "an older log\n";  // replaced, as fio replaces it
  const test::CommandOutput run = test::run_bench(args);
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  CHECK(test::list_tree(dir.path()).size() == 8);
  CHECK_FALSE(test::contains(test::read_file(dir.path() / "p_bw.1.log"), "an older log"));
}

TEST_CASE("dry run: a fio log whose name is a dangling symbolic link refused before any work, as a result file is") {
  test::TempDir dir;
  fs::create_directory(dir.path() / "work");
  fs::create_symlink(dir.path() / "nowhere", dir.path() / "p_lat.log");  // the link would say where a log goes
  const std::vector<std::string> args = {"job", "-d", (dir.path() / "work").string(), "-q", "--name=x",
                                         "--size=64k", "--bs=4k", "--per_job_logs=0",
                                         "--write_lat_log=" + (dir.path() / "p").string()};
  const std::vector<std::string> before = test::list_tree(dir.path());
  for (const std::vector<std::string>& given : {test::with(args, {"--dry-run"}), args}) {
    CAPTURE(given);
    const test::CommandOutput refused = test::run_bench(given);
    CHECK(refused.exit_code == 2);
    CHECK(test::lines_of(refused.err).size() == 1);
    CHECK(test::contains(refused.err, "invalid fio option write_lat_log in workload 'x': log '" +
                                          (dir.path() / "p_lat.log").string() + "' is a symbolic link to '" +
                                          (dir.path() / "nowhere").string() + "'"));
    CHECK(test::list_tree(dir.path()) == before);  // no file of the run's, no log, the link as it was
    CHECK(fs::is_symlink(fs::symlink_status(dir.path() / "p_lat.log")));
  }
}

}  // namespace bench
