// fio's steady state (ss=, ss_dur=), the same job under bench++ and under fio 3.33: whether it was attained, the
// JSON "steadystate" object's keys and value types, and when a job that attains stopped (within the window's
// tolerance: fio's checks run on its helper thread's one-second timer, bench++'s at each whole second of the
// job's measured time, so each stops within a second of the other).
#include <doctest/doctest.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <vector>

#include "fio_peer/peer_tool_run.h"
#include "fio_run.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

// One tool's run of `options` with fio's `format` (--output-format), its files in a directory of its own under
// `dir`; REQUIREs exit 0.
test::CommandOutput run_tool(bool ours, const fs::path& dir, const std::string& format,
                             const std::vector<std::string>& options) {
  test::CommandOutput run = test::run_tool_in_own_directory(ours, dir, format, options);
  INFO((ours ? "bench++: " : "fio: ") << run.err);
  REQUIRE(run.exit_code == 0);
  return run;
}

// The one job entry of fio's JSON from one tool.
Json job_entry(bool ours, const fs::path& dir, const std::vector<std::string>& options) {
  const Json document = Json::parse(run_tool(ours, dir, "json", options).out);
  REQUIRE(document["jobs"].size() == 1);
  return document["jobs"][0];
}

// The JSON type of each value under `value`, by its path ("data.iops[]": an array's items).
void collect_types(const Json& value, const std::string& path, std::map<std::string, std::string>& types) {
  if (value.is_object()) {
    types[path] = "object";
    for (const auto& [key, item] : value.items()) collect_types(item, path + "." + key, types);
  } else if (value.is_array()) {
    types[path] = "array";
    for (const Json& item : value) collect_types(item, path + "[]", types);
  } else {
    types[path] = value.is_string() ? "string" : value.is_number_float() ? "float" : value.is_number_integer() ? "integer" : "other";
  }
}
std::map<std::string, std::string> types_of(const Json& object) {
  std::map<std::string, std::string> types;
  collect_types(object, "steadystate", types);
  return types;
}

// A 4 KiB random read paced at 400 requests a second: its rate is steady, so iops:10% over two seconds attains.
const std::vector<std::string> kSteadyJob = {"--name=ss", "--rw=randread", "--bs=4k", "--size=8m", "--time_based",
                                              "--runtime=10", "--rate_iops=400"};

TEST_CASE("steady state peer: ss=iops:10% attains under both tools, stopping the job within a second of each other") {
  if (!test::fio_available()) return;
  const test::TempDir dir;
  std::vector<std::string> options = kSteadyJob;
  options.insert(options.end(), {"--ss=iops:10%", "--ss_dur=2"});
  const Json fio = job_entry(false, dir.path(), options);
  const Json ours = job_entry(true, dir.path(), options);
  INFO("fio: " << fio["steadystate"].dump());
  INFO("bench++: " << ours["steadystate"].dump());
  REQUIRE(fio.contains("steadystate"));
  REQUIRE(ours.contains("steadystate"));
  CHECK(types_of(ours["steadystate"]) == types_of(fio["steadystate"]));
  CHECK(fio["steadystate"]["attained"] == 1);
  CHECK(ours["steadystate"]["attained"] == 1);
  CHECK(ours["steadystate"]["ss"] == fio["steadystate"]["ss"]);  // "iops:10.000000%"
  CHECK(ours["steadystate"]["duration"] == 2);
  CHECK(ours["steadystate"]["data"]["iops"].size() == 2);
  // Each sample near the pace (the window's mean within 10 % of 400, as the criterion says of its samples).
  CHECK(ours["steadystate"]["data"]["iops_mean"].get<double>() == doctest::Approx(400).epsilon(0.1));
  // Stopped once steady, far before runtime's ten seconds: bench++ at a whole second of its measured time, once
  // the two-second window has filled; fio's first sample covers what is left of its helper thread's first second
  // (its timer runs from fio's start, not the job's), so fio stops up to a second earlier.
  const auto fio_ms = fio["job_runtime"].get<std::int64_t>();
  const auto our_ms = ours["job_runtime"].get<std::int64_t>();
  CHECK(fio_ms >= 1000);
  CHECK(fio_ms < 5000);
  CHECK(our_ms >= 2000);
  CHECK(our_ms < 5000);
  CHECK(std::abs(our_ms - fio_ms) <= 1500);
}

TEST_CASE("steady state peer: ss=iops_slope:0.0001% attains under neither tool, which run to runtime's end") {
  if (!test::fio_available()) return;
  const test::TempDir dir;
  const std::vector<std::string> options = {"--name=ss", "--rw=randread", "--bs=4k", "--size=8m", "--time_based",
                                            "--runtime=4", "--ss=iops_slope:0.0001%", "--ss_dur=2"};
  const Json fio = job_entry(false, dir.path(), options);
  const Json ours = job_entry(true, dir.path(), options);
  INFO("fio: " << fio["steadystate"].dump());
  INFO("bench++: " << ours["steadystate"].dump());
  CHECK(types_of(ours["steadystate"]) == types_of(fio["steadystate"]));
  CHECK(fio["steadystate"]["attained"] == 0);
  CHECK(ours["steadystate"]["attained"] == 0);
  CHECK(ours["steadystate"]["ss"] == fio["steadystate"]["ss"]);  // "iops_slope:0.000100%"
  CHECK(fio["job_runtime"].get<std::int64_t>() >= 4000);
  CHECK(ours["job_runtime"].get<std::int64_t>() >= 4000);
}

// The normal output's steadystate lines of one tool.
std::vector<std::string> steady_state_lines(bool ours, const fs::path& dir, const std::vector<std::string>& options) {
  std::vector<std::string> lines;
  for (const std::string& line : test::lines_of(run_tool(ours, dir, "normal", options).out)) {
    if (line.find("steadystate") != std::string::npos) lines.push_back(line);
  }
  return lines;
}

TEST_CASE("steady state peer: the normal output's steadystate line, fio's shape under both tools") {
  if (!test::fio_available()) return;
  const test::TempDir dir;
  std::vector<std::string> options = kSteadyJob;
  options.insert(options.end(), {"--ss=iops:10%", "--ss_dur=2"});
  const std::regex shape(R"(  steadystate  : attained=yes, bw=[0-9.]+[KMG]iB/s \([0-9.]+[kMG]B/s\), iops=[0-9.]+k?, )"
                         R"(iops mean dev=[0-9]+\.[0-9]{3}%)");
  for (const bool ours : {false, true}) {
    const std::vector<std::string> lines = steady_state_lines(ours, dir.path(), options);
    CAPTURE(ours);
    REQUIRE(lines.size() == 1);
    CAPTURE(lines.front());
    CHECK(std::regex_match(lines.front(), shape));
  }
}

}  // namespace
}  // namespace bench
