// Bad input to `bench++ compare`: every class gives one clear line naming the file (and the line where there is
// one) and exit status 1 for files, 2 for the command line; never a crash. Plus format detection
// (report/result_file.h) on texts.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

#include "compare/compare_runs.h"
#include "report/csv/comparison_csv.h"
#include "report/html/comparison_html.h"
#include "report/json/comparison_json.h"
#include "report/text/comparison_text.h"
#include "report/csv/csv_field.h"
#include "report/result_file.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

const fs::path kFixtures = fs::path(BENCH_FIXTURE_DIR) / "compare";

std::string fixture(const std::string& name) { return test::read_fixture("compare/" + name); }

// A file in `dir` holding `text`; returns its path.
std::string write_file(const test::TempDir& dir, const std::string& name, const std::string& text) {
  const fs::path path = dir.path() / name;
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

// Runs `bench++ compare BAD GOOD` and returns stderr, checking the exit status and that it is one line.
std::string compare_error(const std::string& bad_file, int expected_exit = 1) {
  const auto result = test::run_bench({"compare", bad_file, (kFixtures / "guest.csv").string()});
  CHECK(result.exit_code == expected_exit);
  CHECK(result.out == "");
  CHECK(result.err.find('\n') == result.err.size() - 1);
  return result.err;
}

std::string parse_error(std::string_view text) {
  return test::error_of<std::runtime_error>([&] { parse_result_text(text, "t"); }, "(no error)");
}

TEST_CASE("compare errors: missing, unreadable, empty and unknown files") {
  test::TempDir dir;
  const std::string missing = (dir.path() / "missing.csv").string();
  CHECK(compare_error(missing) == "bench++: cannot open " + missing + ": No such file or directory\n");
  CHECK(compare_error(dir.path().string()) == "bench++: cannot read " + dir.path().string() + ": Is a directory\n");
  const std::string empty = write_file(dir, "empty.csv", "");
  CHECK(compare_error(empty) ==
        "bench++: " + empty +
            ":1: empty file: expected a bench++ spreadsheet CSV (a header row with label and test columns), a "
            "bench++ JSON report, or bonnie++ CSV lines (starting with 1.98, 1.97 or 1.96)\n");
  const std::string blank = write_file(dir, "blank.csv", "\n  \n# just a comment\n");
  CHECK(compare_error(blank).find(blank + ":1: empty file: ") != std::string::npos);
  const std::string other = write_file(dir, "other.txt", "\nVersion 2.00a  ------Sequential Output------\n");
  CHECK(compare_error(other).starts_with("bench++: " + other + ":2: unknown format: expected a bench++"));
}

TEST_CASE("compare errors: truncated files") {
  test::TempDir dir;
  const std::string csv = fixture("host.csv");
  const std::string cut = csv.substr(0, csv.size() - 200);  // ends inside line 9, the last row
  const std::string cut_csv = write_file(dir, "cut.csv", cut);
  const auto fields_of_last_record = [](std::string_view text) {
    CsvSplitter records(text, "t");
    std::size_t fields = 0;
    while (const auto record = records.next()) fields = record->fields.size();
    return fields;
  };
  const std::size_t header_fields = fields_of_last_record(csv.substr(0, csv.find('\n') + 1));
  REQUIRE(fields_of_last_record(cut) < header_fields);
  CHECK(compare_error(cut_csv) == fmt::format("bench++: {}:9: {} fields where the header has {}\n", cut_csv,
                                              fields_of_last_record(cut), header_fields));
  const std::string json = fixture("host.json");
  const std::string cut_json = write_file(dir, "cut.json", json.substr(0, json.size() / 2));
  CHECK(compare_error(cut_json).starts_with("bench++: " + cut_json + ":"));
  const std::string bonnie = fixture("bonnie_buffered.csv");
  const std::string cut_bonnie = write_file(dir, "cut_bonnie.csv", bonnie.substr(0, bonnie.size() - 100));
  CHECK(compare_error(cut_bonnie) == "bench++: " + cut_bonnie + ":3: expected 50 fields for format 1.98, found 35\n");
  const std::string open_quote = write_file(dir, "quote.csv", csv.substr(0, csv.find("\"rw,relatime\"") + 5));
  CHECK(compare_error(open_quote).starts_with("bench++: " + open_quote + ":2: "));
}

TEST_CASE("compare errors: wrong field counts and non-numeric cells") {
  test::TempDir dir;
  const std::string csv = fixture("host.csv");
  const std::string extra = write_file(dir, "extra.csv", csv + csv.substr(csv.find('\n') + 1, 40) + ",,\n");
  CHECK(compare_error(extra).find(":10: ") != std::string::npos);
  std::string bad_number = csv;
  bad_number.replace(bad_number.find("2.000000000"), 11, "fast");
  const std::string bad = write_file(dir, "bad.csv", bad_number);
  CHECK(compare_error(bad) ==
        "bench++: " + bad + ":2: column elapsed_sec: 'fast' is not a number of seconds from 0 to 9e9\n");
  std::string bonnie = fixture("bonnie_buffered.csv");
  bonnie.replace(bonnie.find(",491135,"), 8, ",49k,");
  const std::string bad_bonnie = write_file(dir, "bad_bonnie.csv", bonnie);
  CHECK(compare_error(bad_bonnie) ==
        "bench++: " + bad_bonnie + ":3: field 13 (rewrite): '49k' is not a rate (a number or +++++)\n");
  const std::string short_line = write_file(dir, "short.csv", "1.98,2.00a,host,1,2,16M,,8192,5,,,+++++\n");
  CHECK(compare_error(short_line) == "bench++: " + short_line + ":1: expected 50 fields for format 1.98, found 12\n");
}

TEST_CASE("compare errors: mixed formats in one file") {
  test::TempDir dir;
  const std::string bonnie_line = fixture("bonnie_too_fast.csv");
  const std::string csv_then_bonnie = write_file(dir, "a.csv", fixture("host.csv") + bonnie_line);
  CHECK(compare_error(csv_then_bonnie) ==
        "bench++: " + csv_then_bonnie +
            ":12: a bonnie++ CSV line inside a bench++ spreadsheet CSV (mixed formats: one file holds one format)\n");
  const std::string bonnie_then_csv = write_file(dir, "b.csv", bonnie_line + fixture("host.csv"));
  CHECK(compare_error(bonnie_then_csv) ==
        "bench++: " + bonnie_then_csv +
            ":4: expected a bonnie++ CSV line starting with '1.98,' (or 1.96/1.97), found a bench++ spreadsheet CSV header\n");
  // The line after the report's last holds the CSV header; the bonnie++ line is the third of its file.
  const std::string json = fixture("host.json");
  const auto json_lines = static_cast<std::size_t>(std::count(json.begin(), json.end(), '\n'));
  const std::string json_then_csv = write_file(dir, "c.json", json + fixture("host.csv"));
  CHECK(compare_error(json_then_csv) ==
        fmt::format("bench++: {}:{}: a bench++ spreadsheet CSV header after a JSON report (mixed formats: one file "
                    "holds one format)\n",
                    json_then_csv, json_lines + 1));
  const std::string json_then_bonnie = write_file(dir, "d.json", json + bonnie_line);
  CHECK(compare_error(json_then_bonnie) ==
        fmt::format("bench++: {}:{}: a bonnie++ CSV line after a JSON report (mixed formats: one file holds one "
                    "format)\n",
                    json_then_bonnie, json_lines + 3));
}

TEST_CASE("compare errors: the command line (exit 2)") {
  const auto one = test::run_bench({"compare", (kFixtures / "host.csv").string(), "--json", "-"});
  CHECK(one.exit_code == 2);
  CHECK(test::contains(one.err, "bench++: compare: --csv and --json need runs to compare, and every run of"));
  const auto none = test::run_bench({"compare"});
  CHECK(none.exit_code == 2);
  CHECK(none.err == "bench++: compare: needs a BASE file (see bench++ compare --help)\n");
  const auto unknown = test::run_bench({"compare", "a", "b", "--pdf", "x"});
  CHECK(unknown.exit_code == 2);
  CHECK(unknown.err == "bench++: compare: unknown option '--pdf' (see bench++ compare --help)\n");
  const auto by_label = test::run_bench(
      {"compare", (kFixtures / "host.csv").string(), (kFixtures / "host.json").string(), "--by-label"});
  CHECK(by_label.exit_code == 2);
  CHECK(by_label.err ==
        "bench++: nothing to compare: every run has the label 'host' (without --by-label each file is a group)\n");
  const auto base = test::run_bench(
      {"compare", (kFixtures / "host.csv").string(), (kFixtures / "guest.csv").string(), "--base", "nvme"});
  CHECK(base.exit_code == 2);
  CHECK(base.out == "");
  CHECK(base.err == "bench++: compare: --base 'nvme' names no group; the groups are 'host', 'guest'\n");
  const auto guest_first = test::run_bench(
      {"compare", (kFixtures / "host.csv").string(), (kFixtures / "guest.csv").string(), "--base", "guest"});
  CHECK(guest_first.exit_code == 0);
  // The base ran in a guest (a kvm guest, as guest.csv records): the header and a caveat say so.
  CHECK(guest_first.out.find("  base: guest: itself a kvm guest (") != std::string::npos);
  CHECK(guest_first.out.find("guest is itself a kvm guest: its figures are a guest's disk, not bare metal's") !=
        std::string::npos);
  CHECK(guest_first.out.find("host vs guest: throughput ") != std::string::npos);
}

TEST_CASE("compare errors: an output that cannot be written") {
  test::TempDir dir;
  const std::string html = (dir.path() / "no" / "such" / "dir.html").string();
  const auto result =
      test::run_bench({"compare", (kFixtures / "host.csv").string(), (kFixtures / "guest.csv").string(), "--html", html});
  CHECK(result.exit_code == 1);
  CHECK(result.err == "bench++: cannot create " + html + ": No such file or directory\n");
}

TEST_CASE("compare errors: any truncation of any fixture is a clean error or a valid comparison, never a crash") {
  const std::vector<SourcedRun> other = [] {
    std::vector<SourcedRun> runs;
    for (auto& run : parse_result_text(fixture("guest.csv"), "guest.csv").runs) runs.push_back({run, "g", 1});
    return runs;
  }();
  std::size_t errors = 0, comparisons = 0;
  for (const char* name : {"host.csv", "host.json", "host_x3.csv", "bonnie_buffered.csv", "bonnie_x3_sync.csv"}) {
    const std::string text = fixture(name);
    for (std::size_t step = 0; step * 7 < text.size() + 7; ++step) {
      const std::size_t length = std::min(step * 7, text.size());
      try {
        std::vector<SourcedRun> runs;
        const ResultText read = parse_result_text(std::string_view(text).substr(0, length), name);
        for (const auto& run : read.runs) runs.push_back({run, name, 0});
        runs.insert(runs.end(), other.begin(), other.end());
        const Comparison comparison = compare_runs(runs, {});
        CHECK_FALSE(format_comparison_text(comparison).empty());
        CHECK_FALSE(format_comparison_csv(comparison).empty());
        CHECK_FALSE(format_comparison_json(comparison).empty());
        CHECK_FALSE(format_comparison_html(comparison).empty());
        ++comparisons;
      } catch (const std::runtime_error& e) {
        const std::string message = e.what();
        CHECK_MESSAGE(message.starts_with(std::string(name) + ":"), message);
        ++errors;
      }
    }
  }
  CHECK(errors > 100);
  CHECK(comparisons >= 5);  // each whole file, and some cut at a line end (bonnie++ lines, -x runs)
}

TEST_CASE("result files: the format is found from the content") {
  CHECK(detect_result_format(fixture("host.csv")) == ResultFormat::kSpreadsheetCsv);
  CHECK(detect_result_format(fixture("host.json")) == ResultFormat::kJson);
  CHECK(detect_result_format(fixture("bonnie_buffered.csv")) == ResultFormat::kBonnieCsv);
  CHECK(detect_result_format(fixture("bonnie_x3_sync.csv")) == ResultFormat::kBonnieCsv);
  CHECK(detect_result_format("\xEF\xBB\xBF  {\"tool\": 1}") == ResultFormat::kJson);
  CHECK(detect_result_format("format_version,bonnie_version\n") == ResultFormat::kBonnieCsv);
  CHECK_FALSE(detect_result_format("").has_value());
  CHECK_FALSE(detect_result_format("a,b,c\n").has_value());
  CHECK_FALSE(detect_result_format("\"unterminated\n").has_value());

  const ResultText text = parse_result_text(fixture("host_x3.csv"), "t");
  CHECK(text.format == ResultFormat::kSpreadsheetCsv);
  CHECK(text.runs.size() == 3);
  CHECK(parse_result_text(fixture("host.json"), "t").runs.at(0).phases.size() == 8);
  CHECK(parse_result_text(fixture("bonnie_x3_sync.csv"), "t").runs.size() == 3);
  CHECK(parse_error("a,b\n1,2\n") ==
        "t:1: unknown format: expected a bench++ spreadsheet CSV (a header row with label and test columns), a "
        "bench++ JSON report, or bonnie++ CSV lines (starting with 1.98, 1.97 or 1.96)");
  CHECK(parse_error("label,test\n").starts_with("t:1: "));

  // A run labelled like a bonnie++ format tag is a row of the spreadsheet, a bonnie++ line of 50 fields (as many
  // as the header has) is not.
  std::string tagged = fixture("host.csv");
  for (std::size_t at; (at = tagged.find("\nhost,")) != std::string::npos;) tagged.replace(at, 6, "\n1.98,");
  CHECK(parse_result_text(tagged, "t").runs.at(0).info.label == "1.98");
  const std::string bonnie_line = "1.98,2.00a,x,1,2,16M,,8192,5" + std::string(41, ',') + "\n";
  REQUIRE(std::count(bonnie_line.begin(), bonnie_line.end(), ',') == 49);
  CHECK(parse_error(fixture("host.csv") + bonnie_line).find("a bonnie++ CSV line inside a bench++ spreadsheet CSV") !=
        std::string::npos);
}

}  // namespace
}  // namespace bench
