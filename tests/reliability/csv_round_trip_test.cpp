// Every CSV bench++ writes (the spreadsheet CSV of a run, compare's CSV) puts each field
// through the one quoting function (report/csv/csv_field.h: csv_record), so that names holding commas, quotes and
// newlines come back as written, through bench++'s own reader (compare reads the files) and through Python's csv
// module, each row with as many fields as its header.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "report/csv/spreadsheet_csv.h"
#include "report/result_file.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

// Python's reading of a CSV file: per row its field count and the fields named, as "count|field|field" lines.
std::vector<std::string> python_rows(const fs::path& file, const std::vector<std::string>& columns) {
  std::string names;
  for (const std::string& column : columns) names += "'" + column + "',";
  const std::string script =
      "import csv, sys\n"
      "rows = list(csv.reader(open(sys.argv[1], newline='')))\n"
      "header = rows[0]\n"
      "for row in rows[1:]:\n"
      "    cells = [row[header.index(c)].replace('\\n', '\\\\n') for c in (" + names + ")]\n"
      "    print('|'.join([str(len(row) == len(header))] + cells))\n";
  const test::CommandOutput result = test::run_program({"python3", "-c", script, file.string()});
  REQUIRE_MESSAGE(result.exit_code == 0, result.err);
  return test::lines_of(result.out);
}

TEST_CASE("reliability: every CSV writer's fields round-trip through bench++'s reader and Python's csv") {
  if (test::skip_unless(test::tool_installed("python3"), test::Need::kTool, "python3 is not installed (Debian python3)")) {
    return;
  }
  const test::TempDir dir;
  const std::vector<std::string> names = {"a,b", "say \"hi\"", " lead,", "x\"y,z\""};
  std::vector<fs::path> files;
  for (const std::string label : {"host, \"one\"", "guest,two"}) {
    std::vector<std::string> args = {"job", "-d", dir.path().string(), "-q", "--label", label,
                                     "--tag", "note=a,\"b\"", "--description=free, \"text\""};
    for (const std::string& name : names) args = test::with(args, {"--name=" + name, "--size=256k", "--bs=4k"});
    files.push_back(dir.path() / (std::to_string(files.size()) + ".csv"));
    args = test::with(args, {"--csv", files.back().string()});
    const test::CommandOutput run = test::run_bench(args);
    REQUIRE_MESSAGE(run.exit_code == 0, run.err);
    // bench++'s own reader.
    const std::vector<RunResult> runs = parse_result_text(test::read_file(files.back()), "x.csv").runs;
    REQUIRE(runs.size() == 1);
    CHECK(runs.front().info.label == label);
    REQUIRE(runs.front().info.setup.workloads.size() == names.size());
    for (std::size_t i = 0; i < names.size(); ++i) {
      CHECK(runs.front().info.setup.workloads[i].name == names[i]);
      CHECK(runs.front().info.setup.workloads[i].description == "free, \"text\"");
    }
    // Python's.
    const std::vector<std::string> rows = python_rows(files.back(), {"label", "workload", "workload_description"});
    REQUIRE(rows.size() == names.size());
    for (std::size_t i = 0; i < names.size(); ++i) {
      CHECK(rows[i] == "True|" + label + "|" + names[i] + "|free, \"text\"");
    }
  }
  // compare reads both and writes its own CSV, whose group names are the labels.
  const fs::path compared = dir.path() / "compared.csv";
  const test::CommandOutput compare =
      test::run_bench({"compare", files[0].string(), files[1].string(), "--csv", compared.string()});
  REQUIRE_MESSAGE(compare.exit_code == 0, compare.err);
  const std::vector<std::string> rows = python_rows(compared, {"group", "label"});
  REQUIRE_FALSE(rows.empty());
  for (const std::string& row : rows) {
    CHECK((row == "True|host, \"one\"|host, \"one\"" || row == "True|guest,two|guest,two"));
  }
  const std::vector<std::string> tests = python_rows(compared, {"test"});
  for (const std::string& name : names) {
    CHECK(std::find(tests.begin(), tests.end(), "True|" + name + ".read") != tests.end());
  }
}

}  // namespace
}  // namespace bench
