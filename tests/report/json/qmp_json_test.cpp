// QMP's messages and answers (report/json/qmp_json.h), on QEMU 7.2's own: tests/fixtures/qmp/qemu-7.2-session.txt
// is a session with `qemu-system-x86_64 -machine pc` (a virtio-blk drive "bench" on an IOThread, after bench++
// host-view setup and the BIOS's read of its first sector; a read-only drive "ro"; an empty CD "cd0"): the greeting,
// qmp_capabilities' answer, query-block's and query-blockstats'.
#include "report/json/qmp_json.h"

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "test_support.h"

namespace bench {
namespace {

std::vector<std::string> session() { return test::lines_of(test::read_fixture("qmp/qemu-7.2-session.txt")); }

std::vector<QmpDrive> fixture_drives() { return read_query_block(read_qmp_message(session().at(2)).value); }

}  // namespace

TEST_CASE("qmp: each line is a greeting, an answer, an error or an event") {
  const std::vector<std::string> lines = session();
  REQUIRE(lines.size() == 4);
  CHECK(read_qmp_message(lines[0]).kind == QmpMessageKind::kGreeting);
  const QmpMessage capabilities = read_qmp_message(lines[1]);
  CHECK(capabilities.kind == QmpMessageKind::kReturn);
  CHECK(capabilities.value == "{}");
  CHECK(read_qmp_message(lines[3]).kind == QmpMessageKind::kReturn);
  const QmpMessage refused =
      read_qmp_message(R"({"error": {"class": "GenericError", "desc": "Device does not have a block device backend"}})");
  CHECK(refused.kind == QmpMessageKind::kError);
  CHECK(refused.error == "Device does not have a block device backend");
  CHECK(read_qmp_message(R"({"error": {"class": "CommandNotFound"}})").error == "CommandNotFound");
  CHECK(read_qmp_message(R"({"timestamp": {"seconds": 1, "microseconds": 2}, "event": "RESUME"})").kind ==
        QmpMessageKind::kEvent);
  for (const char* bad : {"", "not json", "[1]", R"({"something": 1})"}) {
    CAPTURE(bad);
    CHECK_THROWS_AS(read_qmp_message(bad), std::runtime_error);
  }
}

TEST_CASE("qmp: a command's line, with its arguments as given") {
  CHECK(qmp_command("query-blockstats") == R"({"execute":"query-blockstats"})");
  CHECK(qmp_command("x", R"({"a":1})") == R"({"execute":"x","arguments":{"a":1}})");
  const nlohmann::json parsed = nlohmann::json::parse(qmp_command("x", R"({"a":[1,2]})"));
  CHECK(parsed.at("arguments").at("a").size() == 2);
}

TEST_CASE("qmp: query-block's drives, and the benchmark's among them") {
  const std::vector<QmpDrive> drives = fixture_drives();
  REQUIRE(drives.size() == 3);
  CHECK(drives[0].name == "bench");
  CHECK(drives[0].qdev == "/machine/peripheral/benchdisk/virtio-backend");
  CHECK((drives[0].has_medium && !drives[0].read_only && !drives[0].has_tray));
  CHECK((drives[1].name == "ro" && drives[1].read_only));
  CHECK((drives[2].name == "cd0" && drives[2].has_tray && !drives[2].has_medium));
  CHECK(choose_benchmark_drive(drives, std::nullopt).name == "bench");
  CHECK(choose_benchmark_drive(drives, "ro").name == "ro");
  CHECK(choose_benchmark_drive(drives, "/machine/peripheral/benchdisk/virtio-backend").name == "bench");
  CHECK(test::error_of<std::runtime_error>([&] { choose_benchmark_drive(drives, "nvme0"); }) ==
        "QEMU has no drive 'nvme0' (its drives: 'bench', 'ro', 'cd0')");
  std::vector<QmpDrive> two = drives;
  two[1].read_only = false;
  CHECK(test::error_of<std::runtime_error>([&] { choose_benchmark_drive(two, std::nullopt); }) ==
        "QEMU has 2 writable drives that are no CD (its drives: 'bench', 'ro', 'cd0'): name the benchmark's with "
        "--drive");
  CHECK_THROWS_AS(choose_benchmark_drive({}, std::nullopt), std::runtime_error);
  // A drive no guest device uses is named by its id; with neither, by its qdev.
  const std::vector<QmpDrive> bare = read_query_block(R"([{"device": "", "qdev": "/q/d", "inserted": {"ro": false}}])");
  CHECK(bare.at(0).name == "/q/d");
  CHECK_THROWS_AS(read_query_block("{}"), std::runtime_error);
}

TEST_CASE("qmp: the latency histograms asked for, by the drive's guest device") {
  const std::vector<std::uint64_t> boundaries = histogram_boundaries_ns();
  REQUIRE(boundaries.size() == 22);
  CHECK(boundaries.front() == 1'000);
  CHECK(boundaries[1] == 2'000);
  CHECK(boundaries[2] == 5'000);
  CHECK(boundaries.back() == 10'000'000'000);
  CHECK(std::is_sorted(boundaries.begin(), boundaries.end()));
  CHECK(histogram_set_arguments(fixture_drives()[0], {1000, 2000}) ==
        R"({"boundaries":[1000,2000],"id":"/machine/peripheral/benchdisk/virtio-backend"})");
  CHECK(histogram_set_arguments(QmpDrive{"bench", "", true, false, false}, {5}) == R"({"boundaries":[5],"id":"bench"})");
}

TEST_CASE("qmp: query-blockstats' figures of the drive, by name or guest device, with QEMU's histograms") {
  const std::string answer = read_qmp_message(session().at(3)).value;
  const std::optional<QemuDriveStats> bench = read_drive_stats(answer, "bench");
  REQUIRE(bench);
  CHECK(bench->read == QemuDirectionStats{1, 512, 0, 197563});
  CHECK(bench->write == QemuDirectionStats{});
  CHECK(bench->flush == QemuDirectionStats{});
  REQUIRE(bench->read_histogram);
  CHECK(bench->read_histogram->boundaries_ns == histogram_boundaries_ns());
  CHECK(bench->read_histogram->bins == std::vector<std::uint64_t>(23, 0));
  CHECK(bench->write_histogram);
  CHECK(bench->flush_histogram);
  CHECK(read_drive_stats(answer, "/machine/peripheral/benchdisk/virtio-backend") == bench);
  const std::optional<QemuDriveStats> ro = read_drive_stats(answer, "ro");
  REQUIRE(ro);
  CHECK_FALSE(ro->read_histogram);
  CHECK_FALSE(read_drive_stats(answer, "nvme0"));
  CHECK_FALSE(read_drive_stats(answer, ""));
  CHECK_THROWS_AS(read_drive_stats(R"([{"device": "d", "stats": {"rd_operations": -1}}])", "d"), std::runtime_error);
  CHECK_THROWS_AS(read_drive_stats("{}", "d"), std::runtime_error);
  const std::string lopsided =
      R"([{"device": "d", "stats": {"rd_operations": 1, "rd_bytes": 1, "rd_merged": 0, "rd_total_time_ns": 1,
          "wr_operations": 0, "wr_bytes": 0, "wr_merged": 0, "wr_total_time_ns": 0, "flush_operations": 0,
          "flush_total_time_ns": 0, "rd_latency_histogram": {"boundaries": [1, 2], "bins": [0, 1]}}}])";
  CHECK(test::error_of<std::runtime_error>([&] { read_drive_stats(lopsided, "d"); }) ==
        "QMP's query-blockstats: rd_latency_histogram has 2 bins for 2 boundaries");
}

}  // namespace bench
