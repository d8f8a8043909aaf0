#include "report/bonnie/bonnie_table.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "report/bonnie_samples.h"
#include "report/bonnie/bonnie_format.h"
#include "test_support.h"

namespace bench {
namespace {

RunResult io_run(IoSpec io, std::uint32_t concurrency = 1) {
  RunResult run;
  run.info.label = "vm";
  run.info.version = "0.1.0";
  run.info.setup.concurrency = concurrency;
  run.info.setup.io = io;
  return run;
}

}  // namespace

TEST_CASE("bonnie table: golden outputs") {
  for (const auto& sample : test::bonnie_samples()) {
    CAPTURE(sample.name);
    CHECK(format_bonnie_table(sample.run) == test::read_fixture("bonnie/" + sample.name + ".txt"));
  }
}

TEST_CASE("bonnie table: shape of every sample") {
  for (const auto& sample : test::bonnie_samples()) {
    CAPTURE(sample.name);
    const std::string table = format_bonnie_table(sample.run);
    REQUIRE(!table.empty());
    CHECK(table.back() == '\n');
    for (const auto& line : test::lines_of(table)) {
      CAPTURE(line);
      const bool latency = line.rfind("Latency", 0) == 0;
      CHECK((line.empty() || line.size() == (latency ? 77u : 79u)));
    }
  }
}

TEST_CASE("bonnie table: sections follow -s 0 and -n 0") {
  const std::string files_only = format_bonnie_table(test::bonnie_sample("files_only"));
  CHECK(files_only.find("Sequential Output") == std::string::npos);
  CHECK(files_only.find("Sequential Create") != std::string::npos);

  const std::string io_only = format_bonnie_table(test::bonnie_sample("io_only"));
  CHECK(io_only.find("Sequential Create") == std::string::npos);
  CHECK(io_only.size() >= 3);
  CHECK(io_only.substr(io_only.size() - 3) == "s\n\n");  // latency row, then the empty line for -n 0
}

TEST_CASE("bonnie table: the fsync latency phase is left out") {
  RunResult run = test::bonnie_sample("full");
  const std::string with_fsync = format_bonnie_table(run);
  std::erase_if(run.phases, [](const PhaseResult& p) { return p.id() == PhaseId::kFsyncLatency; });
  CHECK(format_bonnie_table(run) == with_fsync);
}

TEST_CASE("bonnie table: ID field") {
  SUBCASE("a spec of 19 characters or more stands alone and pushes the cells right") {
    const RunResult run = io_run(IoSpec{1536 * 1024, 256, 100000, 64, 0}, 12);
    const auto lines = test::lines_of(format_bonnie_table(run));
    REQUIRE(lines.size() >= 4);
    CHECK(lines[3].rfind("1536k:256:12:100000:64 ", 0) == 0);
  }
  SUBCASE("a spec of exactly 18 characters leaves no room for the name") {
    const RunResult run = io_run(IoSpec{16ull << 20, 4096, 1234567, 3, 0}, 2);  // 16M:4k:2:1234567:3
    const auto lines = test::lines_of(format_bonnie_table(run));
    REQUIRE(lines.size() >= 4);
    CHECK(lines[3].rfind(" 16M:4k:2:1234567:3 ", 0) == 0);
  }
  SUBCASE("the concurrency counts every worker of every rank") {
    RunResult run = io_run(IoSpec{2ull << 30, 8192, 8192, 5, 0}, 2);
    run.info.ranks = 3;
    const auto lines = test::lines_of(format_bonnie_table(run));
    REQUIRE(lines.size() >= 4);
    CHECK(lines[3].substr(0, 19) == "vm" + std::string(12, ' ') + "2G::6");
  }
  SUBCASE("only the non-default seeker count shows, after empty defaults") {
    const RunResult run = io_run(IoSpec{2ull << 30, 8192, 8192, 7, 0});
    const auto lines = test::lines_of(format_bonnie_table(run));
    REQUIRE(lines.size() >= 4);
    CHECK(lines[3].substr(0, 19) == "vm" + std::string(10, ' ') + "2G::::7");
  }
}

TEST_CASE("bonnie table: names and versions are fitted without breaking UTF-8") {
  RunResult run;
  run.info.version = "0.10.0-rc1";
  run.info.setup.files = FileSpec{};
  for (int i = 0; i < 12; ++i) run.info.label += "\xC3\xA9";  // 12 x U+00E9, 24 bytes
  const auto lines = test::lines_of(format_bonnie_table(run));
  REQUIRE(lines.size() >= 2);
  CHECK(lines[0].rfind("Version 0.10.0-rc1  ------Sequential Create", 0) == 0);
  // 19 columns hold 9 two-byte characters; the tenth would be cut in half, so it becomes padding.
  std::string expected;
  for (int i = 0; i < 9; ++i) expected += "\xC3\xA9";
  CHECK(lines[1].substr(0, 21) == expected + "  -");

  run.info.version = std::string(30, '9');
  const auto long_version = test::lines_of(format_bonnie_table(run));
  CHECK(long_version[0].substr(0, 20) == "Version 99999999999 ");
}

TEST_CASE("bonnie format: sizes (print_size)") {
  CHECK(format_bonnie_file_size(512ull << 20) == "512M");
  CHECK(format_bonnie_file_size(4ull << 30) == "4G");
  CHECK(format_bonnie_file_size(1ull << 30) == "1G");
  CHECK(format_bonnie_file_size(1ull << 40) == "1024G");
  CHECK(format_bonnie_file_size(1536ull << 10) == "1536k");
  CHECK(format_bonnie_file_size(1000) == "1000");
  CHECK(format_bonnie_chunk_size(8192) == "8k");
  CHECK(format_bonnie_chunk_size(1 << 20) == "1m");
  CHECK(format_bonnie_chunk_size(256) == "256");
  CHECK(format_bonnie_chunk_size(1536) == "1536");
  CHECK(format_bonnie_size(0, "MG") == "0M");
}

TEST_CASE("bonnie format: latency strings") {
  CHECK(format_bonnie_latency(0) == "");
  CHECK(format_bonnie_latency(999) == "0us");
  CHECK(format_bonnie_latency(36467999) == "36467us");
  CHECK(format_bonnie_latency(99999999) == "99999us");
  CHECK(format_bonnie_latency(100000000) == "100ms");
  CHECK(format_bonnie_latency(947999999) == "947ms");
  CHECK(format_bonnie_latency(99999999999) == "99999ms");
  CHECK(format_bonnie_latency(100000000000) == "100s");
  CHECK(format_bonnie_latency(12345678901234) == "12345s");
}

TEST_CASE("bonnie format: rate cells") {
  CHECK(format_bonnie_io_rate(515.9) == " 515k");
  CHECK(format_bonnie_io_rate(9999.9) == "9999k");
  CHECK(format_bonnie_io_rate(10000.0) == " 9.8m");
  CHECK(format_bonnie_io_rate(46387.5) == "45.3m");
  CHECK(format_bonnie_io_rate(350516.0) == " 342m");
  CHECK(format_bonnie_io_rate(1023999.5) == "1000m");  // bonnie++ rounds 999.9995 MiB/s up
  CHECK(format_bonnie_io_rate(1024000.0) == " 1.0g");
  CHECK(format_bonnie_io_rate(3099831.0) == " 3.0g");
  CHECK(format_bonnie_seek_rate(795.44) == "795.4");
  CHECK(format_bonnie_seek_rate(999.94) == "999.9");
  CHECK(format_bonnie_seek_rate(1000.0) == "1000");
  CHECK(format_bonnie_seek_rate(5215.2) == "5215");
  CHECK(format_bonnie_seek_rate(5217.8) == "5218");
}

TEST_CASE("bonnie format: cells") {
  const RunResult run = test::bonnie_sample("too_fast");
  const BonnieCell measured = make_bonnie_cell(run, PhaseId::kBlockWrite);
  CHECK(measured.state == BonnieCell::State::kMeasured);
  CHECK(static_cast<long>(measured.rate) == 350516);
  CHECK(measured.cpu_percent == 70);
  CHECK(measured.latency == "4595us");

  const BonnieCell boundary = make_bonnie_cell(run, PhaseId::kRandomSeeks);  // 499.999999 ms
  CHECK(boundary.state == BonnieCell::State::kTooFast);
  CHECK(boundary.latency == "32144us");
  CHECK(make_bonnie_cell(run, PhaseId::kSeqStat).state == BonnieCell::State::kTooFast);  // 0 s

  const BonnieCell absent = make_bonnie_cell(test::bonnie_sample("io_only"), PhaseId::kPerCharWrite);
  CHECK(absent.state == BonnieCell::State::kNotRun);
  CHECK(absent.latency.empty());

  const RunResult full = test::bonnie_sample("full");
  CHECK(make_bonnie_cell(full, PhaseId::kPerCharRead).state == BonnieCell::State::kMeasured);  // 0.5 s exactly
}

}  // namespace bench
