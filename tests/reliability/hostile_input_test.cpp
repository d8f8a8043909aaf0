// Hostile input to the parsers and readers (the cases the fuzz targets in fuzz/ explore at random, kept here
// as fixed regression tests): huge numbers, overflow, empty fields, NUL bytes, deep nesting and lines of
// megabytes give the documented error (UsageError for the command line, std::runtime_error for result
// files), never a crash, a hang, or another exception.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "report/result_file.h"
#include "cli/compare_options.h"
#include "cli/options.h"
#include "cli/size_spec.h"
#include "platform/system_info.h"
#include "report/bonnie_csv_reader.h"
#include "report/json_report.h"
#include "report/spreadsheet_csv.h"
#include "result/errors.h"

namespace bench {
namespace {

using namespace std::string_literals;

const std::string kMegaLine(1 << 20, '9');  // a line of a MiB of digits, no newline

SystemFacts facts() {
  SystemFacts f;
  f.ram_mib = 2048;
  f.host_name = "box";
  f.random_seed = 1;
  return f;
}

TEST_CASE("reliability: the size parsers refuse overflow, NUL bytes and huge inputs with UsageError") {
  const std::vector<std::string> bad = {
      "",
      "18446744073709551616",         // 2^64
      "18446744073709551615k",        // overflows once multiplied
      "16777216t",                    // 2^24 TiB = 2^64 bytes
      "99999999999999999999999999999999999999999",
      "1\0k"s,
      "\0"s,
      "-1",
      "+1",
      "1.5",
      "1e9",
      " 1",
      "1 ",
      kMegaLine,
  };
  for (const auto& text : bad) {
    CAPTURE(text.substr(0, 40));
    CHECK_THROWS_AS(parse_size(text, SizeUnit::kMiB, "-s"), UsageError);
    CHECK_THROWS_AS(parse_count(text, "-n", 'm'), UsageError);
  }
  for (const std::string spec : {"1:2:3:4:5:6", "::::", ":", "1:", "18446744073709551615:4k", "1:4k:0:0",
                                 "1:4k:18446744073709551615k:5", "8G:3000", "1:-3", "1:-1:5"}) {
    CAPTURE(spec);
    try {
      (void)parse_io_spec(spec);
      (void)parse_file_spec(spec);
      (void)parse_sync_spec(spec);
    } catch (const UsageError&) {
    }
  }
  CHECK_THROWS_AS(parse_io_spec(kMegaLine), UsageError);
  CHECK_THROWS_AS(parse_file_spec(kMegaLine + ":" + kMegaLine), UsageError);
  CHECK_THROWS_AS(parse_sync_spec("1:" + kMegaLine), UsageError);
}

TEST_CASE("reliability: the command-line parsers refuse hostile words with UsageError") {
  const std::vector<std::vector<std::string>> lines = {
      {"-s", "1\0M"s},
      {"-s", kMegaLine},
      {"-d", ""},
      {"-m", "a,b"},
      {"-x", "99999999999999999999999999"},
      {"-c", "4294967297"},
      {"--csv", "-", "--json", "-"},
      {"-u", ":"},
      {"-u", "a:b:c"},
      {"\0"s},
      {"--"s + kMegaLine},
      {"compare"},
      {"-z", "-1"},
  };
  for (const auto& words : lines) {
    CAPTURE(words.front().substr(0, 40));
    CHECK_THROWS_AS(parse_command_line(words, facts()), UsageError);
  }
  CHECK_THROWS_AS(parse_compare_command_line({}), UsageError);
  CHECK_THROWS_AS(parse_compare_command_line({"a.csv", "b.csv", "--csv", "a.csv"}), UsageError);
  CHECK_THROWS_AS(parse_compare_command_line({"a.csv", "b.csv", "--no-such-option"}), UsageError);
}

TEST_CASE("reliability: the result file readers refuse hostile text with std::runtime_error") {
  const std::string header = spreadsheet_csv_header();
  const std::vector<std::string> texts = {
      "",
      "\0"s,
      "\xEF\xBB\xBF",  // a byte order mark alone
      header,
      header + kMegaLine,
      header + "\"" + kMegaLine,  // an unterminated quote over megabytes
      header + std::string(1 << 18, ',') + "\n",  // a quarter of a million empty fields
      header + "a,b\0c\n"s,
      std::string(100000, '['),
      std::string(100000, '{'),
      "{\"tool\":\"bench++\",\"format_version\":1e999999,\"runs\":[]}",
      "{\"tool\":\"bench++\",\"format_version\":1,\"runs\":[{\"label\":\"" + kMegaLine,
      "{\"tool\":\"bench++\",\"format_version\":18446744073709551616,\"runs\":[]}",
      "1.98,2.00a,box,1,1," + kMegaLine,
      "1.98" + std::string(60, ',') + "\n",
      "format_version,bonnie_version\n",
      kMegaLine,
  };
  for (const auto& text : texts) {
    CAPTURE(text.substr(0, 40));
    CHECK_THROWS_AS(read_spreadsheet_csv(text, "x.csv"), std::runtime_error);
    CHECK_THROWS_AS(read_json_report(text, "x.json"), std::runtime_error);
    CHECK_THROWS_AS(read_bonnie_csv(text, "x.csv"), std::runtime_error);
    CHECK_THROWS_AS(parse_result_text(text, "x"), std::runtime_error);
  }
}

TEST_CASE("reliability: the mountinfo parser takes any text") {
  for (const std::string& text : {""s, "\0\0\0"s, kMegaLine, "1 2 3 4 / rw - \\"s, "a b c d \\999 e - f g h\n"s,
                                  std::string(100000, '\n'), "1 2 3 4 /x rw " + std::string(100000, ' ') + "- a"}) {
    CHECK_NOTHROW((void)find_mount(text, "/x"));
  }
}

}  // namespace
}  // namespace bench
