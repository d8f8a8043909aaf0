// Files written before a field existed (result/unrecorded_fields.h): a spreadsheet CSV or JSON report made by the
// current writers with one setup column or key removed, each field of result/run_fields.h and
// result/workload_fields.h in turn (so a field added to a table is covered here without editing this test), reads
// with that field "not recorded"; a missing result column or key still fails, naming it; compare has no value for
// an unrecorded field and notes no difference on it.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "compare/compare_runs.h"
#include "report/csv/csv_field.h"
#include "report/csv/spreadsheet_csv.h"
#include "report/json/json_report.h"
#include "report/machine_readable_samples.h"
#include "report/result_file.h"
#include "result/run_fields.h"
#include "result/workload_fields.h"
#include "test_support.h"

namespace bench {
namespace {

// The samples' "full" run (every test, -s and -n specs, placement and machine recorded) with a workload test
// added, so that every run field and every workload field has a column and a key.
RunResult sample_run() {
  RunResult run = test::machine_readable_samples().front();
  WorkloadSpec spec;
  spec.name = "randread";
  spec.pattern = IoPattern::kRandRead;
  spec.size_bytes = 1 << 20;
  spec.description = "old";
  run.info.setup.workloads.push_back(spec);
  PhaseResult phase;
  phase.operations = 256;
  phase.bytes = 1 << 20;
  phase.elapsed = std::chrono::milliseconds(600);
  phase.cpu = std::chrono::milliseconds(10);
  WorkloadPart part;
  part.workload = spec.name;
  phase.workload = part;
  run.phases.push_back(phase);
  return run;
}

std::string csv_of(const RunResult& run) {
  std::string text = spreadsheet_csv_header();
  for (const PhaseResult& phase : run.phases) text += format_spreadsheet_csv_row(run.info, phase);
  return text;
}

// The CSV text without the column `name` (in the header and every row). REQUIRES: the header has it.
std::string without_column(const std::string& text, std::string_view name) {
  CsvSplitter splitter(text, "in.csv");
  std::string out;
  std::optional<std::size_t> place;
  while (const auto record = splitter.next()) {
    std::vector<std::string> fields = record->fields;
    if (!place) place = std::find(fields.begin(), fields.end(), name) - fields.begin();
    REQUIRE(*place < fields.size());
    fields.erase(fields.begin() + static_cast<std::ptrdiff_t>(*place));
    out += csv_record(fields);
  }
  return out;
}

std::vector<std::string> header_columns(const std::string& text) {
  CsvSplitter splitter(text, "in.csv");
  return splitter.next()->fields;
}

// The names of the CSV columns of the run's setup and of the workloads' specs.
std::set<std::string> setup_columns() {
  std::set<std::string> names;
  for (const RunField& field : run_fields()) names.emplace(field.csv_column);
  for (const WorkloadField& field : workload_fields()) names.emplace(field.csv_column);
  return names;
}

std::string error_of(const std::string& text, const std::string& name) {
  try {
    (void)parse_result_text(text, name);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

TEST_CASE("unrecorded fields: a spreadsheet CSV lacking a run setup column reads, with the field not recorded") {
  const RunResult run = sample_run();
  const std::string full = csv_of(run);
  const auto fields = run_fields();
  int covered = 0;
  for (std::size_t f = 0; f < fields.size(); ++f) {
    const std::string_view column = fields[f].csv_column;
    if (column.empty() || column == "label") continue;  // no column; the label tells the format
    CAPTURE(column);
    const ResultText read = parse_result_text(without_column(full, column), "old.csv");
    CHECK(read.runs.size() == 1);
    CHECK(read.runs.front().phases.size() == run.phases.size());
    CHECK(read.unrecorded.run == std::vector<std::size_t>{f});
    CHECK(read.unrecorded.workload.empty());
    ++covered;
  }
  CHECK(covered > 30);
  CHECK(parse_result_text(full, "new.csv").unrecorded.empty());
  // Without the label it is not a spreadsheet CSV at all.
  CHECK(error_of(without_column(full, "label"), "old.csv").find("unknown format") != std::string::npos);
}

TEST_CASE("unrecorded fields: a spreadsheet CSV lacking a workload spec column reads, with the field not recorded") {
  const std::string full = csv_of(sample_run());
  const auto fields = workload_fields();
  for (std::size_t f = 1; f < fields.size(); ++f) {  // [0] is the workload's name, which marks the columns
    CAPTURE(fields[f].csv_column);
    const ResultText read = parse_result_text(without_column(full, fields[f].csv_column), "old.csv");
    CHECK(read.unrecorded.workload == std::vector<std::size_t>{f});
    CHECK(read.unrecorded.run.empty());
    REQUIRE(read.runs.front().info.setup.workloads.size() == 1);
    CHECK(read.runs.front().info.setup.workloads.front().name == "randread");
  }
}

TEST_CASE("unrecorded fields: a spreadsheet CSV lacking a result column is refused, naming the column") {
  const std::string full = csv_of(sample_run());
  const std::set<std::string> setup = setup_columns();
  // Derived from other columns (not read), or a later addition read as none when absent (the measurer's cost, a
  // failed job's error).
  const std::set<std::string> derived = {"unit",      "cpu_percent", "kib_per_sec", "ops_per_sec", "too_fast",
                                         "cpu_sec_per_million_requests", "error_code", "error"};
  int refused = 0;
  for (const std::string& column : header_columns(full)) {
    if (setup.contains(column) || column == "test") continue;  // (without "test" it is no spreadsheet CSV)
    CAPTURE(column);
    const std::string error = error_of(without_column(full, column), "old.csv");
    if (derived.contains(column)) {
      CHECK(error.empty());  // derived from other columns, not read
      continue;
    }
    CHECK(error.find(fmt::format("lacks the column '{}'", column)) != std::string::npos);
    ++refused;
  }
  CHECK(refused > 15);
}

// The JSON report of the sample, parsed, for editing.
nlohmann::json json_of(const RunResult& run) { return nlohmann::json::parse(format_json({run})); }

TEST_CASE("unrecorded fields: a JSON report lacking a run setup key reads, with the field not recorded") {
  const RunResult run = sample_run();
  const auto fields = run_fields();
  for (std::size_t f = 0; f < fields.size(); ++f) {
    const RunField& field = fields[f];
    if (field.json_key == "label") continue;  // names the run: required (as in the CSV)
    CAPTURE(field.json_key);
    nlohmann::json doc = json_of(run);
    nlohmann::json& record = doc["runs"][0];
    nlohmann::json& object = field.group == nullptr ? record : record[field.group->json_key];
    REQUIRE(object.is_object());
    REQUIRE(object.erase(std::string(field.json_key)) == 1);
    const ResultText read = parse_result_text(doc.dump(1), "old.json");
    CHECK(read.runs.size() == 1);
    CHECK(read.unrecorded.run == std::vector<std::size_t>{f});
  }
  // A group's whole object missing (a group newer than the file): each of its fields not recorded.
  nlohmann::json doc = json_of(run);
  doc["runs"][0].erase("machine");
  std::vector<std::size_t> machine;
  for (std::size_t f = 0; f < fields.size(); ++f) {
    if (fields[f].group != nullptr && fields[f].group->json_key == "machine") machine.push_back(f);
  }
  CHECK(!machine.empty());
  CHECK(parse_result_text(doc.dump(), "old.json").unrecorded.run == machine);
  CHECK(parse_result_text(json_of(run).dump(), "new.json").unrecorded.empty());
}

TEST_CASE("unrecorded fields: a JSON report lacking a workload spec key reads, lacking a result key is refused") {
  const RunResult run = sample_run();
  const auto fields = workload_fields();
  for (std::size_t f = 1; f < fields.size(); ++f) {
    CAPTURE(fields[f].json_key);
    nlohmann::json doc = json_of(run);
    REQUIRE(doc["runs"][0]["workloads"][0].erase(std::string(fields[f].json_key)) == 1);
    const ResultText read = parse_result_text(doc.dump(), "old.json");
    CHECK(read.unrecorded.workload == std::vector<std::size_t>{f});
  }
  // Not read (derived, or mpi), or later than the file format's first files (slat and clat measured apart):
  // absent reads as none recorded.
  const std::set<std::string> derived = {"title", "unit", "cpu_percent", "kib_per_sec", "ops_per_sec", "too_fast",
                                          "mpi", "histogram", "workload", "cached_percent", "slat", "clat"};
  const nlohmann::json test = json_of(run)["runs"][0]["tests"][0];
  int refused = 0;
  for (const auto& item : test.items()) {  // .key(): clang 14 cannot capture a binding in CAPTURE's lambda
    const std::string& key = item.key();
    CAPTURE(key);
    nlohmann::json doc = json_of(run);
    doc["runs"][0]["tests"][0].erase(key);
    const std::string error = error_of(doc.dump(), "old.json");
    if (derived.contains(key)) {
      CHECK(error.empty());
      continue;
    }
    CHECK(error.find(fmt::format("missing key '{}'", key)) != std::string::npos);
    ++refused;
  }
  CHECK(refused >= 7);  // test, operations, bytes, elapsed_sec, cpu_sec, workers, latency
}

TEST_CASE("unrecorded fields: compare notes no difference on a field one side does not record") {
  const RunResult base_run = sample_run();
  RunResult other_run = base_run;
  other_run.info.label = "other";
  other_run.info.setup.concurrency = base_run.info.setup.concurrency + 3;
  other_run.info.setup.workloads.front().iodepth = 16;
  const auto index_of = [](auto fields, std::string_view column) {
    std::size_t f = 0;
    while (f < fields.size() && fields[f].csv_column != column) ++f;
    REQUIRE(f < fields.size());
    return f;
  };
  const std::size_t concurrency = index_of(run_fields(), "concurrency");
  const std::size_t iodepth = index_of(workload_fields(), "workload_iodepth");
  const auto notes_with = [&](std::shared_ptr<const UnrecordedFields> unrecorded) {
    const std::vector<SourcedRun> runs = {SourcedRun{base_run, "a.csv", 0, RunSource::kBenchResult, nullptr},
                                          SourcedRun{other_run, "b.csv", 1, RunSource::kBenchResult, unrecorded}};
    std::string notes;
    for (const std::string& note : compare_runs(runs, CompareOptions{}).caveats) notes += note + "\n";
    return notes;
  };
  const std::string recorded = notes_with(nullptr);
  CHECK(recorded.find("concurrency") != std::string::npos);
  CHECK(recorded.find("iodepth 16 vs 1") != std::string::npos);
  const std::string unrecorded = notes_with(
      std::make_shared<const UnrecordedFields>(UnrecordedFields{{concurrency}, {iodepth}}));
  CHECK(unrecorded.find("concurrency") == std::string::npos);
  CHECK(unrecorded.find("iodepth") == std::string::npos);
}

}  // namespace
}  // namespace bench

namespace bench {
namespace {

// Files kept from bench++ of 2026-11-30 (commit 5036fde: before the field tables gained file_size_choice,
// seek_write_percent, verify, the machine, tags, suite, workloads and histograms).
TEST_CASE("unrecorded fields: files of an older bench++ read, and compare with a current one's") {
  const std::filesystem::path older = std::filesystem::path(BENCH_FIXTURE_DIR) / "compare" / "older";
  const auto names_of = [](const UnrecordedFields& unrecorded) {
    std::set<std::string> names;
    for (const std::size_t f : unrecorded.run) names.emplace(run_fields()[f].json_key);
    return names;
  };
  for (const char* file : {"2026-11-30.csv", "2026-11-30.json"}) {
    CAPTURE(file);
    const ResultText read = parse_result_text(test::read_file(older / file), file);
    REQUIRE(read.runs.size() == 1);
    CHECK(read.runs.front().info.label == "fuzzbox");
    CHECK(read.runs.front().phases.size() == 13);
    const std::set<std::string> names = names_of(read.unrecorded);
    for (const char* key : {"verify", "tags", "suite", "cpus", "seek_write_percent"}) CHECK(names.contains(key));
    CHECK(!names.contains("concurrency"));
    // Set against a run of today's bench++ with verify on: compare has no verify value for the old one.
    RunResult current = sample_run();
    current.info.setup.verify = true;
    const std::vector<SourcedRun> runs = {
        SourcedRun{read.runs.front(), file, 0, RunSource::kBenchResult,
                   std::make_shared<const UnrecordedFields>(read.unrecorded)},
        SourcedRun{current, "today.csv", 1, RunSource::kBenchResult, nullptr}};
    const Comparison comparison = compare_runs(runs, CompareOptions{});
    CHECK(comparison.groups.size() == 2);
    for (const std::string& note : comparison.notes) CHECK(note.find("verify") == std::string::npos);
  }
}

}  // namespace
}  // namespace bench
