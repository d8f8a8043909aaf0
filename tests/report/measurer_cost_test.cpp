// The measurer's own cost (WorkloadPart::cpu_per_million_requests) in the text table, the spreadsheet CSV and the
// JSON report, from made-up results: shown, read back, absent from older files, and the busy measurer's note.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "report/csv/csv_field.h"
#include "report/csv/spreadsheet_csv.h"
#include "report/result_file.h"
#include "report/json/json_report.h"
#include "report/text/workload_table.h"
#include "test_support.h"

namespace bench {
namespace {

using test::contains;

// One workload "w" read by `jobs` jobs for 2 s, 100k requests, with `cpu` of the process's CPU.
RunResult run_of(std::chrono::milliseconds cpu, std::uint32_t jobs, std::optional<double> cost) {
  RunResult run;
  run.info.label = "here";
  WorkloadSpec spec;
  spec.name = "w";
  spec.size_bytes = 1 << 20;
  spec.jobs = jobs;
  run.info.setup.workloads.push_back(spec);
  PhaseResult p;
  p.operations = 100'000;
  p.bytes = 100'000ull * 4096;
  p.elapsed = std::chrono::seconds(2);
  p.cpu = cpu;
  p.workers = jobs;
  WorkloadPart part;
  part.workload = "w";
  part.engine = EngineKind::kIoUring;
  part.engine_depth = 32;
  part.cpu_per_million_requests = cost;
  p.workload = part;
  run.phases.push_back(p);
  return run;
}

// `text` (a header, then rows) without the column `name`: a file as an earlier bench++ wrote it.
std::string without_column(const std::string& text, const std::string& name) {
  CsvSplitter splitter(text, "t");
  std::optional<std::size_t> drop;
  std::string out;
  while (auto record = splitter.next()) {
    if (!drop) {
      for (std::size_t c = 0; c < record->fields.size(); ++c) {
        if (record->fields[c] == name) drop = c;
      }
      REQUIRE(drop);
    }
    record->fields.erase(record->fields.begin() + static_cast<std::ptrdiff_t>(*drop));
    out += csv_record(record->fields);
  }
  return out;
}

TEST_CASE("measurer's cost: the table shows CPU s/M and notes a measurer above 80 % of a core per job") {
  // 1.7 s of CPU in 2 s by one job: 85 % of a core; 17 s per million requests.
  const std::string busy = format_workload_table(run_of(std::chrono::milliseconds(1700), 1, 17.0));
  CHECK(contains(busy, "CPU s/M"));
  CHECK(contains(busy, " 17 "));
  CHECK(contains(busy, "Note: w: bench++ used 85 % of a core per job: the tool, not the device, may be the limit"));
  // The same CPU over 4 jobs is 21 % per job: no note; a cost below 10 shows two decimals.
  const std::string calm = format_workload_table(run_of(std::chrono::milliseconds(1700), 4, 4.25));
  CHECK(contains(calm, " 4.25 "));
  CHECK_FALSE(contains(calm, "of a core per job"));
  // No figure: a dash.
  const std::string none = format_workload_table(run_of(std::chrono::milliseconds(1700), 4, std::nullopt));
  CHECK_FALSE(contains(none, "4.25"));
}

TEST_CASE("measurer's cost: the spreadsheet CSV and the JSON report keep it, and older files without it read") {
  const RunResult run = run_of(std::chrono::milliseconds(300), 2, 3.125);
  const std::string csv = spreadsheet_csv_header() + format_spreadsheet_csv_row(run.info, run.phases.front());
  CHECK(contains(spreadsheet_csv_header(), ",cpu_sec_per_million_requests"));
  CHECK(contains(csv, ",3.125"));
  const std::vector<RunResult> from_csv = parse_result_text(csv, "t.csv").runs;
  REQUIRE(from_csv.size() == 1);
  REQUIRE(from_csv.front().phases.front().workload->cpu_per_million_requests);
  CHECK(*from_csv.front().phases.front().workload->cpu_per_million_requests == doctest::Approx(3.125));
  const std::vector<RunResult> old_csv = parse_result_text(without_column(csv, "cpu_sec_per_million_requests"), "t.csv").runs;
  REQUIRE(old_csv.size() == 1);
  CHECK_FALSE(old_csv.front().phases.front().workload->cpu_per_million_requests);

  const std::string json = format_json({run});
  CHECK(contains(json, "\"cpu_sec_per_million_requests\""));
  const std::vector<RunResult> from_json = read_json_report(json, "t.json");
  REQUIRE(from_json.size() == 1);
  REQUIRE(from_json.front().phases.front().workload->cpu_per_million_requests);
  CHECK(*from_json.front().phases.front().workload->cpu_per_million_requests == doctest::Approx(3.125));
  // A report without the key (an earlier bench++'s), and one with null (no requests), read as no figure.
  for (const std::string& replacement : {std::string(), std::string("\"cpu_sec_per_million_requests\": null,")}) {
    std::string older = json;
    const std::size_t at = older.find("\"cpu_sec_per_million_requests\"");
    const std::size_t end = older.find(',', at);
    older.replace(at, end + 1 - at, replacement);
    CAPTURE(older);
    const std::vector<RunResult> read = read_json_report(older, "t.json");
    REQUIRE(read.size() == 1);
    CHECK_FALSE(read.front().phases.front().workload->cpu_per_million_requests);
  }
}

}  // namespace
}  // namespace bench
