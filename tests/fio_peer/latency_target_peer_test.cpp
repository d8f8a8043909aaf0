// fio's latency profile (latency_target=, latency_window=, latency_percentile=) and max_latency=, the same job under
// bench++ and under fio 3.33 on the same filesystem, with O_DIRECT so that every request reaches the disk: the depth
// each tool's search ends at (fio's JSON latency_depth), where the answer does not hang on how fast the disk is
// (a target no request keeps: depth 1; a target every request keeps: iodepth; one in between only within the
// range), the other keys of the profile exactly, and a request over max_latency= failing the job with ETIMEDOUT.
#include <doctest/doctest.h>

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <vector>

#include "fio_peer/peer_tool_run.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

bool direct_works(const fs::path& dir) {
  return test::run_program({"dd", "if=/dev/zero", "of=" + (dir / "probe").string(), "bs=4096", "count=1",
                            "oflag=direct"})
             .exit_code == 0;
}

// Whether the test can run here: fio installed, O_DIRECT taken in $TMPDIR (says the skip when not).
bool peers_here(const fs::path& dir) {
  if (test::skip_unless(test::tool_installed("fio"), test::Need::kTool, "fio is not installed (Debian fio)")) {
    return false;
  }
  return !test::skip_unless(direct_works(dir), test::Need::kMachine, "O_DIRECT is refused in $TMPDIR");
}

// One tool's run of `options` with fio's `format`, its files in a directory of its own under `dir`.
test::CommandOutput run_tool(bool ours, const fs::path& dir, const std::string& format,
                             const std::vector<std::string>& options) {
  return test::run_tool_in_own_directory(ours, dir, format, options);
}

// The one job entry of fio's JSON from one tool; REQUIREs exit 0.
Json job_entry(bool ours, const fs::path& dir, const std::vector<std::string>& options) {
  const test::CommandOutput run = run_tool(ours, dir, "json", options);
  INFO((ours ? "bench++: " : "fio: ") << run.err);
  REQUIRE(run.exit_code == 0);
  const Json document = Json::parse(run.out);
  REQUIRE(document["jobs"].size() == 1);
  return document["jobs"][0];
}

// A 4 KiB direct random read on libaio at up to iodepth=8, its depth tried over windows of 200 ms.
std::vector<std::string> profile_job(const std::string& target, const std::string& percentile) {
  return {"--name=lat", "--rw=randread", "--bs=4k", "--size=16m", "--direct=1", "--ioengine=libaio",
          "--iodepth=8", "--time_based", "--runtime=3", "--latency_target=" + target, "--latency_window=200ms",
          "--latency_percentile=" + percentile};
}

void check_same_profile_keys(const Json& fio, const Json& ours) {
  for (const char* key : {"latency_target", "latency_window", "latency_percentile"}) {
    CAPTURE(key);
    CHECK(ours[key] == fio[key]);
  }
}

TEST_CASE("latency target peer: a target no request keeps leaves both tools at depth 1 to the runtime's end") {
  const test::TempDir dir;
  if (!peers_here(dir.path())) return;
  const std::vector<std::string> options = profile_job("1", "99");  // 1 us: no request to the disk is that fast
  const Json fio = job_entry(false, dir.path(), options);
  const Json ours = job_entry(true, dir.path(), options);
  CHECK(fio["latency_depth"] == 1);
  CHECK(ours["latency_depth"] == 1);
  check_same_profile_keys(fio, ours);
  CHECK(ours["latency_target"] == 1000);     // ns, as fio's
  CHECK(ours["latency_window"] == 200000);   // us, as fio's
  CHECK(fio["job_runtime"].get<std::int64_t>() >= 3000);
  CHECK(ours["job_runtime"].get<std::int64_t>() >= 3000);
  CHECK(ours["read"]["total_ios"].get<std::uint64_t>() > 0);
}

TEST_CASE("latency target peer: a target every request keeps takes both tools to iodepth, and each ends after a "
          "final window there") {
  const test::TempDir dir;
  if (!peers_here(dir.path())) return;
  // 10 s: no request takes that long. Depths 1, 2, 4, 8, then a final window at 8 whose figures alone are reported:
  // the job ends long before its runtime (here 30 s).
  std::vector<std::string> options = profile_job("10s", "99.9");
  options[8] = "--runtime=30";
  const Json fio = job_entry(false, dir.path(), options);
  const Json ours = job_entry(true, dir.path(), options);
  CHECK(fio["latency_depth"] == 8);
  CHECK(ours["latency_depth"] == 8);
  check_same_profile_keys(fio, ours);
  CHECK(ours["latency_percentile"].get<double>() == doctest::Approx(99.9));
  // The reported figures cover the final window alone: about one window, not the whole search.
  for (const Json* job : {&fio, &ours}) {
    CHECK((*job)["job_runtime"].get<std::int64_t>() >= 200);
    CHECK((*job)["job_runtime"].get<std::int64_t>() < 10000);
    CHECK((*job)["read"]["total_ios"].get<std::uint64_t>() > 0);
  }
  // At the depth found the queue was full: most requests went with 8 in flight (fio's iodepth_level ">=64" holds
  // none, "8" the most).
  CHECK(ours["iodepth_level"]["8"].get<double>() > 50.0);
}

TEST_CASE("latency target peer: a target in between ends both tools' searches within the depths tried") {
  const test::TempDir dir;
  if (!peers_here(dir.path())) return;
  // Near a direct 4 KiB read's time on a virtual disk: where each search ends depends on the disk and the load, so
  // only its range is checked.
  const std::vector<std::string> options = profile_job("300", "90");
  const Json fio = job_entry(false, dir.path(), options);
  const Json ours = job_entry(true, dir.path(), options);
  for (const Json* job : {&fio, &ours}) {
    CHECK((*job)["latency_depth"].get<int>() >= 1);
    CHECK((*job)["latency_depth"].get<int>() <= 8);
  }
  check_same_profile_keys(fio, ours);
}

TEST_CASE("latency target peer: the normal output's latency line, fio's shape and values under both tools") {
  const test::TempDir dir;
  if (!peers_here(dir.path())) return;
  const std::vector<std::string> options = profile_job("1", "99");
  const std::regex line(R"(     latency   : target=1000, window=200000, percentile=99\.00%, depth=1)");
  for (const bool ours : {false, true}) {
    CAPTURE(ours);
    const test::CommandOutput run = run_tool(ours, dir.path(), "normal", options);
    REQUIRE(run.exit_code == 0);
    int found = 0;
    for (const std::string& text : test::lines_of(run.out)) found += std::regex_match(text, line) ? 1 : 0;
    CHECK(found == 1);
  }
}

TEST_CASE("latency target peer: a request over max_latency, or over latency_target=..,100 % at depth 1, fails the "
          "job with ETIMEDOUT under both tools") {
  const test::TempDir dir;
  if (!peers_here(dir.path())) return;
  const std::vector<std::vector<std::string>> jobs = {
      {"--name=lat", "--rw=randread", "--bs=4k", "--size=4m", "--direct=1", "--max_latency=1"},
      {"--name=lat", "--rw=randread", "--bs=4k", "--size=4m", "--direct=1", "--ioengine=libaio", "--iodepth=4",
       "--latency_target=1", "--latency_window=100ms"}};
  for (const std::vector<std::string>& options : jobs) {
    CAPTURE(options.back());
    for (const bool ours : {false, true}) {
      CAPTURE(ours);
      const test::CommandOutput run = run_tool(ours, dir.path(), "json", options);
      CAPTURE(run.err);
      CHECK(run.exit_code != 0);
      CHECK(test::contains(run.err, "latency of "));
      CHECK(test::contains(run.err, " exceeds specified max (1000 nsec)"));
      // fio writes its error line (pid=..., err=110/...) on stdout before the JSON document.
      const std::size_t json_start = run.out.find('{');
      REQUIRE(json_start != std::string::npos);
      const Json document = Json::parse(run.out.substr(json_start));
      REQUIRE(document["jobs"].size() == 1);
      CHECK(document["jobs"][0]["error"] == 110);  // ETIMEDOUT
    }
  }
}

}  // namespace
}  // namespace bench
