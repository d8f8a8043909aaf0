// compare's note on settings, end to end: `bench++ job` runs that differ only in one workload option (rate_iops=,
// sync=1), their JSON and spreadsheet CSV results set side by side by `bench++ compare`, which names the option.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

// The line of compare's output that notes the settings of `label`'s runs.
std::string settings_note(const std::string& compared, const std::string& label) {
  for (const std::string& line : test::lines_of(compared)) {
    if (line.find(label + " was run with other settings") != std::string::npos) return line;
  }
  return "";
}

TEST_CASE("compare: job runs that differ only in rate_iops= or sync=1 are noted so, from JSON and from CSV") {
  test::TempDir dir;
  // A tiny sequential write (32 requests), as plain, paced and O_SYNC runs.
  const auto run_job = [&](const std::string& label, const std::vector<std::string>& option) {
    std::vector<std::string> args = {"job",     "-d",      dir.path().string(),
                                     "--json",  (dir.path() / (label + ".json")).string(),
                                     "--csv",   (dir.path() / (label + ".csv")).string(),
                                     "--label", label,     "--name=w", "--rw=write", "--bs=4k", "--size=128k"};
    args.insert(args.end(), option.begin(), option.end());
    const test::CommandOutput result = test::run_bench(args);
    INFO(label << " stderr:\n" << result.err);
    REQUIRE(result.exit_code == 0);
  };
  run_job("plain", {});
  run_job("paced", {"--rate_iops=20000"});
  run_job("osync", {"--sync=1"});
  for (const char* format : {".json", ".csv"}) {
    CAPTURE(format);
    const auto compare = [&](const std::string& other) {
      const test::CommandOutput result = test::run_bench(
          {"compare", (dir.path() / ("plain" + std::string(format))).string(),
           (dir.path() / (other + format)).string()});
      INFO("compare:\n" << result.out << result.err);
      CHECK(result.exit_code == 0);
      return settings_note(result.out, other);
    };
    // Only the option differs: the note names it and nothing else.
    const std::string paced = compare("paced");
    CHECK(test::contains(paced, "other settings than plain: workload 'w': rate_iops 20000/20000/20000 vs 0/0"));
    CHECK(paced.find(", ") == std::string::npos);
    const std::string osync = compare("osync");
    CHECK(test::contains(osync, "other settings than plain: workload 'w': sync O_SYNC vs off"));
    CHECK(osync.find(", ") == std::string::npos);
  }
}

}  // namespace
}  // namespace bench
