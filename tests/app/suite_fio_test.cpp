// The built-in suites are fio job files "so that fio can run the very same file for a cross-check": fio 3.33
// itself runs each of them here, shrunk (every size to 1 MiB, every runtime to 1 s, no ramp), and every job must
// finish without an error. (cdm once set unlink=1 in [global]: fio removed the shared test file after the first
// test and the next three failed with ENOENT, while bench++, which lays files out per workload, ran it fine.)
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "cli/builtin_suites.h"
#include "test_support.h"
#include "text/split.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

// The job file with every size=, runtime= and ramp_time= line replaced: tiny and quick, the jobs as they are.
std::string shrunk(std::string_view job_file) {
  std::string out;
  for_each_line(job_file, [&](std::string_view line) {
    if (line.starts_with("size=")) {
      out += "size=1m";
    } else if (line.starts_with("runtime=")) {
      out += "runtime=1";
    } else if (line.starts_with("ramp_time=")) {
      out += "ramp_time=0";
    } else {
      out += line;
    }
    out += '\n';
  });
  return out;
}

// The section names of a job file, [global] left out: the jobs fio must report.
std::set<std::string> job_names(std::string_view job_file) {
  std::set<std::string> names;
  for_each_line(job_file, [&](std::string_view line) {
    if (line.size() > 2 && line.front() == '[' && line.back() == ']' && line != "[global]") {
      names.emplace(line.substr(1, line.size() - 2));
    }
  });
  return names;
}

}  // namespace

TEST_CASE("suites: fio runs every built-in suite file, shrunk, and none of its jobs fails") {
  if (test::skip_unless(test::tool_installed("fio"), test::Need::kTool, "fio is not installed (Debian fio)")) return;
  for (const BuiltinSuite& suite : builtin_suites()) {
    CAPTURE(suite.name);
    test::TempDir dir;
    const fs::path job_file = dir.path() / (std::string(suite.name) + ".fio");
    std::ofstream(job_file) << shrunk(suite.text);
    const fs::path out = dir.path() / "out.json";
    const test::CommandOutput fio = test::run_program(
        {"sh", "-c", "cd \"$1\" && fio --output-format=json --output=out.json \"$2\"", "sh", dir.path().string(),
         job_file.filename().string()});
    INFO("fio: " << fio.out << fio.err);
    CHECK(fio.exit_code == 0);
    REQUIRE(fs::exists(out));
    const nlohmann::json report = nlohmann::json::parse(test::read_file(out));
    std::set<std::string> reported;
    for (const nlohmann::json& job : report.at("jobs")) {
      const std::string name = job.at("jobname");
      CHECK_MESSAGE(job.at("error").get<int>() == 0, name);
      reported.insert(name);
    }
    CHECK(reported == job_names(suite.text));
    // unlink=1 where it is due: nothing but the job file and fio's report is left.
    const std::vector<std::string> left = test::list_tree(dir.path());
    CHECK(std::set<std::string>(left.begin(), left.end()) ==
          std::set<std::string>{"out.json", job_file.filename().string()});
  }
}

}  // namespace bench
