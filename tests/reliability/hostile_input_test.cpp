// Hostile input to the parsers and readers (the cases the fuzz targets in fuzz/ explore at random, kept here
// as fixed regression tests): huge numbers, overflow, empty fields, NUL bytes, deep nesting and lines of
// megabytes give the documented error (UsageError for the command line, std::runtime_error for result
// files), never a crash, a hang, or another exception.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "report/result_file.h"
#include "cli/compare_options.h"
#include "cli/bonnie_command_line.h"
#include "cli/size_spec.h"
#include "platform/system_info.h"
#include "report/bonnie/bonnie_csv_reader.h"
#include "report/json/json_report.h"
#include "report/csv/spreadsheet_csv.h"
#include "result/errors.h"
#include "sanitizers.h"
#include "test_support.h"

namespace bench {
namespace {

using namespace std::string_literals;

const std::string kMegaLine(1 << 20, '9');  // a line of a MiB of digits, no newline

SystemFacts facts() { return test::fixed_system_facts(); }

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

// The system calls of a traced bench++ run that would change a filesystem: an open for writing or creating, a new
// directory, a removal or a rename (strace's log lines).
std::vector<std::string> changing_calls(const std::string& strace_log) {
  std::vector<std::string> found;
  for (const std::string& line : test::lines_of(strace_log)) {
    for (const char* mark : {"O_WRONLY", "O_RDWR", "O_CREAT", "mkdir", "unlink", "rmdir", "rename"}) {
      if (line.find(mark) != std::string::npos) {
        found.push_back(line);
        break;
      }
    }
  }
  return found;
}

TEST_CASE("reliability: hostile -s, -n, -c, -x, --sync-size and -z values exit 2 with one line, before any disk access") {
  struct Case {
    std::vector<std::string> args;
    std::string option;  // the option the message names: "bench++: invalid <option> value '<value>': ..."
  };
  const std::vector<Case> cases = {
      {{"-s", "4294967296:4294967296"}, "-s"},   // a chunk past 2^32
      {{"-s", "1M:4k:4294967296"}, "-s"},        // seeks past 2^32
      {{"-s", "1M:4k:1:4294967296"}, "-s"},      // seekers past 2^32
      {{"-s", "17592186044416"}, "-s"},          // 2^44 MiB = 2^64 bytes
      {{"-s", "18446744073709551616"}, "-s"},    // 2^64
      {{"-s", "-1"}, "-s"},
      {{"-s", "137438953472", "-c", "200"}, "-c"},  // 2^57 bytes, fine alone, x 200 workers past 2^64
      {{"-n", "4294967296"}, "-n"},
      {{"-n", "18446744073709551616"}, "-n"},
      {{"-n", "1:18446744073709551615"}, "-n"},  // 1024 files of 2^64 - 1 bytes
      {{"-n", "28339:1t"}, "-n"},
      {{"-n", "-1"}, "-n"},
      {{"-n", "1:4k:0:4294967296"}, "-n"},
      {{"-n", "1:-3"}, "-n"},
      {{"-c", "0"}, "-c"},
      {{"-c", "-1"}, "-c"},
      {{"-c", "4294967296"}, "-c"},
      {{"-c", "18446744073709551616"}, "-c"},
      {{"-x", "0"}, "-x"},
      {{"-x", "-1"}, "-x"},
      {{"-x", "4294967296"}, "-x"},
      {{"-x", "18446744073709551616"}, "-x"},
      {{"--sync-size", "0"}, "--sync-size"},
      {{"--sync-size", "-1"}, "--sync-size"},
      {{"--sync-size", "18446744073709551616"}, "--sync-size"},
      {{"--sync-size", "18446744073709551615k"}, "--sync-size"},
      {{"--sync-size", "1m:4294967296"}, "--sync-size"},
      {{"-z", "-1"}, "-z"},
      {{"-z", "4294967296"}, "-z"},
      {{"-z", "18446744073709551616"}, "-z"},
  };
  const test::TempDir dir;
  const test::TempDir logs;
  const bool traced = !test::skip_unless(test::tool_installed("strace"), test::Need::kTool,
                                         "the system calls' part: strace is not installed (Debian strace)");
  for (const Case& c : cases) {
    CAPTURE(c.args);
    std::vector<std::string> argv = test::with({BENCH_BINARY, "-d", dir.path().string(), "-r", "0"}, c.args);
    const std::filesystem::path log = logs.path() / "trace";
    if (traced) {
      argv.insert(argv.begin(), {"strace", "-f", "-qq", "-o", log.string(), "-e",
                                 "trace=open,openat,creat,mkdir,mkdirat,unlink,unlinkat,rmdir,rename,renameat,renameat2"});
#if defined(BENCH_TESTS_UNDER_ASAN)
      argv.insert(argv.begin(), {"env", "ASAN_OPTIONS=detect_leaks=0"});  // LeakSanitizer refuses to run under ptrace
#endif
    }
    const test::CommandOutput result = test::run_program(argv);
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    const std::vector<std::string> lines = test::lines_of(result.err);
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].starts_with("bench++: invalid " + c.option + " value '"));
    CHECK(test::list_tree(dir.path()).empty());
    if (traced) {
      const std::string trace = test::read_file(log);
      CHECK(changing_calls(trace) == std::vector<std::string>{});
      CHECK_FALSE(test::contains(trace, dir.path().string()));  // -d was not even opened
    }
  }
}

}  // namespace
}  // namespace bench
