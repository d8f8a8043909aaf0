// fio's deprecated options beside fio 3.33's own: a job with verifysort=, verifysort_nr= or flow_watermark= runs
// under fio and under the persona (`bench++ fio`) with exit 0, each saying "Option NAME is deprecated" once for each
// one given, in the same order, on its output (before the results: parse.c's log_info; into --output's file when
// that was given first, as a job file's are); the job's results the same as without the option.
#include <doctest/doctest.h>

#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "fio_run.h"
#include "test_support.h"
#include "text/split.h"

namespace bench {
namespace {

// The lines of `text` that say an option is deprecated, in order.
std::vector<std::string> deprecation_lines(const std::string& text) {
  std::vector<std::string> lines;
  for_each_line(text, [&](std::string_view line) {
    if (line.starts_with("Option ") && line.ends_with(" is deprecated")) lines.emplace_back(line);
  });
  return lines;
}

struct ToolRun {
  test::CommandOutput result;
  std::vector<std::string> said;  // its deprecation lines
};

// fio (`fio` true) or the persona, on `args` (a job file's path among them, or a job's options), in `dir`.
ToolRun run_tool(bool fio, const test::TempDir& dir, const std::vector<std::string>& args) {
  std::vector<std::string> argv = {"env", "-C", dir.path().string()};
  if (fio) {
    argv.emplace_back("fio");
  } else {
    argv.insert(argv.end(), {BENCH_BINARY, "fio"});
  }
  argv.insert(argv.end(), args.begin(), args.end());
  ToolRun run{test::run_program(argv), {}};
  run.said = deprecation_lines(run.result.out);
  CHECK(deprecation_lines(run.result.err).empty());
  return run;
}

}  // namespace

TEST_CASE("fio peer: deprecated options are taken with fio's line for each, and the job runs as without them") {
  if (!test::fio_available()) return;
  const std::vector<std::string> expected = {"Option verifysort_nr is deprecated", "Option verifysort is deprecated",
                                             "Option flow_watermark is deprecated", "Option verifysort is deprecated"};
  for (const bool fio : {true, false}) {
    CAPTURE(fio);
    const test::TempDir dir;
    std::ofstream(dir.path() / "d.fio")
        << "[global]\nverifysort=1\nrw=write\nbs=4k\nsize=64k\n[a]\nflow_watermark=5\n[b]\nverifysort=0\n";
    const ToolRun run = run_tool(fio, dir, {"--verifysort_nr=16", "--output-format=terse", "d.fio"});
    INFO(run.result.err);
    CHECK(run.result.exit_code == 0);
    CHECK(run.said == expected);
    std::size_t jobs = 0;
    for_each_line(run.result.out, [&](std::string_view line) {
      if (!line.starts_with("3;")) return;
      const std::vector<std::string_view> fields = split(line, ';');
      REQUIRE(fields.size() > 50);
      CHECK(fields[2] == (jobs == 0 ? "a" : "b"));
      CHECK(fields[46] == "64");  // write KiB: the job as without the options
      ++jobs;
    });
    CHECK(jobs == 2);
  }
}

TEST_CASE("fio peer: a deprecated option on the command line is said once, and JSON follows it") {
  if (!test::fio_available()) return;
  for (const bool fio : {true, false}) {
    CAPTURE(fio);
    const test::TempDir dir;
    const ToolRun run = run_tool(fio, dir, {"--name=one", "--rw=read", "--size=16k", "--verifysort=1",
                                            "--output-format=json"});
    INFO(run.result.err);
    CHECK(run.result.exit_code == 0);
    CHECK(run.said == std::vector<std::string>{"Option verifysort is deprecated"});
    // The output opens with the line, then the JSON.
    CHECK(run.result.out.starts_with("Option verifysort is deprecated\n{"));
    const std::string json = run.result.out.substr(run.result.out.find('{'));
    CHECK(nlohmann::json::parse(json).at("jobs").at(0).at("read").at("io_bytes") == 16384);
  }
}

TEST_CASE("fio peer: a deprecated option's line goes into --output's file given before it, and stdout stays empty") {
  if (!test::fio_available()) return;
  for (const bool fio : {true, false}) {
    CAPTURE(fio);
    const test::TempDir dir;
    const ToolRun run = run_tool(fio, dir, {"--output=out.json", "--name=one", "--rw=read", "--size=16k",
                                            "--verifysort=1", "--output-format=json"});
    INFO(run.result.err);
    CHECK(run.result.exit_code == 0);
    CHECK(run.result.out.empty());
    CHECK(run.result.err.empty());
    std::ifstream file(dir.path() / "out.json");
    const std::string written((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    CHECK(written.starts_with("Option verifysort is deprecated\n{"));
  }
}

}  // namespace bench
