#include "report/bonnie/bonnie_csv.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "report/bonnie_samples.h"
#include "report/bonnie/bonnie_table.h"
#include "test_support.h"

namespace bench {
namespace {

std::vector<std::string> fields_of(std::string line) {
  if (!line.empty() && line.back() == '\n') line.pop_back();
  std::vector<std::string> fields;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = line.find(',', start);
    fields.push_back(line.substr(start, comma - start));
    if (comma == std::string::npos) return fields;
    start = comma + 1;
  }
}

}  // namespace

TEST_CASE("bonnie csv: golden lines") {
  for (const auto& sample : test::bonnie_samples()) {
    CAPTURE(sample.name);
    CHECK(format_bonnie_csv_line(sample.run) == test::read_fixture("bonnie/" + sample.name + ".csv"));
  }
}

TEST_CASE("bonnie csv: every line has 50 fields, format 1.98, and fits bon_csv2html's 1024-byte buffer") {
  for (const auto& sample : test::bonnie_samples()) {
    CAPTURE(sample.name);
    const std::string line = format_bonnie_csv_line(sample.run);
    REQUIRE(!line.empty());
    CHECK(line.back() == '\n');
    CHECK(std::count(line.begin(), line.end(), '\n') == 1);
    CHECK(line.size() < 1023);
    const auto fields = fields_of(line);
    CHECK(fields.size() == kBonnieCsvFieldCount);
    CHECK(fields[0] == "1.98");
    CHECK(fields[1] == "bench++-0.1.0");
  }
}

TEST_CASE("bonnie csv: empty-field rules") {
  const auto is_empty = [](const std::vector<std::string>& fields, std::size_t from, std::size_t to) {
    for (std::size_t i = from; i <= to; ++i) {
      if (!fields[i].empty()) return false;
    }
    return true;
  };
  SUBCASE("-s 0 empties 5-20 and 38-43") {
    const auto fields = fields_of(format_bonnie_csv_line(test::bonnie_sample("files_only")));
    CHECK(is_empty(fields, 5, 20));
    CHECK(is_empty(fields, 38, 43));
    CHECK(!fields[21].empty());
    CHECK(!fields[44].empty());
  }
  SUBCASE("-n 0 empties 21-37 and 44-49") {
    const auto fields = fields_of(format_bonnie_csv_line(test::bonnie_sample("io_only")));
    CHECK(is_empty(fields, 21, 37));
    CHECK(is_empty(fields, 44, 49));
    CHECK(!fields[5].empty());
  }
  SUBCASE("skipped per-char tests empty 9, 10, 15, 16, 38 and 41") {
    const auto fields = fields_of(format_bonnie_csv_line(test::bonnie_sample("no_per_char")));
    for (std::size_t i : {9u, 10u, 15u, 16u, 38u, 41u}) {
      CAPTURE(i);
      CHECK(fields[i].empty());
    }
    CHECK(fields[11] == "97280");
  }
}

TEST_CASE("bonnie csv: fixed fields") {
  SUBCASE("io chunk in 6, seeks and seekers in 7 and 8, dirs in 24, file chunk in 25") {
    const auto fields = fields_of(format_bonnie_csv_line(test::bonnie_sample("seekers")));
    CHECK(fields[3] == "2");
    CHECK(fields[6] == "4k");
    CHECK(fields[7] == "1000");
    CHECK(fields[8] == "3");
    CHECK(fields[24] == "4");
    CHECK(fields[25] == "2k");
  }
  SUBCASE("a label with commas or line breaks keeps the line at 50 fields") {
    RunResult run = test::bonnie_sample("full");
    run.info.label = "web,db\nhost\r";
    const auto fields = fields_of(format_bonnie_csv_line(run));
    REQUIRE(fields.size() == kBonnieCsvFieldCount);
    CHECK(fields[2] == "web_db_host_");
  }
  SUBCASE("concurrency in 4 counts every worker of every rank") {
    RunResult run = test::bonnie_sample("seekers");
    run.info.ranks = 3;
    CHECK(fields_of(format_bonnie_csv_line(run))[3] == "6");
  }
  SUBCASE("no version") {
    RunResult run = test::bonnie_sample("full");
    run.info.version.clear();
    CHECK(fields_of(format_bonnie_csv_line(run))[1] == "bench++");
  }
  SUBCASE("the fsync latency phase is left out") {
    RunResult run = test::bonnie_sample("full");
    const std::string with_fsync = format_bonnie_csv_line(run);
    std::erase_if(run.phases, [](const PhaseResult& p) { return p.id() == PhaseId::kFsyncLatency; });
    CHECK(format_bonnie_csv_line(run) == with_fsync);
  }
}

TEST_CASE("bonnie csv: header names all 50 fields") {
  const std::string header = bonnie_csv_header();
  CHECK(header == test::read_fixture("bonnie/header.csv"));
  const auto names = fields_of(header);
  CHECK(names.size() == kBonnieCsvFieldCount);
  CHECK(names[6] == "io_chunk_size");
  CHECK(names[7] == "seeks");
  CHECK(names[8] == "seek_proc_count");
  CHECK(names[19] == "seeks");
  CHECK(names[25] == "file_chunk_size");
  CHECK(names[49] == "ran_del_latency");
}

TEST_CASE("bonnie csv: bon_csv2txt reads our lines") {
  if (test::skip_unless(test::tool_installed("bon_csv2txt"), test::Need::kTool, "bon_csv2txt is not installed (Debian bonnie++)")) {
    return;
  }
  // The expected texts were derived by hand from bon_csv2txt's rules (bonnie-reference §8): the ID joins
  // fields 5-8 ("512M:8k:8192:5"), the file spec is 21:22:23/24:25 ("1:4096:1024/4:2k"), and it turns
  // "+++++" into "0k". Every rate cell sits in the same column as in our own table.
  for (const std::string name : {"full", "seekers"}) {
    CAPTURE(name);
    const auto result = test::run_program({"bon_csv2txt"}, format_bonnie_csv_line(test::bonnie_sample(name)));
    CHECK(result.exit_code == 0);
    CHECK(result.err == "");
    CHECK(result.out == test::read_fixture("bonnie/" + name + ".bon_csv2txt"));
  }
  // Rows and latency lines of the full sample, apart from the 19-character ID, are ours byte for byte.
  const RunResult full = test::bonnie_sample("full");
  const auto converted = test::run_program({"bon_csv2txt"}, format_bonnie_csv_line(full));
  const std::string table = format_bonnie_table(full);
  for (const std::string_view row : {"  515k  97  342m  70 45.3m  58 9999k  89  3.0g  99  5218  33\n",
                                     "  1950  50  5851 100  1050  15  1365  33  6826  50  2409  25\n",
                                     "Latency             36467us    4595us     123ms     100ms      120s   32144us\n"}) {
    CAPTURE(row);
    CHECK(test::contains(table, row));
    CHECK(test::contains(converted.out, row));
  }
}

TEST_CASE("bonnie csv: bon_csv2html reads our lines and our header") {
  if (test::skip_unless(test::tool_installed("bon_csv2html"), test::Need::kTool, "bon_csv2html is not installed (Debian bonnie++)")) {
    return;
  }
  const std::string size_cell = "<td class=\"size\" bgcolor=\"#FFFFFF\">";
  SUBCASE("full run after the -x header line") {
    const auto result = test::run_program(
        {"bon_csv2html"}, bonnie_csv_header() + format_bonnie_csv_line(test::bonnie_sample("full")));
    CHECK(result.exit_code == 0);
    CHECK(result.err == "");
    CHECK(test::contains(result.out, "<td>Size</td><td>Chunk Size</td>"));
    CHECK(test::contains(result.out, size_cell + "512M</td>" + size_cell + "8k</td>"));
    // Fields 9-20 in order; bon_csv2html shows the three block rates in MiB/s ((K + 512) / 1024).
    CHECK(test::contains(result.out,
                   "<td>515</td><td>97</td><td>342</td><td>70</td><td>45</td><td>58</td><td>9999</td>"
                   "<td>89</td><td>3027</td><td>99</td><td>5218</td><td>33</td>" +
                       size_cell + "4</td><td>1950</td><td>50</td>"));
    CHECK(test::contains(result.out, "<td colspan=\"2\">36467us</td><td colspan=\"2\">4595us</td>"));
  }
  SUBCASE("concurrency, seekers, dirs and file chunk") {
    const auto result =
        test::run_program({"bon_csv2html"}, format_bonnie_csv_line(test::bonnie_sample("seekers")));
    CHECK(result.exit_code == 0);
    CHECK(result.err == "");
    CHECK(test::contains(result.out, "<td>Num Files</td><td>Max Size</td><td>Min Size</td><td>Num Dirs</td>"
                               "<td>Chunk Size</td>"));
    CHECK(test::contains(result.out, size_cell + "2</td>" + size_cell + "16M</td>" + size_cell + "4k</td>"));
    CHECK(test::contains(result.out, size_cell + "1</td>" + size_cell + "4096</td>" + size_cell + "1024</td>" +
                                   size_cell + "4</td>" + size_cell + "2k</td>"));
    CHECK(test::contains(result.out, "<td>795.4</td><td>1</td>"));
  }
}

}  // namespace bench
