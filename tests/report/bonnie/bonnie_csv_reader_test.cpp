// The reader of bonnie++ "1.98" CSV lines (report/bonnie/bonnie_csv_reader.h), on lines made by the real bonnie++
// 2.00a (tests/fixtures/compare/bonnie_*.csv) and by bench++'s own writer. It lives with the compare tests
// because compare is its only user.
#include "report/bonnie/bonnie_csv_reader.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <stdexcept>

#include "report/bonnie/bonnie_csv.h"
#include "result/metrics.h"
#include "test_support.h"

namespace bench {
namespace {

using std::chrono::nanoseconds;

std::string error_of(std::string_view text) {
  return test::error_of<std::runtime_error>([&] { read_bonnie_csv(text, "x.csv"); }, "(no error)");
}

// The buffered run, with field `index` replaced.
std::string line_with(std::size_t index, const std::string& value) {
  const std::string text = test::read_fixture("compare/bonnie_buffered.csv");
  std::string line = text.substr(text.find("1.98,"));
  line.pop_back();  // '\n'
  std::vector<std::string> fields;
  std::size_t start = 0;
  for (std::size_t comma; (comma = line.find(',', start)) != std::string::npos; start = comma + 1) {
    fields.push_back(line.substr(start, comma - start));
  }
  fields.push_back(line.substr(start));
  REQUIRE(fields.size() == 50);
  fields.at(index) = value;
  std::string out;
  for (std::size_t i = 0; i < fields.size(); ++i) out += (i == 0 ? "" : ",") + fields[i];
  return out + "\n";
}

double rate(const RunResult& run, PhaseId id) { return rate_per_second(*run.find(id)).value(); }

TEST_CASE("bonnie csv reader: a real bonnie++ 2.00a line gives back its rates, %CPU and max latencies") {
  const auto runs = read_bonnie_csv(test::read_fixture("compare/bonnie_buffered.csv"), "buffered.csv");
  REQUIRE(runs.size() == 1);
  const RunResult& run = runs[0];
  CHECK(run.info.label == "buffered");
  CHECK(run.info.version == "2.00a");
  CHECK(run.info.setup.concurrency == 1);
  CHECK(run.info.setup.seed == 1796029456u);
  CHECK(run.info.run_index == 0);
  REQUIRE(run.info.setup.io);
  CHECK(run.info.setup.io->file_size_bytes == 256u << 20);
  CHECK(run.info.setup.io->chunk_bytes == 8192);
  CHECK(run.info.setup.io->seeks == 8192);
  CHECK(run.info.setup.io->seekers == 5);
  REQUIRE(run.info.setup.files);
  CHECK(run.info.setup.files->count_k == 4);
  CHECK(run.info.setup.files->dirs == 1);
  CHECK(run.phases.size() == 12);

  CHECK(rate(run, PhaseId::kPerCharWrite) == doctest::Approx(298 * 1024.0));
  CHECK(cpu_percent(*run.find(PhaseId::kPerCharWrite)).value() == doctest::Approx(58));
  CHECK(run.find(PhaseId::kPerCharWrite)->latency->max_ns == 219'000'000u);  // "219ms"
  CHECK(rate(run, PhaseId::kRewrite) == doctest::Approx(491135 * 1024.0));
  CHECK(rate(run, PhaseId::kSeqCreate) == doctest::Approx(2605));
  CHECK(cpu_percent(*run.find(PhaseId::kRandomCreate)).value() == doctest::Approx(61));
  CHECK(run.find(PhaseId::kRandomStat)->latency->max_ns == 146'000u);  // "146us"
  CHECK_FALSE(too_fast(*run.find(PhaseId::kRewrite)));
  CHECK(run.find(PhaseId::kRewrite)->latency->count == 0);  // only the max is known
}

// The buffered run as bonnie++ 1.96/1.97 wrote it: `tag` as format and version, 48 fields (no seeks, seekers).
std::string old_format_line(const std::string& tag, std::size_t index = 0, const std::string& value = "") {
  std::string line = line_with(index == 0 ? 2 : index, index == 0 ? "buffered" : value);
  for (int i = 0; i < 2; ++i) {  // drop fields 7 and 8
    std::size_t start = 0;
    for (int comma = 0; comma < 7; ++comma) start = line.find(',', start) + 1;
    line.erase(start, line.find(',', start) + 1 - start);
  }
  return tag + "," + tag + line.substr(line.find(',', line.find(',') + 1));
}

TEST_CASE("bonnie csv reader: bonnie++ 1.96 and 1.97 lines (48 fields) read as their 1.98 twins") {
  const RunResult modern = read_bonnie_csv(test::read_fixture("compare/bonnie_buffered.csv"), "new.csv").at(0);
  for (const std::string tag : {"1.96", "1.97"}) {
    CAPTURE(tag);
    const std::string line = old_format_line(tag);
    CHECK(std::count(line.begin(), line.end(), ',') == 47);
    const auto runs = read_bonnie_csv("format_version,bonnie_version,name\n" + line, "old.csv");
    REQUIRE(runs.size() == 1);
    const RunResult& run = runs[0];
    CHECK(run.info.version == tag);  // the line's own version field
    CHECK(run.info.label == "buffered");
    CHECK(run.info.setup.io->file_size_bytes == 256u << 20);
    CHECK(run.info.setup.io->seeks == 8192);  // not in the line: bonnie++'s defaults
    CHECK(run.info.setup.io->seekers == 5);
    REQUIRE(run.phases.size() == modern.phases.size());
    for (std::size_t i = 0; i < run.phases.size(); ++i) {
      CHECK(run.phases[i].id() == modern.phases[i].id());
      CHECK(run.phases[i].bytes == modern.phases[i].bytes);
      CHECK(run.phases[i].operations == modern.phases[i].operations);
      CHECK(run.phases[i].cpu == modern.phases[i].cpu);
      CHECK(run.phases[i].latency->max_ns == modern.phases[i].latency->max_ns);
    }
  }
  // Errors count fields as the old line does: put_block is field 9 there (11 in 1.98).
  std::string bad = old_format_line("1.97", 11, "fast");
  CHECK(error_of(bad) == "x.csv:1: field 9 (put_block): 'fast' is not a rate (a number or +++++)");
}

TEST_CASE("bonnie csv reader: +++++ is a phase with no rate and no %CPU but its latency") {
  const auto runs = read_bonnie_csv(test::read_fixture("compare/bonnie_too_fast.csv"), "fast.csv");
  REQUIRE(runs.size() == 1);
  const RunResult& run = runs[0];
  CHECK(run.find(PhaseId::kPerCharWrite) == nullptr);  // -f: empty fields, not run
  CHECK(run.find(PhaseId::kPerCharRead) == nullptr);
  CHECK(run.info.setup.io->per_char_bytes == 0);
  const PhaseResult* block_write = run.find(PhaseId::kBlockWrite);
  REQUIRE(block_write != nullptr);
  CHECK_FALSE(rate_per_second(*block_write).has_value());
  CHECK_FALSE(cpu_percent(*block_write).has_value());
  CHECK(too_fast(*block_write));
  CHECK(block_write->latency->max_ns == 8'094'000u);
  CHECK(run.phases.size() == 10);
}

TEST_CASE("bonnie csv reader: -x 3 output skips the header and numbers the runs of one name") {
  const auto runs = read_bonnie_csv(test::read_fixture("compare/bonnie_x3_sync.csv"), "x3.csv");
  REQUIRE(runs.size() == 3);
  for (std::uint32_t i = 0; i < 3; ++i) CHECK(runs[i].info.run_index == i);
  CHECK(rate(runs[0], PhaseId::kSeqCreate) == doctest::Approx(113));
  CHECK(rate(runs[2], PhaseId::kRandomDelete) == doctest::Approx(229));
  CHECK(runs[2].find(PhaseId::kSeqCreate)->latency->max_ns == 127'000'000u);  // "127ms"
  CHECK(runs[0].info.setup.files->count_k == 2);
}

TEST_CASE("bonnie csv reader: bench++'s own line reads back (seek rate with a decimal, chunk, dirs, seconds)") {
  RunResult run;
  run.info.label = "guest";
  run.info.version = "0.1.0";
  run.info.setup.concurrency = 2;
  run.info.setup.seed = 7;
  run.info.setup.io = IoSpec{std::uint64_t{1} << 30, 4096, 1000, 3, 0};
  run.info.setup.files = FileSpec{2, FileContent::kData, 4096, 1024, 4, 2048};
  PhaseResult seeks;
  seeks.bonnie_test = PhaseId::kRandomSeeks;
  seeks.operations = 7954;
  seeks.elapsed = std::chrono::seconds{10};
  seeks.cpu = std::chrono::seconds{1};
  seeks.latency = LatencySummary{10, 1, 150'000'000'000, 2, 3, 4, 5, 6};
  PhaseResult create;
  create.bonnie_test = PhaseId::kSeqCreate;
  create.operations = 2048;
  create.elapsed = std::chrono::seconds{2};
  create.cpu = std::chrono::milliseconds{500};
  run.phases = {seeks, create};
  const std::string line = format_bonnie_csv_line(run);
  const auto back = read_bonnie_csv(bonnie_csv_header() + line, "ours.csv");
  REQUIRE(back.size() == 1);
  CHECK(back[0].info.label == "guest");
  CHECK(back[0].info.version == "bench++-0.1.0");
  CHECK(back[0].info.setup.io->chunk_bytes == 4096);
  CHECK(back[0].info.setup.io->seekers == 3);
  CHECK(back[0].info.setup.files->dirs == 4);
  CHECK(back[0].info.setup.files->chunk_bytes == 2048);
  CHECK(back[0].info.setup.files->max_size_bytes == 4096);
  CHECK(rate(back[0], PhaseId::kRandomSeeks) == doctest::Approx(795.4));
  CHECK(cpu_percent(*back[0].find(PhaseId::kRandomSeeks)).value() == doctest::Approx(10));
  CHECK(back[0].find(PhaseId::kRandomSeeks)->latency->max_ns == 150'000'000'000u);  // "150s"
  CHECK(rate(back[0], PhaseId::kSeqCreate) == doctest::Approx(1024));
}

TEST_CASE("bonnie csv reader: CRLF endings, a byte order mark and blank lines are accepted") {
  std::string text = "\xEF\xBB\xBF" + line_with(2, "crlf");
  text.insert(text.size() - 1, "\r");
  const auto runs = read_bonnie_csv(text + "\n\n", "x.csv");
  REQUIRE(runs.size() == 1);
  CHECK(runs[0].info.label == "crlf");
}

TEST_CASE("bonnie csv reader: bad lines name the file, the line and the field") {
  CHECK(error_of("") == "x.csv:1: no bonnie++ result line (a line starting with '1.98,')");
  CHECK(error_of("# only a comment\n\n") == "x.csv:2: no bonnie++ result line (a line starting with '1.98,')");
  CHECK(error_of("# c\n1.98,2.00a,host,1,2,16M,,8192,5,,,+++++\n") ==
        "x.csv:2: expected 50 fields for format 1.98, found 12");
  const std::string good = line_with(2, "h");
  CHECK(error_of(good + good.substr(0, 60) + "\n") == "x.csv:2: expected 50 fields for format 1.98, found 14");
  CHECK(error_of("1.97,1.97,old,1,2\n") == "x.csv:1: expected 48 fields for format 1.97, found 5");
  CHECK(error_of(line_with(11, "fast")) ==
        "x.csv:1: field 11 (put_block): 'fast' is not a rate (a number or +++++)");
  CHECK(error_of(line_with(13, "-5")) == "x.csv:1: field 13 (rewrite): '-5' is not a rate (a number or +++++)");
  CHECK(error_of(line_with(14, "5x")) == "x.csv:1: field 14 (rewrite_cpu): '5x' is not a whole number");
  CHECK(error_of(line_with(38, "219")) ==
        "x.csv:1: field 38 (putc_latency): '219' is not a latency (a whole number followed by us, ms or s)");
  CHECK(error_of(line_with(5, "big")) ==
        "x.csv:1: field 5 (file_size): 'big' is not a size (a number with an optional k, M, G or T)");
  CHECK(error_of(line_with(3, "two")) == "x.csv:1: field 3 (concurrency): 'two' is not a whole number");
  CHECK(error_of(line_with(21, "4k")) == "x.csv:1: field 21 (num_files): '4k' is not a whole number");
  CHECK(error_of(line_with(10, "")) == "x.csv:1: field 10 (putc_cpu): empty, while the rate of this test is set");
  CHECK(error_of(line_with(9, "")) ==
        "x.csv:1: field 9 (putc): empty, while the %CPU or latency of this test is set");
  CHECK(error_of(line_with(12, "50")) == "x.csv:1: field 12 (put_block_cpu): expected +++ after +++++");
  CHECK(error_of(std::string("1.98,a\0b\n", 9)) == "x.csv:1: NUL byte in the text");
}

TEST_CASE("bonnie csv reader: other formats are named, so mixed files are easy to spot") {
  const std::string good = line_with(2, "h");
  CHECK(error_of(good + "label,run_index,test\n") ==
        "x.csv:2: expected a bonnie++ CSV line starting with '1.98,' (or 1.96/1.97), found a bench++ spreadsheet "
        "CSV header");
  CHECK(error_of(good + "{\"tool\": \"bench++\"}\n") ==
        "x.csv:2: expected a bonnie++ CSV line starting with '1.98,' (or 1.96/1.97), found a JSON document");
  CHECK(error_of("hello\n") ==
        "x.csv:1: expected a bonnie++ CSV line starting with '1.98,' (or 1.96/1.97), found 'hello'");
}

}  // namespace
}  // namespace bench
